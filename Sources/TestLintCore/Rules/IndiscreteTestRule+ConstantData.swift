extension IndiscreteTestRule {
  /// The closing `)` of the initializer call whose `(` is at `index` when it spans lines and
  /// passes only constant data, as `constantTableEnd` reads a table: a fixture built by one
  /// nested initializer call (`Forecast(city: "Oslo", days: [...], wind: Wind(speed: 4,
  /// unit: .metersPerSecond), alert: nil)`) is one piece of data, not one line of code per
  /// argument. The callee is a type (a capitalised name, a nested type's `Route.Stop`, or an
  /// `.init`), not an `XCT...` assertion; at least three arguments; no trailing closure and no
  /// method called on the result. Nil for a call that passes a variable, calls a function or
  /// holds a closure.
  static func constantCallEnd(at index: Int, limit: Int, in model: FileModel, bodyStart: Int) -> Int? {
    let tokens = model.tokens
    guard index > bodyStart + 1, tokens[index - 1].isIdentifierLike else { return nil }
    let callee = model.text(index - 1)
    if tokens[index - 1].keyword == .`init` {
      // `.init(...)` or `Stop.init(...)`, not `super.init(...)` or `self.init(...)`.
      guard index >= 3, tokens[index - 2].kind == .dot,
        !tokens[index - 3].isIdentifierLike || model.text(index - 3).first?.isUppercase == true
      else { return nil }
    } else {
      guard callee.first?.isUppercase == true, !callee.hasPrefix("XCT") else { return nil }
      if tokens[index - 2].kind == .dot, !isNestedTypeName(endingAt: index - 1, in: model) { return nil }
    }
    guard let close = model.closingBracket(of: index, before: limit),
      model.source.line(of: model.offset(close)) != model.source.line(of: model.offset(index)),
      close + 1 >= tokens.count || (tokens[close + 1].kind != .dot && tokens[close + 1].kind != .leftBrace),
      let separators = constantDataSeparators(from: index, to: close, in: model, bodyStart: bodyStart, isCall: true)
    else { return nil }
    var last = close - 1
    while last > index, tokens[last].kind == .comment { last -= 1 }
    let arguments = last == index ? 0 : separators + (tokens[last].kind == .comma ? 0 : 1)
    return arguments >= 3 ? close : nil
  }

  /// The commas between the elements of the literal or call opened at `index` and closed at
  /// `close` when all it holds is constant data (see `constantTableEnd`); nil otherwise. A
  /// call's own arguments (`isCall`) may be labelled.
  static func constantDataSeparators(
    from index: Int, to close: Int, in model: FileModel, bodyStart: Int, isCall: Bool = false
  ) -> Int? {
    let tokens = model.tokens
    // The kinds of the brackets open inside, to tell an argument label (`count:` in a call)
    // from a dictionary key.
    var open: [TokenKind] = []
    // The commas between the literal's own elements: a table holds at least three.
    var separators = 0
    // The names the test declares before the literal, gathered when a constant's name is met.
    var locals: Set<String>?
    for cursor in (index + 1)..<close {
      let token = tokens[cursor]
      switch token.kind {
      case .number, .comment: continue
      case .comma:
        if open.isEmpty { separators += 1 }
        continue
      case .string:
        if model.text(cursor).contains("\\(") { return nil }
      case .leftBracket, .leftParen: open.append(token.kind)
      case .rightBracket, .rightParen: _ = open.popLast()
      case .colon: continue
      case .dot:
        guard cursor + 1 < close, tokens[cursor + 1].isIdentifierLike else { return nil }
        // A type's member is its initializer or a constant (`Layout.grid`), not a static
        // method (`Self.makeImage("a")`); an implicit member may take arguments (`.image(...)`).
        let explicit = tokens[cursor - 1].isIdentifierLike
        if explicit, tokens[cursor + 1].keyword != .`init`, cursor + 2 < close,
          tokens[cursor + 2].kind == .leftParen, !isNestedTypeName(endingAt: cursor + 1, in: model)
        {
          return nil
        }
      case .operator:
        guard model.token(cursor, is: "-"), tokens[cursor + 1].kind == .number else { return nil }
      case .identifier, .backtickIdentifier:
        if [.true, .false, .nil].contains(token.keyword) { continue }
        if tokens[cursor - 1].kind == .dot { continue }
        let next = tokens[cursor + 1].kind
        // An argument label of an initializer call.
        if next == .colon, open.last == .leftParen || open.isEmpty && isCall { continue }
        // A type's initializer (`Scenario(`, `Scenario.init(`).
        if next == .leftParen || next == .dot, model.text(cursor).first?.isUppercase == true { continue }
        // An imported constant as a value (`Int(kVK_Space)`, `EINVAL`), unless the test declares it.
        let name = model.text(cursor)
        if next != .leftParen, isImportedConstant(name) {
          if locals == nil { locals = declaredNames(from: bodyStart, to: index, in: model) }
          if locals?.contains(name) == false { continue }
        }
        return nil
      default:
        return nil
      }
    }
    return separators
  }
}
