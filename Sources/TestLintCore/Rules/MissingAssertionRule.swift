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
  /// Where a run's engine gathers what the rule saw, for its note (`MissingAssertionTally`).
  var tally: MissingAssertionTally?

  public init(options: RuleOptions) {
    matcher = AssertionMatcher(extra: options.strings("assertion_functions"))
  }

  public func check(_ context: RuleContext) -> [Violation] {
    var violations: [Violation] = []
    let testStore = AssertionMatcher.usesTestStore(context.model)
    // For the run's note: the tests checked, and what each reported one calls.
    var checked = 0
    var reportedCalls: [Set<String>] = []
    // What the file's tests share when asked how they check through what they hand over.
    var indirect = MissingAssertionIndirect.FileCache()
    // The file's platform `#if` groups, read once when a skipped test's body holds `#if`.
    var directives: [Range<Int>]?
    defer {
      if let tally {
        let declared = context.model.functions.compactMap { Speculation.isTestName($0.name) ? nil : $0.name }
        tally.record(path: context.model.source.path, tests: checked, reportedCalls: reportedCalls, declared: declared)
      }
    }
    for test in context.tests {
      guard let body = test.body, !Self.isSkipped(test, in: context.model, directives: &directives),
        !SkipHelper.skips(test, in: context)
      else { continue }
      checked += 1
      if context.isEmptyBody(body) {
        violations.append(
          Violation(offset: test.nameOffset, message: Messages.empty(test), test: context.testName(test)))
        if tally != nil { reportedCalls.append([]) }
        continue
      }
      // A test that asserts in its own body is settled without asking about a helper: the
      // run's helpers, when the file is linted before they are all known, are asked about only
      // where the answer can change the result (`HelperNames.Misses`).
      let model = context.model
      if test.calls.contains(where: { matcher.isAssertion(callAt: $0, in: model, usesTestStore: testStore) }) {
        continue
      }
      var helpers: HelperCounts?
      if countAssertions(of: test, in: context, usesTestStore: testStore, stopAtFirst: true, helpers: &helpers) == 0,
        !MissingAssertionIndirect.checks(
          test, in: context, matcher: matcher, usesTestStore: testStore, cache: &indirect)
      {
        let message = Messages.noAssertion(test, in: model)
        violations.append(Violation(offset: test.nameOffset, message: message, test: context.testName(test)))
        if tally != nil { reportedCalls.append(MissingAssertionTally.candidates(of: test, in: context)) }
      }
    }
    return violations
  }

  /// Assertions in the test's body and in the same-file functions it calls (each once),
  /// counting calls to helpers declared elsewhere in the run that assert.
  public func assertionCount(of test: DiscoveredTest, in context: RuleContext) -> Int {
    var helpers: HelperCounts?
    return countAssertions(
      of: test, in: context, usesTestStore: AssertionMatcher.usesTestStore(context.model),
      stopAtFirst: false, helpers: &helpers)
  }

  /// `assertionCount(of:in:)` of one of a file's tests, what each function of the file the test
  /// reaches adds taken from `helpers` when an earlier test of the file counted it (the tests of
  /// a file share their helpers: counted once, not once per test). `helpers` belongs to one
  /// file's context; each count's pending calls (`HelperNames.takeInventoryLog`) are the ones
  /// counting it without `helpers` would log.
  func assertionCount(of test: DiscoveredTest, in context: RuleContext, helpers: inout HelperCounts) -> Int {
    var memo: HelperCounts? = helpers
    helpers = HelperCounts()
    defer { helpers = memo ?? HelperCounts() }
    if memo?.usesTestStore == nil { memo?.usesTestStore = AssertionMatcher.usesTestStore(context.model) }
    return countAssertions(
      of: test, in: context, usesTestStore: memo?.usesTestStore ?? false, stopAtFirst: false, helpers: &memo)
  }

  /// `assertionCount(of:in:)`, with whether the file drives a TCA `TestStore` (asked once per
  /// file); with `stopAtFirst`, 1 as soon as one assertion is found (the test's own calls come
  /// first, so most tests are settled before a helper is followed).
  private func countAssertions(
    of test: DiscoveredTest, in context: RuleContext, usesTestStore testStore: Bool,
    stopAtFirst: Bool, helpers: inout HelperCounts?
  ) -> Int {
    let model = context.model
    let resolver = context.callResolver
    var count = 0
    // In a class on a base the run assumed, an undeclared name read as a check counts too.
    let assumedChecks = context.discovery.assumesChecks(in: test, model: model)
    func countCalls(_ calls: Range<Int>) {
      for callIndex in calls {
        if stopAtFirst, count > 0 { return }
        if matcher.isAssertion(callAt: callIndex, in: model, usesTestStore: testStore) {
          count += 1
          continue
        }
        // `try recorder.finished.get()` on a recorder made by `.record()` (`RecordingGet`);
        // a support package's `#fail()` (`UndeclaredMacro`).
        if RecordingGet.counts(callAt: callIndex, in: model) || UndeclaredMacro.counts(callAt: callIndex, in: model) {
          count += 1
          continue
        }
        // `try await withTimeout { ... }` of the file's own racer: a wait with a deadline.
        if TimeoutRacer.counts(callAt: callIndex, in: model, resolver: resolver) {
          count += 1
          continue
        }
        // `try await expectation.wait(count: 3)` of a method some file of the run declares
        // racing its own work against a deadline (`TimeoutRacer.racesOwnWork`).
        if TimeoutRacer.mayBeDeclaredRacer(callAt: callIndex, in: model),
          context.assertingHelpers.contains(TimeoutRacer.key(model.calls[callIndex].name))
        {
          count += 1
          continue
        }
        // The cheap structural check before hashing the name into the run's helpers.
        guard CallResolver.mayReachRunFunction(callAt: callIndex, in: model) else { continue }
        // A plain or `self.` call of a function of the file is followed through the file's
        // calls instead; the run's helpers are asked about a name only when the call may reach
        // another file's (each name asked about is a dependency of the file's results:
        // `HelperNames.Misses`). A method called through a receiver may be any type's: the
        // run answers for every declaration of its name.
        // A check no file of the run declares (a support module's) counts too: what it does
        // is unknown, and a false error costs more than a miss (`UndeclaredCheck`).
        let name = model.calls[callIndex].name
        // A constant holding one of several functions (`let run = flag ? a : b; run()`) asserts
        // when one of them does: which one runs is not known, and a false error costs more.
        let candidates = resolver.functionValues.candidates(ofCallAt: callIndex, in: model)
        // A call asked about under several names (those, or a wait's and its deadline's) counts
        // once, however many of them the run settles as asserting (`HelperNames.beginCall`).
        // So is a check's call, under its name and its labels (`CallSignature`).
        let severalNames =
          candidates != nil || !resolver.deadlineWaits.isEmpty && resolver.deadlineWaits.contains(name)
          || BaseAssumption.tracksDeclaration(name)
        if severalNames { context.assertingHelpers.beginCall() }
        let counts =
          candidates?.contains(where: { context.assertingHelpers.contains($0) }) == true
          || ThrowingWait.counts(callAt: callIndex, in: model, context: context)  // `try inbox.waitForMessage()`
          || !resolver.isSettledInFile(callAt: callIndex)
            && (context.assertingHelpers.contains(name)
              || assumedChecks && context.discovery.isAssumedCheck(name)
                && !(name == "assert" && UndeclaredCheck.mayBeSwiftAssert(model.calls[callIndex]))
                && !UndeclaredCheck.fileDeclaresPrivate(acceptingCall: model.calls[callIndex], in: model)
              || (UndeclaredCheck.counts(callAt: callIndex, in: model, inTest: true)
                || UndeclaredWait.counts(callAt: callIndex, in: model)
                || ContinuationWait.handsOverParameter(callAt: callIndex, in: model)
                || CallerLocationCheck.countsDoubleCheck(callAt: callIndex, in: model)
                || UITestCheck.reads(callAt: callIndex, in: model) && context.drivesApp)
                && CallSignature.declaresNoneAccepting(model.calls[callIndex], in: context.assertingHelpers)
              || CallerLocationCheck.forwardsLocation(callAt: callIndex, in: model)
                && context.assertingHelpers.declaresNone(CallerLocationCheck.key(name))
              || resolver.deadlineWaits.contains(name)
                && UndeclaredCheck.isTried(model.calls[callIndex], in: model)
                && context.assertingHelpers.declaresNone(UndeclaredCheck.deadlineKey(name)))
        if severalNames { context.assertingHelpers.endCall(counted: counts) }
        if counts { count += 1 }
      }
    }
    countCalls(test.calls)
    // A last statement checking through a support module's `expect` (`ClosingExpect`).
    if !stopAtFirst || count == 0, ClosingExpect.closes(test, in: model),
      context.assertingHelpers.declaresNone(ClosingExpect.name)
    {
      count += 1
    }
    // A test that hands its whole work to its assumed base's harness (`AssumedBaseHarness`).
    if count == 0, AssumedBaseHarness.handsOver(test, in: context, onAssumedBase: assumedChecks) { count += 1 }
    // A scenario its class's `tearDown` runs, or a counter or weak property it checks (`TearDownWeakCheck.any`).
    if count == 0, TearDownWeakCheck.any(test, in: context) { count += 1 }
    if stopAtFirst, count > 0 { return count }
    if let body = test.body {
      count += Self.checkingThrows(in: body, model: model)
      count += Self.failingThrows(in: body, model: model)
      count += Self.checkingCrashes(in: body, calls: test.calls, model: model)
      count += TrappingPrecondition.count(in: body, calls: test.calls, function: test.function, model: model)
      if stopAtFirst, count > 0 { return count }
      // An awaited continuation the code under test resumes (`ContinuationWait`).
      if ContinuationWait.counts(in: test.calls, model: model) { count += 1 }
      // `@Test(.timeLimit(.minutes(1)))`: the limit fails the test when the work hangs, as a wait's
      // deadline does; so does a performance budget, `.timed(threshold: ...)` (`PerformanceBudget`).
      if Self.hasOwnTimeLimit(test, in: model) || PerformanceBudget.sets(test, in: model) { count += 1 }
      // A test whose own comment or name says the compiler checks it (`MemberExistencePin.compilerChecks`).
      if count == 0, MemberExistencePin.compilerChecks(test, in: model) { count += 1 }
      // A test that only coerces values to a type and throws them away (`ConformanceCoercion`).
      if count == 0,
        ConformanceCoercion.onlyChecks(body: body, in: model, names: { type in
          ConformanceCoercion.testName(test.name, names: type)
            || CompileTimeComment.ownCommentBlocks(of: test, in: model).contains {
              CompileTimeComment.contains(word: type.lowercased(), in: $0.lowercased())
            }
        })
      {
        count += 1
      }
      // A type declared to check a conformance (`LocalConformanceCheck`); a check variable (`QuickCheckBlock`).
      if count == 0, LocalConformanceCheck.checks(test, in: model) || QuickCheckBlock.runs(test, model) { count += 1 }
      // An empty generic function the test declares and calls (`CompileTimeCheck`).
      if CompileTimeCheck.declaredInTest(body: body, calls: test.calls, in: model) { count += 1 }
    }
    if stopAtFirst, count > 0 { return count }
    var reached = resolver.reachable(fromCalls: test.calls)
    if test.framework == .quick, let spec = model.functions[test.function].body {
      // Functions declared inside the groups' closures (`func expectCount(_:)` in a
      // `describe`) are part of `spec()`, not functions of their own: follow them by name.
      let localCalls = context.memo.quickLocalFunctions.withLock { cache in
        Self.localFunctionCalls(
          reachedFrom: test.calls, of: test, spec: spec, model: model, cache: &cache
        ) { calls, closure in
          Self.onlyFails(calls, in: closure, model: model, matcher: matcher, usesTestStore: testStore)
        }
      }
      for calls in localCalls { countCalls(calls) }
      for calls in localCalls { reached += resolver.reachable(fromCalls: calls) }
    }
    var seen: Set<Int> = []
    // What a function adds depends on it and whether the test's class reads names as checks,
    // nothing else of the test: the first test of the file to reach it
    // counts it, the others take that count and the calls it left pending.
    if helpers != nil { helpers?.pending += context.assertingHelpers.takeInventoryLog() }
    for function in reached where function != test.function && seen.insert(function).inserted {
      if stopAtFirst, count > 0 { return count }
      let key = HelperCounts.Key(function: function, assumedChecks: assumedChecks)
      if let known = helpers?.counts[key] {
        count += known.count
        helpers?.pending += known.pending
        continue
      }
      let before = count
      if AssertionMatcher.assertsBySignature(model.functions[function], in: model) { count += 1 }
      countCalls(model.functions[function].calls)
      if let body = model.functions[function].body { count += Self.checkingThrows(in: body, model: model) }
      if helpers != nil {
        let pending = context.assertingHelpers.takeInventoryLog()
        helpers?.counts[key] = (count - before, pending)
        helpers?.pending += pending
      }
    }
    /// Whether a function handed over as a value checks, directly or through what it calls:
    /// not when its only checks are `XCTFail` / `fail` traps (it must not be called).
    func handedOverFunctionChecks(_ function: Int) -> Bool {
      let own = model.functions[function].calls.filter {
        matcher.isAssertion(callAt: $0, in: model, usesTestStore: testStore)
      }
      if !own.isEmpty {
        return own.contains { model.calls[$0].name != "XCTFail" && model.calls[$0].name != "fail" }
      }
      let saved = count
      defer { count = saved }
      count = 0
      for reachedFunction in [function] + resolver.reachable(fromCalls: model.functions[function].calls) {
        countCalls(model.functions[reachedFunction].calls)
        if let body = model.functions[reachedFunction].body { count += Self.checkingThrows(in: body, model: model) }
        if count > 0 { return true }
      }
      return false
    }

    if stopAtFirst, count > 0 { return count }
    // Methods the test (or a function it reaches) hands over as values, `Store(reducer:
    // reducer.handle)`: the code under test calls them (`MethodReferences`).
    for calls in [test.calls] + reached.lazy.filter({ $0 != test.function }).map({ model.functions[$0].calls }) {
      for callIndex in calls where !model.calls[callIndex].arguments.isEmpty {
        for targets in MethodReferences.targets(ofCallAt: callIndex, in: model, graph: resolver.graph)
        where targets.allSatisfy(handedOverFunctionChecks) {
          count += 1
        }
        count += MethodReferences.assertingElsewhere(callAt: callIndex, in: model, context: context)
        if stopAtFirst, count > 0 { return count }
      }
    }
    if helpers != nil { helpers?.pending += context.assertingHelpers.takeInventoryLog() }
    return count
  }

  /// What each function of a file adds to the count of a test that reaches it
  /// (`assertionCount(of:in:helpers:)`), by function and whether the test's class reads names
  /// as checks; and the calls the current test's count left pending so far.
  struct HelperCounts {
    struct Key: Hashable {
      var function: Int
      var assumedChecks: Bool
    }
    var counts: [Key: (count: Int, pending: [HelperNames.PendingCall])] = [:]
    /// The current test's pending calls taken from the log before its count ends.
    var pending: [HelperNames.PendingCall] = []
    /// Whether the file drives a TCA `TestStore`, asked once.
    var usesTestStore: Bool?
  }
}

