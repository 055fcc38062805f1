extension ReasonComments {
  /// Whether the nearest ordinary comment standing apart in a type's body (token range of its
  /// braces) above `offset` says that the tests after it are disabled or skipped
  /// (`mentionsDisabling`): `// Disabled: too slow on the emulator`, a blank line, then the
  /// renamed tests. It heads the tests below it as a `// MARK:` heading does, up to the next one.
  /// A comment standing apart is alone on its lines, between the type's members (not inside
  /// one) and not in the block right above a member (that member's); a doc comment is skipped;
  /// a `MARK:` heading nearer than it ends the search (`sectionExplains` reads that one).
  func headingExplains(_ offset: Int, in typeBody: Range<Int>) -> Bool {
    let tokens = model.tokens
    guard typeBody.count >= 2, typeBody.upperBound <= tokens.count else { return false }
    let open = typeBody.lowerBound
    var next = CompileTimeComment.firstToken(startingFrom: offset, in: tokens)
    guard next > open, next < typeBody.upperBound else { return false }
    // The comments and headings before the gap being read, latest first.
    let end = Int(tokens[next].start)
    var comment = Self.latest(before: end, count: comments.count) { comments[$0].offset }
    var heading = Self.latest(before: end, count: headings.count) { headings[$0].offset }
    // How deep the gap before token `next` is in the type's body: 0 between its members.
    var depth = 0
    while next > open {
      let low = Int(tokens[next - 1].end)
      if depth == 0 {
        let markOffset = heading >= 0 && headings[heading].offset >= low ? headings[heading].offset : -1
        let previousLine = model.source.line(of: max(0, low - 1))
        var memberBlock: Int?
        var candidate = comment
        while candidate >= 0, comments[candidate].offset >= low {
          let found = comments[candidate]
          if markOffset > found.offset { return false }
          let block = memberBlock ?? self.block(above: model.source.line(of: Int(tokens[next].start))).first
          memberBlock = block
          if !found.isDoc, found.first > previousLine, found.last < block {
            return mentionsDisabling(at: found.offset)
          }
          candidate -= 1
        }
        if markOffset >= 0 { return false }
      }
      while comment >= 0, comments[comment].offset >= low { comment -= 1 }
      while heading >= 0, headings[heading].offset >= low { heading -= 1 }
      next -= 1
      switch tokens[next].kind {
      case .rightBrace, .rightParen, .rightBracket: depth += 1
      case .leftBrace, .leftParen, .leftBracket: depth -= 1
      default: break
      }
      if depth < 0 { return false }
    }
    return false
  }

  /// The index of the last of `count` ascending offsets before `offset`, -1 when none.
  private static func latest(before offset: Int, count: Int, offsetAt: (Int) -> Int) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if offsetAt(middle) < offset { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }

  /// Whether the comment starting at `offset` says that tests are disabled or skipped
  /// (`disabl...`, `skip...`), not a tool's directive (`// swiftformat:disable all`).
  private func mentionsDisabling(at offset: Int) -> Bool {
    let index = CompileTimeComment.firstToken(startingFrom: offset, in: model.comments)
    guard index < model.comments.count else { return false }
    let text = model.source.text(model.comments[index].range).lowercased()
    let firstWord = text.drop { $0 == "/" || $0 == "*" || $0 == " " || $0 == "\t" }.prefix { $0 != " " }
    if firstWord.contains(":disable") || firstWord.contains(":enable") { return false }
    return text.contains("disabl") || text.contains("skip")
  }
}
