/// `sleep_in_test`'s reading of a poll that a deadline call bounds: a `while` loop that waits for
/// a condition as the whole closure handed to `withTimeout...`/`withDeadline...`
/// (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether a loop polls for a condition under a deadline: a `while` loop whose condition
  /// waits for something other than the time (`while await store.title != "Draft"`), whose only
  /// statement is the pause (`try await Task.sleep(...)`), and which is the whole body of a
  /// closure handed to a call whose name starts with `withTimeout` or `withDeadline`. The
  /// deadline call bounds the loop, which stops as soon as the condition holds: a wait for an
  /// event. A condition on the time alone, or a body doing more than pausing, is still read as
  /// the loop's own.
  static func pollsUnderDeadline(_ loop: Loop, sleep: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard !loop.isFor, let condition = loop.condition, condition.lowerBound >= 1,
      tokens[condition.lowerBound - 1].keyword == .while, !readsTime(condition, in: model),
      condition.contains(where: { tokens[$0].kind == .identifier && tokens[$0].keyword == .none }),
      let close = closingBrace(from: loop.open, in: model), isOnlyStatement(sleep, bodyFrom: loop.open, to: close, in: model),
      let parent = sleep.parent
    else { return false }
    let call = model.calls[parent]
    let name = call.name.lowercased()
    guard !call.isMacro, name.hasPrefix("withtimeout") || name.hasPrefix("withdeadline") else { return false }
    let closures = call.trailingClosures.map(\.tokens) + call.arguments.map(\.value)
    // The closure holds the loop and nothing else: `{ while ... { ... } }`.
    return closures.contains { closure in
      closure.count >= 2 && tokens[closure.lowerBound].kind == .leftBrace
        && condition.lowerBound - 2 == closure.lowerBound && close == closure.upperBound - 2
    }
  }

  /// Whether the sleep is the only statement of the loop body from `open` to `close` (its
  /// braces): `{ try await Task.sleep(nanoseconds: 10_000_000) }`, `{ usleep(500) }`.
  private static func isOnlyStatement(_ sleep: Call, bodyFrom open: Int, to close: Int, in model: FileModel) -> Bool {
    guard let parentheses = sleep.parentheses, parentheses.upperBound == close, sleep.nameToken > open else {
      return false
    }
    return ((open + 1)..<sleep.nameToken).allSatisfy { position in
      let token = model.tokens[position]
      return token.keyword == .try || token.keyword == .await || token.kind == .identifier || token.kind == .dot
        || model.token(position, is: "?")
    }
  }
}