extension MissingAssertionRule {
  /// Quick: the calls inside the functions declared in `spec()`'s closures that a test calls by
  /// name (`expectCount(1)`), followed transitively; each function's calls once. Functions
  /// declared in the test's own body are left out (their calls already count for the test),
  /// and so are closures handed to a lazy wrapper whose calls `isCallback` says only fail.
  ///
  /// The declarations of a `spec()` are found once for all its examples (in `cache`), and each
  /// declaration's calls once for all the examples that reach it: per example, the work is
  /// linear in what it reaches, not in the size of the spec.
  static func localFunctionCalls(
    reachedFrom calls: Range<Int>, of test: DiscoveredTest, spec: Range<Int>, model: FileModel,
    cache: inout [Int: QuickLocalFunctions],
    isCallback: (Range<Int>, Range<Int>) -> Bool = { _, _ in false }
  ) -> [Range<Int>] {
    var local =
      cache.removeValue(forKey: test.function)
      ?? QuickLocalFunctions(functions: localFunctions(in: spec, model: model))
    defer { cache[test.function] = local }
    guard !local.functions.isEmpty else { return [] }
    let specCalls = model.functions[test.function].calls
    var result: [Range<Int>] = []
    var seen: Set<Int> = []
    var queue = [calls]
    while let current = queue.popLast() {
      for callIndex in current {
        guard model.calls[callIndex].path.count == 1, !model.calls[callIndex].hasExpressionBase,
          !model.calls[callIndex].isMacro,
          let positions = local.byName[model.calls[callIndex].name]
        else { continue }
        for position in positions
        where !(test.body?.contains(local.functions[position].keyword) ?? false)
          && seen.insert(position).inserted
        {
          guard let inside = local.calls(of: position, among: specCalls, model: model),
            !local.functions[position].isWrapped || !isCallback(inside, local.functions[position].body)
          else { continue }
          result.append(inside)
          queue.append(inside)
        }
      }
    }
    return result
  }

