extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is work the code under test times: it sits in a
  /// closure handed to a call that enforces a deadline on that closure, so the test waits for
  /// the call's deadline, not for the pause.
  /// - A method given a `timeout:` (`Gate.sync(timeout: .milliseconds(50)) { gate in ... }`)
  ///   whose closure takes a handle the work signals: the pause inside is the slow work the
  ///   call must time out on or wait for. Not a free function nor a method named `wait...` or
  ///   `expect...` (`waitUntil(timeout:) { done in ... }` is the test's own wait).
  /// - A `withTimeout`/`withDeadline` call whose closure only sleeps and then returns a constant
  ///   (`withDeadline(1) { try await Task.sleep(...); return 7 }`): the operation raced against
  ///   the deadline.
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
        parent == sleep.parent, let ending = ending(of: closure, after: sleep, in: model)
      {
        return ending == .sleeps || ending == .constant
      }
    }
    return false
  }
}
