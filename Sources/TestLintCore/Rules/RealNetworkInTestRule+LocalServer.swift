/// A test that sends its requests to a server on its own machine (`http://127.0.0.1:\(port)`,
/// `http://localhost:8080`, typically the server the test itself started) does not reach the
/// network: it is neither slow nor at the mercy of a remote host, and the data is its own.
extension RealNetworkInTestRule {
  /// What the URLs a stretch of test code names say about the host it talks to.
  struct HostEvidence {
    /// A URL literal (or bare host literal) naming a loopback host, or a name that says so
    /// (`defaultLocalhost`, `loopbackURL`).
    var loopback = false
    /// A URL literal whose host is another machine, or a host testlint cannot read
    /// (`"https://\(host)/"`).
    var remote = false
  }

  /// The indices of `units` whose findings are requests to the test's own machine: a test whose
  /// code (its body, and the same-file functions it calls with their signatures, where a
  /// default argument may hold the URL) names a loopback host and no other host; a helper,
  /// when every test that reaches it does. A test that names no host at all stays reported:
  /// testlint cannot see where its requests go.
  ///
  /// Only the units in `found` are asked about: a test's own code is read when a finding is in
  /// its body, and every test's when one is in a helper (which tests reach it is needed then).
  static func localServerUnits(_ units: [TestCode], found: Set<Int>, in context: RuleContext) -> Set<Int> {
    let model = context.model
    let resolver = context.callResolver
    var local: Set<Int> = []
    // For each helper function: whether every test reaching it so far is local.
    var helperLocal: [Int: Bool] = [:]
    // Each function's own evidence, read once however many tests reach it.
    var functionEvidence: [Int: HostEvidence] = [:]
    let inHelper = found.contains { units[$0].test == nil }
    // For each test type: the stored properties holding a server its `setUp` starts.
    var startedServers: [Int: Set<String>] = [:]
    for (unit, code) in units.enumerated() where code.test != nil && (inHelper || found.contains(unit)) {
      var evidence = HostEvidence()
      scan(code.tokens, in: model, into: &evidence)
      if let test = code.test, let owner = model.functions[test.function].owner {
        if startedServers[owner] == nil { startedServers[owner] = serversStartedInSetUp(of: owner, in: model) }
        if let servers = startedServers[owner], !servers.isEmpty,
          readsURL(ofAny: servers, in: code.tokens, model: model)
        {
          evidence.loopback = true
        }
      }
      if !evidence.loopback, readsURLOfServerStartedInBody(code, in: model) { evidence.loopback = true }
      let reached = resolver.reachable(fromCalls: code.calls)
      for function in reached {
        let own: HostEvidence
        if let known = functionEvidence[function] {
          own = known
        } else {
          var found = HostEvidence()
          scan(signatureAndBody(of: function, in: model), in: model, into: &found, function: function)
          functionEvidence[function] = found
          own = found
        }
        evidence.loopback = evidence.loopback || own.loopback
        evidence.remote = evidence.remote || own.remote
      }
      let isLocal = evidence.loopback && !evidence.remote
      if isLocal { local.insert(unit) }
      for function in reached { helperLocal[function] = (helperLocal[function] ?? true) && isLocal }
    }
    for (unit, code) in units.enumerated() where code.test == nil {
      if let function = code.function, helperLocal[function] == true { local.insert(unit) }
    }
    return local
  }

