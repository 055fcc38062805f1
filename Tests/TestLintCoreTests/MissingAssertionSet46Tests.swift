import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 46): a local compile-time check on a `some P` parameter
/// (`SomeParameter`), a precondition in the work the test runs (`TrappingPrecondition`), and a
/// continuation also resumed on the test's own error path (`ContinuationWait`).
final class MissingAssertionSet46Tests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["ForgeTests.swift": source], line: line)
  }

  func test_localFunctionWithSomeParameter_isCompileTimeCheck() {
    let source = """
      import XCTest
      final class ForgeTests: XCTestCase {
        func testAnvilIsStrikeable() {
          func strike(_ target: some Strikeable) {}
          strike(Anvil())
        }
        func testAnvilAnyObject() {
          func strike(_ target: some AnyObject) {}
          strike(Anvil())
        }
        func testAnvilBodyDoesWork() {
          func strike(_ target: some Strikeable) { target.ring() }
          strike(Anvil())
        }
      }
      """
    XCTAssertEqual(findings(source), ["ForgeTests.swift:7", "ForgeTests.swift:11"])
  }

  func test_preconditionsInTheWork_areChecks() {
    let source = """
      import XCTest
      final class ForgeTests: XCTestCase {
        func testHeatsOnMain() async {
          await Forge(on: .main).heat {
            dispatchPrecondition(condition: .onQueue(.main))
          }
        }
        func testIronIsHot() {
          precondition(Forge().iron.isHot, "cold iron")
        }
        func testOnlyDebugAssert() {
          assert(Forge().iron.isHot)
        }
        func testOtherPrecondition() {
          forge.precondition(Forge().iron.isHot)
        }
      }
      """
    XCTAssertEqual(findings(source), ["ForgeTests.swift:11", "ForgeTests.swift:14"])
  }

  func test_continuationAlsoResumedInCatch_isWait() {
    let source = """
      import Testing
      struct ForgeTests {
        @Test func quenches() async throws {
          try await withCheckedThrowingContinuation { done in
            let forge = Forge()
            forge.onQuench { done.resume() }.start()
            do { try forge.quench() } catch { done.resume(throwing: error) }
          }
        }
        @Test func quenchesItself() async throws {
          try await withCheckedThrowingContinuation { done in
            let forge = Forge()
            forge.onQuench { done.resume() }.start()
            done.resume(throwing: ForgeError.cold)
          }
        }
        @Test func onlyCatch() async throws {
          try await withCheckedThrowingContinuation { done in
            do { try Forge().quench() } catch { done.resume(throwing: error) }
          }
        }
      }
      """
    XCTAssertEqual(findings(source), ["ForgeTests.swift:10", "ForgeTests.swift:17"])
  }
}
