import XCTest
@testable import Shop

// A VIPER-style presenter test: mocks, setUp/tearDown, assignments, closures.
final class ProductListPresenterTests: XCTestCase {
  private var presenter: ProductListPresenter!
  private var view: ViewMock!
  @TearDownProperty private var interactor: InteractorMock!
  private lazy var router = RouterMock()
  private let products = [Product(id: 1, name: "Tea"), Product(id: 2, name: "Coffee")]

  override func setUp() {
    super.setUp()
    view = ViewMock()
    interactor = InteractorMock()
    presenter = ProductListPresenter(view: view, interactor: interactor, router: router)
  }

  override func tearDown() {
    presenter = nil
    view = nil
    super.tearDown()
  }

  func test_viewIsReady_loadsProducts() {
    presenter.viewIsReady()

    XCTAssertEqual(interactor.loadProductsCallCount, 1)
  }

  func test_productsLoaded_showsNames() throws {
    interactor.stubbedProducts = products
    presenter.viewIsReady()
    interactor.completion?(.success(products))

    let shown = try XCTUnwrap(view.shownProducts)
    XCTAssertEqual(shown.map(\.name), ["Tea", "Coffee"])
  }

  func test_loadFails_showsError() {
    let expectation = expectation(description: "error shown")
    view.onShowError = { message in
      XCTAssertEqual(message, "Offline")
      expectation.fulfill()
    }
    presenter.viewIsReady()
    interactor.completion?(.failure(ShopError.offline))
    wait(for: [expectation], timeout: 1)
  }

  func test_selectRow_opensDetail() {
    presenter.didSelectRow(at: IndexPath(row: 1, section: 0))
    XCTAssertEqual(router.openedProductID, 2, "the second product opens")
  }
}

extension ProductListPresenterTests {
  func test_emptyList_showsPlaceholder() {
    interactor.stubbedProducts = []
    presenter.viewIsReady()
    XCTAssertTrue(view.placeholderVisible)
  }

  private func makeProduct(id: Int, name: String = "Item") -> Product {
    Product(id: id, name: name)
  }
}

// MARK: - Mocks

private final class ViewMock: ProductListView {
  var shownProducts: [Product]?
  var placeholderVisible = false
  var onShowError: ((String) -> Void)?

  func show(products: [Product]) { shownProducts = products }
  func showPlaceholder() { placeholderVisible = true }
  func showError(_ message: String) { onShowError?(message) }
}

private final class InteractorMock: ProductListInteractorInput {
  var loadProductsCallCount = 0
  var stubbedProducts: [Product] = []
  var completion: ((Result<[Product], ShopError>) -> Void)?

  func loadProducts(completion: @escaping (Result<[Product], ShopError>) -> Void) {
    loadProductsCallCount += 1
    self.completion = completion
  }
}

private final class RouterMock: ProductListRouterInput {
  private(set) var openedProductID: Int?

  func openProduct(id: Int) {
    openedProductID = id
  }

  deinit {
    openedProductID = nil
  }
}
