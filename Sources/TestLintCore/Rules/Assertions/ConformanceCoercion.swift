/// A test whose only statements are compile-time conformance checks (`missing_assertion`):
/// constants the test made coerced to a type and thrown away (`let _ = tool as Sendable`,
/// `_ = tool as any Tool`, `let _: any Tool = tool`), after the statements that make them
/// (`let tool = Hammer()`). The coercion compiles only while the value conforms, so the test
/// target stops building when the conformance is lost, which is the test failing.
///
/// Not a plain `_ = value` (no type named), nor `as?` / `as!` (checked when the test runs, and
/// their result thrown away), nor a value made in the discarding statement itself
/// (`let _: any Service = Mock()`: set 25 judged such typed discards read-and-discard smoke
/// tests) unless the test's name or own comment names the compiler-checked protocol coerced to (`let _: any Sendable =
/// Level.high` in `testLevelIsSendable`: sets 41 and 43 judged that a conformance check; so is the
/// metatype form, `let _: any Sendable.Type = Level.self`, set 48; both forms for any protocol
/// when the name or comment says conformance, sets 59 and 69), nor a
/// test with any other statement: a call, an assignment or a loop makes it a
/// test of behaviour, which then needs its own check.
enum ConformanceCoercion {
  /// Whether a test's name names `type`: holds it (`testLevelIsSendable`), or starts with it,
  /// its first letter lowercased as a function's name starts (`sendableConformance`, set 58).
  static func testName(_ name: String, names type: String) -> Bool {
    name.contains(type) || !type.isEmpty && name.hasPrefix(type.prefix(1).lowercased() + type.dropFirst())
  }

