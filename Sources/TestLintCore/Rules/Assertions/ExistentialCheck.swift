/// A function named as a check whose parameter is an existential or opaque protocol type and
/// whose body is empty or only throws its parameters away: `func requireStore(_ store: any
/// Store) { _ = store }` (set 49). A call of it compiles only while the argument conforms to
/// the protocol, as the generic form `func requireStore<S: Store>(_: S) {}` does
/// (`CompileTimeCheck`).
///
/// Not `Any` or `AnyObject` (they take anything, or any class), nor a function with a result,
/// `async` or `override`, or a test double's (a stub of a protocol's requirement).
enum ExistentialCheck {
  /// Whether the function is such a compile-time check; `readsAsCheck` says whether its name
  /// reads as one.
  static func isCheck(_ function: FunctionDecl, readsAsCheck: Bool, in model: FileModel) -> Bool {
    guard readsAsCheck, function.kind == .function, let body = function.body, body.count >= 2,
      !function.isAsync, !function.has("override"),
      function.parameters.contains(where: { isProtocolType($0.type) })
    else { return false }
    if let result = function.returnType, result != "Void", result != "()" { return false }
    if let owner = function.owner, AssertionMatcher.isTestDouble(model.types[owner].simpleName) {
      return false
    }
    let names = Set(function.parameters.map(\.name))
    return CompileTimeCheck.discardsOnly(names, from: body.lowerBound + 1, before: body.upperBound, in: model)
  }

  /// `any P` or `some P`, `P` one name (dotted or not) other than `Any` and `AnyObject`.
  private static func isProtocolType(_ type: String) -> Bool {
    let words = type.split(separator: " ")
    guard words.count == 2, words[0] == "any" || words[0] == "some", words[1] != "Any",
      words[1] != "AnyObject", let first = words[1].first, first.isLetter || first == "_"
    else { return false }
    return words[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  }
}
