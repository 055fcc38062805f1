import XCTest

@testable import TestLintCore

final class YAMLParserTests: XCTestCase {
  // MARK: Documents

  func test_emptyDocument_returnsNil() throws {
    for text in ["", "   \n\n", "# only a comment\n  # another", "---\n", "--- # c\n\n"] {
      XCTAssertNil(try YAMLParser.parse(text), "for \(text.debugDescription)")
    }
  }

  func test_leadingDocumentMarker_isAccepted() throws {
    XCTAssertEqual(try render("# header\n---\na: 1\n"), "{a: 1}")
  }

  func test_byteOrderMarkAndCRLF_areAccepted() throws {
    let node = try XCTUnwrap(try YAMLParser.parse("\u{FEFF}a: 1\r\nb:\r\n  - x\r\n"))
    XCTAssertEqual(render(node), "{a: 1, b: [x]}")
    XCTAssertEqual(position(node), "1:1")
  }

  // MARK: Block collections

  func test_blockMapping_keepsKeyOrder() throws {
    XCTAssertEqual(
      try render("zeta: 1\nalpha: two words\nmid: 3\n"), "{zeta: 1, alpha: two words, mid: 3}")
  }

  func test_nestedBlocks_parseIntoTree() throws {
    let text = """
      rule:
        severity: error
        names:
          - one
          -   two
        deeper:
          list:
            - - a
              - b
            - c
      other: x
      """
    XCTAssertEqual(
      try render(text),
      "{rule: {severity: error, names: [one, two], deeper: {list: [[a, b], c]}}, other: x}")
  }

  func test_sequenceOfMappings_groupsKeysPerItem() throws {
    let text = """
      - name: a
        value: 1
      -   name: b
          value: 2
      - plain
      -
        nested: yes
      """
    XCTAssertEqual(
      try render(text), "[{name: a, value: 1}, {name: b, value: 2}, plain, {nested: yes}]")
  }

  func test_sequenceAtKeyIndentation_belongsToKey() throws {
    XCTAssertEqual(try render("items:\n- a\n- b\nnext: 1\n"), "{items: [a, b], next: 1}")
  }

  func test_absentValues_areEmptyPlainScalars() throws {
    let node = try XCTUnwrap(try YAMLParser.parse("a:\nb: # none\nc:\n  -\n  - x\nd:"))
    XCTAssertEqual(render(node), "{a: ~, b: ~, c: [~, x], d: ~}")
    XCTAssertTrue(try XCTUnwrap(entries(node).first?.value).isNull, "an absent value is null")
  }

  // MARK: Flow collections

  func test_flowMapping_parsesKeysInOrder() throws {
    XCTAssertEqual(
      try render("{b: 1, a: [x, 'y'], \"c\":2, d: , e: {}}"),
      "{b: 1, a: [x, 'y'], 'c': 2, d: ~, e: {}}")
  }

  func test_flowCollections_spanLines() throws {
    let text = """
      list: [one,   # first
        "two", [three, four],
        {five: 5},
      ]
      after: done
      """
    XCTAssertEqual(
      try render(text), "{list: [one, 'two', [three, four], {five: 5}], after: done}")
  }

  func test_flowPlainScalars_keepInnerSpacesAndColons() throws {
    XCTAssertEqual(try render("[a b , c:d, http://x.y/z, -1]"), "[a b, c:d, http://x.y/z, -1]")
  }

  // MARK: Scalars

