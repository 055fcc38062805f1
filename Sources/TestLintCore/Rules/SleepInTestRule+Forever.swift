extension SleepInTestRule {
  /// Whether a `Task.sleep` sleeps for the largest duration there is (`nanoseconds: .max`,
  /// `nanoseconds: UInt64.max`): a task that never ends until it is cancelled, a stand-in for
  /// long-running work, never a wait for time to pass.
  static func sleepsForever(_ call: Call, in model: FileModel) -> Bool {
    guard call.path == ["Task", "sleep"], let amount = call.arguments.first, amount.label == "nanoseconds"
    else { return false }
    let text = amount.value.map { model.text($0) }.joined()
    return text == ".max" || text == "UInt64.max"
  }
}
