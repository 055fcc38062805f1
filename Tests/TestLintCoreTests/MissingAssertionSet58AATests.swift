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
}
