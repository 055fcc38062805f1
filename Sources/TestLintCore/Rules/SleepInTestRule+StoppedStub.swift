/// A long sleep in a closure handed inline to the code under test, which the test then stops
/// (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is slow work the test hands inline to the code
  /// under test and then cuts short: a `Task.sleep` of at least `stubSeconds` (a literal, or a
  /// `let` of the file holding one) inside a closure given to a call, as a trailing closure or
  /// an argument (`Feed { _ in try await Task.sleep(for: .seconds(30)); ... }`,
  /// `Monitor(check: { ... })`), when the test, after that closure, stops or cancels something
  /// (`feed.stop()`, `await monitor.stop(id: name)`, `request.cancel()`). The nearest call
  /// around the closure must not be a `Task`, a task group's child, a dispatch queue's or a
  /// macro: there the sleep runs as the test's own code. The sleep stands in for work far
  /// longer than the test runs, and a cancelled `Task.sleep` returns at once; a stub the test
  /// awaits sleeps for less, and is still reported, as the same closure kept in a local is
  /// (`isCancelledSlowWork`).
  static func isStoppedSlowStub(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"], let parent = sleep.parent, let amount = sleep.arguments.first
    else { return false }
    let owner = calls[parent]
    guard !owner.isMacro, owner.path.first != "Task", !taskGroupChildNames.contains(owner.name),
      !dispatchNames.contains(owner.name), !owner.path.contains("DispatchQueue")
    else { return false }
    let tokens = model.tokens
    let inside = { (range: Range<Int>) in range.contains(sleep.nameToken) && tokens[range.lowerBound].kind == .leftBrace }
    guard
      let closure = owner.trailingClosures.first(where: { inside($0.tokens) })?.tokens
        ?? owner.arguments.first(where: { inside($0.value) })?.value,
      // Something after the closure stops or cancels the work.
      model.functions[sleep.function].calls.contains(where: {
        let call = calls[$0]
        return call.nameToken > closure.upperBound && call.path.count >= 2 && stopNames.contains(call.name)
      }),
      let seconds = seconds(of: amount, in: model) ?? constantSeconds(of: amount, in: model)
    else { return false }
    return seconds >= stubSeconds
  }

  /// The seconds of a duration argument that names a constant (`nanoseconds: slowWork`) which a
  /// `let` of the file sets to a number (`let slowWork: UInt64 = 20_000_000_000`).
  private static func constantSeconds(of argument: Argument, in model: FileModel) -> Double? {
    guard argument.value.count == 1, model.tokens[argument.value.lowerBound].kind == .identifier else { return nil }
    let name = model.text(argument.value.lowerBound)
    let tokens = model.tokens
    for position in 1..<max(1, tokens.count - 2)
    where tokens[position - 1].keyword == .let && tokens[position].kind == .identifier
      && model.text(position) == name
    {
      // `let name = 5` or `let name: Type = 5`.
      var equals = position + 1
      if model.token(equals, is: ":") { equals += 2 }
      // The number alone, not the first operand of an expression.
      guard equals + 2 < tokens.count, model.token(equals, is: "="), tokens[equals + 2].kind != .operator,
        tokens[equals + 2].kind != .dot
      else { continue }
      let literal = Argument(label: argument.label, tokens: argument.tokens, value: (equals + 1)..<(equals + 2))
      return seconds(of: literal, in: model)
    }
    return nil
  }

  /// The shortest sleep read as work the test never waits for.
  static let stubSeconds: Double = 5
  /// The calls that stop or cancel work the test started (`feed.stop()`, `job.cancel()`).
  static let stopNames: NameSet = ["stop", "cancel", "cancelAll", "abort"]
  /// A dispatch queue's calls, whose closure is the test's own code run later.
  static let dispatchNames: NameSet = ["async", "asyncAfter", "sync", "concurrentPerform"]
}
