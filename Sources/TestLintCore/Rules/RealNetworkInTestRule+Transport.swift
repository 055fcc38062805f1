/// A default session handed, as a value to check, to a client whose transport the test replaces
/// with its own closure in the same call.
extension RealNetworkInTestRule {
  /// Whether the local session used at `use` is the whole value of an argument of a call that,
  /// in the same argument list (or as a trailing closure), also receives the test's stand-in for the transport: a closure
  /// (written there, or a local of the test bound to one) that compares the session in an
  /// assertion and returns a value of its own (`return (cannedData, cannedResponse)`). The
  /// client hands its session to that closure instead of sending: the session is only the
  /// identity the closure checks.
  static func isHandedBesideStubTransport(_ use: Int, in code: TestCode, model: FileModel) -> Bool {
    let name = model.text(use)
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard call.arguments.contains(where: { $0.value == use..<(use + 1) }) else { continue }
      let closures = call.arguments.compactMap { closureBody(of: $0.value, in: code, model: model) }
        + call.trailingClosures.map(\.tokens)
      return closures.contains { closure in
        returnsValue(closure, in: model)
          && closure.contains { index in
            model.tokens[index].isIdentifierLike && model.text(index) == name
              && (index == 0 || model.tokens[index - 1].kind != .dot)
              && isAssertedValue(index, last: index, calls: code.calls, in: model)
          }
      }
    }
    return false
  }

  /// The closure an argument's value is: a closure literal, or a local of the test (declared
  /// before the value) bound to one.
  private static func closureBody(of value: Range<Int>, in code: TestCode, model: FileModel) -> Range<Int>? {
    guard let first = value.first else { return nil }
    if model.tokens[first].kind == .leftBrace { return value }
    guard value.count == 1, model.tokens[first].isIdentifierLike else { return nil }
    let name = model.text(first)
    guard let initializer = code.local(named: name, before: first, in: model)?.initializer, let start = initializer.first,
      model.tokens[start].kind == .leftBrace
    else { return nil }
    return initializer
  }

  /// Whether a closure returns a value of its own: a `return` followed, on its line, by more
  /// than a closing brace.
  private static func returnsValue(_ closure: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    return closure.contains { index in
      guard tokens[index].keyword == .`return`, index + 1 < closure.upperBound else { return false }
      let next = tokens[index + 1]
      return !next.isAtLineStart && next.kind != .rightBrace && next.kind != .semicolon
    }
  }
}