  func test_doubleQuotedEscapes_areDecoded() throws {
    let node = try XCTUnwrap(try YAMLParser.parse(#"k: "a\"b\\c\n\t\u00e9\x41\U0001F600 #x""#))
    XCTAssertEqual(try XCTUnwrap(entries(node).first).value.scalar, "a\"b\\c\n\té" + "A😀 #x")
  }

  func test_escapedSpaceAndSlash_areDecoded() throws {
    // YAML's `\ ` and `\/` escapes, as in a quoted glob of a folder whose name has a space.
    let node = try XCTUnwrap(try YAMLParser.parse(#"k: "Generated\ Files\/**""#))
    XCTAssertEqual(try XCTUnwrap(entries(node).first).value.scalar, "Generated Files/**")
  }

  func test_singleQuotedDoubledQuote_isOneQuote() throws {
    XCTAssertEqual(try render("k: 'it''s \\n # not a comment'"), #"{k: 'it's \n # not a comment'}"#)
  }

  func test_comments_areIgnoredOutsideQuotes() throws {
    let text = """
      # full line
      a: value # trailing
      b: x#y
      c: "#quoted"   # after
        # indented comment
      """
    XCTAssertEqual(try render(text), "{a: value, b: x#y, c: '#quoted'}")
  }

  func test_commentAfterQuotedOrFlowItem_isIgnored() throws {
    XCTAssertEqual(
      try render("a:\n  - \"x\"  # c\n  - 'y' # c\n  - [z]  # c\n\"b\": 1 # c\n"),
      "{a: ['x', 'y', [z]], 'b': 1}")
    XCTAssertEqual(
      parseError("a:\n  - \"x\"# c\n"),
      YAMLError(line: 2, column: 8, message: "unexpected content after the value"))
  }

  func test_nodePositions_areOneBased() throws {
    let node = try XCTUnwrap(try YAMLParser.parse("top:\n  key: 'v'\n  list: [a,  é, b]\n"))
    let inner = try XCTUnwrap(entries(node).first?.value)
    XCTAssertEqual(position(inner), "2:3")
    let key = try XCTUnwrap(entries(inner).first)
    XCTAssertEqual(position(key.key), "2:3")
    XCTAssertEqual(position(key.value), "2:8")
    guard case .sequence(let items) = try XCTUnwrap(entries(inner).last).value.value else {
      return XCTFail("expected a sequence")
    }
    XCTAssertEqual(items.map(position), ["3:10", "3:14", "3:17"])
  }

  // MARK: Errors

  func test_tabIndentation_isErrorAtColumn() {
    XCTAssertEqual(
      parseError("a:\n  \tb: 1\n"),
      YAMLError(line: 2, column: 3, message: "tabs are not allowed in indentation; use spaces"))
  }

  func test_unsupportedIndicators_areErrorsAtTheirPosition() {
    let cases: [(String, YAMLError)] = [
      ("a: &x 1", YAMLError(line: 1, column: 4, message: "anchors ('&') are not supported")),
      ("a: *x", YAMLError(line: 1, column: 4, message: "aliases ('*') are not supported")),
      ("- !tag x", YAMLError(line: 1, column: 3, message: "tags ('!') are not supported")),
      (
        "a: |\n  text",
        YAMLError(line: 1, column: 4, message: "block scalars ('|') are not supported")
      ),
      (
        "a: >\n  text",
        YAMLError(line: 1, column: 4, message: "block scalars ('>') are not supported")
      ),
      ("? a\n: b", YAMLError(line: 1, column: 1, message: "complex keys ('?') are not supported")),
      ("[x, *y]", YAMLError(line: 1, column: 5, message: "aliases ('*') are not supported")),
      (
        "%YAML 1.2\n---",
        YAMLError(line: 1, column: 1, message: "directives ('%') are not supported")
      ),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(parseError(text), expected, "for \(text.debugDescription)")
    }
  }

  func test_secondDocument_isError() {
    XCTAssertEqual(
      parseError("a: 1\n---\nb: 2\n"),
      YAMLError(line: 2, column: 1, message: "multiple documents are not supported"))
  }

  func test_duplicateKey_isErrorAtSecondKey() {
    XCTAssertEqual(
      parseError("a: 1\nb:\n  c: 1\n  c: 2\n"),
      YAMLError(line: 4, column: 3, message: "duplicate key 'c'"))
    XCTAssertEqual(
      parseError("{x: 1, \"x\": 2}"), YAMLError(line: 1, column: 8, message: "duplicate key 'x'"))
  }

  func test_badIndentation_isErrorAtLine() {
    XCTAssertEqual(
      parseError("a: 1\n  b: 2\n"), YAMLError(line: 2, column: 3, message: "bad indentation"))
    XCTAssertEqual(
      parseError("a:\n    b: 1\n  c: 2\n"),
      YAMLError(line: 3, column: 3, message: "bad indentation"))
    XCTAssertEqual(
      parseError("- a\nb: 1\n"),
      YAMLError(
        line: 2, column: 1, message: "expected a sequence item ('- ') at this indentation"))
  }

  func test_unterminatedQuote_isErrorAtOpeningQuote() {
    XCTAssertEqual(
      parseError("a: 1\nb: 'open\nc: 2"),
      YAMLError(
        line: 2, column: 4,
        message: "unterminated quoted string (quoted strings must end on the same line)"))
  }

  func test_unterminatedFlow_isErrorAtOpeningBracket() {
    XCTAssertEqual(
      parseError("a: [1, {b: 2},\n  3\n"),
      YAMLError(line: 1, column: 4, message: "unterminated flow sequence"))
    XCTAssertEqual(
      parseError("a: {b: [1]"), YAMLError(line: 1, column: 4, message: "unterminated flow mapping"))
  }

  func test_colonInsideValue_isError() {
    XCTAssertEqual(
      parseError("a: b: c"),
      YAMLError(
        line: 1, column: 5,
        message: "unexpected ':' in a value; quote the value or put the mapping on its own line"))
  }

  func test_unknownEscape_isErrorAtBackslash() {
    XCTAssertEqual(
      parseError(#"a: "x\qy""#),
      YAMLError(line: 1, column: 6, message: #"unknown escape sequence '\q'"#))
  }

  func test_binaryContent_isErrorAtCharacter() {
    XCTAssertEqual(
      parseError("a: 1\nb: x\u{0}y\n"),
      YAMLError(line: 2, column: 5, message: "binary content: character U+0000 is not allowed"))
  }

  // MARK: Robustness

  func test_deepFlowNesting_isRejectedWithoutCrash() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    XCTAssertEqual(
      parseError(text),
      YAMLError(line: 1, column: 65, message: "nesting deeper than 64 levels is not supported"))
  }

  func test_deepBlockNesting_isRejectedWithoutCrash() {
    XCTAssertEqual(
      parseError(String(repeating: "- ", count: 100_000) + "x").map(\.message),
      "nesting deeper than 64 levels is not supported")
    var lines = ""
    for depth in 0..<100 { lines += String(repeating: " ", count: depth) + "k:\n" }
    XCTAssertEqual(
      parseError(lines).map(\.line), 65, "the 65th nested mapping starts on line 65")
    let flowMaps = String(repeating: "{a: ", count: 100_000)
    XCTAssertEqual(
      parseError(flowMaps).map(\.message), "nesting deeper than 64 levels is not supported")
  }

  func test_sixtyFourLevels_areAccepted() throws {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    XCTAssertNotNil(try YAMLParser.parse(text))
  }

  func test_largeDocument_parsesQuickly() throws {
    var text = "items:\n"
    text.reserveCapacity(10_500_000)
    var index = 0
    while text.utf8.count < 10_000_000 {
      text += "  - {name: item\(index), tags: [a, \"b\", c], note: 'some words here'}\n"
      index += 1
    }
    let start = TimeBound.cpuNow()
    let node = try XCTUnwrap(try YAMLParser.parse(text))
    guard case .sequence(let items) = try XCTUnwrap(entries(node).first).value.value else {
      return XCTFail("expected a sequence")
    }
    XCTAssertEqual(items.count, index)
    XCTAssertLessThan(TimeBound.cpuNow() - start, TimeBound.seconds(60), "parsing must stay linear")
  }

  func test_largeMapping_parsesQuickly() throws {
    var text = ""
    for index in 0..<300_000 { text += "key\(index): value \(index)\n" }
    text += String(repeating: " ", count: 1_000_000) + "\n"
    let start = TimeBound.cpuNow()
    let node = try XCTUnwrap(try YAMLParser.parse(text))
    XCTAssertEqual(entries(node).count, 300_000)
    XCTAssertLessThan(TimeBound.cpuNow() - start, TimeBound.seconds(30), "parsing must stay linear")
  }

  func test_longSingleLine_parsesQuickly() throws {
    let text = "[" + String(repeating: "ab, ", count: 1_000_000) + "]"
    let node = try XCTUnwrap(try YAMLParser.parse(text))
    guard case .sequence(let items) = node.value else { return XCTFail("expected a sequence") }
    XCTAssertEqual(items.count, 1_000_000)
  }

  func test_randomMutations_neverCrash() {
    let seed = Array(
      """
      version: 1
      a: [x, "y\\n", {b: 'c''d'}]
      list:
        - k: v   # comment
          m: [1,
            2]
        - - z
      """.unicodeScalars)
    let alphabet = Array("-:[]{},#'\"\\ \n\t?&*!|>%ab1\u{0}é".unicodeScalars)
    var random = SplitMix(state: 42)
    var outcomes = 0
    for _ in 0..<3_000 {
      var scalars = seed
      for _ in 0..<(1 + random.next() % 4) {
        let index = Int(random.next() % UInt64(scalars.count))
        let replacement = alphabet[Int(random.next() % UInt64(alphabet.count))]
        switch random.next() % 3 {
        case 0: scalars[index] = replacement
        case 1: scalars.insert(replacement, at: index)
        default: scalars.remove(at: index)
        }
      }
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      do {
        _ = try YAMLParser.parse(String(view))
      } catch {
        XCTAssertGreaterThan(error.line, 0, "errors carry a 1-based line")
        XCTAssertGreaterThan(error.column, 0, "errors carry a 1-based column")
      }
      outcomes += 1
    }
    XCTAssertEqual(outcomes, 3_000)
  }
}

// MARK: - Helpers

private struct SplitMix {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension YAMLParserTests {
  /// Parses and renders compactly: quoted scalars in `'…'`, absent values as `~`.
  fileprivate func render(_ text: String) throws -> String? {
    try YAMLParser.parse(text).map(render)
  }

  fileprivate func render(_ node: YAMLNode) -> String {
    switch node.value {
    case .scalar(let text, let quoted):
      return quoted ? "'\(text)'" : (text.isEmpty ? "~" : text)
    case .sequence(let items):
      return "[" + items.map(render).joined(separator: ", ") + "]"
    case .mapping(let pairs):
      return "{" + pairs.map { "\(render($0.key)): \(render($0.value))" }.joined(separator: ", ")
        + "}"
    }
  }

  fileprivate func entries(_ node: YAMLNode) -> [(key: YAMLNode, value: YAMLNode)] {
    if case .mapping(let pairs) = node.value { return pairs }
    return []
  }

  fileprivate func position(_ node: YAMLNode) -> String { "\(node.line):\(node.column)" }

  fileprivate func parseError(_ text: String) -> YAMLError? {
    do {
      _ = try YAMLParser.parse(text)
      return nil
    } catch {
      return error
    }
  }
}

extension YAMLParserTests {
  func test_hashInsideFlowValue_isNotAComment() throws {
    // Only a `#` after a space (or at a line's start) opens a comment, in flow collections too.
    XCTAssertEqual(try render("excluded: [Gen#1/**, b] # note"), "{excluded: [Gen#1/**, b]}")
  }
}

extension YAMLParserTests {
  func test_flowItemsWithoutSpaceAfterComma_areAllKept() throws {
    XCTAssertEqual(try render("excluded: [A/**,B/**,C]\nmap: {x: 1,y: 2}"), "{excluded: [A/**, B/**, C], map: {x: 1, y: 2}}")
  }
}

extension YAMLParserTests {
  func test_commentAfterFlowItem_endsTheItem() throws {
    XCTAssertEqual(try render("excluded: [A, Gen # generated\n  , C]"), "{excluded: [A, Gen, C]}")
  }
}
