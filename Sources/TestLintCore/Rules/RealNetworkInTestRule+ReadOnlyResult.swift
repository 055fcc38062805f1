/// A session handed to an initializer whose result the test only reads: `let provider =
/// Provider(session: URLSession.shared)`, then `provider.baseURL` or
/// `XCTAssertEqual(provider.session, session)`. No method of what was built runs, so nothing
/// sends with the session.
extension RealNetworkInTestRule {
  /// Whether `URLSession.shared` at `index` (or `Foundation.URLSession.shared` ending there) is
  /// handed to such an initializer (`isHandedToReadOnlyResult(value:in:model:)`).
  static func isHandedToReadOnlyResult(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let qualified = index >= 2 && model.token(index - 1, is: ".") && model.token(index - 2, is: "Foundation")
    return isHandedToReadOnlyResult(value: (qualified ? index - 2 : index)..<(index + 3), in: code, model: model)
  }

  /// Whether the tokens of `value` are the whole value of an argument of an initializer (a call
  /// of a capitalized name, without a trailing closure) whose result the test calls no method
  /// on: it is read in place through properties only (`Provider(session: .shared).baseURL`), or
  /// bound to a local of the test whose every use reads properties of it
  /// (`provider.baseURL.absoluteString`, `provider.session`, no call) or is a value compared in
  /// an assertion. An initializer that sends at once is the doubt left.
  static func isHandedToReadOnlyResult(value: Range<Int>, in code: TestCode, model: FileModel) -> Bool {
    guard let first = value.first else { return false }
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(first),
        call.arguments.contains(where: { $0.value == value })
      else { continue }
      guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase, call.trailingClosures.isEmpty
      else { return false }
      let typeName = call.name == "init" && call.path.count >= 2 ? call.path[call.path.count - 2] : call.name
      guard typeName.first?.isUppercase == true else { return false }
      let start = call.nameToken - 2 * (call.path.count - 1)
      let end = parentheses.upperBound
      guard let uses = usesOfLocal(boundTo: start..<end, in: code, model: model) else {
        return readsOnlyProperties(after: end - 1, in: model)
      }
      return uses.allSatisfy {
        readsOnlyProperties(after: $0, in: model) || isAssertedValue($0, last: $0, calls: code.calls, in: model)
      }
    }
    return false
  }

  /// Whether the expression ending at `last` is followed by one or more property reads
  /// (`.baseURL`, `.baseURL.absoluteString`) and then by nothing that calls or unwraps the last
  /// of them (`(`, a trailing `{`, `?`, `!`, `[`).
  private static func readsOnlyProperties(after last: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var index = last + 1
    guard index + 1 < tokens.count, tokens[index].kind == .dot, tokens[index + 1].isIdentifierLike else {
      return false
    }
    while index + 1 < tokens.count, tokens[index].kind == .dot, tokens[index + 1].isIdentifierLike {
      index += 2
    }
    guard index < tokens.count else { return true }
    switch tokens[index].kind {
    case .leftParen, .leftBrace, .leftBracket: return false
    default: return !model.token(index, is: "?") && !model.token(index, is: "!")
    }
  }
}
