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
      let function = context.model.functions[test.function]
      guard let body = function.body, !Self.isSkipped(function, in: context.model) else { continue }
      if context.isEmptyBody(body) {
        violations.append(
          Violation(
            offset: function.nameOffset, message: Messages.empty(function.name),
            test: test.qualifiedName))
        continue
      }
      if assertionCount(of: test.function, in: context) == 0 {
        violations.append(
          Violation(
            offset: function.nameOffset,
            message: Messages.noAssertion(function.name, framework: test.framework),
            test: test.qualifiedName))
      }
    }
    return violations
  }

  /// Assertions in the function's body and in the same-file functions it calls (each once),
  /// counting calls to helpers declared elsewhere in the run that assert.
  public func assertionCount(of function: Int, in context: RuleContext) -> Int {
    let model = context.model
    let testStore = AssertionMatcher.usesTestStore(model)
    var count = 0
    for reachable in context.reachableFunctions(from: function) {
      for callIndex in model.functions[reachable].calls {
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
    return count
  }
}

extension MissingAssertionRule {
  /// A test that is skipped or disabled on purpose: it builds an `XCTSkip` (usually
  /// `throw XCTSkip(...)`), or carries `@Test(.disabled(...))`.
  fileprivate static func isSkipped(_ function: FunctionDecl, in model: FileModel) -> Bool {
    if function.calls.contains(where: { model.calls[$0].name == "XCTSkip" }) { return true }
    return function.attributes.contains { attribute in
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
    static func empty(_ name: String) -> String {
      "test '\(name)' is empty; write the test or delete it"
    }

    static func noAssertion(_ name: String, framework: TestFramework) -> String {
      switch framework {
      case .xctest:
        return "test '\(name)' asserts nothing; check its outcome with an 'XCTAssert' call or wait for an expectation"
      case .swiftTesting:
        return "test '\(name)' asserts nothing; check its outcome with '#expect' or '#require'"
      }
    }
  }
}
