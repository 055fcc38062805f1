/// A negative control (`missing_assertion`): a test that calls a function of its file which a
/// sibling test of the same type calls only under an expected failure. The sibling shows that
/// what that function runs reports issues that fail the test (it has to expect them), so the
/// test that calls it without the wrapper checks that none is raised.
///
/// Narrowly: the sibling is a test of the same type (not Quick's) whose only checks are expected
/// failures: `XCTExpectFailure`, `withKnownIssue`, `withExpectedIssue`, or a call of a function
/// of the file that wraps a closure parameter in one of them (`expectWarning { model.count }`).
/// The shared function is called in the wrapper's closure, or after an `XCTExpectFailure` that
/// wraps no block (`XCTExpectFailure("...")`, `XCTExpectFailure { $0.description... }`, which
/// expects a failure in the rest of the test). It is a method of the test's own type or a free
/// function of the file, returns nothing (an action such as `render(view)`, not a factory such
/// as `makeStore()`), and is not a test. Set 16 judged right the tests of an issue-reporting
/// library that call its `reportIssue` with reporting switched off, which a reporter type of
/// their file declares a method of that name for: another type's method is not followed.
enum NegativeControl {
  /// The file's functions each type's tests call under an expected failure, by type index.
  typealias Cache = [Int: Set<Int>]

  /// Whether the test calls a function its siblings call under an expected failure.
  static func checks(
    _ test: DiscoveredTest, in context: RuleContext, matcher: AssertionMatcher, cache: inout Cache
  ) -> Bool {
    let model = context.model
    guard test.framework != .quick, let owner = model.functions[test.function].owner else { return false }
    let expected = cache[owner] ?? underExpectedFailure(owner: owner, in: context, matcher: matcher)
    cache[owner] = expected
    guard !expected.isEmpty else { return false }
    return test.calls.contains { index in
      context.callResolver.targets(ofCallAt: index).contains(where: expected.contains)
    }
  }

  /// The functions of the file the tests of a type call under an expected failure, in a test
  /// whose only checks are expected failures.
  static func underExpectedFailure(owner: Int, in context: RuleContext, matcher: AssertionMatcher) -> Set<Int> {
    let model = context.model
    // Without an expected failure in the file there is no scope and no wrapper.
    guard model.calls.contains(where: { isExpectedFailure($0.name) }) else { return [] }
    let resolver = context.callResolver
    let known = wrappingFunctions(in: model)
    var result: Set<Int> = []
    for sibling in context.tests where sibling.framework != .quick && model.functions[sibling.function].owner == owner {
      guard let body = sibling.body else { continue }
      var scopes: [Range<Int>] = []
      var onlyExpected = true
      for index in sibling.calls {
        let call = model.calls[index]
        let wraps = !known.isEmpty && !call.isMacro && resolver.targets(ofCallAt: index).contains(where: known.contains)
        if isExpectedFailure(call.name) || wraps {
          if let scope = scope(of: call, body: body, wrapper: wraps, in: model) { scopes.append(scope) }
        } else if matcher.isAssertion(callAt: index, in: model) {
          onlyExpected = false
          break
        }
      }
      guard onlyExpected, !scopes.isEmpty else { continue }
      for index in sibling.calls where scopes.contains(where: { $0.contains(model.calls[index].nameToken) }) {
        // The test type's own method or a free function of the file: a plain call that the
        // resolver takes to another type's method of that name (a reporter's `reportIssue`)
        // may be the library's function of that name instead.
        for target in resolver.targets(ofCallAt: index)
        where returnsNothing(model.functions[target])
          && (model.functions[target].owner == nil || model.functions[target].owner == owner)
        {
          guard !known.contains(target), !Speculation.isTestName(model.functions[target].name),
            !model.functions[target].hasAttribute("Test")
          else { continue }
          result.insert(target)
        }
      }
    }
    return result
  }

  /// `XCTExpectFailure`, `withKnownIssue`, `withExpectedIssue`, after leading underscores.
  static func isExpectedFailure(_ name: String) -> Bool {
    let bare = name.drop { $0 == "_" }
    return bare == "XCTExpectFailure" || bare == "withKnownIssue" || bare == "withExpectedIssue"
  }

  /// The tokens an expected failure covers: its block (a closure argument or the first trailing
  /// closure), or the rest of the test's body after an `XCTExpectFailure` that wraps no block.
  private static func scope(of call: Call, body: Range<Int>, wrapper: Bool, in model: FileModel) -> Range<Int>? {
    if let block = call.arguments.first(where: { $0.label == "failingBlock" }) { return block.value }
    let closures = call.trailingClosures
    if call.name.drop(while: { $0 == "_" }) == "XCTExpectFailure", !wrapper {
      // One trailing closure that reads an issue (`$0`, `issue in`) is the issue matcher.
      if closures.count >= 2 { return closures[0].tokens }
      if let only = closures.first, !readsParameter(only.tokens, in: model) { return only.tokens }
      let end = closures.last?.tokens.upperBound ?? call.parentheses?.upperBound ?? call.nameToken + 1
      return end < body.upperBound ? end..<body.upperBound : nil
    }
    if let first = closures.first { return first.tokens }
    return call.arguments.first { model.tokens[$0.value.lowerBound].kind == .leftBrace }?.value
  }

  /// Whether a closure names a parameter: `$0` anywhere, or `name in` at its start.
  private static func readsParameter(_ closure: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    for index in closure.lowerBound + 1..<closure.upperBound - 1 {
      if tokens[index].kind == .identifier, model.text(index).hasPrefix("$") { return true }
      if tokens[index].keyword == .in {
        // `issue in` / `(issue) in` right after the opening brace.
        return index <= closure.lowerBound + 4
      }
    }
    return false
  }

  /// Functions of the file that take a closure and call an expected failure:
  /// `func expectWarning<R>(_ block: () -> R) -> R { XCTExpectFailure(failingBlock: block) }`.
  private static func wrappingFunctions(in model: FileModel) -> Set<Int> {
    var result: Set<Int> = []
    for (index, function) in model.functions.enumerated()
    where function.parameters.contains(where: { $0.type.contains("->") })
      && function.calls.contains(where: { isExpectedFailure(model.calls[$0].name) })
    {
      result.insert(index)
    }
    return result
  }

  /// A function without a result: an action, not a factory.
  private static func returnsNothing(_ function: FunctionDecl) -> Bool {
    guard function.kind == .function else { return false }
    guard let result = function.returnType else { return true }
    return result == "Void" || result == "()"
  }
}
