/// A recorder's expectation read with `try ... .get()`: `let recorder = publisher.record()`,
/// then `try recorder.finished.get()`, `try recorder.next(2).get()`. A publisher-recording
/// library's `get()` returns what the expectation waited for, or throws when it is not met
/// (the publisher did not finish, failed, sent too few values): the test fails exactly then,
/// as with a wait. Narrow on purpose: the call is `get()` without arguments, under a plain
/// `try` (not `try?` or `try!`), on a chain whose first name is a local of the same function made by a call
/// named `record()` (`... .record()` as the initializer's end). A `get()` of anything else (a
/// `Result`'s) is the code under test's.
enum RecordingGet {
  /// Whether the call is such a `get()`.
  static func counts(callAt index: Int, in model: FileModel) -> Bool {
    guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "g") else { return false }
    let call = model.calls[index]
    guard call.name == "get", call.labels.isEmpty, call.trailingClosures.isEmpty, !call.isMacro,
      call.path.count > 1 || call.hasExpressionBase,
      let root = UndeclaredCheck.chainStart(before: call.nameToken, in: model), root != call.nameToken
    else { return false }
    // Under a plain `try` (`UndeclaredCheck.isTried`): `try?` drops the expectation's error.
    guard UndeclaredCheck.isTried(call, in: model) else { return false }
    let name = model.text(root)
    return model.locals.contains { local in
      local.name == name && local.function == call.function && local.nameToken < root
        && local.initializer.map { endsInRecord($0, in: model) } == true
    }
  }

  /// Whether an initializer ends with `.record()`.
  private static func endsInRecord(_ range: Range<Int>, in model: FileModel) -> Bool {
    let last = range.upperBound - 1
    guard range.count >= 4 else { return false }
    return model.token(last, is: ")") && model.token(last - 1, is: "(") && model.token(last - 2, is: "record")
      && model.tokens[last - 3].kind == .dot
  }
}
