/// A parameter typed `some P` (`func accepts(_: some Backend) {}`): an anonymous generic
/// parameter constrained to `P`, the same as `func accepts<B: Backend>(_: B) {}`
/// (`missing_assertion`'s compile-time check of a function the test declares, set 46).
enum SomeParameter {
  /// Whether the type starting at `start` is `some P` (one name, dotted or not, other than
  /// `AnyObject`), up to the parameter's end (`,` or `)`).
  static func isConstrained(at start: Int, before end: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard start + 2 < end, model.token(start, is: "some"), tokens[start + 1].kind == .identifier,
      !model.token(start + 1, is: "AnyObject")
    else { return false }
    var cursor = start + 2
    while cursor + 1 < end, tokens[cursor].kind == .dot, tokens[cursor + 1].kind == .identifier {
      cursor += 2
    }
    return tokens[cursor].kind == .comma || tokens[cursor].kind == .rightParen
  }
}
