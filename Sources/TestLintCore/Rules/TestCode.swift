/// A stretch of test code a rule reads: a test's body, or a same-file helper a test calls.
public struct TestCode: Sendable {
  /// Token range of the body, braces included.
  public var tokens: Range<Int>
  /// The calls inside it (indices into `FileModel.calls`), closures included.
  public var calls: Range<Int>
  /// The test whose body it is; nil for a helper.
  public var test: DiscoveredTest?
  /// The function whose body it is (index into `FileModel.functions`); nil for a Quick example.
  public var function: Int?
}

extension RuleContext {
  /// The body of every test of the file, in source order.
  public func testBodies() -> [TestCode] {
    tests.compactMap { test in
      guard let body = test.body else { return nil }
      return TestCode(
        tokens: body, calls: test.calls, test: test,
        function: test.framework == .quick ? nil : test.function)
    }
  }

  /// The body of every test and of every same-file function the tests call, transitively;
  /// each function once. A Quick `spec()` is never read as a helper (it holds the examples).
  public func testCodeWithHelpers() -> [TestCode] {
    let bodies = testBodies()
    var seen = Set(tests.map(\.function))
    var result = bodies
    for body in bodies {
      for function in callGraph.reachable(fromCalls: body.calls) where seen.insert(function).inserted {
        guard let tokens = model.functions[function].body else { continue }
        result.append(
          TestCode(tokens: tokens, calls: model.functions[function].calls, test: nil, function: function))
      }
    }
    return result
  }
}
