import TestLintCore
import XCTest

/// `presenter_recreated_in_setup` in XCTest classes: which set-up methods count.
final class PresenterRecreatedInSetupRuleTests: XCTestCase {
  func test_presenterAssignedInThrowingSetUp_passes() {
    let source = """
      import XCTest
      final class CartPresenterTests: XCTestCase {
        var presenter: CartPresenter!
        override func setUpWithError() throws {
          try super.setUpWithError()
          presenter = CartPresenter()
        }
        func test_load_showsCart() {
          presenter.load()
          XCTAssertTrue(presenter.isShown)
        }
      }
      final class OrderPresenterTests: XCTestCase {
        var presenter: OrderPresenter!
        func configure() throws {
          presenter = OrderPresenter()
        }
        func test_load_showsOrder() throws {
          try configure()
          XCTAssertTrue(presenter.isShown)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(PresenterRecreatedInSetupRule.self, [("CartPresenterTests.swift", source)])
        .map { "\($0.line): \($0.message)" },
      ["14: assign 'presenter' in 'setUp()' so every test starts with a fresh one"],
      "only the class whose set-up never assigns it")
  }
}
