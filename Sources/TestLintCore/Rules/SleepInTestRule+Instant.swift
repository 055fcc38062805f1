extension SleepInTestRule {
  /// Whether a run loop's deadline is the present moment: `Date()`, `.now`, `Date.now`, or the
  /// present spelled as an offset of nothing (`Date(timeIntervalSinceNow: 0)`,
  /// `Date().addingTimeInterval(0)`). One pass over what is already due, no real time.
  static func isNow(_ value: Range<Int>, in model: FileModel) -> Bool {
    if isPresent(value, in: model) { return true }
    guard value.count <= 8 else { return false }
    let text = value.map { model.text($0) }.joined()
    return ["0", "0.0"].contains { zero in
      text == "Date(timeIntervalSinceNow:\(zero))" || text == "Date().addingTimeInterval(\(zero))"
    }
  }

  /// Whether a `Task.sleep` waits for no real time: it sleeps on a clock that is not a real one
  /// (`Task.sleep(for: .seconds(1), clock: clock)` with a test clock the test advances, as
  /// `clock.sleep(for:)` is), or for less than a microsecond (`Task.sleep(nanoseconds: 1)`,
  /// `.nanoseconds(500)`), a suspension point that lets other tasks run, as `Task.yield()`
  /// does. A whole microsecond (`nanoseconds: 1000`) is still read as a wait. Nor is the largest
  /// duration (`nanoseconds: .max`), endless work.
  static func isVirtualOrYield(_ call: Call, in model: FileModel) -> Bool {
    guard call.path == ["Task", "sleep"] else { return false }
    let arguments = call.arguments
    if let clock = arguments.first(where: { $0.label == "clock" }) {
      return !isRealClock(clock.value, in: model)
    }
    guard let amount = arguments.first else { return false }
    let tokens = amount.value.map { model.text($0) }
    // The largest duration (`nanoseconds: .max`, `UInt64.max`): a task that never ends until it
    // is cancelled, a stand-in for long-running work, never a wait for time to pass.
    if amount.label == "nanoseconds", [".max", "UInt64.max"].contains(tokens.joined()) { return true }
    func number(_ text: String) -> Int? { Int(text.filter { $0 != "_" }) }
    if amount.label == "nanoseconds", tokens.count == 1, let value = number(tokens[0]) {
      return value < 1_000
    }
    // `.nanoseconds(500)`: the case, its parentheses and a whole number.
    guard amount.label == "for" || amount.label == nil, tokens.count == 5, tokens[0] == ".",
      tokens[2] == "(", tokens[4] == ")", let value = number(tokens[3])
    else { return false }
    return tokens[1] == "nanoseconds" && value < 1_000
  }

  /// Whether a `clock:` argument is a real clock: `ContinuousClock()`, `SuspendingClock()`,
  /// `.continuous`, `.suspending`, or a name the file sets to one (`let clock =
  /// ContinuousClock()`).
  private static func isRealClock(_ value: Range<Int>, in model: FileModel) -> Bool {
    let real = ["ContinuousClock", "SuspendingClock", "continuous", "suspending"]
    let text = value.map { model.text($0) }
    if text.contains(where: { real.contains($0) }) { return true }
    guard text.count == 1 || (text.count == 3 && text[0] == "self" && text[1] == ".") else { return false }
    let name = text[text.count - 1]
    let tokens = model.tokens
    // The name's declaration or assignment: `name = ContinuousClock()`, `name: some Clock<Duration>
    // = .continuous`, a few tokens on.
    for position in tokens.indices where tokens[position].kind == .identifier && model.text(position) == name {
      guard position + 1 < tokens.count, model.token(position + 1, is: "=") || model.token(position + 1, is: ":")
      else { continue }
      var cursor = position + 1
      while cursor < min(tokens.count, position + 12), !tokens[cursor].isAtLineStart || cursor == position + 1 {
        if real.contains(model.text(cursor)) { return true }
        cursor += 1
      }
    }
    return false
  }
}
