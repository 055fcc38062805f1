/// A test must assert something: directly, in a closure, or in a same-file helper it calls.
public struct MissingAssertionRule: Rule {
  public static let description = RuleDescription(
    id: "missing_assertion",
    summary: "a test contains no assertion, directly or through the helpers it calls",
    defaultSeverity: .error,
    options: [
      OptionSpec(
        name: "assertion_functions", kind: .strings, defaultValue: .strings([]),
        summary: "more functions that count as assertions; '*' is a wildcard ('assert*', 'verify*')")
    ])

  /// What counts as an assertion, with the configured `assertion_functions`.
  public let matcher: AssertionMatcher

  public init(options: RuleOptions) {
    matcher = AssertionMatcher(extra: options.strings("assertion_functions"))
  }

  public func check(_ context: RuleContext) -> [Violation] {
    var violations: [Violation] = []
    for test in context.tests {
      guard let body = test.body, !Self.isSkipped(test, in: context.model) else { continue }
      if context.isEmptyBody(body) {
        violations.append(
          Violation(offset: test.nameOffset, message: Messages.empty(test), test: test.qualifiedName))
        continue
      }
      if assertionCount(of: test, in: context) == 0 {
        violations.append(
          Violation(offset: test.nameOffset, message: Messages.noAssertion(test), test: test.qualifiedName))
      }
    }
    return violations
  }

  /// Assertions in the test's body and in the same-file functions it calls (each once),
  /// counting calls to helpers declared elsewhere in the run that assert.
  public func assertionCount(of test: DiscoveredTest, in context: RuleContext) -> Int {
    let model = context.model
    let testStore = AssertionMatcher.usesTestStore(model)
    var count = 0
    func countCalls(_ calls: Range<Int>) {
      for callIndex in calls {
        let call = model.calls[callIndex]
        if matcher.isAssertion(call, in: model, usesTestStore: testStore) {
          count += 1
        } else if context.assertingHelpers.contains(call.name), AssertionMatcher.mayCallHelper(call),
          context.callGraph.functionsByName[call.name] == nil
        {
          count += 1
        }
      }
    }
    countCalls(test.calls)
    var reached = context.callGraph.reachable(fromCalls: test.calls)
    if test.framework == .quick, let spec = model.functions[test.function].body {
      // Functions declared inside the groups' closures (`func expectCount(_:)` in a
      // `describe`) are part of `spec()`, not functions of their own: follow them by name.
      let localCalls = Self.localFunctionCalls(reachedFrom: test.calls, in: spec, of: test, model: model)
      for calls in localCalls { countCalls(calls) }
      for calls in localCalls { reached += context.callGraph.reachable(fromCalls: calls) }
    }
    var seen: Set<Int> = []
    for function in reached where function != test.function && seen.insert(function).inserted {
      countCalls(model.functions[function].calls)
    }
    return count
  }
}

extension MissingAssertionRule {
  /// Quick: the calls inside the functions declared in `spec()`'s closures that a test calls by
  /// name (`expectCount(1)`), followed transitively; each function's calls once.
  static func localFunctionCalls(
    reachedFrom calls: Range<Int>, in spec: Range<Int>, of test: DiscoveredTest, model: FileModel
  ) -> [Range<Int>] {
    let declarations = localFunctions(in: spec, of: test, model: model)
    guard !declarations.isEmpty else { return [] }
    let specCalls = model.functions[test.function].calls
    var result: [Range<Int>] = []
    var seen: Set<Int> = []
    var queue = [calls]
    while let current = queue.popLast() {
      for callIndex in current {
        let call = model.calls[callIndex]
        guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro else { continue }
        for (position, declaration) in declarations.enumerated()
        where declaration.name == call.name && seen.insert(position).inserted {
          let inside = specCalls.filter { declaration.body.contains(model.calls[$0].nameToken) }
          guard let first = inside.first, let last = inside.last else { continue }
          result.append(first..<(last + 1))
          queue.append(first..<(last + 1))
        }
      }
    }
    return result
  }

  /// `func name(...) { ... }` declarations inside `spec()`'s body and outside the test's own
  /// body (whose calls already count for the test).
  static func localFunctions(
    in spec: Range<Int>, of test: DiscoveredTest, model: FileModel
  ) -> [(name: String, body: Range<Int>)] {
    let tokens = model.tokens
    let end = min(spec.upperBound, tokens.count)
    var result: [(name: String, body: Range<Int>)] = []
    var index = spec.lowerBound + 1
    while index + 1 < end {
      defer { index += 1 }
      guard tokens[index].keyword == .func, tokens[index].kind == .identifier,
        tokens[index + 1].isIdentifierLike
      else { continue }
      if let body = test.body, body.contains(index) { continue }
      let name = model.text(index + 1)
      var cursor = index + 2
      var depth = 0
      while cursor < end {
        let kind = tokens[cursor].kind
        if kind == .leftParen || kind == .leftBracket { depth += 1 }
        if kind == .rightParen || kind == .rightBracket { depth -= 1 }
        if depth == 0, kind == .leftBrace || kind == .rightBrace { break }
        cursor += 1
      }
      guard cursor < end, tokens[cursor].kind == .leftBrace else { continue }
      var braces = 0
      var close = cursor
      while close < end {
        if tokens[close].kind == .leftBrace { braces += 1 }
        if tokens[close].kind == .rightBrace {
          braces -= 1
          if braces == 0 { break }
        }
        close += 1
      }
      result.append((name: name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name,
                     body: cursor..<min(close + 1, end)))
    }
    return result
  }
}

extension MissingAssertionRule {
  /// A test that is skipped or disabled on purpose: it builds an `XCTSkip` (usually
  /// `throw XCTSkip(...)`), carries `@Test(.disabled(...))`, or is a pending Quick example.
  fileprivate static func isSkipped(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    if test.isPending { return true }
    if test.calls.contains(where: { model.calls[$0].name == "XCTSkip" }) { return true }
    guard test.framework != .quick else { return false }
    return model.functions[test.function].attributes.contains { attribute in
      guard attribute.name.hasSuffix("Test"), let arguments = attribute.arguments else { return false }
      return arguments.contains { index in
        model.tokens[index].kind == .identifier && model.text(index) == "disabled"
          && index > 0 && model.tokens[index - 1].kind == .dot
      }
    }
  }
}

extension MissingAssertionRule {
  fileprivate enum Messages {
    static func empty(_ test: DiscoveredTest) -> String {
      "test '\(test.name)' is empty; write the test or delete it"
    }

    static func noAssertion(_ test: DiscoveredTest) -> String {
      let name = test.name
      switch test.framework {
      case .xctest:
        return "test '\(name)' asserts nothing; check its outcome with an 'XCTAssert' call or wait for an expectation"
      case .swiftTesting:
        return "test '\(name)' asserts nothing; check its outcome with '#expect' or '#require'"
      case .quick:
        return "example '\(name)' asserts nothing; check its outcome with 'expect(...)'"
      }
    }
  }
}
