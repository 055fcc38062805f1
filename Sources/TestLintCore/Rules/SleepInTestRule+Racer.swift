extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` races work that a helper runs: a `Task.sleep`,
  /// a statement of a closure handed to a call (not `Task { }`, not a macro), followed only by
  /// the closure's last statement, which records a failure (`Issue.record(...)`,
  /// `XCTFail(...)`): `withTestServer { ... } server: { ...; try await Task.sleep(for:
  /// .seconds(30)); Issue.record("the client never timed out") }`. The helper cancels the
  /// closure once the awaited event comes, so the sleep ends only when the work is late, as in
  /// a kept watchdog `Task`.
  static func isTimeoutRacer(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"], let parent = sleep.parent, let parentheses = sleep.parentheses
    else { return false }
    let helper = calls[parent]
    guard !helper.isMacro, helper.path.first != "Task", !taskGroupChildNames.contains(helper.name) else {
      return false
    }
    let tokens = model.tokens
    let inside = { (range: Range<Int>) in range.contains(sleep.nameToken) && tokens[range.lowerBound].kind == .leftBrace }
    guard
      let closure = helper.trailingClosures.first(where: { inside($0.tokens) })?.tokens
        ?? helper.arguments.first(where: { inside($0.value) })?.value
    else { return false }
    // The last two statements at the closure's own level.
    let end = min(closure.upperBound - 1, tokens.count)
    var depth = 0
    var previous: Int?
    var last: Int?
    for position in (closure.lowerBound + 1)..<max(closure.lowerBound + 1, end) {
      let kind = tokens[position].kind
      if depth == 0, statementStarts(at: position, in: model) { (previous, last) = (last, position) }
      switch kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: break
      }
    }
    guard var first = previous, let last, parentheses.upperBound == last else { return false }
    // The sleep is the whole statement before: `try await Task.sleep(...)`.
    while first < last, tokens[first].keyword == .try || tokens[first].keyword == .await { first += 1 }
    guard first == sleep.nameToken - 2 else { return false }
    return model.token(last, is: "XCTFail") && model.token(last + 1, is: "(")
      || model.token(last, is: "Issue") && model.token(last + 2, is: "record")
  }

  /// The calls whose closure is a child task of a group, read by `isDeadline`.
  static let taskGroupChildNames: NameSet = ["addTask", "addTaskUnlessCancelled"]
}
