/// Where an expression or a statement ends.
extension ScannerState {
  /// Whether the token at `index` continues the expression before it across a line break.
  func continuesExpression(_ index: Int) -> Bool {
    let token = tokens[index]
    // `.member` and the `: else` part of a ternary continue the line before.
    if token.kind == .dot || token.kind == .colon { return true }
    if token.kind == .operator {
      // A binary operator starting the line continues; a prefix one (no space after) does not.
      let next = index + 1
      if next < tokens.count, !tokens[next].hasSpaceBefore, !isOperator(index, "?") {
        return isOperator(index, "&&") || isOperator(index, "||") || isOperator(index, "??")
          || isOperator(index, "==") || isOperator(index, "+") || isOperator(index, "-")
      }
      return true
    }
    if token.keyword == .as || token.keyword == .is { return true }
    if index > 0 {
      let previous = tokens[index - 1]
      if previous.kind == .operator, previous.hasSpaceBefore || index - 1 == 0 { return true }
      if previous.kind == .comma || previous.kind == .colon { return true }
      // (`case await` names an enum case: nothing follows it.)
      if previous.keyword == .try || previous.keyword == .await || previous.keyword == .return,
        keyword(index - 2) != .case
      {
        return !token.isAtLineStart || true
      }
    }
    return false
  }

  /// Whether the `{` at `index` opens a trailing closure of the expression before it, even on a
  /// line of its own (`let sut = make\n{ ... }`): Swift attaches it unless it opens observers.
  func opensTrailingClosure(_ index: Int) -> Bool {
    guard tokens[index].kind == .leftBrace, index > 0, !isObserverBlock(index) else { return false }
    let previous = tokens[index - 1]
    return previous.kind == .identifier && previous.keyword == .none || previous.kind == .backtickIdentifier
      || previous.kind == .rightParen || previous.kind == .rightBracket
  }

  /// The end of an expression starting at `start`: the first token at depth 0 that begins a new
  /// statement (a line break not continuing it, `;`, or the scope's `}`).
  func expressionEnd(from start: Int, limit: Int) -> Int {
    var index = start
    let end = min(limit, tokens.count)
    while index < end {
      let token = tokens[index]
      if index > start, token.isAtLineStart, !continuesExpression(index), !opensTrailingClosure(index) {
        return index
      }
      switch token.kind {
      case .semicolon, .rightBrace, .rightParen, .rightBracket, .comma:
        return index
      case .leftParen, .leftBracket:
        index = close(index) + 1
      case .leftBrace:
        // A closure argument or trailing closure on the same line belongs to the expression.
        index = close(index) + 1
      default:
        index += 1
      }
    }
    // Past an unclosed bracket (whose partner is `tokens.count`) the loop ends one beyond.
    return min(index, end)
  }

  /// `typealias Name<...> = Target<...>` between `start` (the keyword) and `end`, when the target
  /// is a named type (`Base`, `Module.Base<A, B>`), not a function, tuple, optional or
  /// composition: the simple names of both, for the class hierarchy (an alias of a test base
  /// is a test base). Nil for any other alias.
  func typeAlias(at start: Int, end: Int) -> TypeAliasDecl? {
    var index = start + 1
    guard index < end, tokens[index].isIdentifierLike else { return nil }
    let alias = name(index)
    index += 1
    if index < end, isOperator(index, "<") { index = skipAngles(from: index) }
    guard index < end, isOperator(index, "=") else { return nil }
    index += 1
    var target = ""
    while index < end, tokens[index].isIdentifierLike {
      target = name(index)
      index += 1
      if index < end, isOperator(index, "<") { index = skipAngles(from: index) }
      guard index + 1 < end, tokens[index].kind == .dot else { break }
      index += 1
    }
    // Anything after the name (`?`, `&`, `->`) makes it another kind of type.
    guard !target.isEmpty, index == end || tokens[index].kind == .semicolon else { return nil }
    return TypeAliasDecl(name: alias, target: target)
  }

  /// The index after `typealias Name<...> = Type`. The type's generic arguments may span lines
  /// (`TestStore<\n  A,\n  B\n>`): a `>` alone on its line closes them, it does not continue an
  /// expression into the next declaration.
  func typeAliasEnd(from start: Int, limit: Int) -> Int {
    var index = start + 1
    let end = min(limit, tokens.count)
    var afterAngles = false
    while index < end {
      let token = tokens[index]
      if index > start + 1, token.isAtLineStart {
        // After a closing `>` only `.Member`, `& Other` or `?` go on.
        if afterAngles ? token.kind != .dot && token.kind != .operator : !continuesExpression(index) {
          return index
        }
      }
      afterAngles = false
      switch token.kind {
      case .semicolon: return index + 1
      case .rightBrace, .leftBrace: return index
      case .leftParen, .leftBracket: index = close(index) + 1
      case .operator where bytes[Int(token.start)] == UInt8(ascii: "<"):
        index = max(skipAngles(from: index), index + 1)
        afterAngles = true
      default: index += 1
      }
    }
    return max(index, start + 1)
  }

  /// The index after `infix operator +^ : Group`. The operator it names may end its line, and
  /// an operator ending a line would otherwise carry the statement into the next declaration.
  func operatorDeclarationEnd(from start: Int, limit: Int) -> Int {
    var index = start + 1
    let end = min(limit, tokens.count)
    while index < end {
      let token = tokens[index]
      // The precedence group may follow on the next line (`\n  : Group`).
      if token.isAtLineStart, token.kind != .colon, tokens[index - 1].kind != .colon { return index }
      switch token.kind {
      case .semicolon: return index + 1
      case .rightBrace: return index
      case .leftBrace: index = close(index) + 1
      default: index += 1
      }
    }
    return max(index, start + 1)
  }

  func statementEnd(from start: Int, limit: Int) -> Int {
    var index = start
    let end = min(limit, tokens.count)
    while index < end {
      let token = tokens[index]
      if index > start, token.isAtLineStart, !continuesExpression(index) { return index }
      switch token.kind {
      case .semicolon: return index + 1
      case .rightBrace: return index
      case .leftParen, .leftBracket, .leftBrace: index = close(index) + 1
      default: index += 1
      }
    }
    return max(index, start + 1)
  }
}
