/// A test must assert something: directly, in a closure, or in a same-file helper it calls.
public struct MissingAssertionRule: Rule {
  public static let description = RuleDescription(
    id: "missing_assertion",
    summary: "a test contains no assertion, directly or through same-file helpers",
    defaultSeverity: .error,
    options: [
      OptionSpec(
        name: "assertion_functions", kind: .strings, defaultValue: .strings([]),
        summary: "more functions that count as assertions; '*' is a wildcard ('assert*', 'verify*')")
    ])

  private let extra: [WildcardPattern]

  public init(options: RuleOptions) {
    extra = options.strings("assertion_functions").map(WildcardPattern.init)
  }

  public func check(_ context: RuleContext) -> [Violation] {
    var violations: [Violation] = []
    for test in context.tests {
      let function = context.model.functions[test.function]
      guard let body = function.body else { continue }
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

  /// Assertions in the function's body and in the same-file functions it calls (each once).
  public func assertionCount(of function: Int, in context: RuleContext) -> Int {
    var count = 0
    for reachable in context.reachableFunctions(from: function) {
      for callIndex in context.model.functions[reachable].calls
      where isAssertion(context.model.calls[callIndex]) {
        count += 1
      }
    }
    return count
  }

  /// Whether a call is an assertion of XCTest, Swift Testing, Nimble, snapshot testing, or a
  /// configured function.
  public func isAssertion(_ call: Call) -> Bool {
    let name = call.name
    if call.isMacro { return name == "#expect" || name == "#require" }
    if call.isImplicitMember { return false }
    if Self.exactNames.contains(name) { return true }
    if name.hasPrefix("XCTAssert") || name.hasPrefix("FBSnapshotVerify") { return true }
    switch name {
    case "wait": return call.labels.first == "for"
    case "fulfillment": return call.labels.first == "of"
    case "record": return call.receiver == "Issue"
    case "perform": return call.labels.contains("stub")
    case "expect", "require", "unwrap", "pollUnwrap", "fail":
      // Nimble's free functions; a method of something else (`mock.expect(...)`) is not.
      return call.path.count == 1 || call.receiver == "Nimble"
    default: break
    }
    if !extra.isEmpty {
      let dotted = call.path.joined(separator: ".")
      return extra.contains { $0.matches(name) || $0.matches(dotted) }
    }
    return false
  }

  private static let exactNames: Set<String> = [
    "XCTFail", "XCTUnwrap", "XCTExpectFailure", "waitForExpectations", "waitUntil",
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
  ]
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
