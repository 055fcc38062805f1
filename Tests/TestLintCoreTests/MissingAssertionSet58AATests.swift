import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 58): a precondition in a method of the test's own type that
/// the test calls (`TrappingPrecondition`), a typed constant only discarded
/// (`ConformanceCoercion`), and a `tearDown` that checks a counter of instances the test makes.
final class MissingAssertionSet58AATests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["KilnTests.swift": source], line: line)
  }

  func test_preconditionInSameTypeHelper_counts() {
    let source = """
      import XCTest
      final class KilnTests: XCTestCase {
        func fire(batches: Int) {
          let kiln = Kiln()
          (0..<batches).forEach { batch in
            precondition(kiln.load(batch).isGlazed)
          }
        }
        func stack(batches: Int) {
          Kiln().stack(batches)
        }
        func testFiresTwo() {
          fire(batches: 2)
        }
        func testFiresThreeThroughSelf() {
          self.fire(batches: 3)
        }
        func testStacksTwo() {
          stack(batches: 2)
        }
        func testOtherKiln() {
          other.fire(batches: 2)
        }
      }
      """
    XCTAssertEqual(findings(source), ["KilnTests.swift:18", "KilnTests.swift:21"])
  }

  func test_typedConstantOnlyDiscarded_readsAsDiscardedCoercion() {
    let source = """
      import Testing
      struct KilnTests {
        @Test func glazeIsSendable() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func sendableGlaze() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func glazeIsShared() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func glazeIsSendableAndPrinted() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
          print(glaze)
        }
        @Test func kilnFires() {
          let kiln = Kiln()
          let firing: any Firing = kiln
          _ = firing
        }
        @Test func kilnIsFiring() {
          let firing: any Firing = Kiln()
          _ = firing
        }
        @Test func glazeIsSendableVariable() {
          var glaze: any Sendable = Glaze.matte
          _ = glaze
        }
      }
      """
    XCTAssertEqual(
      findings(source), ["KilnTests.swift:11", "KilnTests.swift:15", "KilnTests.swift:25", "KilnTests.swift:29"])
  }
}
