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
    let operations = Set(declaration.parameters.filter { $0.type.contains("->") }.map(\.name))
    guard !operations.isEmpty else { return false }
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
        for inner in declaration.calls where closure.contains(calls[inner].nameToken) {
          let innerCall = calls[inner]
          if innerCall.path.count == 1, operations.contains(innerCall.name) { runsOperation = true }
          if innerCall.name == "sleep", innerCall.parent == child,
            SleepInTestRule.ending(of: closure, after: innerCall, in: model) == .fails
          {
            timesOut = true
          }
        }
      }
      if runsOperation, timesOut, takesFirst { return true }
    }
    return false
  }
}
