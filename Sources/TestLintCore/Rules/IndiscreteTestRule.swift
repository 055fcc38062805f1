/// A test that checks many things at once: too many assertions or too many lines of code.
public struct IndiscreteTestRule: Rule {
  public static let description = RuleDescription(
    id: "indiscrete_test",
    summary:
      "a test makes more than 'max_assertions' assertions or has more than 'max_lines' lines of code",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "max_assertions", kind: .int(1...1000), defaultValue: .int(10),
        summary: "most assertions in one test (a call to an asserting helper counts once)"),
      OptionSpec(
        name: "max_lines", kind: .int(1...10000), defaultValue: .int(50),
        summary: "most lines of code in one test's body (blank and comment-only lines not counted)"),
    ])

  let maxAssertions: Int
  let maxLines: Int
  /// What counts as an assertion: `missing_assertion`'s default names.
  let matcher = AssertionMatcher()

  public init(options: RuleOptions) {
    maxAssertions = options.int("max_assertions", default: 10)
    maxLines = options.int("max_lines", default: 50)
  }

  public func check(_ context: RuleContext) -> [Violation] {
    var violations: [Violation] = []
    let testStore = AssertionMatcher.usesTestStore(context.model)
    for test in context.tests {
      guard let body = test.body else { continue }
      let lines = context.codeLines(in: body)
      let assertions = assertionCount(of: test, in: context, usesTestStore: testStore)
      guard lines > maxLines || assertions > maxAssertions else { continue }
      let message =
        assertions > maxAssertions
        ? (lines > maxLines
          ? Messages.both(
            test, lines: lines, maxLines: maxLines, assertions: assertions,
            maxAssertions: maxAssertions)
          : Messages.assertions(test, assertions, limit: maxAssertions))
        : Messages.lines(test, lines, limit: maxLines)
      violations.append(
        Violation(offset: test.nameOffset, message: message, test: context.testName(test)))
    }
    return violations
  }

  /// The checks a reader sees in the test's body: each assertion `missing_assertion` knows, and
  /// each call to a helper that asserts (a function of the file that reaches an assertion, the
  /// calls resolved as `missing_assertion` resolves them, `CallResolver`; or an asserting
  /// helper declared elsewhere in the run and named like a check: `assert...`, `verify...`),
  /// once per call whatever the helper holds; an `#if` chain counts as its largest branch
  /// (`BranchTally`). Unlike `missing_assertion`, a
  /// factory such as `Model.make()` that happens to share its name with an asserting function
  /// elsewhere does not count: here a false assertion inflates the count.
  func assertionCount(of test: DiscoveredTest, in context: RuleContext) -> Int {
    assertionCount(
      of: test, in: context, usesTestStore: AssertionMatcher.usesTestStore(context.model))
  }

  /// `assertionCount(of:in:)` with whether the file drives a TCA `TestStore` (asked once per
  /// file, not per test).
  func assertionCount(of test: DiscoveredTest, in context: RuleContext, usesTestStore testStore: Bool)
    -> Int
  {
    let model = context.model
    let resolver = context.callResolver
    var asserts: [Int: Bool] = [:]
    func functionAsserts(_ function: Int) -> Bool {
      if let known = asserts[function] { return known }
      let reached = [function] + resolver.reachable(fromCalls: model.functions[function].calls)
      let result = reached.contains { reached in
        model.functions[reached].calls.contains { index in
          matcher.isAssertion(callAt: index, in: model, usesTestStore: testStore)
        }
      }
      asserts[function] = result
      return result
    }
    var count = 0
    // Where each check is, to count an `#if` chain (or a loop's `switch`) in the body as its
    // largest branch once the count is known to be 2 or more.
    var positions: [Int] = []
    func counted(_ index: Int) {
      count += 1
      positions.append(model.calls[index].nameToken)
    }
    var verdicts = Verdicts()
    // Calls are read in place: copying each `Call` out costs more than most of the checks.
    for index in test.calls {
      let name = model.calls[index].name
      // Nimble's `waitUntil { done in ... }` asserts; UI-test helpers' `element.waitUntil(.visible)`
      // only waits.
      if RuleText.isName(name, "waitUntil"), model.calls[index].path.count > 1 || model.calls[index].hasExpressionBase {
        continue
      }
      // KIF's steps (`tester().tapView(...)`, `tester().waitForView(...)`) fail the test as checks
      // do, which is why `missing_assertion` counts them, but they are the UI scenario's steps:
      // a test that taps and waits through one flow tests one behaviour. Its `expect(_:toContainText:)`
      // is a check and counts.
      if KIFStep.counts(callAt: index, in: model), !name.hasPrefix("expect") { continue }
      // `XCTAssertEqual(try XCTUnwrap(a), b)` is one check, not two.
      if isInAssertionArguments(index, model: model, usesTestStore: testStore, verdicts: &verdicts) {
        continue
      }
      if verdicts.isAssertion(index, matcher: matcher, model: model, usesTestStore: testStore) {
        counted(index)
      } else if case let targets = resolver.targets(ofCallAt: index),
        targets.contains(where: { $0 != test.function && functionAsserts($0) }),
        !targets.allSatisfy({ Self.isFixtureBuilder($0, in: model, resolver: resolver) })
      {
        // A helper of the file that asserts (as `missing_assertion` follows it): one check.
        // Not a fixture builder whose only check unwraps what it returns (`isFixtureBuilder`).
        counted(index)
      } else if AssertionMatcher.readsAsCheck(name), !resolver.isSettledInFile(callAt: index),
        context.assertingHelpers.contains(name)
      {
        counted(index)
      }
    }
    // A tally can only lower a count of 2 or more; finding the branch points walks the body.
    guard count > 1, let body = test.body else { return count }
    let directives = Self.branchPoints(in: body, of: model)
    guard !directives.isEmpty else { return count }
    positions.sort()
    return BranchTally.count(positions, directives: directives) { $0.token }
  }

  /// Whether a call sits in the parenthesised arguments of an assertion (outside any closure
  /// there), so it is part of that assertion's check.
  func isInAssertionArguments(_ index: Int, model: FileModel, usesTestStore: Bool) -> Bool {
    var verdicts = Verdicts()
    return isInAssertionArguments(index, model: model, usesTestStore: usesTestStore, verdicts: &verdicts)
  }

  /// `isInAssertionArguments(_:model:usesTestStore:)`, remembering the last verdicts.
  func isInAssertionArguments(
    _ index: Int, model: FileModel, usesTestStore: Bool, verdicts: inout Verdicts
  ) -> Bool {
    let token = model.calls[index].nameToken
    var parent = model.calls[index].parent
    // Up through enclosing parentheses only: once the call sits in a closure (a trailing one or
    // a closure argument), no assertion further up checks it directly. This also keeps the
    // walk short in deeply nested closures (linear, not quadratic, in the nesting).
    while let current = parent {
      // Read in place: copying each enclosing `Call` out costs more than the checks.
      guard let parentheses = model.calls[current].parentheses, parentheses.contains(token) else {
        return false
      }
      let inClosure = model.calls[current].arguments.contains { argument in
        guard let first = argument.value.first else { return false }
        return model.tokens[first].kind == .leftBrace && argument.value.contains(token)
      }
      if inClosure { return false }
      if verdicts.isAssertion(current, matcher: matcher, model: model, usesTestStore: usesTestStore) {
        return true
      }
      parent = model.calls[current].parent
    }
    return false
  }

  /// The lines of a body (`{`...`}` token range) that hold code: lines where a token starts,
  /// other than the lines of the braces. Blank lines, comment-only lines, the inner lines of a
  /// multi-line string literal and the lines of local type declarations (fixtures such as a
  /// `struct Child: Reducer { ... }` written inside the test) do not count. Every branch of an
  /// `#if` chain counts (a reader reads them all), its directive lines do not.
  public static func codeLines(in body: Range<Int>, of model: FileModel) -> Int {
    guard body.count > 2 else { return 0 }
    let source = model.source
    let tokens = model.tokens
    let openLine = source.line(of: model.offset(body.lowerBound))
    let closeLine = source.line(of: model.offset(body.upperBound - 1))
    // The line of each token, found by walking the line table forward from the last one (tokens
    // come in source order) rather than by a binary search per token.
    let starts = source.lineStarts
    var lineIndex = openLine - 1
    func line(of offset: Int) -> Int {
      guard lineIndex < starts.count, offset >= starts[lineIndex] else { return source.line(of: offset) }
      while lineIndex + 1 < starts.count, starts[lineIndex + 1] <= offset { lineIndex += 1 }
      return lineIndex + 1
    }
    // Tokens come in source order, so their lines never decrease: the lines of code, kept in
    // order, are told apart from the last one alone (no hashing).
    var lines: [Int] = []
    // Room for a typical test at once: grown from empty, the array was reallocated several
    // times per test (4 reallocations for each test on real code).
    lines.reserveCapacity(min(closeLine - openLine, 64))
    let end = body.upperBound - 1
    // Read through a pointer, each token once: most neither start a line nor may start a local
    // type, and are passed over in a few instructions (this loop was 2% of a run on real code).
    tokens.withUnsafeBufferPointer { tokens in
      var index = body.lowerBound + 1
      while index < end {
        let token = tokens[index]
        let mayStartType: Bool
        switch token.keyword {
        case .struct, .class, .enum, .actor: mayStartType = true
        default: mayStartType = false
        }
        if mayStartType, let typeEnd = localTypeEnd(at: index, limit: end, in: model) {
          // Un-count the attributes and modifiers before the keyword, then skip the declaration.
          var first = index
          while first - 1 > body.lowerBound, isDeclarationPrefix(first - 1, in: model) { first -= 1 }
          let firstLine = source.line(of: model.offset(first))
          while let last = lines.last, last >= firstLine { lines.removeLast() }
          index = typeEnd + 1
          continue
        }
        // Only a token after a line break starts a line of code: the `)` after a multi-line
        // string's closing delimiter does not.
        if token.flags & Token.newlineBefore != 0 {
          let line = line(of: Int(token.start))
          if line != openLine, line != closeLine, line != lines.last { lines.append(line) }
        }
        // A collection literal of constant data counts as the line it opens on.
        if token.kind == .leftBracket,
          let close = constantTableEnd(at: index, limit: end, in: model, bodyStart: body.lowerBound)
        {
          index = close + 1
          continue
        }
        index += 1
      }
    }
    return lines.count
  }

  /// The closing `]` of the array or dictionary literal opened at `index` when it spans lines
  /// and holds only constant data: literals (strings without interpolation, numbers, `true`,
  /// `false`, `nil`, a negative number), nested such literals, implicit members (`.fullScreen`)
  /// and initializer calls of them (`.init(count: 2, layout: .grid)`, `Scenario(count: 2)`,
  /// a nested type's `Route.Stop(count: 2)`), imported constants (`isImportedConstant`), with
  /// comments between, and at least three elements. A table of scenarios or fixtures is
  /// one piece of data, as a multi-line string is; a small literal (`["name": "active"]` over
  /// three lines) counts as written. Nil for a subscript, a type (`[String: Int]`), or a literal that
  /// names a variable, calls a function or holds a closure. `bodyStart` is the test body's `{`:
  /// a name declared between it and the literal is a variable, whatever its spelling.
  static func constantTableEnd(at index: Int, limit: Int, in model: FileModel, bodyStart: Int) -> Int? {
    let tokens = model.tokens
    guard index > 0 else { return nil }
    // A literal follows `=`, `(`, `,`, `:`, `[` or `return`; a subscript follows a value.
    let before = tokens[index - 1]
    switch before.kind {
    case .leftParen, .leftBracket, .comma, .colon: break
    case .operator where model.token(index - 1, is: "="): break
    default:
      guard before.keyword == .return else { return nil }
    }
    guard let close = model.closingBracket(of: index, before: limit),
      model.source.line(of: model.offset(close)) != model.source.line(of: model.offset(index)),
      // Data handed on as it is, not the operand of a method (`[...].joined(separator: "\n")`).
      close + 1 >= tokens.count || tokens[close + 1].kind != .dot
    else { return nil }
    // The kinds of the brackets open inside, to tell an argument label (`count:` in a call)
    // from a dictionary key.
    var open: [TokenKind] = []
    // The commas between the literal's own elements: a table holds at least three.
    var separators = 0
    // The names the test declares before the literal, gathered when a constant's name is met.
    var locals: Set<String>?
    for cursor in (index + 1)..<close {
      let token = tokens[cursor]
      switch token.kind {
      case .number, .comment: continue
      case .comma:
        if open.isEmpty { separators += 1 }
        continue
      case .string:
        if model.text(cursor).contains("\\(") { return nil }
      case .leftBracket, .leftParen: open.append(token.kind)
      case .rightBracket, .rightParen: _ = open.popLast()
      case .colon: continue
      case .dot:
        guard cursor + 1 < close, tokens[cursor + 1].isIdentifierLike else { return nil }
        // A type's member is its initializer or a constant (`Layout.grid`), not a static
        // method (`Self.makeImage("a")`); an implicit member may take arguments (`.image(...)`).
        let explicit = tokens[cursor - 1].isIdentifierLike
        if explicit, tokens[cursor + 1].keyword != .`init`, cursor + 2 < close,
          tokens[cursor + 2].kind == .leftParen, !isNestedTypeName(endingAt: cursor + 1, in: model)
        {
          return nil
        }
      case .operator:
        guard model.token(cursor, is: "-"), tokens[cursor + 1].kind == .number else { return nil }
      case .identifier, .backtickIdentifier:
        if [.true, .false, .nil].contains(token.keyword) { continue }
        if tokens[cursor - 1].kind == .dot { continue }
        let next = tokens[cursor + 1].kind
        // An argument label of an initializer call.
        if next == .colon, open.last == .leftParen { continue }
        // A type's initializer (`Scenario(`, `Scenario.init(`).
        if next == .leftParen || next == .dot, model.text(cursor).first?.isUppercase == true { continue }
        // An imported constant as a value (`Int(kVK_Space)`, `EINVAL`), unless the test declares it.
        let name = model.text(cursor)
        if next != .leftParen, isImportedConstant(name) {
          if locals == nil { locals = declaredNames(from: bodyStart, to: index, in: model) }
          if locals?.contains(name) == false { continue }
        }
        return nil
      default:
        return nil
      }
    }
    var last = close - 1
    while last > index, tokens[last].kind == .comment { last -= 1 }
    let elements = last == index ? 0 : separators + (tokens[last].kind == .comma ? 0 : 1)
    return elements >= 3 ? close : nil
  }

  /// Whether the identifier at `index` ends a dotted chain of capitalised names
  /// (`Route.Stop`, `Map.Route.Stop`): a nested type, whose call is an initializer as
  /// `Stop(...)` is; `Route.make`, `route.Stop` are not.
  static func isNestedTypeName(endingAt index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var cursor = index
    while true {
      guard tokens[cursor].isIdentifierLike, model.text(cursor).first?.isUppercase == true else {
        return false
      }
      guard cursor >= 2, tokens[cursor - 1].kind == .dot, tokens[cursor - 2].isIdentifierLike else {
        // The chain's first name, not an implicit member's (`.Stop(...)` is read as a member).
        return cursor != index && (cursor == 0 || tokens[cursor - 1].kind != .dot)
      }
      cursor -= 2
    }
  }

  /// Whether a bare name reads as a constant imported from C: `k` and a capital (`kVK_ANSI_A`,
  /// `kCFBooleanTrue`), or every letter a capital (`EINVAL`, `INT_MAX`). A capitalised name
  /// in mixed case (`String`, `NSNotFound`) may be a type, and stays a name.
  static func isImportedConstant(_ name: String) -> Bool {
    guard let first = name.first, first.isASCII, first.isLetter else { return false }
    if first == "k", let second = name.dropFirst().first, second.isASCII, second.isUppercase {
      return true
    }
    let letters = name.filter(\.isLetter)
    return letters.count >= 2 && name.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "_" || $0.isUppercase) }
  }

  /// The names declared by `let` or `var` between two tokens (a test body's `{` and a literal).
  static func declaredNames(from start: Int, to end: Int, in model: FileModel) -> Set<String> {
    let tokens = model.tokens
    var names: Set<String> = []
    var cursor = start
    while cursor + 1 < end {
      if tokens[cursor].keyword == .let || tokens[cursor].keyword == .var,
        tokens[cursor + 1].isIdentifierLike
      {
        names.insert(model.text(cursor + 1))
      }
      cursor += 1
    }
    return names
  }

  /// The closing brace of a local `struct` / `class` / `enum` / `actor` declared at `index`.
  static func localTypeEnd(at index: Int, limit: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    switch tokens[index].keyword {
    case .struct, .class, .enum, .actor:
      guard index + 1 < limit, tokens[index + 1].isIdentifierLike,
        tokens[index + 1].keyword == .none
      else { return nil }
    default:
      return nil
    }
    var cursor = index + 2
    while cursor < limit, tokens[cursor].kind != .leftBrace { cursor += 1 }
    return model.closingBracket(of: cursor, before: limit)
  }

  /// An attribute (`@Reducer`) or modifier (`private`, `final`) token before a declaration.
  static func isDeclarationPrefix(_ index: Int, in model: FileModel) -> Bool {
    let token = model.tokens[index]
    if token.kind == .at { return true }
    if [.private, .fileprivate, .final, .public, .internal].contains(token.keyword) { return true }
    return token.isIdentifierLike && index > 0 && model.tokens[index - 1].kind == .at
  }
}