  /// The stored instance properties of type `owner` that hold a server (`server`, or a type
  /// named so: `var stub: HttpTestServer?`) which a `setUp` or `setUpWithError` of the type
  /// starts (`try server?.start()`, `self.server.run()`, `server.listen()`): a server the test
  /// class starts for itself listens on the test's own machine.
  static func serversStartedInSetUp(of owner: Int, in model: FileModel) -> Set<String> {
    let type = model.types[owner]
    var servers: Set<String> = []
    for property in type.properties {
      let declaration = model.properties[property]
      guard !declaration.isStatic, !declaration.isComputed else { continue }
      let annotation = declaration.typeAnnotation ?? ""
      if declaration.name.lowercased().contains("server") || annotation.lowercased().contains("server") {
        servers.insert(declaration.name)
      }
    }
    guard !servers.isEmpty else { return [] }
    var started: Set<String> = []
    for function in type.functions {
      let setUp = model.functions[function]
      guard setUp.name == "setUp" || setUp.name == "setUpWithError", !setUp.has("static"),
        !setUp.has("class")
      else { continue }
      for callIndex in setUp.calls {
        let call = model.calls[callIndex]
        guard serverStarts.contains(call.name), let server = memberReceiver(of: call) else { continue }
        if servers.contains(server) { started.insert(server) }
      }
    }
    return started
  }

  static let serverStarts: Set<String> = ["start", "run", "listen", "startServer"]

  /// Whether `range` reads a URL member (a name holding `url`: `baseURL`, `url`) of one of
  /// `names` (`server.baseURL`, `self.server?.url`, a local bound from it by the same name).
  static func readsURL(ofAny names: Set<String>, in range: Range<Int>, model: FileModel) -> Bool {
    let tokens = model.tokens
    for index in range where index + 2 < tokens.count && tokens[index].kind == .identifier {
      guard names.contains(model.text(index)) else { continue }
      var member = index + 1
      // `server?.baseURL`, `server!.baseURL`.
      if tokens[member].kind == .operator, model.text(member) == "?" || model.text(member) == "!" {
        member += 1
      }
      guard member + 1 < tokens.count, tokens[member].kind == .dot, tokens[member + 1].kind == .identifier
      else { continue }
      if model.text(member + 1).lowercased().contains("url") { return true }
    }
    return false
  }

  /// The tokens of a function from its `func` (or `init`) keyword to the end of its body.
  static func signatureAndBody(of function: Int, in model: FileModel) -> Range<Int> {
    guard let body = model.functions[function].body else { return 0..<0 }
    var start = body.lowerBound
    // A signature is short; stop at the declaring keyword, or after a bounded walk.
    var steps = 0
    while start > 0, steps < 400 {
      start -= 1
      steps += 1
      let keyword = model.tokens[start].keyword
      if keyword == .func || keyword == .`init` || keyword == .subscript { break }
    }
    return start..<min(body.upperBound, model.tokens.count)
  }

  /// Reads the tokens' bytes in place: only a string that holds `://` or is short enough to be
  /// a bare host is decoded, and no identifier is copied out.
  /// In `function`, a URL whose host is one of its parameters that every call of it fills with a
  /// loopback literal names a loopback host (`loopbackParameterHost`).
  static func scan(
    _ range: Range<Int>, in model: FileModel, into evidence: inout HostEvidence, function: Int? = nil
  ) {
    let tokens = model.tokens
    let bytes = model.source.bytes
    for index in range where index < tokens.count {
      let start = Int(tokens[index].start)
      let end = min(Int(tokens[index].end), bytes.count)
      guard start < end else { continue }
      switch tokens[index].kind {
      case .string:
        let isURL = contains(schemeSeparator, in: bytes[start..<end], ignoringCase: false)
        // `"localhost"` and `"127.0.0.1"` with their quotes are 11 bytes; `#"[::1]"#` is 9.
        guard isURL || end - start <= 13 else { continue }
        let content = StringLiteral.content(model.text(index))
        if let host = host(ofURL: content) {
          if isLoopback(host) {
            evidence.loopback = true
          } else if host.isEmpty, let function, isLoopbackParameterHost(content, of: function, in: model) {
            evidence.loopback = true
          } else {
            evidence.remote = true
          }
        } else if isLoopback(content.lowercased()) {
          evidence.loopback = true
        }
      case .identifier:
        guard end - start >= 8 else { continue }
        let name = bytes[start..<end]
        if contains(localhost, in: name, ignoringCase: true) || contains(loopback, in: name, ignoringCase: true) {
          evidence.loopback = true
        }
      default: continue
      }
    }
  }

