// Parity fixture: a `/` with whitespace before it and none after is in prefix position, so
// swiftc lexes a regex literal there whatever precedes it, here a string that ends the line
// before, as in a result builder of patterns. Read as division, the `{` inside the regex
// opened a scope that swallowed every declaration after it.
import RegexBuilder
import XCTest

enum Matchers {
  static let header = Regex {
    "/// "
    /[^\n]*? { \n/
    "end"
  }

  static let trailer = Regex {
    "x"
    /\h*?}/
  }
}

enum AfterMatchers {
  case first
}

final class RegexAfterStringTests: XCTestCase {
  func testHeaderMatches() {
    XCTAssertNotNil(try? Matchers.header.firstMatch(in: "/// a { \nend"))
  }

  func testDividesWhenGlued() {
    let half = 4/2 ; let third = 9/3/1
    XCTAssertEqual(half + third, 5)
  }
}