  /// `func name(...) { ... }` declarations inside `spec()`'s body, and closures kept in a
  /// constant or variable (`let pressedTest: (UIButton) -> Void = { button in ... }`), which
  /// examples call the same way, in source order.
  static func localFunctions(in spec: Range<Int>, model: FileModel) -> [QuickLocalFunctions.Function] {
    let tokens = model.tokens
    let end = min(spec.upperBound, tokens.count)
    var result: [QuickLocalFunctions.Function] = []
    var index = spec.lowerBound + 1
    while index + 1 < end {
      defer { index += 1 }
      if tokens[index].keyword == .let || tokens[index].keyword == .var, tokens[index].kind == .identifier,
        tokens[index + 1].isIdentifierLike, let closure = closureValue(after: index + 1, before: end, in: model)
      {
        let name = model.text(index + 1)
        var function = QuickLocalFunctions.Function(
          keyword: index, name: name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name, body: closure)
        // `= specVar { ... }`: the closure is handed to a wrapper, not the value itself.
        function.isWrapped = tokens[closure.lowerBound - 1].kind != .operator
        result.append(function)
        continue
      }
      guard tokens[index].keyword == .func, tokens[index].kind == .identifier,
        tokens[index + 1].isIdentifierLike
      else { continue }
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
      result.append(
        QuickLocalFunctions.Function(
          keyword: index, name: name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name,
          body: cursor..<min(close + 1, end)))
    }
    return result
  }
}