  /// Whether the URL `content`, written in `function`, takes its whole host from one of the
  /// function's labelled parameters (`"http://\(host):\(port)/invoke"` in
  /// `makeRequest(host:port:)`), and the function is `private` or `fileprivate` and every call
  /// of it in the file (at least one) passes a loopback literal for it (`host: "127.0.0.1"`):
  /// the request goes to the test's own machine, as if the helper had named it.
  static func isLoopbackParameterHost(_ content: String, of function: Int, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    guard declaration.has("private") || declaration.has("fileprivate"),
      let schemeEnd = content.range(ofText: "://")
    else { return false }
    let rest = content[schemeEnd.upperBound...]
    guard rest.hasPrefix("\\("), let close = rest.firstIndex(of: ")") else { return false }
    let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
    let after = rest[rest.index(after: close)...]
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      after.isEmpty || after.first == ":" || after.first == "/",
      let parameter = declaration.parameters.first(where: { $0.name == name })
    else { return false }
    let label = parameter.label ?? parameter.name
    guard label != "_" else { return false }
    var calls = 0
    for call in model.calls where call.name == declaration.name && !call.hasExpressionBase {
      guard call.path.count == 1 || call.path.count == 2 && call.path[0] == "self" else { continue }
      guard let argument = call.arguments.first(where: { $0.label == label }),
        argument.value.count == 1, model.tokens[argument.value.lowerBound].kind == .string,
        isLoopback(StringLiteral.content(model.text(argument.value.lowerBound)).lowercased())
      else { return false }
      calls += 1
    }
    return calls > 0
  }

  private static let schemeSeparator = Array("://".utf8)
  private static let localhost = Array("localhost".utf8)
  private static let loopback = Array("loopback".utf8)

  /// Whether `bytes` hold `word` (lowercase ASCII), ignoring the case of ASCII letters when
  /// asked.
  static func contains(_ word: [UInt8], in bytes: ArraySlice<UInt8>, ignoringCase: Bool) -> Bool {
    guard bytes.count >= word.count else { return false }
    var start = bytes.startIndex
    while start + word.count <= bytes.endIndex {
      var offset = 0
      while offset < word.count {
        var byte = bytes[start + offset]
        if ignoringCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
        if byte != word[offset] { break }
        offset += 1
      }
      if offset == word.count { return true }
      start += 1
    }
    return false
  }

  /// The host of a URL string with a scheme other than `file` (lowercased; empty when it is
  /// interpolated or missing), nil for any other string.
  static func host(ofURL content: String) -> String? {
    guard let schemeEnd = content.range(ofText: "://") else { return nil }
    let scheme = content[..<schemeEnd.lowerBound].lowercased()
    guard !scheme.isEmpty, scheme != "file",
      scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
    else { return nil }
    var rest = content[schemeEnd.upperBound...]
    // User information (`user:password@`) comes before the host.
    if let at = rest.firstIndex(of: "@"),
      !rest[..<at].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" })
    {
      rest = rest[rest.index(after: at)...]
    }
    if rest.first == "[" {
      guard let close = rest.firstIndex(of: "]") else { return "" }
      return String(rest[...close]).lowercased()
    }
    let end = rest.firstIndex { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" }
    return String(rest[..<(end ?? rest.endIndex)]).lowercased()
  }

  /// `localhost`, `127.0.0.1` or the IPv6 loopback address (`[::1]`, `::1`).
  static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host == "::1"
  }

  /// The name a call of one member is made on, `self.` aside: `server` for `server.start()` and
  /// `self.server.start()`; nil for a longer path, a plain call or one on an expression.
  static func memberReceiver(of call: Call) -> String? {
    guard !call.hasExpressionBase else { return nil }
    let path = call.path
    if path.count == 2, path[0] != "self" { return path[0] }
    if path.count == 3, path[0] == "self" { return path[1] }
    return nil
  }
}
