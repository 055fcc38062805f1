extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is work the code under test times: it sits in a
  /// closure handed to a call that enforces a deadline on that closure, so the test waits for
  /// the call's deadline, not for the pause. This function answers the third case below, which
  /// reads the run's helpers; `isWorkUnderDeadline(_:in:)` the first two, from the file's model.
  /// - A method given a `timeout:` (`Gate.sync(timeout: .milliseconds(50)) { gate in ... }`)
  ///   whose closure takes a handle the work signals: the pause inside is the slow work the
  ///   call must time out on or wait for. Not a free function nor a method named `wait...` or
  ///   `expect...` (`waitUntil(timeout:) { done in ... }` is the test's own wait).
  /// - A `withTimeout`/`withDeadline` call whose closure only sleeps and then returns a constant
  ///   (`withDeadline(0.05) { try await Task.sleep(for: .seconds(30)); return 7 }`), for no less
  ///   than the deadline: the deadline ends the operation, and the test waits for the deadline.
  ///   A shorter sleep, or one whose length is not written, is waited out and still reported.
  /// - A helper's call given a literal `timeout:` no longer than the sleep, whose closure only
  ///   sleeps (`assertThrowsLate(timeout: 0.1) { try await Task.sleep(for: .seconds(1)) }`):
  ///   the helper runs the closure under that deadline, and the test waits for the deadline.
  ///   When the file declares functions of the helper's name, one of them must hand its closure
  ///   parameter to a `withTimeout`/`withDeadline` call (followed one level, by name); not a
  ///   helper named `wait...` or `expect...` (the test's own wait).
  static func isWorkUnderHelperDeadline(_ index: Int, in context: RuleContext) -> Bool {
    let model = context.model
    let sleep = model.calls[index]
    guard sleep.path == ["Task", "sleep"], let parent = sleep.parent else { return false }
    let call = model.calls[parent]
    let name = call.name.lowercased()
    guard !call.isMacro, call.path.first != "Task", !name.hasPrefix("wait"), !name.hasPrefix("expect"),
      !name.hasPrefix("withtimeout"), !name.hasPrefix("withdeadline"),
      let closure = call.trailingClosures.first(where: { $0.tokens.contains(sleep.nameToken) })?.tokens
        ?? call.arguments.first(where: { $0.value.contains(sleep.nameToken) })?.value,
      model.tokens[closure.lowerBound].kind == .leftBrace, !takesParameters(closure, in: model),
      let ending = ending(of: closure, after: sleep, in: model) ?? (isWhole(sleep, of: closure, in: model) ? .sleeps : nil),
      ending == .sleeps || ending == .constant,
      let deadline = (call.arguments.first(where: { $0.label == "timeout" }) ?? racedDeadline(of: call, in: context))
        .flatMap({ seconds(of: $0, in: model) }),
      let pause = sleep.arguments.first.flatMap({ seconds(of: $0, in: model) }), deadline <= pause
    else { return false }
    guard let helpers = context.callGraph.functions(named: call.name) else { return true }
    return helpers.contains { forwardsToDeadline($0, in: model) || racesClosure($0, in: model) }
  }

  /// Whether the sleep is the whole of a closure written on one line (`{ try await
  /// Task.sleep(for: .seconds(1)) }`), which `ending(of:after:in:)` reads no statement in.
  private static func isWhole(_ sleep: Call, of closure: Range<Int>, in model: FileModel) -> Bool {
    guard let parentheses = sleep.parentheses, parentheses.upperBound == closure.upperBound - 1 else { return false }
    return ((closure.lowerBound + 1)..<sleep.nameToken).allSatisfy { position in
      let token = model.tokens[position]
      return token.keyword == .try || token.keyword == .await || token.kind == .identifier || token.kind == .dot
        || model.token(position, is: "?")
    }
  }

  /// Whether a function hands one of its closure parameters to a `withTimeout...` or
  /// `withDeadline...` call (`withTimeout(timeout) { try await operation() }`).
  private static func forwardsToDeadline(_ function: Int, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    let closures = declaration.parameters.filter { $0.type.contains("->") }.map(\.name)
    guard !closures.isEmpty else { return false }
    return declaration.calls.contains { index in
      let call = model.calls[index]
      let name = call.name.lowercased()
      guard name.hasPrefix("withtimeout") || name.hasPrefix("withdeadline") else { return false }
      let ranges = call.arguments.map(\.value) + call.trailingClosures.map(\.tokens)
      return ranges.contains { range in
        range.contains { model.tokens[$0].kind == .identifier && closures.contains(model.text($0)) }
      }
    }
  }

  /// The first two cases of `isWorkUnderHelperDeadline(_:in:)`, which the file's model answers.
  static func isWorkUnderDeadline(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    let tokens = model.tokens
    var current = sleep.parent
    var steps = 0
    while let parent = current, steps < 16 {
      current = calls[parent].parent
      steps += 1
      let call = calls[parent]
      guard !call.isMacro, call.path.first != "Task", !taskGroupChildNames.contains(call.name) else { continue }
      let inside = { (range: Range<Int>) in
        range.contains(sleep.nameToken) && tokens[range.lowerBound].kind == .leftBrace
      }
      guard
        let closure = call.trailingClosures.first(where: { inside($0.tokens) })?.tokens
          ?? call.arguments.first(where: { inside($0.value) })?.value
      else { continue }
      let name = call.name.lowercased()
      if call.path.count >= 2, call.arguments.contains(where: { $0.label == "timeout" }),
        !name.hasPrefix("wait"), !name.hasPrefix("expect"), takesParameters(closure, in: model)
      {
        return true
      }
      if name.hasPrefix("withtimeout") || name.hasPrefix("withdeadline"), sleep.path == ["Task", "sleep"],
        parent == sleep.parent, let ending = ending(of: closure, after: sleep, in: model),
        let deadline = call.arguments.first.flatMap({ seconds(of: $0, in: model) }),
        let pause = sleep.arguments.first.flatMap({ seconds(of: $0, in: model) })
      {
        return (ending == .sleeps || ending == .constant) && deadline <= pause
      }
    }
    return false
  }

  /// The seconds a duration argument spells, when it is a literal: a number (seconds, or the
  /// unit its label names: `nanoseconds: 1_000`, `milliseconds: 50`), or `.seconds(2)`,
  /// `.milliseconds(50)`, `.microseconds(5)`, `.nanoseconds(10)`.
  static func seconds(of argument: Argument, in model: FileModel) -> Double? {
    let text = argument.value.map { model.text($0) }
    func number(_ text: String) -> Double? { Double(text.filter { $0 != "_" }) }
    let scales: [String: Double] = ["seconds": 1, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
    if text.count == 1, let value = number(text[0]) {
      return value * (argument.label.flatMap { scales[$0] } ?? 1)
    }
    guard text.count == 5, text[0] == ".", text[2] == "(", text[4] == ")", let scale = scales[text[1]],
      let value = number(text[3])
    else { return nil }
    return value * scale
  }
}
