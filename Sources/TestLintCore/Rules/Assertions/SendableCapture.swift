/// A test whose own name says what the compiler checks and whose body only makes values and
/// captures them in a task (`missing_assertion`): `let token = Token(id: 3)`, then
/// `Task { _ = token }`, in a test named "Token is Sendable". Under Swift 6 a task's closure may
/// capture a value only while its type is `Sendable`, so the test target stops building when the
/// conformance is lost, which is the test failing.
///
/// The name (the function's, a raw identifier's words, or a `@Test("...")` display name) names
/// `Sendable` or states a compile-time check as a comment would (`CompileTimeComment.says`:
/// "layout pin (compile-time check)"). Each statement of the body declares a value (`let`,
/// `var`), discards one (`_ = ...`) or is a task (`Task`, `Task.detached`) whose closure only
/// discards values (`_ = token`); a `Sendable` name also needs one such task. Not a task that
/// does anything else (its work then needs a check), nor a name that only mentions compiling.
enum SendableCapture {
  /// Whether the test is such a pin.
  static func pins(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.call == nil, let body = test.body, body.count > 2 else { return false }
    let names = [model.functions[test.function].name] + displayNames(of: test, in: model)
    let sendable = names.contains { $0.lowercased().contains("sendable") }
    guard sendable || names.contains(where: CompileTimeComment.says) else { return false }
    guard let tasks = onlyBuildsOrCaptures(body: body, in: model) else { return false }
    return tasks > 0 || names.contains(where: CompileTimeComment.says)
  }

  /// The texts of the test's `@Test("...")` display names, quotes included.
  private static func displayNames(of test: DiscoveredTest, in model: FileModel) -> [String] {
    model.functions[test.function].attributes.compactMap { attribute in
      guard attribute.name == "Test", let first = attribute.arguments?.first, first < model.tokens.count,
        model.tokens[first].kind == .string
      else { return nil }
      return model.text(first)
    }
  }

  /// The number of capturing tasks when every statement at the body's top level declares a
  /// value, discards one or is such a task (at least one statement); nil otherwise. A line
  /// opening with `.` goes on with the statement before it.
  private static func onlyBuildsOrCaptures(body: Range<Int>, in model: FileModel) -> Int? {
    let tokens = model.tokens
    let end = body.upperBound - 1
    var depth = 0
    var lastLine = -1
    var statements = 0
    var tasks = 0
    var index = body.lowerBound + 1
    while index < end {
      let token = tokens[index]
      if token.kind == .comment {
        index += 1
        continue
      }
      let line = model.source.line(of: Int(token.start))
      if depth == 0, line != lastLine || token.kind == .semicolon {
        switch token.kind {
        case .dot, .semicolon: break
        case _ where token.keyword == .let || token.keyword == .var: statements += 1
        case .identifier where model.text(index) == "_" && index + 1 < end && model.token(index + 1, is: "="):
          statements += 1
        default:
          guard let after = capture(at: index, before: end, in: model) else { return nil }
          statements += 1
          tasks += 1
          lastLine = model.source.line(of: Int(tokens[after - 1].start))
          index = after
          continue
        }
      }
      lastLine = line
      switch token.kind {
      case .leftParen, .leftBrace, .leftBracket: depth += 1
      case .rightParen, .rightBrace, .rightBracket: depth -= 1
      default: break
      }
      index += 1
    }
    return statements > 0 ? tasks : nil
  }

  /// The token after a `Task { _ = value }` (or `Task.detached { ... }`) starting at `index`
  /// whose closure only discards names, nil when none starts there.
  private static func capture(at index: Int, before end: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    guard model.token(index, is: "Task") else { return nil }
    var open = index + 1
    if open + 1 < end, tokens[open].kind == .dot, model.token(open + 1, is: "detached") { open += 2 }
    guard open < end, tokens[open].kind == .leftBrace, let close = model.closingBracket(of: open, before: end)
    else { return nil }
    var cursor = open + 1
    var discards = 0
    while cursor < close {
      if tokens[cursor].kind == .semicolon || tokens[cursor].kind == .comment {
        cursor += 1
        continue
      }
      guard cursor + 2 < close, model.token(cursor, is: "_"), model.token(cursor + 1, is: "="),
        tokens[cursor + 2].kind == .identifier
      else { return nil }
      discards += 1
      cursor += 3
    }
    return discards > 0 ? close + 1 : nil
  }
}