extension MissingAssertionRule {
  /// Whether the calls of a closure handed to a lazy wrapper check only by failing
  /// unconditionally (`makeLoader { fail("must not call back") }`): `fail`, `XCTFail`,
  /// `Issue.record` in the closure's own statements, outside any `if`, `guard` or inner closure.
  /// Such a closure is a callback that must not run, not one the example runs by calling the
  /// wrapper's result (`fatalError` is no check, so it counts for nothing either way).
  static func onlyFails(
    _ calls: Range<Int>, in closure: Range<Int>, model: FileModel, matcher: AssertionMatcher, usesTestStore: Bool
  ) -> Bool {
    var fails = false
    for index in calls where matcher.isAssertion(callAt: index, in: model, usesTestStore: usesTestStore) {
      let call = model.calls[index]
      let failure =
        call.name == "fail" && call.path.count == 1 || call.name == "XCTFail"
        || call.name == "record" && call.receiver == "Issue"
      guard failure else { return false }
      var depth = 0
      for token in closure.lowerBound + 1..<call.nameToken {
        if model.tokens[token].kind == .leftBrace { depth += 1 }
        if model.tokens[token].kind == .rightBrace { depth -= 1 }
      }
      guard depth == 0 else { return false }
      fails = true
    }
    return fails
  }

