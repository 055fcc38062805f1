/// The comments of a file that can give a reason: with words in them, not a tool directive,
/// not commented-out code; `MARK:` headings only for the section below them.
struct ReasonComments {
  let model: FileModel
  /// (first line, last line, start offset, `///` or `/**`, says the tests are off) of each
  /// reason-like comment.
  let comments: [(first: Int, last: Int, offset: Int, isDoc: Bool, saysOff: Bool)]
  /// (start offset, says why) of each `MARK:` heading, in source order.
  let headings: [(offset: Int, explains: Bool)]
  /// Every comment alone on its lines but a `MARK:` heading, by its last line: the first line of
  /// the comment (the earliest one ending there) and whether it, or another ending there, is a
  /// reason (any; not a doc comment; not a doc comment and saying the tests are off). Walked up
  /// line by line for a block of comments.
  private let blockLines: [Int: BlockLine]

  private struct BlockLine {
    var first: Int
    var reason = false
    var plainReason = false
    var plainOff = false
  }

  init(_ model: FileModel) {
    self.model = model
    var comments: [(Int, Int, Int, Bool, Bool)] = []
    var headings: [(Int, Bool)] = []
    var blockLines: [Int: BlockLine] = [:]
    for comment in model.comments {
      let text = model.source.text(comment.range)
      var body = Substring(text)
      while let first = body.first, first == "/" || first == "*" || first == " " || first == "\t" {
        body = body.dropFirst()
      }
      while let last = body.last,
        last == "/" || last == "*" || last == " " || last == "\t" || last == "\r"
      {
        body = body.dropLast()
      }
      let start = Int(comment.start)
      if body.hasPrefix("MARK:") {
        let text = body.lowercased()
        headings.append((start, ReasonComments.sectionWords.contains { RuleText.contains(text, $0) }))
        continue
      }
      let first = model.source.line(of: start)
      let last = model.source.line(of: max(start, Int(comment.end) - 1))
      let alone = ReasonComments.isAlone(start..<Int(comment.end), first: first, last: last, in: model)
      if alone {
        let earliest = min(first, blockLines[last]?.first ?? first)
        blockLines[last, default: BlockLine(first: earliest)].first = earliest
      }
      if !body.contains(where: \.isLetter) || body.hasPrefix("swiftlint:")
        || body.hasPrefix("testlint:")
        || body.hasPrefix("swift-format-ignore") || body.hasPrefix("func ")
        || body.hasPrefix("@Test")
        || body.hasSuffix("{") || body.hasSuffix("}")
      {
        continue
      }
      let isDoc = text.hasPrefix("///") || text.hasPrefix("/**")
      let saysOff = ReasonComments.saysTestsAreOff(body)
      if alone {
        blockLines[last]?.reason = true
        if !isDoc { blockLines[last]?.plainReason = true }
        if !isDoc && saysOff { blockLines[last]?.plainOff = true }
      }
      comments.append((first, last, start, isDoc, saysOff))
    }
    self.comments = comments
    self.headings = headings
    self.blockLines = blockLines
  }

  /// Whether no code shares the lines of a comment (bytes `range`, lines `first`...`last`).
  private static func isAlone(_ range: Range<Int>, first: Int, last: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    // The first token after the comment.
    let low = CompileTimeComment.firstToken(startingFrom: range.upperBound, in: tokens)
    if low < tokens.count, model.source.line(of: Int(tokens[low].start)) == last { return false }
    if low > 0, model.source.line(of: max(0, Int(tokens[low - 1].end) - 1)) == first { return false }
    return true
  }

  /// The contiguous block of comments ending on the line above `line` (comments alone on each
  /// line, whatever they hold: an empty `//`, commented-out code), read through compiler-directive
  /// lines (`// Only old compilers validate this`, `#if compiler(<6)`, then the skip): its first
  /// line (`line` when there is none), and whether a line of it gives a reason (`docs`: a doc
  /// comment too).
  func block(above line: Int, docs: Bool = true) -> (first: Int, explains: Bool, saysOff: Bool) {
    var first = line
    var explains = false
    var saysOff = false
    while let entry = blockLines[lineAboveDirectives(first - 1)] {
      explains = explains || (docs ? entry.reason : entry.plainReason)
      saysOff = saysOff || entry.plainOff
      first = entry.first
    }
    return (first, explains, saysOff)
  }

