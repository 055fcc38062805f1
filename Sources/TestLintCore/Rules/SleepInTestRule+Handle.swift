extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is a `Task.sleep` in the trailing closure of a call
  /// other than `Task { }` whose result the test keeps in a name and cancels (`let job =
  /// queue.enqueue { ... }`, then `job.cancel()`): the kept handle stands for the closure's task,
  /// so it is read as a kept `Task` is (`isDeadline`). The sleep is the work being cancelled when
  /// the closure fails or cancels something after it (`Issue.record`, `XCTFail`, in a `do` block
  /// too), or when the test cancels the handle before it awaits anything else, or cancels it and
  /// then awaits its value expecting the cancellation (`cancelsWork`). Only `Task.sleep`: an
  /// async closure, which a cancel cuts short; `Thread.sleep` in one is still a wait.
  static func isInCancelledHandle(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"] else { return false }
    let siblings = model.functions[sleep.function].calls
    var current = sleep.parent
    var steps = 0
    while let parent = current, steps < 16 {
      current = calls[parent].parent
      steps += 1
      let call = calls[parent]
      // A `Task` (kept or not) and a task group's child are read by `isDeadline`.
      if call.path.first == "Task" || taskGroupChildNames.contains(call.name) { return false }
      guard !call.isMacro,
        let closure = call.trailingClosures.first(where: { $0.tokens.contains(sleep.nameToken) })?.tokens,
        let handle = keptName(of: call, in: model)
      else { continue }
      guard
        let cancel = siblings.first(where: {
          calls[$0].path == [handle, "cancel"] && calls[$0].nameToken > closure.upperBound
        })
      else { return false }
      let ending = Self.ending(of: closure, after: sleep, in: model)
      if ending == .fails || ending == .cancels { return true }
      return cancelsWork(
        handle, closure: closure, cancel: calls[cancel].nameToken, siblings: siblings, in: model)
    }
    return false
  }

  /// The name the call's result is stored in (`job` in `let job = queue.enqueue { ... }` or
  /// `job = queue.enqueue { ... }`): its path is spelled as plain names joined by dots, right
  /// after `name =`; nil otherwise.
  static func keptName(of call: Call, in model: FileModel) -> String? {
    guard !call.hasExpressionBase, !call.isImplicitMember else { return nil }
    let tokens = model.tokens
    let start = call.nameToken - 2 * (call.path.count - 1)
    guard start >= 2 else { return nil }
    for (step, name) in call.path.enumerated() {
      let position = start + 2 * step
      guard model.text(position) == name else { return nil }
      if step > 0, tokens[position - 1].kind != .dot { return nil }
    }
    guard model.token(start - 1, is: "="), tokens[start - 2].kind == .identifier else { return nil }
    return model.text(start - 2)
  }
}