  /// The token range of a closure literal a `let` or `var` named at `name` is set to
  /// (`name: (Int) -> Void = { ... }`, `name = { ... }`), with its braces; nil for any other
  /// value. The type is skipped by counting brackets, a few dozen tokens at most.
  static func closureValue(after name: Int, before end: Int, in model: FileModel) -> Range<Int>? {
    let tokens = model.tokens
    var cursor = name + 1
    var depth = 0
    while cursor < min(end, name + 64) {
      let kind = tokens[cursor].kind
      if kind == .leftParen || kind == .leftBracket { depth += 1 }
      if kind == .rightParen || kind == .rightBracket { depth -= 1 }
      if kind == .leftBrace || kind == .rightBrace || depth < 0 { return nil }
      if depth == 0, kind == .operator, model.token(cursor, is: "=") { break }
      cursor += 1
    }
    guard cursor + 1 < end, tokens[cursor].kind == .operator, model.token(cursor, is: "=") else { return nil }
    var open = cursor + 1
    // A lazy wrapper around the closure, `specVar { ... }`, `memoize({ ... })`: a function of
    // the project (lowercase, one name) whose only argument is the closure, assumed to run it
    // when the constant is called (what it does is not known: the doubt goes to "asserts"),
    // unless the closure only fails (`onlyFails`).
    var parenthesized = false
    if tokens[open].kind == .identifier, tokens[open].keyword == .none, open + 1 < end,
      !AssertionMatcher.startsUppercase(model.text(open))
    {
      if tokens[open + 1].kind == .leftBrace {
        open += 1
      } else if open + 2 < end, tokens[open + 1].kind == .leftParen, tokens[open + 2].kind == .leftBrace {
        open += 2
        parenthesized = true
      }
    }
    guard tokens[open].kind == .leftBrace else { return nil }
    var braces = 0
    var close = open
    while close < end {
      if tokens[close].kind == .leftBrace { braces += 1 }
      if tokens[close].kind == .rightBrace {
        braces -= 1
        guard braces == 0 else {
          close += 1
          continue
        }
        // The wrapper's call ends with the closure (`memoize({ ... })`, not `({ ... }, 2)`),
        // and nothing is called on what it returns.
        var after = close + 1
        if parenthesized {
          guard after < end, tokens[after].kind == .rightParen else { return nil }
          after += 1
        }
        if open > cursor + 1, after < end,
          tokens[after].kind == .dot || tokens[after].kind == .leftParen && !tokens[after].isAtLineStart
        {
          return nil
        }
        return open..<(close + 1)
      }
      close += 1
    }
    return nil
  }
}

