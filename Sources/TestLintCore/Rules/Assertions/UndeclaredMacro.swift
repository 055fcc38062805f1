/// Which freestanding macros, besides Swift Testing's `#expect` and `#require`, count as
/// assertions (`missing_assertion`).
///
/// A test-support package may ship its own expression macros next to its helpers: `#fail()`
/// in the case a test must never reach records an issue, as `Issue.record` does. Such a macro
/// is declared in the package (`macro fail(...) = #externalMacro(...)`), not in the linted
/// test folders. A macro named `#fail`, or whose name reads as a check
/// (`AssertionMatcher.readsAsCheck`: `#assertEqual(a, b)`, `#verifyNoLeaks(store)`), counts
/// unless the file itself declares a macro of that name. Other macros (`#stringify(a)`,
/// `#URL("...")`, `#Preview`) build values and check nothing.
enum UndeclaredMacro {
  /// Whether the call is a macro of a check's name that the file does not declare.
  static func counts(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard call.isMacro, call.name.utf8.count > 1 else { return false }
    let bare = call.name.dropFirst()
    guard bare == "fail" || AssertionMatcher.readsAsCheck(String(bare)) else { return false }
    return !declaresMacro(named: bare, in: model)
  }

  /// Whether the file declares a macro `name` (`macro name(...)`, after any modifiers).
  private static func declaresMacro(named name: Substring, in model: FileModel) -> Bool {
    let tokens = model.tokens
    for index in tokens.indices.dropLast() where tokens[index].keyword == .macro {
      if tokens[index + 1].isIdentifierLike, model.text(index + 1) == name { return true }
    }
    return false
  }
}
