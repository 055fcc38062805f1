import XCTest
presen
final class NameTests: XCTestCase {
  stray
  func testLoad() { XCTAssert(a == b) }
}
