/// A test whose own name says the compiler is its check (`missing_assertion`), as the comment
/// form does (`CompileTimeComment`): a function named for compiling at its end
/// (`initializersCompile`, `test_builderCompiles`, `modifier_compiles`, `test_init_compile`),
/// or a Swift Testing display name ending in "compiles" or "compile"
/// (`@Test("the trailing-closure init compiles")`), or a raw identifier's words or a display name
/// stating a compile-time check as a comment would (`CompileTimeComment.says`: "layout pin
/// (compile-time check)", set 69), on a test whose statements only build values
/// and throw them away: each statement of its body declares a value (`let`, `var`) or discards
/// one (`_ = ...`), a chain on the next line going on with it. Such a test fails when its
/// target stops building.
///
/// Narrow: "compile" elsewhere in the name (`testCompilerOutput`, `test_compileErrors_areShown`)
/// says nothing of the check, and a test that also calls something as a statement of its own
/// does more than build values.
enum CompileTimeName {
  /// Whether the test's name states a compile-time check and its body only builds and discards
  /// values.
  static func states(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.call == nil, let body = test.body, body.count > 2 else { return false }
    let name = model.functions[test.function].name
    guard namesCompiling(name) || CompileTimeComment.says(name) || displayNameSays(test, in: model)
    else { return false }
    return onlyBuildsValues(body: body, in: model)
  }

  /// Whether a function's name ends in `Compile`/`Compiles`, or `_compile`/`_compiles`.
  static func namesCompiling(_ name: String) -> Bool {
    for ending in ["Compiles", "Compile", "_compiles", "_compile"] where name.hasSuffix(ending) {
      // Not the word alone (`compile()`), nor `testCompiles` with no subject before it.
      return name.count > ending.count && name != "test" + ending
    }
    return false
  }

  /// Whether the test's `@Test("...")` display name ends in "compiles" or "compile", or states a
  /// compile-time check (`CompileTimeComment.says`).
  private static func displayNameSays(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    for attribute in model.functions[test.function].attributes where attribute.name == "Test" {
      guard let arguments = attribute.arguments, let first = arguments.first,
        first < model.tokens.count, model.tokens[first].kind == .string
      else { continue }
      var text = model.text(first).lowercased()
      if CompileTimeComment.says(text) { return true }
      while let last = text.last, last == "\"" || last == " " || last == "." || last == "!" {
        text.removeLast()
      }
      if text.hasSuffix(" compiles") || text.hasSuffix(" compile") { return true }
    }
    return false
  }

  /// Whether every statement at the body's top level is a `let`/`var` declaration or a discard
  /// (`_ = ...`), with at least one of them: a line at the top level opens with `let`, `var`,
  /// `_ =` or a `.` (a chain going on), and what is inside brackets belongs to its statement.
  private static func onlyBuildsValues(body: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var depth = 0
    var lastLine = -1  // the body's first token opens a statement, on the brace's line too
    var statements = 0
    for index in (body.lowerBound + 1)..<(body.upperBound - 1) {
      let token = tokens[index]
      if token.kind == .comment { continue }
      let line = model.source.line(of: Int(token.start))
      if depth == 0, line != lastLine || token.kind == .semicolon {
        switch token.kind {
        case .dot, .semicolon: break
        case _ where token.keyword == .let || token.keyword == .var: statements += 1
        case .identifier
        where model.text(index) == "_" && index + 1 < tokens.count && model.text(index + 1) == "=":
          statements += 1
        default: return false
        }
      }
      lastLine = line
      switch token.kind {
      case .leftParen, .leftBrace, .leftBracket: depth += 1
      case .rightParen, .rightBrace, .rightBracket: depth -= 1
      default: break
      }
    }
    return statements > 0
  }
}
