extension MissingAssertionRule {
  /// The rule's two messages.
  enum Messages {
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
