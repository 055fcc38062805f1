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
    let (previous, last) = lastStatements(of: closure, in: model)
    guard var first = previous, let last, parentheses.upperBound == last else { return false }
    // The sleep is the whole statement before: `try await Task.sleep(...)`.
    while first < last, tokens[first].keyword == .try || tokens[first].keyword == .await { first += 1 }
    guard first == sleep.nameToken - 2 else { return false }
    return model.token(last, is: "XCTFail") && model.token(last + 1, is: "(")
      || model.token(last, is: "Issue") && model.token(last + 2, is: "record")
  }

  /// Whether the wait at `model.calls[index]` is slow work the test hands to the code under test
  /// and then cancels: a `Task.sleep` inside a closure stored in a local (`let fetch: Fetch = {
  /// request in try await Task.sleep(...); ... }`, or in a closure that one makes, `.future {
  /// ... }`), the local passed by its name to a call after it (`load(fetch: fetch)`), and a
  /// cancel or an abort after it (`task.cancel()`, `flag.abort()`). The sleep simulates slow work,
  /// as a *Mock* type's delay does, and a cancelled `Task.sleep` returns at once.
  static func isCancelledSlowWork(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"], let body = model.functions[sleep.function].body else { return false }
    // The enclosing closures, innermost first, up to the function's body (a bounded walk).
    let limit = max(body.lowerBound, sleep.nameToken - 4096)
    return enclosingBlock(around: sleep.nameToken, after: limit, in: model) { open -> Bool? in
      guard model.token(open - 1, is: "="), let name = storedName(before: open - 1, in: model),
        let close = closingBrace(from: open, in: model)
      else { return nil }
      var passed = false
      var cancels = false
      for other in model.functions[sleep.function].calls where calls[other].nameToken > close {
        let call = calls[other]
        if call.path.count >= 2, call.name == "cancel" || call.name == "abort" { cancels = true }
        if call.arguments.contains(where: { $0.value.count == 1 && model.text($0.value.lowerBound) == name }) {
          passed = true
        }
      }
      return passed && cancels
    } ?? false
  }

  /// The name a `let` or `var` declares when its `=` is at token `equals` (`let fetch: Fetch =`,
  /// `var work =`): nil for another statement.
  private static func storedName(before equals: Int, in model: FileModel) -> String? {
    let tokens = model.tokens
    var cursor = equals - 1
    var nesting = 0
    while cursor > 0, equals - cursor < 64 {
      defer { cursor -= 1 }
      switch tokens[cursor].kind {
      case .rightParen, .rightBracket: nesting += 1
      case .leftParen, .leftBracket: nesting -= 1
      case .leftBrace, .rightBrace: return nil
      default: break
      }
      guard nesting == 0, tokens[cursor].keyword == .let || tokens[cursor].keyword == .var else { continue }
      guard tokens[cursor + 1].kind == .identifier, model.token(cursor + 2, is: ":") || cursor + 2 == equals
      else { return nil }
      return model.text(cursor + 1)
    }
    return nil
  }

  /// The calls whose closure is a child task of a group, read by `isDeadline`.
  static let taskGroupChildNames: NameSet = ["addTask", "addTaskUnlessCancelled"]
}
