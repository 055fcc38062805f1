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
    for function in context.callGraph.reachable(fromCalls: test.calls) where function != test.function {
      countCalls(model.functions[function].calls)
    }
    return count
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
