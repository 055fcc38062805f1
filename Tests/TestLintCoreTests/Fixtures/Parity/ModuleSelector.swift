// Parity fixture: module selectors (`Module::name`). swiftc names an extension of
// `main::Widget` `Widget`, and `@Testing::Test` is the `Test` attribute; read as two colons,
// the extension was named `main` and its members lost.
import Testing
import XCTest

struct Widget {}

extension main::Widget {
  @Testing::Test func rendersTitle() {
    #expect(Swift::Bool(true))
  }

  @Suite struct Nested {
    @Test func nestedWorks() {}
  }
}

final class SelectorTests: XCTest::XCTestCase {
  func testSelectorInCall() {
    XCTAssertEqual(Swift::max(1, 2), 2)
  }
}
