/// A function of the file that runs the work it is given against a deadline, so a `try` call
/// of it fails the test exactly when the work is late (`missing_assertion`).
///
/// The shape: a throwing task group (`withThrowingTaskGroup`) with one child that calls a
/// closure parameter of the function (`group.addTask { try await operation() }`) and one that
/// sleeps and then throws or fails (`group.addTask { try await Task.sleep(...); throw
/// Timeout() }`), the group taking the first result (`group.next()`). A
/// `try await withTimeout { await stream.finish() }` is then a wait with a deadline, as
/// XCTest's `wait(for:timeout:)` is. Not a `try?` call, which swallows the timeout, and not
/// a group whose sleeping child does work after its sleep (a delayed stimulus).
enum TimeoutRacer {
  /// Whether the call is a `try` call of a function of the file that is a timeout racer.
  static func counts(callAt index: Int, in model: FileModel, resolver: CallResolver) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.trailingClosures.isEmpty || !call.arguments.isEmpty,
      resolver.isSettledInFile(callAt: index), UndeclaredCheck.isTried(call, in: model)
    else { return false }
    return resolver.targets(ofCallAt: index).contains { isRacer($0, in: model) }
  }

  /// Whether the function races a closure parameter against a sleep that then throws.
  static func isRacer(_ function: Int, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    let operations = Set(declaration.parameters.filter { RuleText.contains($0.type, "->") }.map(\.name))
    guard !operations.isEmpty else { return false }
    return races(function, in: model) { $0.path.count == 1 && operations.contains($0.name) }
  }

  /// Whether the function races its own work (any other child of the group) against a sleep
  /// that then throws: the wait of an expectation type, `func wait(count:timeout:)` whose group
  /// awaits the triggers in one child and sleeps, then throws `Timeout`, in another.
  static func racesOwnWork(_ function: Int, in model: FileModel) -> Bool {
    races(function, in: model, work: nil)
  }

  /// The shape both readers share: a throwing task group taking its first result
  /// (`group.next()`), one child sleeping and then failing, and one child doing the work (a call
  /// for which `work` holds, or, without `work`, any other child).
  private static func races(_ function: Int, in model: FileModel, work: ((Call) -> Bool)?) -> Bool {
    let declaration = model.functions[function]
    let calls = model.calls
    for group in declaration.calls
    where calls[group].name == "withThrowingTaskGroup" || calls[group].name == "withThrowingDiscardingTaskGroup" {
      guard let body = calls[group].trailingClosures.first?.tokens else { continue }
      var runsOperation = false
      var timesOut = false
      var takesFirst = false
      for child in declaration.calls where body.contains(calls[child].nameToken) && calls[child].path.count == 2 {
        if calls[child].name == "next" { takesFirst = true }
        guard calls[child].name == "addTask", let closure = calls[child].trailingClosures.first?.tokens else {
          continue
        }
        var sleepsThenFails = false
        for inner in declaration.calls where closure.contains(calls[inner].nameToken) {
          let innerCall = calls[inner]
          if let work, work(innerCall) { runsOperation = true }
          if innerCall.name == "sleep", innerCall.parent == child,
            SleepInTestRule.ending(of: closure, after: innerCall, in: model) == .fails
          {
            sleepsThenFails = true
          }
        }
        if sleepsThenFails { timesOut = true } else if work == nil { runsOperation = true }
      }
      if runsOperation, timesOut, takesFirst { return true }
    }
    return false
  }

  /// The name under which the run tracks a function that races its own work against a
  /// deadline (`racesOwnWork`), by its name: no call's name holds a `(`.
  static func key(_ name: String) -> String { name + "(racer)" }

  /// The file's functions that race their own work against a deadline, as asserting helpers
  /// under their `key`. Not a `private` or `fileprivate` one, which other files cannot call.
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var result: [HelperSummary] = []
    for index in model.functions.indices where model.functions[index].body != nil {
      let function = model.functions[index]
      guard !function.has("private"), !function.has("fileprivate"), racesOwnWork(index, in: model) else { continue }
      result.append(HelperSummary(name: key(function.name), asserts: true, callees: []))
    }
    return result
  }

  /// Whether the call could be one of a run's racer (`summaries`): a `try` call through a
  /// receiver (`try await expectation.wait(count: 3)`), not a `try?`.
  static func mayBeDeclaredRacer(callAt index: Int, in model: FileModel) -> Bool {
    guard model.calls[index].path.count >= 2, !model.calls[index].isMacro, !model.calls[index].isImplicitMember
    else { return false }
    return UndeclaredCheck.isTried(model.calls[index], in: model)
  }

  /// The keys the file asks the run about (`key` of each call `mayBeDeclaredRacer`).
  static func calledKeys(in model: FileModel) -> Set<String> {
    var keys: Set<String> = []
    for index in model.calls.indices where mayBeDeclaredRacer(callAt: index, in: model) {
      keys.insert(key(model.calls[index].name))
    }
    return keys
  }
}
