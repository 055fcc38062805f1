extension RealNetworkInTestRule {
  /// Whether a test starts a server in its own body (`try await server.start(port:)`,
  /// `localServer.listen()`, a name holding `server`) and reads one of its URL members
  /// (`server.baseURL`, `server.urlText()`, inside a string's interpolation too): its requests
  /// built from it go to its own machine, as those of a server its class starts in `setUp` do.
  static func readsURLOfServerStartedInBody(_ code: TestCode, in model: FileModel) -> Bool {
    var started: Set<String> = []
    for index in code.calls {
      let call = model.calls[index]
      guard serverStarts.contains(call.name), let server = memberReceiver(of: call) else { continue }
      if server.lowercased().contains("server") { started.insert(server) }
    }
    guard !started.isEmpty else { return false }
    if readsURL(ofAny: started, in: code.tokens, model: model) { return true }
    // A URL method called on it, maybe in an interpolation (whose tokens are the string's).
    return code.calls.contains { index in
      let call = model.calls[index]
      guard let server = memberReceiver(of: call) else { return false }
      return started.contains(server) && call.name.lowercased().contains("url")
    }
  }
}
