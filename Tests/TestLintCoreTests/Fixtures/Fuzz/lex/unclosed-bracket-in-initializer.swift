let x = (
final class A: XCTestCase {
  var y = [(
  func test_a_b() { XCTAssert(y.isEmpty) }
}
