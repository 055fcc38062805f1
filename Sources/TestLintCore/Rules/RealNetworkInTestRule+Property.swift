/// A default session kept in a stored property only to read its properties.
extension RealNetworkInTestRule {
  /// Whether the default session built from `start` is assigned to a stored property of the file
  /// (`session = URLSession(configuration: .default, ...)`, `self.session = ...`) whose every other
  /// use in the file (outside other types declaring a property of the name) reads a property of it
  /// (`session.delegate`, not a call) or assigns it again: the file's local-session rule
  /// (`defaultSessionSendsNothing`) for a property a helper sets up. A use that calls a method of
  /// it (`session.dataTask(with:)`, `session.invalidateAndCancel()`) or hands it on
  /// (`Client(session: session)`) may send.
  static func isReadOnlyProperty(assignedAt start: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard start >= 2, model.token(start - 1, is: "="), tokens[start - 2].kind == .identifier else { return false }
    let name = model.text(start - 2)
    guard model.properties.contains(where: { $0.name == name }) else { return false }
    // Another type's property of the name (`LoaderTests.session` beside `InstallerTests.session`).
    let others = model.types.filter { type in
      !type.body.contains(start) && type.properties.contains { model.properties[$0].name == name }
    }.map(\.body)
    var read = false
    for index in tokens.indices where tokens[index].kind == .identifier && model.text(index) == name {
      if others.contains(where: { $0.contains(index) }) { continue }
      if index > 0 {
        let before = tokens[index - 1]
        // The declaration itself.
        if before.keyword == .var || before.keyword == .let { continue }
        // Another value's member of that name (`other.session`).
        if before.kind == .dot, !(index >= 2 && tokens[index - 2].keyword == .self) { continue }
      }
      guard index + 1 < tokens.count else { return false }
      if model.token(index + 1, is: "=") { continue }
      // A read of a member that is not called: `session.delegate`, `session?.delegate`.
      var member = index + 1
      if model.token(member, is: "?") || model.token(member, is: "!") { member += 1 }
      guard member + 1 < tokens.count, tokens[member].kind == .dot, tokens[member + 1].kind == .identifier
      else { return false }
      let after = member + 2 < tokens.count ? tokens[member + 2].kind : .unknown
      if after == .leftParen || after == .leftBrace { return false }
      read = true
    }
    return read
  }
}
