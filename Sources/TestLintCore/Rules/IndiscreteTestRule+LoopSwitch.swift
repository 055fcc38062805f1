extension IndiscreteTestRule {
  /// The places where a build's count of checks branches in a body: its `#if` chains
  /// (`FileModel.directives(in:)`), and each `switch` over a `for` loop's own variable inside
  /// that loop (`for state in states { switch state { case .a: ... case .b: ... } }`), read as a
  /// chain whose branches are the cases. An iteration runs one case, so the loop checks one row
  /// of a table the way the largest case does, as an `#if` chain counts its largest branch.
  static func branchPoints(in body: Range<Int>, of model: FileModel) -> ArraySlice<Directive> {
    let directives = model.directives(in: body)
    let switches = loopSwitchCases(in: body, of: model)
    guard !switches.isEmpty else { return directives }
    return ArraySlice((Array(directives) + switches).sorted { $0.token < $1.token })
  }

  /// Each `switch NAME {` inside the body of a `for NAME in ... {` loop, as directives: `#if` at
  /// its `{`, `#elseif` at each later case label, `#endif` at its `}`.
  static func loopSwitchCases(in body: Range<Int>, of model: FileModel) -> [Directive] {
    let tokens = model.tokens
    var result: [Directive] = []
    // The open loops: their variable and the `}` that closes their body.
    var loops: [(name: String, close: Int)] = []
    var index = body.lowerBound + 1
    while index < body.upperBound - 1 {
      while let last = loops.last, last.close < index { loops.removeLast() }
      let token = tokens[index]
      if token.keyword == .for, index + 3 < body.upperBound, tokens[index + 1].isIdentifierLike,
        tokens[index + 2].keyword == .in,
        let open = (index + 3..<body.upperBound - 1).first(where: { tokens[$0].kind == .leftBrace }),
        let close = model.closingBracket(of: open, before: body.upperBound)
      {
        loops.append((model.text(index + 1), close))
      } else if token.keyword == .switch, index + 2 < body.upperBound, tokens[index + 1].isIdentifierLike,
        tokens[index + 2].kind == .leftBrace,
        loops.contains(where: { $0.name == model.text(index + 1) }),
        let close = model.closingBracket(of: index + 2, before: body.upperBound)
      {
        result.append(Directive(kind: .if, token: index + 2, offset: model.offset(index + 2)))
        var depth = 0
        var labels = 0
        for cursor in (index + 2)..<close {
          switch tokens[cursor].kind {
          case .leftBrace, .leftParen, .leftBracket: depth += 1
          case .rightBrace, .rightParen, .rightBracket: depth -= 1
          default:
            guard depth == 1, tokens[cursor].keyword == .case || tokens[cursor].keyword == .default else {
              continue
            }
            // Not `if case`, `guard case`, `for case`, `while case` or `, case` in a condition.
            let before = tokens[cursor - 1]
            if before.kind == .comma || [.if, .guard, .for, .while].contains(before.keyword) { continue }
            labels += 1
            if labels > 1 {
              result.append(Directive(kind: .elseif, token: cursor, offset: model.offset(cursor)))
            }
          }
        }
        result.append(Directive(kind: .endif, token: close, offset: model.offset(close)))
      }
      index += 1
    }
    return result
  }
}
