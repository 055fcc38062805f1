/// A same-file helper named for its deadline that races its closure against a sleep in a task
/// group (`runLimited(within: .seconds(1)) { ... }` declared as `func runWithDeadline(...)`): its
/// first argument is the deadline, as a `timeout:` is for other helpers.
extension SleepInTestRule {
  /// The deadline argument of a call to such a helper: its first argument, labelled, when the
  /// helper's name says `timeout` or `deadline` and a function of that name in the file races
  /// a closure parameter (`racesClosure`). Nil for any other call.
  static func racedDeadline(of call: Call, in context: RuleContext) -> Argument? {
    let name = call.name.lowercased()
    guard name.contains("timeout") || name.contains("deadline"), let first = call.arguments.first,
      first.label != nil, let helpers = context.callGraph.functions(named: call.name),
      helpers.contains(where: { racesClosure($0, in: context.model) })
    else { return nil }
    return first
  }

  /// Whether a function races one of its closure parameters against a sleep: one child task of
  /// a group calls the parameter (`group.addTask { try await work() }`), another sleeps
  /// (`group.addTask { try await Task.sleep(for: limit); throw Late() }`).
  static func racesClosure(_ function: Int, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    let closures = declaration.parameters.filter { $0.type.contains("->") }.map(\.name)
    guard !closures.isEmpty else { return false }
    let children = declaration.calls.compactMap { index -> Range<Int>? in
      let call = model.calls[index]
      guard taskGroupChildNames.contains(call.name), call.path.count >= 2 else { return nil }
      return call.trailingClosures.first?.tokens
    }
    let runsWork = children.contains { range in
      range.contains { model.tokens[$0].kind == .identifier && closures.contains(model.text($0)) }
    }
    let sleeps = children.contains { range in
      declaration.calls.contains { index in
        model.calls[index].path == ["Task", "sleep"] && range.contains(model.calls[index].nameToken)
      }
    }
    return runsWork && sleeps
  }
}
