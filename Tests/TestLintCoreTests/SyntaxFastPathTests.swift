import TestLintCore
import XCTest

/// The word-at-a-time and cached paths of the lexer and scanner give what a plain byte-by-byte
/// reading gives, at every alignment and at the end of the buffer.
final class SyntaxFastPathTests: XCTestCase {
  func test_lineStarts_matchByteByByteReadingAtEveryAlignment() {
    let pieces = ["a", "\n", "\r\n", "\r", "\t", "é", "0123456789", " ", "\u{1F600}"]
    var generator = SplitMix(seed: 7)
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<generator.next(below: 40) { text += pieces[generator.next(below: pieces.count)] }
      let source = SourceFile(path: "a.swift", text: text)
      XCTAssertEqual(source.lineStarts, Self.referenceLineStarts(Array(text.utf8)), "\(text.debugDescription)")
    }
  }

  func test_utf8Check_findsNULAndBadBytesAtEveryOffset() {
    for offset in 0..<40 {
      for bad: UInt8 in [0x00, 0xFF, 0x80] {
        var bytes = Array(String(repeating: "x", count: 40).utf8)
        bytes[offset] = bad
        // A NUL among the first two bytes beside a letter reads as a UTF-16 file: reported at 1:1.
        let column = bad == 0 && offset < 2 ? 1 : offset + 1
        XCTAssertThrowsError(try SourceFile(path: "a.swift", bytes: bytes)) { error in
          XCTAssertEqual((error as? Diagnostic)?.column, column, "byte \(bad) at \(offset)")
        }
      }
    }
  }

  func test_keywordLookup_findsKeywordsAtTheEndOfTheFile() {
    for keyword in ["self", "return", "associatedtype", "fileprivate", "in"] {
      let tokens = Lexer.lex(SourceFile(path: "a.swift", text: "x " + keyword)).tokens
      XCTAssertEqual(tokens.last?.keyword.text, keyword)
    }
    let near = Lexer.lex(SourceFile(path: "a.swift", text: "selfish self_ Self selF self")).tokens
    XCTAssertEqual(near.map(\.keyword.text), ["", "", "Self", "", "self"])
  }

  func test_stringLiteralContent_sameForPlainAndNonASCIILiterals() {
    let cases: [(String, String)] = [
      ("\"abc\"", "abc"), ("\"\"", ""), ("\"", "\""), ("#\"a\\nb\"#", "a\\nb"), ("\"a\\tb\"", "a\tb"),
      ("\"\"\"\nline\n\"\"\"", "line"), ("\"é\"", "é"), ("##\"x\"##", "x"), ("#", ""),
    ]
    for (literal, expected) in cases {
      XCTAssertEqual(StringLiteral.content(literal), expected, literal)
    }
  }

  func test_names_manyDistinctSpellingsKeepTheirOwnText() {
    let names = (0..<2_000).map { "n\($0)" } + ["ab", "abc", "a", "abcdefghijklmno", "abcdefghijklmnop", "é"]
    let body = names.map { "\($0)()" }.joined(separator: "\n")
    let model = Scanner.scan(SourceFile(path: "a.swift", text: "func f() {\n\(body)\n\(body)\n}\n"))
    XCTAssertEqual(model.calls.map { $0.path.joined(separator: ".") }, names + names)
  }

  private static func referenceLineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        starts.append(index + 1)
      } else if bytes[index] == 0x0D {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    return starts
  }
}

/// A small deterministic generator (SplitMix64).
private struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
  }
}
