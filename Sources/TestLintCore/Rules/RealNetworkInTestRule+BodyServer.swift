extension RealNetworkInTestRule {
  /// Whether a test starts a server in its own body (`try await server.start(port:)`,
  /// `localServer.listen()`, a name holding `server`) and reads one of its URL members
  /// (`server.baseURL`, `server.urlText()`, inside a string's interpolation too): its requests
  /// built from it go to its own machine, as those of a server its class starts in `setUp` do.
  static func readsURLOfServerStartedInBody(_ code: TestCode, in model: FileModel) -> Bool {
    var started: Set<String> = []
    for index in code.calls {
      let call = model.calls[index]
      guard !call.hasExpressionBase, serverStarts.contains(call.name) else { continue }
      let path = call.path.first == "self" ? Array(call.path.dropFirst()) : call.path
      if path.count == 2, path[0].lowercased().contains("server") { started.insert(path[0]) }
    }
    guard !started.isEmpty else { return false }
    if readsURL(ofAny: started, in: code.tokens, model: model) { return true }
    // A URL method called on it, maybe in an interpolation (whose tokens are the string's).
    return code.calls.contains { index in
      let call = model.calls[index]
      let path = call.path.first == "self" ? Array(call.path.dropFirst()) : call.path
      return !call.hasExpressionBase && path.count == 2 && started.contains(path[0])
        && call.name.lowercased().contains("url")
    }
  }
}
