/// `sleep_in_test`'s reading of a watchdog `Task` a type keeps in a property: the deadline of a
/// wait that another method of the type cancels when the awaited event comes
/// (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether the wait at `model.calls[index]` is a `Task.sleep`, a statement of a `Task { }`
  /// assigned to a stored property of the enclosing type (`timer = Task { ... }`, not a local),
  /// followed at once by `guard !Task.isCancelled else { return }`, and another method of the
  /// same type cancels that property (`timer?.cancel()`). The task gives up the wait when the
  /// event is late; the method that sees the event cancels it, so the sleep ends only when the
  /// work is late, as a kept watchdog `Task` that the test cancels does (`isDeadline`).
  static func isPropertyWatchdog(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let sleep = calls[index]
    guard sleep.path == ["Task", "sleep"], let parent = sleep.parent, calls[parent].path == ["Task"],
      let parentheses = sleep.parentheses, let owner = model.functions[sleep.function].owner
    else { return false }
    let tokens = model.tokens
    // `name = Task {` or `self.name = Task {`, not `let name = Task {`.
    let task = calls[parent].nameToken
    guard task >= 3, model.token(task - 1, is: "="), tokens[task - 2].kind == .identifier,
      tokens[task - 3].keyword != .let, tokens[task - 3].keyword != .var
    else { return false }
    let name = model.text(task - 2)
    let isProperty = model.types[owner].properties.contains { property in
      model.properties[property].name == name && !model.properties[property].isStatic
    }
    guard isProperty else { return false }
    // `guard !Task.isCancelled else { return }` right after the sleep.
    let guardTokens = ["guard", "!", "Task", ".", "isCancelled", "else", "{", "return", "}"]
    let after = parentheses.upperBound
    guard after + guardTokens.count <= tokens.count,
      guardTokens.enumerated().allSatisfy({ model.text(after + $0.offset) == $0.element })
    else { return false }
    // Another method of the type cancels the property.
    return model.types[owner].functions.contains { function in
      function != sleep.function
        && model.functions[function].calls.contains { other in
          let path = calls[other].path
          return path == [name, "cancel"] || path == ["self", name, "cancel"]
        }
    }
  }
}
