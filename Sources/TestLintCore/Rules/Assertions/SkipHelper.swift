/// Whether a test is skipped on purpose through a helper (`missing_assertion`): a test that
/// always skips is not a test that asserts nothing, as one that builds an `XCTSkip` itself is
/// not (`MissingAssertionRule.isSkipped`).
///
/// Teams wrap the skip in a helper of a support target (`try skipUnlessIntegration()`, a
/// compile-only API tour whose first line is `try skipRunningTest()`). A plain (or `self.`)
/// call with `try` of a function named `skip...` skips the test when:
/// - the file declares the function, and its body skips (`skipsDirectly`), or it calls another
///   such helper with `try` that does, followed through the file's functions;
/// - another file of the run declares it, and its body skips, or it calls such a helper: the
///   run learns it from the files' summaries (`summaries`, under `key`);
/// - no file of the run declares it: what it does is unknown, its name says it skips, and a
///   false error costs more than a miss.
/// A body skips when it builds an `XCTSkip` (`throw XCTSkip(...)`, on a condition or not, as a
/// test's own does) or calls `XCTSkipIf(true, ...)` / `XCTSkipUnless(false, ...)`, which skip
/// whatever happens. A test may call such an `XCTSkipIf(true)` itself, too.
///
/// Only `skip...` names: a helper named otherwise (`try requireNetwork()`) is not asked about,
/// so a test calling it is read as any other.
enum SkipHelper {
  /// Whether the test skips through a helper (its own `XCTSkip`s and `XCTSkipIf(true)`s are
  /// `MissingAssertionRule.isSkipped`'s, which reads them under platform directives).
  static func skips(_ test: DiscoveredTest, in context: RuleContext) -> Bool {
    var visited: Set<Int> = []
    return skips(calls: test.calls, in: context, visited: &visited, ownCalls: true)
  }

  /// Whether a name reads as a skip: `skip`, then the end, a capital, `_` or a digit
  /// (`skipRunningTest`, `skipIfOffline`, `skip_onCI`), not `skipped...` or `skipping...`.
  static func readsAsSkip(_ name: String) -> Bool {
    name.utf8.first == UInt8(ascii: "s")
      && CheckWords.startsWith("skip", name, anyCase: false, boundary: true, digits: true)
  }

  /// The name under which the run tracks a skip helper: its summary (it skips) and its
  /// declaration (`BaseAssumption.declaredChecks`). No call's name holds a `(`.
  static func key(_ name: String) -> String { name + "(skip)" }

  /// The file's functions, other files may call, named as skips (`readsAsSkip`): whether each
  /// skips by its own body, and the skip helpers it calls with `try` (by `key`), for the run's
  /// summaries (`AssertionMatcher.helperSummaries`).
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var result: [HelperSummary] = []
    for function in model.functions
    where function.body != nil && readsAsSkip(function.name) && !AssertionMatcher.isFileOnly(function) {
      let calls = function.calls
      if skipsDirectly(calls, in: model) {
        result.append(HelperSummary(name: key(function.name), asserts: true, callees: []))
        continue
      }
      let callees = calls.filter { isTriedSkipCall(at: $0, in: model) }.map { key(model.calls[$0].name) }
      result.append(HelperSummary(name: key(function.name), asserts: false, callees: callees))
    }
    return result
  }

  /// The keys (`key`) of the skip helpers the file calls with `try`: what its results depend
  /// on (`ResultCache`).
  static func calledKeys(in model: FileModel) -> [String] {
    model.calls.indices.filter { isTriedSkipCall(at: $0, in: model) }.map { key(model.calls[$0].name) }
  }

  /// Whether the function's declaration makes it one the run tracks (`key`).
  static func isTracked(_ function: FunctionDecl) -> Bool {
    readsAsSkip(function.name) && !function.has("private") && !function.has("fileprivate")
  }

  /// Whether a function's calls skip: an `XCTSkip` built, `XCTSkipIf(true)`,
  /// `XCTSkipUnless(false)`.
  static func skipsDirectly(_ calls: Range<Int>, in model: FileModel) -> Bool {
    calls.contains { index in
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "X") || first >= 0x80 else { return false }
      return builtSkip(callAt: index, in: model) || skipsWhatever(callAt: index, in: model)
    }
  }

  /// Whether the call builds an `XCTSkip` that skips: one thrown, stored or handed on. Not one
  /// written as a statement of its own (`XCTSkip("flaky on CI")` or `try XCTSkip()` on its line,
  /// `_ = XCTSkip()`): nothing throws it, so the test runs on and passes, having checked nothing.
  static func builtSkip(callAt index: Int, in model: FileModel) -> Bool {
    model.calls[index].name == "XCTSkip"
      && !UndeclaredCheck.isStatement(model.calls[index], in: model, discarding: true)
  }

  /// Whether the call is `XCTSkipIf(true, ...)` or `XCTSkipUnless(false, ...)`, which skip
  /// whatever happens, as `throw XCTSkip(...)` does.
  static func skipsWhatever(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember else { return false }
    switch call.name {
    case "XCTSkipIf": return firstArgument(of: call, is: .true, in: model)
    case "XCTSkipUnless": return firstArgument(of: call, is: .false, in: model)
    default: return false
    }
  }

  /// Whether the call is a plain (or `self.`) call with a plain `try` of a `skip...` name.
  static func isTriedSkipCall(at index: Int, in model: FileModel) -> Bool {
    guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "s") else { return false }
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase, readsAsSkip(call.name) else {
      return false
    }
    guard call.path.count == 1 || call.path.count == 2 && call.path[0] == "self" else { return false }
    return UndeclaredCheck.isTried(call, in: model)
  }

  /// `skips(_:in:)` of a range of calls; each of the file's functions is read once.
  private static func skips(
    calls: Range<Int>, in context: RuleContext, visited: inout Set<Int>, ownCalls: Bool = false
  ) -> Bool {
    let model = context.model
    if !ownCalls, skipsDirectly(calls, in: model) { return true }
    for index in calls where isTriedSkipCall(at: index, in: model) {
      let name = model.calls[index].name
      if context.callResolver.isSettledInFile(callAt: index) {
        // The file's own functions of that name: one that skips will do (which one runs is
        // not always told, and a false error costs more than a miss).
        for function in context.callGraph.functions(named: name) ?? [] where visited.insert(function).inserted {
          if skips(calls: model.functions[function].calls, in: context, visited: &visited) { return true }
        }
        continue
      }
      if context.assertingHelpers.contains(key(name)) || context.assertingHelpers.declaresNone(key(name)) {
        return true
      }
    }
    return false
  }

  /// Whether the call's first argument is the literal `true` or `false` alone.
  private static func firstArgument(of call: Call, is keyword: Keyword, in model: FileModel) -> Bool {
    guard let first = call.arguments.first, first.label == nil, first.value.count == 1 else { return false }
    return model.tokens[first.value.lowerBound].keyword == keyword
  }
}