  /// `line`, or the first line above it that is not a compiler directive (`#if`, `#elseif`,
  /// `#else`, `#endif`, which the scanner drops from the tokens).
  private func lineAboveDirectives(_ line: Int) -> Int {
    let bytes = model.source.bytes
    let starts = model.source.lineStarts
    var line = line
    while line >= 1, line <= starts.count {
      var cursor = starts[line - 1]
      while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
      var end = cursor + 1
      while end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end += 1 }
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#"),
        Preprocessor.directiveKind(
          length: end - cursor, end > cursor + 1 ? bytes[cursor + 1] : 0,
          end > cursor + 2 ? bytes[cursor + 2] : 0, end > cursor + 3 ? bytes[cursor + 3] : 0) != nil
      else { return line }
      line -= 1
    }
    return line
  }

  /// Whether a type says why the tests it switches off are off: an ordinary (not doc) comment
  /// that says so (`saysTestsAreOff`) in the block right above its declaration (above its
  /// attributes), or at the top of its body, before the first declaration and apart from it (a
  /// comment on the line above a member is that member's).
  func typeExplains(_ type: TypeDecl) -> Bool {
    let start = type.attributes.first?.offset ?? type.nameOffset
    if block(above: model.source.line(of: start)).saysOff { return true }
    let body = type.body
    guard body.count >= 3, body.lowerBound + 1 < model.tokens.count else { return false }
    let open = Int(model.tokens[body.lowerBound].end)
    let firstInside = Int(model.tokens[body.lowerBound + 1].start)
    let memberBlock = block(above: model.source.line(of: firstInside)).first
    return comments.contains {
      $0.offset >= open && $0.offset < firstInside && $0.last < memberBlock && !$0.isDoc && $0.saysOff
    }
  }

  /// Whether a comment anywhere inside a body (token range of its braces) says the test is off
  /// (`saysTestsAreOff`); a step's comment (`// Sign in`) does not.
  func bodyExplains(_ body: Range<Int>) -> Bool {
    guard body.count >= 2 else { return false }
    let open = Int(model.tokens[body.lowerBound].end)
    let close = Int(model.tokens[body.upperBound - 1].start)
    return comments.contains { $0.offset >= open && $0.offset < close && $0.saysOff }
  }

  /// Whether a reason-like comment stands anywhere inside a body (token range of its braces):
  /// the `// FIXME: ...` inside a `.disabled { ... }` condition closure.
  func bodyHasReason(_ body: Range<Int>) -> Bool {
    guard body.count >= 2 else { return false }
    let open = Int(model.tokens[body.lowerBound].end)
    let close = Int(model.tokens[body.upperBound - 1].start)
    return comments.contains { $0.offset >= open && $0.offset < close }
  }

  /// Whether a comment says that tests are off or broken: a word of `sectionWords`, `unstable`,
  /// `stopped working`, or `fix` as a word (`TODO: Fix this scenario`, not `prefix`).
  static func saysTestsAreOff(_ text: Substring) -> Bool {
    let lowered = text.lowercased()
    if sectionWords.contains(where: { RuleText.contains(lowered, $0) }) { return true }
    if RuleText.contains(lowered, "unstable") || RuleText.contains(lowered, "stopped working") {
      return true
    }
    return lowered.split(whereSeparator: { !$0.isLetter }).contains("fix")
  }

  /// Words of a `MARK:` heading that say why the section's tests are off.
  static let sectionWords = [
    "disable", "enable", "skip", "flaky", "broken", "manual", "fixme", "anymore", "no longer", "not work",
    "not respond",
  ]

  /// Whether the nearest `MARK:` heading above `offset` inside a type's body (token range) says
  /// why its section is switched off (`// MARK: - Real API calls, do not enable`).
  func sectionExplains(_ offset: Int, in typeBody: Range<Int>) -> Bool {
    guard let open = typeBody.first, open < model.tokens.count else { return false }
    let start = Int(model.tokens[open].end)
    return headings.last { $0.offset >= start && $0.offset < offset }?.explains ?? false
  }

  /// Whether an ordinary comment (not a `///` or `/** */` doc comment, which says what the test
  /// checks) on the line above a function's declaration (above its attributes), or on its
  /// line, explains what its body does: `// Dev test, runs on CI only` above a skipped test.
  func explainsFunction(_ index: Int, in model: FileModel) -> Bool {
    // Not `spec()`: a comment above it speaks for the whole spec, not for one skip.
    guard index >= 0, index < model.functions.count, model.functions[index].name != "spec" else {
      return false
    }
    let function = model.functions[index]
    let start = function.attributes.first?.offset ?? function.nameOffset
    return explains(from: start, to: function.nameOffset, body: nil, docs: false)
  }

  /// Whether a comment explains a declaration or call spanning `from`...`to`: one on its lines
  /// or in the block of comments ending on the line above, or the first thing inside `body`
  /// (before its first statement or at the end of that statement's first line).
  func explains(from start: Int, to end: Int, body: Range<Int>?, docs: Bool = true) -> Bool {
    let firstLine = model.source.line(of: start)
    let lastLine = model.source.line(of: end)
    if comments.contains(where: { $0.last >= firstLine - 1 && $0.first <= lastLine && (docs || !$0.isDoc) }) {
      return true
    }
    if block(above: firstLine, docs: docs).explains { return true }
    guard let body, body.count >= 2 else { return false }
    let open = Int(model.tokens[body.lowerBound].end)
    let firstInside = Int(model.tokens[body.lowerBound + 1].start)
    // Before the first statement, or at the end of its first line (`try XCTSkipIf(true) // see
    // T123`).
    let statementLine = model.source.line(of: firstInside)
    let close = Int(model.tokens[body.upperBound - 1].start)
    return comments.contains {
      $0.offset >= open && ($0.offset < firstInside || $0.first == statementLine && $0.offset < close)
    }
  }
}
