/// `sleep_in_test`'s reading of a closure a test assigns to a static hook of a test-only type:
/// the type's stand-in work, which the code under test runs while the test waits on an
/// expectation (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is inside a closure literal the test assigns to a
  /// static property of a type (`SlowPlugin.onStart = { ... }`) that stands in for real work
  /// whatever its name: the type is declared in the file (not a test case), or the test hands
  /// the type itself to the code under test (`hub.register([SlowPlugin.self])`). The test must
  /// then wait on an expectation with a timeout (`wait(for:timeout:)`,
  /// `waitForExpectations(timeout:)`, `fulfillment(of:timeout:)`) and never name the hook again
  /// (clearing it afterwards with `= nil` aside):
  /// the sleep simulates slow work where the code under test calls the hook, as a `*Mock*`
  /// type's handler does (`isInDoubleHandler`), and the test waits for the event.
  static func isInTestOnlyHook(_ index: Int, code: TestCode, context: RuleContext) -> Bool {
    guard code.test != nil else { return false }
    let model = context.model
    let token = model.calls[index].nameToken
    guard
      let hook = model.assignments.first(where: { assignment in
        assignment.value.contains(token) && assignment.target.count == 2
          && code.tokens.contains(assignment.targetToken)
          && model.tokens[assignment.value.lowerBound].kind == .leftBrace
      })
    else { return false }
    let type = hook.target[0]
    guard type != "Self", AssertionMatcher.startsUppercase(type)
    else { return false }
    // The test does not name the hook again (`SlowPlugin.onStart?()` runs it in the test, and
    // so may an alias of it); clearing it (`defer { SlowPlugin.onStart = nil }`) is no use.
    let tokens = model.tokens
    let property = hook.target[1]
    let namesHook = code.tokens.contains { position in
      guard position != hook.targetToken, position >= code.tokens.lowerBound + 2,
        tokens[position].kind == .identifier, tokens[position - 1].kind == .dot,
        model.text(position) == property, model.text(position - 2) == type
      else { return false }
      let clears = position + 2 < tokens.count && model.text(position + 1) == "="
        && tokens[position + 2].keyword == .nil
      return !clears
    }
    if namesHook { return false }
    // The test waits for an event after setting the hook.
    var waits = false
    for call in code.calls {
      let candidate = model.calls[call]
      if candidate.nameToken > hook.value.upperBound, Self.expectationWaits.contains(candidate.name),
        candidate.arguments.contains(where: { $0.label == "timeout" })
      {
        waits = true
      }
    }
    guard waits else { return false }
    let declared = context.types(named: type).contains { model.types[$0].kind != .extension }
    if declared { return !context.discovery.testCaseClasses.contains(type) }
    // `Type.self` in the test: the type itself is handed over, a plug-in the code under test runs.
    return code.tokens.contains { position in
      position + 2 < code.tokens.upperBound && tokens[position].kind == .identifier
        && tokens[position + 1].kind == .dot && model.token(position + 2, is: "self")
        && model.text(position) == type
    }
  }

  /// The calls that wait on expectations, with a `timeout:` argument.
  static let expectationWaits: NameSet = ["wait", "waitForExpectations", "fulfillment"]
}
