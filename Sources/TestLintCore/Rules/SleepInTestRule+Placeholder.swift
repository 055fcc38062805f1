/// A `Task` that only sleeps a long while, handed to the code under test to be cancelled
/// (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is a placeholder for long work: the whole of a
  /// `Task { }` (or `Task.detached { }`) is one `Task.sleep` of at least `stubSeconds` (a
  /// literal), the test hands that task to a call, by the name it keeps it in (`let job = Task {
  /// try await Task.sleep(for: .seconds(30)) }`, then `registry.track(job)`) or inline
  /// (`registry.track(Task { ... })`), and somewhere stops or cancels something
  /// (`registry.cancelAll()`). The code it was handed to cancels it, and a cancelled
  /// `Task.sleep` returns at once: no time passes. Not when the test reads the kept task's
  /// `value` or `result`, which waits the sleep out.
  static func isHandedPlaceholderTask(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"], let parent = sleep.parent, let parentheses = sleep.parentheses,
      let amount = sleep.arguments.first, let body = model.functions[sleep.function].body
    else { return false }
    let task = calls[parent]
    guard task.path == ["Task"] || task.path == ["Task", "detached"], task.trailingClosures.count == 1,
      let closure = task.trailingClosures.first?.tokens, closure.contains(sleep.nameToken),
      // The sleep is the closure's only statement: `{ try await Task.sleep(...) }`.
      parentheses.upperBound == closure.upperBound - 1,
      ((closure.lowerBound + 1)..<(sleep.nameToken - 2)).allSatisfy({ position in
        let token = model.tokens[position]
        return token.keyword == .try || token.keyword == .await || model.token(position, is: "?")
      }),
      let seconds = seconds(of: amount, in: model), seconds >= stubSeconds
    else { return false }
    let siblings = model.functions[sleep.function].calls
    // Something stops or cancels work: the source or registry the task was handed to.
    guard siblings.contains(where: { calls[$0].path.count >= 2 && stopNames.contains(calls[$0].name) })
    else { return false }
    let start = task.path.count == 1 ? task.nameToken : task.nameToken - 2
    // Handed inline: the task is the whole argument of the call around it.
    if let owner = task.parent,
      calls[owner].arguments.contains(where: { $0.value.lowerBound == start && $0.value.upperBound == closure.upperBound })
    {
      return true
    }
    // Kept in a local (`let job = Task { ... }`) that a later call is given by its name.
    let tokens = model.tokens
    guard let name = keptName(of: task, in: model), start >= 3,
      tokens[start - 3].keyword == .let || tokens[start - 3].keyword == .var
    else { return false }
    let handed = siblings.contains { sibling in
      calls[sibling].nameToken > closure.upperBound
        && calls[sibling].arguments.contains { $0.value.count == 1 && model.text($0.value.lowerBound) == name }
    }
    guard handed else { return false }
    // Awaiting the task's outcome waits the sleep out.
    let end = min(body.upperBound, tokens.count) - 2
    return !(closure.upperBound..<max(closure.upperBound, end)).contains { position in
      tokens[position].kind == .identifier && model.text(position) == name && tokens[position + 1].kind == .dot
        && (model.token(position + 2, is: "value") || model.token(position + 2, is: "result"))
    }
  }
}
