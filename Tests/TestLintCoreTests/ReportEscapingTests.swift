@testable import TestLintCore
import XCTest

/// JSON and XML escaping scan eight bytes at a time: a character that needs escaping must be
/// escaped wherever it falls in a word, and every other character copied as it is.
final class ReportEscapingTests: XCTestCase {
  /// Characters each format treats apart, and some it copies that look alike (bytes 0xE2 and
  /// 0xEF lead other characters too).
  static let specials: [Unicode.Scalar] = [
    "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "&", "<", ">", "'", "=",
    "\u{2028}", "\u{2029}", "\u{2014}", "\u{2192}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{EFFF}",
    "é", "😀",
  ]

  func test_specialCharacterAtEveryPosition_escapedAsOneByOne() {
    for special in Self.specials {
      for length in [1, 7, 8, 9, 16, 23] {
        for position in 0..<length {
          var scalars = String.UnicodeScalarView((0..<length).map { Unicode.Scalar(UInt8(0x61 + $0 % 26)) })
          let index = scalars.index(scalars.startIndex, offsetBy: position)
          scalars.replaceSubrange(index...index, with: [special])
          let text = String(scalars)
          let label = "\(special.value) at \(position) of \(length)"
          XCTAssertEqual(JSONValue.string(text).serialized(pretty: false), Self.json(text), label)
          XCTAssertEqual(XMLEscaping.attribute(text), Self.xml(text, inAttribute: true), label)
          XCTAssertEqual(XMLEscaping.text(text), Self.xml(text, inAttribute: false), label)
        }
      }
    }
  }
}

extension ReportEscapingTests {
  /// RFC 8259 escaping, one scalar at a time, as `ReportWriter.writeQuoted` documents it.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}": result += "\\u2028"
      case "\u{2029}": result += "\\u2029"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// XML 1.0 escaping, one scalar at a time, as `XMLEscaping` documents it.
  static func xml(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\r": result += "&#13;"
      case "\t": result += inAttribute ? "&#9;" : "\t"
      case "\n": result += inAttribute ? "&#10;" : "\n"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
