import TestLintCore
import XCTest

/// `expectation_recreated_in_setup`: which properties hold an expectation, and what recreates one.
final class ExpectationRecreatedInSetupRuleTests: XCTestCase {
  func test_initializerForms_areRecognised() {
    let source = """
      import XCTest
      final class ViewTests: XCTestCase {
        lazy var a = expectation(description: "a")
        lazy var b = self.expectation(description: "b")
        let c = XCTestExpectation(description: "c")
        var d: XCTestExpectation! = XCTestExpectation()
        let notOne = expectation(for: predicate, evaluatedWith: view)
        var e: [XCTestExpectation] = []
        static let shared = XCTestExpectation(description: "shared")
      }
      """
    XCTAssertEqual(
      LintHarness(ExpectationRecreatedInSetupRule.self, files: ["ViewTests.swift": source]).messages(),
      [
        "3:12 create 'a' in 'setUp()' instead of at its declaration, so every test waits on a fresh one",
        "4:12 create 'b' in 'setUp()' instead of at its declaration, so every test waits on a fresh one",
        "5:7 create 'c' in 'setUp()' instead of at its declaration, so every test waits on a fresh one",
        "6:7 create 'd' in 'setUp()' instead of at its declaration, so every test waits on a fresh one",
      ])
  }

  func test_recreatedThroughHelper_passes() {
    let source = """
      import XCTest
      final class ViewTests: XCTestCase {
        var update = XCTestExpectation(description: "update")
        override func setUp() async throws {
          try await super.setUp()
          reset()
        }
        func reset() { self.update = XCTestExpectation(description: "update") }
      }
      final class ViewMock {
        let update = XCTestExpectation(description: "update")
      }
      """
    XCTAssertEqual(LintHarness(ExpectationRecreatedInSetupRule.self, files: ["ViewTests.swift": source]).messages(), [])
  }

  func test_initialValueNil_passes() {
    let source = """
      import XCTest
      final class ReachabilityTests: XCTestCase {
        var testExpectation: XCTestExpectation? = nil
        var other: XCTestExpectation? = .none
        var third: XCTestExpectation! = Optional.none
        let made: XCTestExpectation? = XCTestExpectation(description: "made")
        override func tearDown() {
          testExpectation = nil
          super.tearDown()
        }
        func test_reachable_notifies() {
          testExpectation = expectation(description: "reachable")
          wait(for: [testExpectation!], timeout: 1)
        }
      }
      """
    XCTAssertEqual(
      LintHarness(ExpectationRecreatedInSetupRule.self, files: ["ReachabilityTests.swift": source]).messages(),
      ["6:7 create 'made' in 'setUp()' instead of at its declaration, so every test waits on a fresh one"])
  }
}
