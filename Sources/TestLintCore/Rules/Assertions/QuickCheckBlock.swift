/// A Quick example that runs a check its group prepared in `beforeEach` (`missing_assertion`):
/// `var confirmNothingSent: (() -> Void)!` declared in a `describe` / `context`, set in the
/// group's `beforeEach` from a helper whose name reads as a check
/// (`confirmNothingSent = self.verifyNoMessages(from: outbox) { ... }`), and an example whose
/// statement is `confirmNothingSent()`. The helper (often a support package's, declared outside
/// the linted files) hands back the block that asserts; calling the variable runs that check.
///
/// Narrowly: the example calls the variable with `()` as a statement of its own (or its `try` /
/// `await`); the variable is declared with a type and no value in a group closure enclosing the
/// example; it is assigned in a `beforeEach` (or `justBeforeEach`) of a group enclosing the
/// example; and every assignment of it in its scope is from a plain (or `self.`) call whose name
/// reads as a check (`AssertionMatcher.readsAsCheck`, not a mocking library's bare `verify`), or
/// from a closure holding an assertion. A variable set anywhere from anything else is left as it
/// was: calling it may check nothing.
enum QuickCheckBlock {
  /// Whether the Quick example calls a variable of its group that holds a check.
  static func runs(_ test: DiscoveredTest, _ model: FileModel) -> Bool {
    guard test.framework == .quick, let body = test.body, let spec = model.functions[test.function].body else {
      return false
    }
    for index in test.calls {
      let call = model.calls[index]
      guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro, !call.isImplicitMember,
        call.arguments.isEmpty, call.trailingClosures.isEmpty, body.contains(call.nameToken),
        UndeclaredCheck.isStatement(call, in: model)
      else { continue }
      if holdsCheck(call.name, example: body, spec: spec, in: model) { return true }
    }
    return false
  }

  /// Whether `name` is a variable declared in a group enclosing the example, set in an enclosing
  /// group's `beforeEach`, and only ever set to a check.
  private static func holdsCheck(_ name: String, example: Range<Int>, spec: Range<Int>, in model: FileModel)
    -> Bool
  {
    let tokens = model.tokens
    // The nearest declaration before the example whose scope holds the example.
    var scope: Range<Int>?
    var cursor = example.lowerBound - 1
    while cursor > spec.lowerBound, scope == nil {
      defer { cursor -= 1 }
      guard tokens[cursor].keyword == .var || tokens[cursor].keyword == .let, tokens[cursor].kind == .identifier,
        cursor + 2 < example.lowerBound, model.text(cursor + 1) == name, tokens[cursor + 2].kind == .colon,
        let enclosing = enclosingBraces(of: cursor, in: model), enclosing.upperBound >= example.upperBound
      else { continue }
      // Declared without a value: every value it holds comes from an assignment.
      let lineEnd = (cursor + 3..<enclosing.upperBound).first { tokens[$0].isAtLineStart } ?? enclosing.upperBound
      guard !(cursor + 3..<lineEnd).contains(where: { model.token($0, is: "=") }) else { return false }
      scope = enclosing
    }
    guard let scope else { return false }
    var setBeforeEach = false
    var index = scope.lowerBound + 1
    while index + 2 < scope.upperBound {
      defer { index += 1 }
      guard tokens[index].isIdentifierLike, model.token(index + 1, is: "="), model.text(index) == name else {
        continue
      }
      if tokens[index - 1].kind == .dot, tokens[index - 2].keyword != .self { continue }
      guard isCheck(valueAt: index + 2, in: model) else { return false }
      if !setBeforeEach, isInBeforeEach(index, enclosing: example, in: model) { setBeforeEach = true }
    }
    return setBeforeEach
  }

  /// Whether the value starting at `start` is a plain or `self.` call whose name reads as a check,
  /// or a closure holding an assertion.
  private static func isCheck(valueAt start: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    if tokens[start].kind == .leftBrace {
      guard let closure = matchingBrace(start, in: model) else { return false }
      let matcher = AssertionMatcher()
      return model.calls.indices.contains { index in
        closure.contains(model.calls[index].nameToken) && matcher.isAssertion(callAt: index, in: model)
      }
    }
    var head = start
    if tokens[head].keyword == .self, head + 1 < tokens.count, tokens[head + 1].kind == .dot { head += 2 }
    guard head + 1 < tokens.count, tokens[head].isIdentifierLike,
      tokens[head + 1].kind == .leftParen || tokens[head + 1].kind == .leftBrace
    else { return false }
    let callee = model.text(head)
    return AssertionMatcher.readsAsCheck(callee) && !MockVerification.isLibraryName(callee)
  }

  /// Whether the token lies in the trailing closure of a `beforeEach` / `justBeforeEach` whose
  /// group encloses the example.
  private static func isInBeforeEach(_ token: Int, enclosing example: Range<Int>, in model: FileModel) -> Bool {
    model.calls.contains { call in
      (call.name == "beforeEach" || call.name == "justBeforeEach") && call.path.count == 1
        && call.trailingClosures.contains { $0.tokens.contains(token) }
        && (enclosingBraces(of: call.nameToken, in: model).map { $0.upperBound >= example.upperBound } ?? false)
    }
  }

  /// The braces (`{` through `}`) nearest around the token, if any.
  private static func enclosingBraces(of token: Int, in model: FileModel) -> Range<Int>? {
    SleepInTestRule.enclosingBlock(around: token, after: -1, in: model) { open in
      matchingBrace(open, in: model)
    }
  }

  /// The range from the `{` at `open` through its `}`.
  private static func matchingBrace(_ open: Int, in model: FileModel) -> Range<Int>? {
    ForceUnwrapInTestRule.matchingBrace(open, in: model).map { open..<($0 + 1) }
  }
}