extension MissingAssertionRule {
  /// Whether the body's text holds `#if` (directives are not tokens): the file's directive
  /// groups are read only then.
  fileprivate static func hasDirective(in body: Range<Int>, of model: FileModel) -> Bool {
    guard !body.isEmpty else { return false }
    let bytes = model.source.bytes
    let end = min(bytes.count, Int(model.tokens[body.upperBound - 1].end))
    var index = model.offset(body.lowerBound)
    while index + 2 < end {
      if bytes[index] == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "i"),
        bytes[index + 2] == UInt8(ascii: "f")
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// Ranges sorted by start, overlapping ones joined.
  fileprivate static func mergedGroups(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var merged: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// A test that is skipped or disabled on purpose: it builds an `XCTSkip` (usually
  /// `throw XCTSkip(...)`), carries `@Test(.disabled(...))`, or is a pending Quick example.
  fileprivate static func isSkipped(
    _ test: DiscoveredTest, in model: FileModel, directives: inout [Range<Int>]?
  ) -> Bool {
    if test.isPending || PendingExample.onlyMarksPending(test, in: model) { return true }
    // The first byte of each name first, from its token (no string read for most calls).
    let skips = test.calls.filter { index in
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "X") || first >= 0x80 else { return false }
      guard SkipHelper.builtSkip(callAt: index, in: model) || SkipHelper.skipsWhatever(callAt: index, in: model)
      else { return false }
      // A skip in the block of `guard #available(...) else { ... }` or `if #unavailable(...)`
      // skips the test on older systems only: on current ones it runs, and is read as there.
      return !isAvailabilitySkip(index, in: model)
    }
    // A skip in an `#if os(...)` group of the test's body skips it on that platform only.
    if !skips.isEmpty, let body = test.body, hasDirective(in: body, of: model) {
      let opening = model.offset(body.lowerBound)
      if directives == nil { directives = mergedGroups(DisabledTestRule.platformDirectiveRanges(in: model)) }
      let groups = directives ?? []
      if skips.contains(where: { index in
        let offset = model.offset(model.calls[index].nameToken)
        // The last group starting at or before the skip (binary search over sorted groups).
        var low = 0
        var high = groups.count
        while low < high {
          let middle = (low + high) / 2
          if groups[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        return !(low > 0 && groups[low - 1].lowerBound > opening && groups[low - 1].contains(offset))
      }) {
        return true
      }
    } else if !skips.isEmpty {
      return true
    }
    guard test.framework != .quick else { return false }
    return model.functions[test.function].attributes.contains { attribute in
      guard attribute.name.hasSuffix("Test"), let arguments = attribute.arguments else { return false }
      return arguments.contains { index in
        model.tokens[index].kind == .identifier && model.text(index) == "disabled"
          && index > 0 && model.tokens[index - 1].kind == .dot
      }
    }
  }

  /// Whether the skip at `model.calls[index]` sits in the block of an availability check
  /// (`guard #available(macOS 13, *) else { throw XCTSkip(...) }`, `if #unavailable(...)`).
  fileprivate static func isAvailabilitySkip(_ index: Int, in model: FileModel) -> Bool {
    let skip = model.calls[index].nameToken
    guard let condition = DisabledTestRule.enclosingCondition(of: skip, in: model) else { return false }
    return condition.contains { position in
      model.tokens[position].kind == .pound
        && (model.text(position) == "#available" || model.text(position) == "#unavailable")
    }
  }

  /// Whether a Swift Testing test carries a `.timeLimit(...)` trait in its own `@Test(...)`
  /// and its body awaits something: the time limit fails the test when the awaited work does
  /// not finish, as a wait's deadline does. A `@Suite(.timeLimit(...))` is a guard against
  /// hangs set once for all its tests, not the check of one, and does not count.
  fileprivate static func hasOwnTimeLimit(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.framework == .swiftTesting else { return false }
    let tokens = model.tokens
    let limited = model.functions[test.function].attributes.contains { attribute in
      guard attribute.name.hasSuffix("Test"), let arguments = attribute.arguments else { return false }
      return arguments.contains { index in
        index > 0 && tokens[index].kind == .identifier && tokens[index - 1].kind == .dot
          && model.text(index) == "timeLimit"
      }
    }
    return limited
  }
}
