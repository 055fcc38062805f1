/// A function of the linted files that waits, without a deadline, until a condition it was
/// given holds (`missing_assertion`): `func waitUntil(_ feed: Feed, _ condition: @Sendable
/// (Reading) -> Bool) async { _ = await feed.updates().first(where: condition) }`. A test that
/// calls it goes on only once the code under test reaches the state; when it never does the
/// test does not pass, it hangs until the runner's time allowance ends it, as with an awaited
/// continuation the code under test resumes (`ContinuationWait`).
///
/// Narrowly: an `async` function that returns nothing, with a parameter of a function type and
/// no default value (each call hands a condition over),
/// whose body awaits `first(where:)` or `contains(where:)` on a receiver (an async sequence)
/// handing over that very parameter (`where: condition`). Not a helper that returns what it
/// found (`func firstReading(...) async -> Reading?`: its caller has to check it), nor one that
/// builds its own condition, nor one inside a closure (`Task { ... }`: the function does not wait
/// for it), nor a synchronous `first(where:)` on a collection (not awaited).
/// The run takes such a function for one that asserts (`AssertionMatcher.assertsBySignature`),
/// so a call of it counts in its own file and in every other.
enum ConditionWait {
  /// Whether the function is such a wait.
  static func isWait(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard function.kind == .function, function.isAsync, function.body != nil, !function.calls.isEmpty
    else { return false }
    if let result = function.returnType, result != "Void", result != "()" { return false }
    let conditions = function.parameters.filter { RuleText.contains($0.type, "->") && !$0.hasDefault }.map(\.name)
    guard !conditions.isEmpty else { return false }
    let tokens = model.tokens
    for index in function.calls {
      let call = model.calls[index]
      guard call.name == "first" || call.name == "contains", call.hasExpressionBase || call.path.count >= 2,
        call.parent == nil,
        let argument = call.arguments.first(where: { $0.label == "where" }),
        argument.value.count == 1, tokens[argument.value.lowerBound].isIdentifierLike,
        conditions.contains(model.text(argument.value.lowerBound)),
        call.arguments.count == 1, isAwaited(call, in: model)
      else { continue }
      return true
    }
    return false
  }

  /// Whether an `await` stands in the call's statement before its name: `_ = await
  /// feed.updates().first(where: condition)`, walking back to the start of the line.
  private static func isAwaited(_ call: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var cursor = call.nameToken - 1
    while cursor >= 0 {
      let token = tokens[cursor]
      if token.keyword == .await { return true }
      if token.isAtLineStart && token.kind != .dot || token.kind == .semicolon || token.kind == .leftBrace {
        return false
      }
      cursor -= 1
    }
    return false
  }
}
