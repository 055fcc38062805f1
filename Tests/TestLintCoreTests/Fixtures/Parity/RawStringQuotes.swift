// Parity fixture: one-line raw strings whose content begins with a quote. `#"""#` holds `"`
// and `#""""#` holds `""`; neither opens a multi-line string, so the tests after them count.
import XCTest

final class QuoteEscapingTests: XCTestCase {
  func testEscapesOneQuote() {
    XCTAssertEqual(escape(#"""#), #"\""#)
  }

  func testEscapesTwoQuotes() {
    XCTAssertEqual(escape(#""""#), #"\"\""#)
  }

  func testKeepsPlainText() {
    XCTAssertEqual(escape(##""quoted" text"##), "quoted")
  }

  func testAfterTheQuotes() {
    XCTAssertTrue(escape("").isEmpty)
  }

  private func escape(_ text: String) -> String { text }
}

struct Separator {
  static let quote = #"""#
  func render() -> String { Separator.quote }
}
