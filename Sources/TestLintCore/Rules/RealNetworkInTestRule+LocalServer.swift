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
  static func localServerUnits(_ units: [TestCode], in context: RuleContext) -> Set<Int> {
    let model = context.model
    let resolver = context.callResolver
    var local: Set<Int> = []
    // For each helper function: whether every test reaching it so far is local.
    var helperLocal: [Int: Bool] = [:]
    for (unit, code) in units.enumerated() where code.test != nil {
      var evidence = HostEvidence()
      scan(code.tokens, in: model, into: &evidence)
      let reached = resolver.reachable(fromCalls: code.calls)
      for function in reached {
        scan(signatureAndBody(of: function, in: model), in: model, into: &evidence)
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

  static func scan(_ range: Range<Int>, in model: FileModel, into evidence: inout HostEvidence) {
    let tokens = model.tokens
    for index in range where index < tokens.count {
      switch tokens[index].kind {
      case .string:
        let content = StringLiteral.content(model.text(index))
        if let host = host(ofURL: content) {
          if isLoopback(host) { evidence.loopback = true } else { evidence.remote = true }
        } else if isLoopback(content.lowercased()) {
          evidence.loopback = true
        }
      case .identifier:
        let name = model.text(index).lowercased()
        if name.contains("localhost") || name.contains("loopback") { evidence.loopback = true }
      default: continue
      }
    }
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
}
