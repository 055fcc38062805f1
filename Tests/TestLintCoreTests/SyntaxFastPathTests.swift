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

  func test_utf8Check_firstProblemOfLongMixedTextsMatchesByteByByteReading() {
    // Pieces across the 32-byte blocks of the ASCII fast path: multi-byte characters, a NUL,
    // bytes that are not UTF-8, a lead byte cut off by a NUL.
    let pieces: [[UInt8]] = [
      Array("abcdefgh".utf8), Array("é".utf8), Array("\u{1F600}".utf8), [0x00], [0xFF], [0xE2, 0x82], [0xC3, 0x00],
      Array(String(repeating: "x", count: 31).utf8), Array("\n".utf8),
    ]
    var generator = SplitMix(seed: 11)
    for _ in 0..<400 {
      var bytes = Array("ab".utf8)
      for _ in 0..<generator.next(below: 12) {
        // Problems are rarer than text, so that many buffers have one far in.
        let piece = generator.next(below: 4) == 0 ? generator.next(below: pieces.count) : [0, 1, 2, 7, 8][generator.next(below: 5)]
        bytes += pieces[piece]
      }
      let expected = Self.referenceFirstProblem(bytes)
      do throws(Diagnostic) {
        _ = try SourceFile(path: "a.swift", bytes: bytes)
        XCTAssertNil(expected, "\(bytes)")
      } catch {
        XCTAssertEqual(error.message.contains("NUL") ? "NUL" : "UTF-8", expected?.reason, "\(bytes)")
        let prefix = Array(bytes[..<(expected?.offset ?? 0)])
        let line = prefix.filter { $0 == 0x0A }.count + 1
        XCTAssertEqual(error.line, line, "\(bytes)")
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
      // One-line raw literals whose text starts with quotes, as swiftc reads them.
      (##"#"""#"##, "\""), (##"#"""x"#"##, "\"\"x"), (##"#"""é"#"##, "\"\"é"),
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

  /// The offset of the first NUL or byte that does not begin or continue a valid UTF-8 sequence,
  /// read one byte at a time.
  private static func referenceFirstProblem(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0 { return (index, "NUL") }
      let needed: Int
      switch byte {
      case 0x00..<0x80: needed = 0
      case 0xC2...0xDF: needed = 1
      case 0xE0...0xEF: needed = 2
      case 0xF0...0xF4: needed = 3
      default: return (index, "UTF-8")
      }
      guard index + needed < bytes.count else { return (index, "UTF-8") }
      for step in stride(from: 1, through: needed, by: 1) where bytes[index + step] & 0xC0 != 0x80 {
        return (index, "UTF-8")
      }
      index += needed + 1
    }
    return nil
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
