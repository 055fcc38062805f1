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

  func test_testDoubleNamedPresenter_notReported() {
    let source = """
      import XCTest
      final class CartInteractorTests: XCTestCase {
        var mockCartPresenter = MockCartPresentable()
        let mockedListPresenter = ListPresentable()
        var cartPresenter = CartPresentableSpy()
        let fakePresenter: FakePresenter! = nil
        var stubPresenter: CartPresenter?
        var orderPresenter = OrderPresenter()
        var sut: CartInteractor!
        override func setUp() {
          super.setUp()
          sut = CartInteractor(presenter: mockCartPresenter)
        }
        func test_load_tellsPresenter() {
          sut.load()
          XCTAssertTrue(mockCartPresenter.didLoad)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(PresenterRecreatedInSetupRule.self, [("CartInteractorTests.swift", source)])
        .map(\.line),
      [8], "only the real presenter; doubles by their type, initializer or name are left alone")
  }

  /// A value read from a fake locator whose last member is named as a double is a double; one
  /// whose last member is the presenter's own name is not.
  func test_doubleReadFromMemberChain_notReported() {
    let source = """
      import XCTest
      final class CardModuleTests: XCTestCase {
        private lazy var presenter = container.fakes.cardPresenterSpy
        private lazy var listPresenter = container.doubles.mockListPresenter
        private lazy var detailPresenter = container.presenters.detailPresenter
        private lazy var sut = CardModule(container: container)
        func test_start_tellsPresenter() {
          sut.start()
          XCTAssertTrue(presenter.startCalled)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(PresenterRecreatedInSetupRule.self, [("CardModuleTests.swift", source)])
        .map(\.line),
      [5])
  }

  func test_quickTestDoubleNamedPresenter_notReported() {
    let source = """
      import Quick
      import Nimble
      final class CartInteractorSpec: QuickSpec {
        override class func spec() {
          describe("a cart interactor") {
            let mockPresenter = CartPresenter()
            let cartPresenter = MockCartPresentable()
            let listPresenter = ListPresenter()
            it("loads") {
              expect(CartInteractor(mockPresenter, cartPresenter, listPresenter).load()).to(beTrue())
            }
          }
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(PresenterRecreatedInSetupRule.self, [("CartInteractorSpec.swift", source)])
        .map(\.line),
      [8], "only the real presenter shared by the examples")
  }

  func test_propertyUsedOnlyInTearDown_passes() {
    let source = """
      import XCTest
      final class SheetTests: XCTestCase {
        var presenter: SheetPresenter!
        var listPresenter: ListPresenter!
        var readPresenter: ReadPresenter!
        var sheet: SheetViewController!
        override func setUp() {
          super.setUp()
          sheet = SheetViewController(presenter: SheetPresenterMock(), listPresenter: nil)
        }
        override func tearDown() {
          presenter = nil
          self.listPresenter = nil
          readPresenter = nil
          super.tearDown()
        }
        func test_update_shows() {
          sheet.presenter.update()
          XCTAssertNotNil(self.listPresenter)
          readPresenter.load()
        }
      }
      """
    XCTAssertEqual(
      LintHarness(PresenterRecreatedInSetupRule.self, files: ["SheetTests.swift": source]).messages(),
      [
        "4:7 assign 'listPresenter' in 'setUp()' so every test starts with a fresh one",
        "5:7 assign 'readPresenter' in 'setUp()' so every test starts with a fresh one",
      ])
  }
}
