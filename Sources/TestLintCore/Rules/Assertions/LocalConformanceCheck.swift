/// A type the test declares in its own body to have the compiler check a conformance
/// (`missing_assertion`): `struct Probe: Sendable { let schema: Schema }` compiles only while
/// every stored property's type is `Sendable`, so the test target stops building when one is
/// no longer, which is the test failing.
///
/// Narrowly, both of: the local type (a struct, class, enum or actor) names in its inheritance
/// list a protocol the compiler checks or makes from the stored properties (`Sendable`,
/// `Hashable`, `Equatable`, `Codable`, `Encodable`, `Decodable`) and has a stored property; and a
/// comment in or right above the test (comments on lines next to each other read as one) names
/// that protocol and says it checks ("check", "confirm", "verify", "sanity"). Not the conformance alone: a local `struct Payload:
/// Decodable { let id: Int }` is most often the data of a test that decodes, and such a test
/// needs its own check of what it decoded; the comment says the conformance is the point.
enum LocalConformanceCheck {
  /// Whether the test declares such a type and says it checks its conformance.
  static func checks(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard let body = test.body, body.count > 2, !model.comments.isEmpty else { return false }
    let named = conformances(in: body, model: model)
    guard !named.isEmpty else { return false }
    // Comments on lines next to each other read as one: "a sanity check that these stay" over
    // "Sendable" on the next line.
    return CompileTimeComment.ownCommentBlocks(of: test, in: model).contains { text in
      let lowered = text.lowercased()
      return named.contains { CompileTimeComment.contains(word: $0, in: lowered) }
        && checkWords.contains { CompileTimeComment.contains(word: $0, in: lowered) }
    }
  }

  /// The protocols (lowercased) named by the types declared in the body that have a stored
  /// property: `struct Name: A, B {` ... `let` or `var` at the type's own depth ... `}`. The
  /// scanner keeps no declaration of a function body's types, so this reads the tokens.
  private static func conformances(in body: Range<Int>, model: FileModel) -> Set<String> {
    let tokens = model.tokens
    var named: Set<String> = []
    var index = body.lowerBound + 1
    while index + 3 < body.upperBound {
      defer { index += 1 }
      switch tokens[index].keyword {
      case .struct, .class, .enum, .actor: break
      default: continue
      }
      guard tokens[index + 1].kind == .identifier, tokens[index + 2].kind == .colon else { continue }
      // The inheritance list, up to the body's `{` (or a `where` clause).
      var cursor = index + 3
      var listed: [String] = []
      while cursor < body.upperBound, tokens[cursor].kind != .leftBrace, tokens[cursor].keyword != .where {
        if tokens[cursor].kind == .identifier { listed.append(model.text(cursor)) }
        cursor += 1
      }
      while cursor < body.upperBound, tokens[cursor].kind != .leftBrace { cursor += 1 }
      guard cursor < body.upperBound, let close = model.closingBracket(of: cursor, before: body.upperBound)
      else { continue }
      let marked = listed.filter { protocols.contains($0) }
      guard !marked.isEmpty else { continue }
      var depth = 0
      var stored = false
      for inner in cursor + 1..<close {
        switch tokens[inner].kind {
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket, .rightBrace: depth -= 1
        default:
          if depth == 0, tokens[inner].keyword == .let || tokens[inner].keyword == .var,
            tokens[inner - 1].keyword != .static, tokens[inner - 1].keyword != .class
          {
            stored = true
          }
        }
      }
      if stored { named.formUnion(marked.map { $0.lowercased() }) }
    }
    return named
  }

  /// Protocols whose conformance the compiler checks against (or makes from) the stored
  /// properties.
  static let protocols: Set<String> = [
    "Sendable", "Hashable", "Equatable", "Codable", "Encodable", "Decodable",
  ]

  /// Words of a comment saying the type is there to check.
  private static let checkWords = [
    "check", "checks", "checked", "checking", "confirm", "confirms", "confirmed", "verify",
    "verifies", "verified", "sanity",
  ]
}
