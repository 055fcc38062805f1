class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
class A: XCTestCase {
 var presenter = P()
 func testBad() { api.mock(x) }
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
