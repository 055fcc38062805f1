import TestLintCore
import XCTest

/// `generic_xctassert`: which calls are XCTest's own `XCTAssert`.
final class GenericXCTAssertRuleTests: XCTestCase {
  func test_moduleQualifiedCall_isReported() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        func test_total_isTen() {
          XCTest.XCTAssert(cart.total == 10)
          Custom.XCTAssert(cart.total == 10)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(GenericXCTAssertRule.self, [("CartTests.swift", source)]).map(\.line), [4],
      "'XCTest.XCTAssert' is XCTest's; another type's 'XCTAssert' is not")
  }
}