extension IndiscreteTestRule {
  /// Whether a function of the file builds a fixture: it returns a value, and its only checks
  /// are `XCTUnwrap` / `#require` calls of the value it returns (`return try XCTUnwrap(date)`,
  /// or that call as its whole body), with no call of another function of the file. A test
  /// that builds its dates with it (`let start = try Date.at(hour: 9)`) makes no check of the
  /// code under test by that call, so it does not count toward the test's assertions
  /// (`missing_assertion` still counts it: the unwrap fails the test).
  ///
  /// Only a static or free function whose parameters are plain values (numbers, strings,
  /// dates, data, their optionals and arrays): one that takes the code under test's state
  /// (`task(withID: id, in: manager)`), or an instance method that may read it through `self`,
  /// looks up a result, and its unwrap checks that the result exists.
  static func isFixtureBuilder(_ function: Int, in model: FileModel, resolver: CallResolver) -> Bool {
    let declaration = model.functions[function]
    guard declaration.kind == .function, let result = declaration.returnType, result != "Void", result != "()",
      let body = declaration.body, !declaration.calls.isEmpty,
      declaration.owner == nil || declaration.has("static") || declaration.has("class"),
      declaration.parameters.allSatisfy({ isPlainValue($0.type) })
    else { return false }
    let tokens = model.tokens
    var unwraps = 0
    for index in declaration.calls {
      let call = model.calls[index]
      let unwrap = call.isMacro ? call.name == "#require" : call.name == "XCTUnwrap" && call.path.count == 1
      guard unwrap else {
        // Any other check, or a function of the file (which may check), makes it more than a builder.
        if AssertionMatcher.assertsByName(call.name) || call.isMacro && call.name == "#expect" { return false }
        if !resolver.targets(ofCallAt: index).isEmpty { return false }
        continue
      }
      // Returned: `return try XCTUnwrap(...)`, or `try XCTUnwrap(...)` as the whole body.
      let name = call.nameToken
      guard name >= body.lowerBound + 2, tokens[name - 1].keyword == .try else { return false }
      let returned = tokens[name - 2].keyword == .return
      let whole =
        name == body.lowerBound + 2 && call.parentheses.map { $0.upperBound == body.upperBound - 1 } == true
      guard returned || whole else { return false }
      unwraps += 1
    }
    return unwraps > 0
  }
}

