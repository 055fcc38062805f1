import TestLintCore
import XCTest

/// `setup_test_case_invoked`: which classes adopt the protocols, and where the call counts.
final class SetupTestCaseInvokedRuleTests: XCTestCase {
  func test_missingCall_namesClassAndProtocol() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase, AssemblableTestCase {
        func test_cart_isEmpty() { XCTAssertTrue(sut.isEmpty) }
      }
      """
    XCTAssertEqual(
      LintHarness(SetupTestCaseInvokedRule.self, files: ["CartTests.swift": source]).messages(),
      [
        "2:13 call 'setUpTestCase(...)' in the 'setUp()' of 'CartTests': 'AssemblableTestCase' only releases the properties it registers there"
      ])
  }

  func test_callInExtensionOrOtherFunction_counts() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase, TestCase {
        func test_cart_isEmpty() { XCTAssertTrue(sut.isEmpty) }
      }
      extension CartTests {
        override func setUpWithError() throws { prepare() }
        func prepare() { setUpTestCase(sut: Cart()) }
      }
      final class OrderTests: XCTestCase, TestCase {
        func test_order_isEmpty() { setUpTestCase(sut: Order()); XCTAssertTrue(sut.isEmpty) }
      }
      """
    XCTAssertEqual(
      LintHarness(SetupTestCaseInvokedRule.self, files: ["CartTests.swift": source]).findings().map(\.line), [9],
      "a call outside 'setUp' does not count")
  }
}
