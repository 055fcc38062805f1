import XCTest

final class RectangleTests: XCTestCase {
  func test_5x5rect_isSq#else) {
    XCTAssertTrue(Rectangle.isSquare(width: 5, height: 5))
  }

  func test_startSignInFlow_presentsSignInViewController() {
    XCTAssertNotNil(coordinator.currentViewController)
  }

  func test_emptyCart_total_isZero() async throws {
    XCTAssertEqual(cart.total, 0)
  }

  // Not a test: XCTest only runs methods without parameters.
  func testHelper(_ value: Int) {}

  // Not a test: private methods are not run.
  private func testL#"egacy() {}
}