extension IndiscreteTestRule {
  /// Whether a parameter's type is a plain value: a number, `String`, `Bool`, `Date`, `Data`,
  /// `URL`, `UUID` (or a `Calendar.Component`-like member of them), an optional or an array of
  /// one.
  static func isPlainValue(_ type: String) -> Bool {
    var bare = Substring(type).filter { $0 != " " && $0 != "?" && $0 != "!" && $0 != "[" && $0 != "]" }
    if bare.hasPrefix("Foundation.") { bare.removeFirst("Foundation.".count) }
    return plainValues.contains(String(bare))
  }

  /// The type names `isPlainValue` accepts.
  private static let plainValues: Set<String> = [
    "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    "Double", "Float", "CGFloat", "Decimal", "Bool", "String", "Character", "Substring", "Date",
    "Data", "URL", "UUID", "TimeInterval", "TimeZone", "Locale",
  ]
}

extension IndiscreteTestRule {
  /// The last call found to assert and the last found not to: the calls in an assertion's
  /// arguments ask about it one after the other, and it was asked about itself just before.
  struct Verdicts {
    private var lastAssertion = -1
    private var lastOther = -1

    /// `matcher.isAssertion(callAt:in:usesTestStore:)`, answered from memory when it can be.
    mutating func isAssertion(
      _ index: Int, matcher: AssertionMatcher, model: FileModel, usesTestStore: Bool
    ) -> Bool {
      if index == lastAssertion { return true }
      if index == lastOther { return false }
      let verdict = matcher.isAssertion(callAt: index, in: model, usesTestStore: usesTestStore)
      if verdict { lastAssertion = index } else { lastOther = index }
      return verdict
    }
  }
}

extension IndiscreteTestRule {
  fileprivate enum Messages {
    static func assertions(_ test: DiscoveredTest, _ count: Int, limit: Int) -> String {
      "test '\(test.name)' makes \(count) assertions (at most \(limit)); split it into tests that each check one behaviour"
    }

    static func lines(_ test: DiscoveredTest, _ count: Int, limit: Int) -> String {
      "test '\(test.name)' has \(count) lines of code (at most \(limit)); split it into tests that each check one behaviour"
    }

    static func both(
      _ test: DiscoveredTest, lines: Int, maxLines: Int, assertions: Int, maxAssertions: Int
    ) -> String {
      "test '\(test.name)' has \(lines) lines of code (at most \(maxLines)) and makes \(assertions) assertions "
        + "(at most \(maxAssertions)); split it into tests that each check one behaviour"
    }
  }
}
