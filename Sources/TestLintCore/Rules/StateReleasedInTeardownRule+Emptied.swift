extension StateReleasedInTeardownRule {
  /// Members emptied in a token range by the standard library's `removeAll()` or
  /// `removeAll(keepingCapacity:)`: `tokens.removeAll()`, `self.tokens.removeAll()`,
  /// `self?.tokens?.removeAll()`. An emptied collection holds nothing, so it keeps nothing alive,
  /// just as `= []` does. Not `removeAll(where:)`, which keeps some, nor a member of another
  /// value (`store.tokens.removeAll()`), nor a property not declared as a standard collection.
  static func emptiedCollections(in range: Range<Int>, of model: FileModel) -> Set<String> {
    let tokens = model.tokens
    var names: Set<String> = []
    for index in range where index >= 2 && index + 1 < range.upperBound {
      // The neighbours first: they reject most identifiers without reading any text.
      guard tokens[index].kind == .identifier, tokens[index - 1].kind == .dot,
        tokens[index + 1].kind == .leftParen, model.token(index, is: "removeAll")
      else { continue }
      let argument = index + 2
      guard argument < tokens.count,
        tokens[argument].kind == .rightParen || model.token(argument, is: "keepingCapacity")
      else { continue }
      var target = index - 2
      if tokens[target].kind == .operator, model.token(target, is: "?") || model.token(target, is: "!") {
        target -= 1
      }
      guard target >= 0, tokens[target].isIdentifierLike, isOwnMember(target, in: model) else { continue }
      var name = model.text(target)
      if tokens[target].kind == .backtickIdentifier { name = String(name.dropFirst().dropLast()) }
      names.insert(name)
    }
    // Only a property the file declares as a standard collection: a cache or a keychain
    // service's `removeAll()` empties what the object holds, and the object stays.
    return names.filter { name in
      model.properties.contains { $0.name == name && isStandardCollection($0.typeAnnotation) }
    }
  }

  /// `[T]`, `[K: V]`, `Set<T>`, `Array<T>`, `Dictionary<K, V>`, `ContiguousArray<T>` as written.
  private static func isStandardCollection(_ annotation: String?) -> Bool {
    guard let annotation else { return false }
    return annotation.hasPrefix("[")
      || ["Set<", "Array<", "Dictionary<", "ContiguousArray<"].contains(where: annotation.hasPrefix)
  }
}
