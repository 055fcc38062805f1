extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is work the code under test times: it sits in a
  /// closure handed to a call that enforces a deadline on that closure, so the test waits for
  /// the call's deadline, not for the pause.
  /// - A method given a `timeout:` (`Gate.sync(timeout: .milliseconds(50)) { gate in ... }`)
  ///   whose closure takes a handle the work signals: the pause inside is the slow work the
  ///   call must time out on or wait for. Not a free function nor a method named `wait...` or
  ///   `expect...` (`waitUntil(timeout:) { done in ... }` is the test's own wait).
  /// - A `withTimeout`/`withDeadline` call whose closure only sleeps and then returns a constant
  ///   (`withDeadline(0.05) { try await Task.sleep(for: .seconds(30)); return 7 }`), for no less
  ///   than the deadline: the deadline ends the operation, and the test waits for the deadline.
  ///   A shorter sleep, or one whose length is not written, is waited out and still reported.
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