  /// Whether every statement of the body is a coercion thrown away or a constant or variable
  /// with a name, and one at least is a coercion.
  static func onlyChecks(body: Range<Int>, in model: FileModel, names named: (String) -> Bool = { _ in false })
    -> Bool
  {
    guard body.count > 2 else { return false }
    let tokens = model.tokens
    let inner = body.lowerBound + 1..<body.upperBound - 1
    var coerces = false
    var names: Set<String> = []
    var typed: [String: Range<Int>] = [:]
    var start = inner.lowerBound
    var depth = 0
    for index in inner {
      let kind = tokens[index].kind
      if depth == 0, index > start, startsStatement(index, in: model) {
        guard let coercion = kindOfStatement(start..<index, names: &names, typed: &typed, named: named, in: model)
        else { return false }
        coerces = coerces || coercion
        start = index
      }
      switch kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: break
      }
    }
    guard let last = kindOfStatement(
      start..<inner.upperBound, names: &names, typed: &typed, named: named, in: model)
    else { return false }
    return coerces || last
  }

  /// Whether the token starts a statement: the first on its line (or after `;`) that does not
  /// go on with the line before (`.member`, an operator, `as`, `is`).
  private static func startsStatement(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    if tokens[index - 1].kind == .semicolon { return true }
    guard tokens[index].isAtLineStart else { return false }
    switch tokens[index].kind {
    case .dot, .operator, .comma, .colon, .rightParen, .rightBracket, .rightBrace, .leftBrace: return false
    default: break
    }
    if tokens[index].keyword == .as || tokens[index].keyword == .is { return false }
    switch tokens[index - 1].kind {
    case .operator, .dot, .comma, .colon, .leftParen, .leftBracket: return false
    default: return true
    }
  }

  /// `true` for a coercion thrown away of one of `names`, `false` for a named constant or
  /// variable (its name added to `names`; a `let` with a type, from its name on, to `typed`),
  /// nil for any other statement.
  private static func kindOfStatement(
    _ range: Range<Int>, names: inout Set<String>, typed: inout [String: Range<Int>], named: (String) -> Bool,
    in model: FileModel, discarded: Bool = false
  ) -> Bool? {
    let tokens = model.tokens
    var statement = range
    while let last = statement.last, tokens[last].kind == .semicolon { statement = statement.dropLast() }
    guard let first = statement.first else { return false }
    var cursor = first
    if tokens[first].keyword == .let || tokens[first].keyword == .var {
      cursor += 1
      guard cursor < statement.upperBound else { return nil }
      guard discarded || model.text(cursor) == "_" else {
        // A named constant or variable: `let tool = Hammer()`.
        guard tokens[cursor].kind == .identifier else { return nil }
        // `let tool: any Tool = Saw()`, read as `let _: ...` when only `_ = tool` uses it.
        if tokens[first].keyword == .let, cursor + 1 < statement.upperBound, tokens[cursor + 1].kind == .colon {
          typed[model.text(cursor)] = cursor..<statement.upperBound
        }
        names.insert(model.text(cursor))
        return false
      }
      // `let _: any Sendable = Level.high` in a test whose name or comment names `Sendable`.
      if madeValueCoercion(cursor..<statement.upperBound, named: named, in: model) { return true }
      // `let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self` (`MemberTypePin`).
      if MemberTypePin.pins(cursor..<statement.upperBound, in: model) { return true }
      // `let _: any Tool = tool`.
      if cursor + 2 < statement.upperBound, tokens[cursor + 1].kind == .colon, tokens[cursor + 2].keyword == .any {
        let last = statement.upperBound - 1
        return last > cursor + 4 && model.token(last - 1, is: "=") && tokens[last].kind == .identifier
          && names.contains(model.text(last)) ? true : nil
      }
      // `let _: (Substring, Int).Type = type(of: pattern).Output.self`.
      if cursor + 2 < statement.upperBound, tokens[cursor + 1].kind == .colon {
        return isMetatypeCoercion(cursor + 2..<statement.upperBound, names: names, in: model) ? true : nil
      }
    } else if model.text(first) != "_" {
      return nil
    } else if statement.count == 3, model.token(first + 1, is: "="), let typedLet = typed[model.text(first + 2)] {
      // `_ = tool` after `let tool: any Tool = ...`: the typed constant thrown away, as
      // `let _: any Tool = ...` would be (set 58).
      var others = names
      others.remove(model.text(first + 2))
      var none: [String: Range<Int>] = [:]
      return kindOfStatement(
        typedLet.lowerBound - 1..<typedLet.upperBound, names: &others, typed: &none, named: named, in: model,
        discarded: true)
    }
    // `let _ = value as Tool`, `_ = value as any Tool`: `=`, then a last `as` at depth 0, not
    // `as?` or `as!`, followed by a type only.
    guard cursor + 1 < statement.upperBound, model.token(cursor + 1, is: "=") else { return nil }
    var depth = 0
    var coercion: Int?
    for index in cursor + 2..<statement.upperBound {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: if depth == 0, tokens[index].keyword == .as { coercion = index }
      }
    }
    // The value is one of the test's constants: `tool as Sendable`.
    guard let coercion, coercion + 1 < statement.upperBound, coercion == cursor + 3,
      tokens[cursor + 2].kind == .identifier, names.contains(model.text(cursor + 2))
    else { return nil }
    let typeTokens = coercion + 1..<statement.upperBound
    let typeOnly = typeTokens.allSatisfy { index in
      switch tokens[index].kind {
      case .identifier, .dot: return true
      case .operator:
        let text = model.text(index)
        return index > coercion + 1 && text.allSatisfy { $0 == "<" || $0 == ">" || $0 == "&" }
      case .comma: return true
      default: return false
      }
    }
    return typeOnly ? true : nil
  }

  /// Whether the tokens from `let _`'s `_` coerce a value made in the statement to a type the
  /// test's name or own comment names (`named`), set 41 and 43: `let _: any Sendable =
  /// Level.high` in `testLevelIsSendable`. Only a protocol the compiler checks against the stored
  /// properties (`Sendable`, `Hashable`, `Equatable`, `Codable`, `Encodable`, `Decodable`: a new
  /// property can lose it silently), or any protocol when the name or comment says conformance
  /// ("@Cutter adds Tool conformance", set 69); `let _: any Tool = Saw()` in `sawIsMadeAsATool`
  /// stays a smoke test, as set 25 judged it.
  private static func madeValueCoercion(_ range: Range<Int>, named: (String) -> Bool, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var type = range.lowerBound + 2
    guard type < range.upperBound, tokens[range.lowerBound + 1].kind == .colon else { return false }
    if tokens[type].keyword == .any { type += 1 }
    guard type < range.upperBound, tokens[type].kind == .identifier else { return false }
    // `let _: any Sendable.Type = Level.self` (set 48): a metatype converted to the existential
    // metatype compiles only while the type conforms, as the value form does.
    var equals = type + 1
    let metatype = equals + 1 < range.upperBound && tokens[equals].kind == .dot && model.text(equals + 1) == "Type"
    if metatype { equals += 2 }
    guard equals + 1 < range.upperBound, model.token(equals, is: "="), model.text(equals + 1) != model.text(type)
    else { return false }
    if metatype {
      let last = range.upperBound - 1
      guard last > equals + 2, model.text(last) == "self", tokens[last - 1].kind == .dot else { return false }
    }
    // For any protocol, in a test whose name or own comment says conformance: the metatype form
    // (`generatesRouteConformance`, "each builder type conforms to Route", set 59) and a value
    // a type's initializer makes (`let _: any Route = HomeRoute()` in `macroAddsRouteConformance`,
    // set 69; not a member read, `let _: UUID = item.id` in `conformsToIdentifiable`, set 51).
    if metatype || madeByInitializer(at: equals + 1, in: model),
      ["conform", "Conform", "conforms", "conformance"].contains(where: named)
    {
      return true
    }
    return LocalConformanceCheck.protocols.contains(model.text(type)) && named(model.text(type))
  }

  /// Whether a type's initializer call starts at `index`: a capitalized name, then `(`.
  private static func madeByInitializer(at index: Int, in model: FileModel) -> Bool {
    guard index + 1 < model.tokens.count, model.tokens[index].kind == .identifier,
      model.text(index).first?.isUppercase == true
    else { return false }
    return model.tokens[index + 1].kind == .leftParen
  }

  /// Whether the tokens after `let _:` name a metatype and give it the static type of one of
  /// `names` or of a member type of it: `(Substring, Int).Type = type(of: pattern).Output.self`.
  /// It compiles only while the value's type (what a builder inferred) is the one named.
  private static func isMetatypeCoercion(_ range: Range<Int>, names: Set<String>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var depth = 0
    var equals: Int?
    for index in range {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: if depth == 0, equals == nil, model.token(index, is: "=") { equals = index }
      }
    }
    guard let equals, equals - 2 >= range.lowerBound, tokens[equals - 2].kind == .dot,
      model.text(equals - 1) == "Type", equals + 8 < range.upperBound,
      model.text(equals + 1) == "type", tokens[equals + 2].kind == .leftParen, model.text(equals + 3) == "of",
      tokens[equals + 4].kind == .colon, names.contains(model.text(equals + 5)),
      tokens[equals + 6].kind == .rightParen, model.text(range.upperBound - 1) == "self"
    else { return false }
    var index = equals + 7
    while index + 1 < range.upperBound {
      guard tokens[index].kind == .dot, tokens[index + 1].kind == .identifier || model.text(index + 1) == "self"
      else { return false }
      index += 2
    }
    return index == range.upperBound
  }
}
