import XCTest

@testable import TestLintCore

/// `missing_assertion`: checks stated by a name or by the test's own `throw` (held-out sets 40
/// and 41).
final class MissingAssertionSet40Tests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_triedNameStatingWhenItThrows_asserts() {
    let source = """
      import XCTest
      final class KilnTests: XCTestCase {
        func test_fire_exitsCleanly() async throws {
          try await kiln.fire(hours: 2).throwIfNonZero()
        }
        func test_glaze_holds() throws {
          try throwUnlessSealed(glaze)
        }
        func test_cool_reports() throws {
          try probe.failIfAboveLimit(limit: 40)
        }
        func test_fire_stops() async throws {
          try await kiln.fire(hours: 2).throwIfCancelled()
        }
        func test_fire_notTried() {
          kiln.fire(hours: 2).throwIfNonZero()
        }
        func test_fire_swallowed() {
          try? kiln.fire(hours: 2).throwIfNonZero()
        }
        func test_fire_alone() throws {
          try kiln.throwIf()
        }
      }
      """
    XCTAssertEqual(
      findings(["KilnTests.swift": source]),
      ["KilnTests.swift:12", "KilnTests.swift:15", "KilnTests.swift:18", "KilnTests.swift:21"])
  }

  func test_doubleStepJoinedToCheck_asserts() {
    let source = """
      import XCTest
      final class HopperTests: XCTestCase {
        func test_close_dropsNothing() {
          let hopper = HopperSpy()
          Chute(hopper: hopper).close()
          hopper.drainAndVerifyEmpty()
        }
        func test_close_drains() {
          let hopper = HopperSpy()
          Chute(hopper: hopper).close()
          hopper.drainAndLog()
        }
        func test_close_sorts() {
          let hopper = HopperSpy()
          Chute(hopper: hopper).close()
          hopper.drainAndAssertive()
        }
      }
      final class HopperSpy {
        var dropped = 0
        func drainAndVerifyEmpty() { if dropped > 0 { XCTFail("dropped") } }
        func drainAndLog() { if dropped > 0 { XCTFail("dropped") } }
        func drainAndAssertive() { if dropped > 0 { XCTFail("dropped") } }
      }
      """
    XCTAssertEqual(findings(["HopperTests.swift": source]), ["HopperTests.swift:8", "HopperTests.swift:13"])
  }

  func test_unconditionalThrowInTest_asserts() {
    let source = """
      import XCTest
      final class LatchTests: XCTestCase {
        func test_fixture_fails() async throws {
          try? await Task.sleep(nanoseconds: 10)
          throw LatchError.expected
        }
        func test_skipped() throws {  // a skip, not a finding either
          throw XCTSkip("later")
        }
        func test_stub_throws() throws {
          let latch = Latch { throw LatchError.expected }
          latch.open()
        }
        func test_caught() {
          do { try latch.open() } catch { print(error) }
        }
        func test_helper_throws() throws {
          try unimplemented()
        }
        func unimplemented() throws {
          throw LatchError.expected
        }
      }
      """
    XCTAssertEqual(
      findings(["LatchTests.swift": source]),
      ["LatchTests.swift:10", "LatchTests.swift:14", "LatchTests.swift:17"])
  }
}

extension MissingAssertionSet40Tests {
  func test_metatypeOfBuiltValue_asserts() {
    let source = """
      import XCTest
      final class LoomTests: XCTestCase {
        func test_weave_infersOutput() {
          let warp = Loom {
            Thread("a")
          }
          let pattern: Loom<(Substring, Substring?)> = Loom { warp }
          let _: (Substring, Substring?).Type
          = type(of: pattern).Output.self
        }
        func test_weave_readsOutput() {
          let warp = Loom { Thread("a") }
          let _: Substring.Type = warp.output.self
        }
        func test_weave_notMine() {
          let _: Substring.Type = type(of: shared).Output.self
        }
        func test_weave_runs() {
          let warp = Loom { Thread("a") }
          warp.run()
          let _: Substring.Type = type(of: warp).Output.self
        }
      }
      """
    XCTAssertEqual(
      findings(["LoomTests.swift": source]), ["LoomTests.swift:11", "LoomTests.swift:15", "LoomTests.swift:18"])
  }
}
