extension MissingAssertionRule {
  /// The rule's messages.
  enum Messages {
    static func empty(_ test: DiscoveredTest) -> String {
      "test '\(test.name)' is empty; write the test or delete it"
    }

    static func noAssertion(_ test: DiscoveredTest, in model: FileModel) -> String {
      let name = test.name
      if checksOnlyWithSwiftAssert(test, in: model) {
        let instead =
          test.framework == .swiftTesting ? "'#expect'" : test.framework == .quick ? "'expect(...)'" : "'XCTAssert'"
        return "test '\(name)' checks only with Swift's 'assert', which optimized builds remove and which stops the "
          + "whole run instead of failing the test; use \(instead)"
      }
      switch test.framework {
      case .xctest:
        return "test '\(name)' asserts nothing; check its outcome with an 'XCTAssert' call or wait for an expectation"
      case .swiftTesting:
        return "test '\(name)' asserts nothing; check its outcome with '#expect' or '#require'"
      case .quick:
        return "example '\(name)' asserts nothing; check its outcome with 'expect(...)'"
      }
    }

    /// Whether the test's own body calls Swift's `assert(_:_:)` (the rule found no check, so
    /// the call is not a library's `assert`): the message says why it does not count.
    static func checksOnlyWithSwiftAssert(_ test: DiscoveredTest, in model: FileModel) -> Bool {
      test.calls.contains { index in
        let call = model.calls[index]
        return RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "a") && call.name == "assert"
          && !call.isMacro && UndeclaredCheck.mayBeSwiftAssert(call)
      }
    }
  }
}
