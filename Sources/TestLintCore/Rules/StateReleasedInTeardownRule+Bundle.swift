extension StateReleasedInTeardownRule {
  /// Whether a value is a bundle, which the system caches for the whole run, so a property
  /// holding one keeps nothing alive: `Bundle.main`, `Bundle.module`, `.main`, `.module`, or
  /// `Bundle(for: ...)` (`Bundle(for: Self.self)`, `Bundle(for: type(of: self))`), which hands
  /// back the cached bundle of the class's image. Not `Bundle(path:)` or `Bundle(url:)`. An
  /// implicit `.main` of another type (`queue = .main`, a dispatch queue's) is shared too.
  static func isCachedBundle(_ value: Range<Int>?, in model: FileModel) -> Bool {
    guard let value, value.count >= 2 else { return false }
    let first = value.lowerBound
    if value.count <= 3, model.tokens[value.upperBound - 2].kind == .dot,
      model.token(value.upperBound - 1, is: "main") || model.token(value.upperBound - 1, is: "module")
    {
      return value.count == 2 || model.token(first, is: "Bundle")
    }
    guard value.count >= 6, model.token(first, is: "Bundle"), model.token(first + 1, is: "("),
      model.token(first + 2, is: "for"), model.token(first + 3, is: ":")
    else { return false }
    // The parentheses close at the value's end: not `Bundle(for: X.self).url(...)`.
    return model.closingBracket(of: first + 1, before: value.upperBound) == value.upperBound - 1
  }
}
