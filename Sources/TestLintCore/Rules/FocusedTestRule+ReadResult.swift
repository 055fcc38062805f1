extension FocusedTestRule {
  /// Whether the recording call at `index` hands its result to a name (`let message =
  /// verifySnapshot(..., record: true)`, `if let message = ...`, `guard let message = ...`) that
  /// its function reads afterwards: a call whose outcome is inspected records on purpose (a
  /// screenshot generator that fails only on a message other than the recording one), not a
  /// switch left on by mistake.
  static func readsRecordingResult(_ index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    var cursor = call.nameToken - 1
    // Back over `try`, `try?`, `try!` and `await`.
    while cursor > 0 {
      if model.token(cursor, is: "try") || model.token(cursor, is: "await") {
        cursor -= 1
      } else if model.token(cursor, is: "?") || model.token(cursor, is: "!"), model.token(cursor - 1, is: "try") {
        cursor -= 2
      } else {
        break
      }
    }
    guard cursor >= 2, model.token(cursor, is: "="), model.tokens[cursor - 1].kind == .identifier,
      model.token(cursor - 2, is: "let") || model.token(cursor - 2, is: "var"),
      let body = model.functions[call.function].body
    else { return false }
    let name = model.text(cursor - 1)
    return (call.nameToken + 1..<body.upperBound).contains { position in
      model.tokens[position].kind == .identifier && model.text(position) == name
    }
  }
}
