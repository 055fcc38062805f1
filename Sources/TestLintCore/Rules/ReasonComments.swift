/// The comments of a file that can give a reason: with words in them, not a tool directive,
/// not commented-out code; `MARK:` headings only for the section below them.
struct ReasonComments {
  private let model: FileModel
  /// (first line, last line, start offset, `///` or `/**`) of each reason-like comment.
  private let comments: [(first: Int, last: Int, offset: Int, isDoc: Bool)]
  /// (start offset, says why) of each `MARK:` heading, in source order.
  private let headings: [(offset: Int, explains: Bool)]

  init(_ model: FileModel) {
    self.model = model
    var comments: [(Int, Int, Int, Bool)] = []
    var headings: [(Int, Bool)] = []
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
        headings.append((start, ReasonComments.sectionWords.contains { text.contains($0) }))
        continue
      }
      if !body.contains(where: \.isLetter) || body.hasPrefix("swiftlint:")
        || body.hasPrefix("testlint:")
        || body.hasPrefix("swift-format-ignore") || body.hasPrefix("func ")
        || body.hasPrefix("@Test")
        || body.hasSuffix("{") || body.hasSuffix("}")
      {
        continue
      }
      comments.append(
        (
          model.source.line(of: start), model.source.line(of: max(start, Int(comment.end) - 1)),
          start, text.hasPrefix("///") || text.hasPrefix("/**")
        ))
    }
    self.comments = comments
    self.headings = headings
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
  /// or ending on the line above, or the first thing inside `body`.
  func explains(from start: Int, to end: Int, body: Range<Int>?, docs: Bool = true) -> Bool {
    let firstLine = model.source.line(of: start)
    let lastLine = model.source.line(of: end)
    if comments.contains(where: { $0.last >= firstLine - 1 && $0.first <= lastLine && (docs || !$0.isDoc) }) {
      return true
    }
    guard let body, body.count >= 2 else { return false }
    let open = Int(model.tokens[body.lowerBound].end)
    let firstInside = Int(model.tokens[body.lowerBound + 1].start)
    return comments.contains { $0.offset >= open && $0.offset < firstInside }
  }
}
