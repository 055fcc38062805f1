import XCTest

@testable import TestLintCore

/// `HTMLEscaping` reads bytes; what it writes must be what escaping scalar by scalar writes.
final class HTMLEscapingTests: XCTestCase {
  /// The escape as it was written scalar by scalar: the reference.
  private static func scalarWise(_ text: String) -> String {
    var output = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\r", "\u{2028}", "\u{2029}": output += "\n"
      case "\n": if !previousWasCR { output += "\n" }
      default:
        if VisibleEscape.isNeeded(for: scalar) {
          output += VisibleEscape.escape(scalar)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }

  /// Pieces whose every pair and triple is escaped: markup, line breaks in every order,
  /// controls, C1 controls, bidirectional overrides, non-characters, scalars of 2, 3 and 4 bytes.
  private static let pieces = [
    "", "a", "plain text", "&", "<", ">", "\"", "'", "\r", "\n", "\r\n", "\n\r", "\t", "\u{0}",
    "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2028}", "\u{2029}", "\u{202A}",
    "\u{202E}", "\u{2066}", "\u{2069}", "\u{2027}", "\u{202F}", "\u{FDF0}",
    "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{1FFFE}", "\u{10FFFF}", "😀", "👩‍👩‍👧", "日本",
  ] + [0xFDD0, 0xFDEF].map { String(Character(Unicode.Scalar($0)!)) }

  func test_everyPairAndTripleOfPieces_escapesAsScalarByScalar() {
    var checked = 0
    for first in Self.pieces {
      for second in Self.pieces {
        let pair = first + second
        XCTAssertEqual(HTMLEscaping.escape(pair), Self.scalarWise(pair), "\(pair.unicodeScalars.map(\.value))")
        for third in Self.pieces.prefix(16) {
          let triple = pair + third
          XCTAssertEqual(HTMLEscaping.escape(triple), Self.scalarWise(triple), "\(triple.unicodeScalars.map(\.value))")
          checked += 1
        }
      }
    }
    XCTAssertEqual(checked, Self.pieces.count * Self.pieces.count * 16)
  }

  func test_longTextWithOneMarkupCharacterAtTheEnd_escapesIt() {
    let text = String(repeating: "let value = compute(x) // é ✓ ", count: 40) + "<"
    XCTAssertEqual(HTMLEscaping.escape(text), Self.scalarWise(text))
    XCTAssertTrue(HTMLEscaping.escape(text).hasSuffix("✓ &lt;"))
  }

  func test_textThatNeedsNothing_comesBackAsItIs() {
    let text = "XCTAssertEqual(sut.value, 42) — ünïcødé 😀 \t tab"
    XCTAssertEqual(HTMLEscaping.escape(text), text)
  }
}
