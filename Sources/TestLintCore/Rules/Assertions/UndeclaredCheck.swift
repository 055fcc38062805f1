/// Which calls of a function declared in none of the run's files count as assertions, in every
/// test (`missing_assertion`, and `indiscrete_test`'s count through it).
///
/// Teams keep their check helpers in a support module the linted test folders do not include
/// (`Sources/TestUtils`, a snapshot package): `XCTDiffContexts(...)`,
/// `assertLightDarkSnapshots(...)`, `_expectFailure(...)`. What such a function does is unknown,
/// and a false error costs more than a miss, so a call of one whose name reads as a check
/// counts (`BaseAssumption.readsAsCheck`, `readsAsAssertion`). Only a plain call, or one
/// through `self.`, `Self.` or `super.`: a method of the code under test (`form.validate()`,
/// `sut.checkForUpdates()`) is no check, and a test that calls only `sut.load()` is still
/// reported; through another receiver, only a name with the word "assert", which is the
/// vocabulary of tests alone (`logger.waitAndAssert(message:)`), or a name that reads as a
/// check through the parameter of a closure a check handed it (`HandedCheck`:
/// `tester.checkBuild { results in results.checkNoErrors() }`); and, with `try`, a name that
/// reads as a check that fails by throwing (`try f.run(args).check("...")`,
/// `try await f.waitForHTTPOk(url)`; `readsAsTriedCheck` plain, `readsAsTriedMethod` through a
/// receiver): the thrown error fails the test exactly when the check does not hold. Through
/// any receiver, a check that nothing happened left unused (`readsAsAbsenceCheck`:
/// `delegate.checkNoDiagnostics()`), and in a test's body a plain call given what the test
/// expects (`handsExpectedValue`: `tester(expectedIdioms: ["pad"])`), count too; so do a
/// snapshot helper's call, a UI robot's check namespace and a test-support type's shared test
/// (`TestSupportCall`). A plain
/// call of `test...` with arguments counts too (`test(operator: +, on: (1, 2), returns: 3)`,
/// `testCodableConformance(of: value)`, a Swift Testing suite's
/// `testPlatformFiltering(destination: .iOS)`): no test is called with arguments, so it is a
/// support package's check, as test-support modules name them. A comparison with a stored reference
/// (`compare...`, `readsAsComparison`) counts when called as a statement of its own, plainly or
/// through a module or type (`Spec.compare(text, against: url)`): one that returned its answer
/// would leave it unused.
///
/// A call of a test harness's run, through any receiver or none, counts too when the run
/// declares no function of that name: `run...Test`/`run...Tests` or `perform...Test(s)`
/// (`RunNames.readsAsHarnessRun`: `ConformanceTest(provider: p).runTest()`,
/// `benchmarker.runAllTests()`, `self.runTest(#function, cases)`): such a method runs checks a
/// support module wrote, the vocabulary of test code alone (`runForTests()`, a setup, is not
/// one).
///
/// Not Swift's `assert(_:)` (a debug-build check the page counts as none), nor a mocking
/// library's names (`verify`, `Verify`, `verifyNoMoreInteractions`), which count only as
/// `MockVerification` says, in a file that imports the library.
///
/// Whether the run declares the name is answered by the run (`HelperNames.declaresNone`); a
/// declared function is followed as any helper is.
enum UndeclaredCheck {
  /// Whether the call, if no file of the run declares its name, counts as an assertion: in a
  /// test's own body (`inTest`), or in a helper, where a call of `test...` with arguments is
  /// no check but the harness running the test it was handed (`test(context())`, a stored
  /// closure).
  static func counts(callAt index: Int, in model: FileModel, inTest: Bool) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember else { return false }
    let name = call.name
    // Through another receiver, only the word "assert", which only tests speak
    // (`logger.waitAndAssert(message:)`, `preview.assertLightDarkSnapshots()`).
    let plain: Bool
    switch call.path.count {
    case 1: plain = !call.hasExpressionBase
    case 2:
      let receiver = call.path[0]
      plain = !call.hasExpressionBase && (receiver == "self" || receiver == "Self" || receiver == "super")
    default: plain = false
    }
    // Swift's `assert(_:)` checks only in debug builds (an `assert` of another shape is a
    // library's check: `mayBeSwiftAssert`), and a mocking library's `verify(` or `then(` is
    // decided by its import (`MockVerification`): without it, anybody's function.
    if name == "assert" && mayBeSwiftAssert(call)
      || MockVerification.mayMatch(name) && MockVerification.isLibraryName(name)
    {
      return false
    }
    let reads: Bool
    if RunNames.readsAsHarnessRun(name) {
      reads = true
    } else if readsAsComparison(name), plain || readsAsTypeOrModule(call), isStatement(call, in: model) {
      // A comparison with a stored reference, called for its effect alone
      // (`compare(text, against: specification)`, `Support.compare(...)`): a `compare` that
      // returned its answer would be unused here, so this one fails the test itself.
      reads = true
    } else if plain ? readsAsTriedCheck(name) : readsAsTriedMethod(name), isTried(call, in: model) {
      // A check that fails by throwing: `try f.run(args).check("...")`,
      // `try await fixture.waitForHTTPOk(url)`. Not `try sut.load()`, nor `try?`; through a
      // receiver, not a check word followed by an object either
      // (`try installer.verifySignature(of: app)`), an operation of the code under test.
      reads = true
    } else if !plain {
      // Or a check of what a check handed to its closure (`HandedCheck`), or a check that
      // nothing of a kind happened, left unused (`delegate.checkNoDiagnostics()`).
      reads =
        BaseAssumption.readsAsAssertion(name) || HandedCheck.reads(callAt: index, in: model)
        || readsAsAbsenceCheck(name) && isStatement(call, in: model)
        || TestSupportCall.readsThroughReceiver(call, in: model)
    } else if inTest, handsExpectedValue(call),
      isStatement(call, in: model) || ExpectedChain.compares(callAt: index, in: model)
    {
      // A support module's check given what the test expects
      // (`buildTester(expectedIdioms: [.phone], unexpectedIdioms: [.watch])`), or its
      // comparison's first half (`ExpectedChain`: `textDiff(expected: e).compare(actual)`).
      reads = true
    } else {
      reads =
        BaseAssumption.readsAsCheck(name) || BaseAssumption.readsAsAssertion(name)
        || inTest && BaseAssumption.readsAsTestCheck(name)
          && (!call.arguments.isEmpty || !call.trailingClosures.isEmpty)
        || TestSupportCall.readsPlain(call, in: model)
        || LeakTracking.readsAsLeakCheck(name)  // `trackForMemoryLeaks(sut)`
    }
    // A `private` or `fileprivate` function of this file is one the run does not list
    // (`BaseAssumption.declaredChecks`): the call may be to it.
    guard reads, !fileDeclaresPrivate(acceptingCall: call, in: model) else { return false }
    // A plain call of a function the test declares in its own body (`func runTest<T>(_: T.Type)`
    // inside the test) runs that function, which the run does declare.
    guard call.path.count == 1, plain else { return reads }
    return !declaresNested(name, before: call.nameToken, in: call.function, model: model)
  }

  /// Whether a name states that nothing of a kind happened: `checkNo` or `expectNo` and a
  /// capitalized word (`checkNoDiagnostics`, `expectNoEvents`). Called as a statement of its
  /// own, its result unused, through any receiver, it is a check: the code under test names
  /// its operations otherwise, and one that answered would leave the answer unused.
  static func readsAsAbsenceCheck(_ name: String) -> Bool {
    for prefix in ["checkNo", "expectNo"] where name.hasPrefix(prefix) {
      let next = name.utf8.dropFirst(prefix.utf8.count).first
      if let next, next >= UInt8(ascii: "A"), next <= UInt8(ascii: "Z") { return true }
    }
    return false
  }

  /// Whether a call hands over what the test expects: an argument labelled `expected`, or
  /// `expected` and a capitalized word (`expectedIdioms:`). A function of a support module
  /// given the expected value compares it.
  static func handsExpectedValue(_ call: Call) -> Bool {
    call.arguments.contains { isExpectedLabel($0.label) }
  }

  /// Whether an argument label is `expected`, or `expected` and a capitalized word.
  static func isExpectedLabel(_ label: String?) -> Bool {
    guard let label, label.hasPrefix("expected") else { return false }
    guard let next = label.utf8.dropFirst(8).first else { return true }
    return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
  }

  /// Whether a name reads as a comparison with a reference: `compare`, or `compare` followed by
  /// a word boundary (`compareRendering`; not `compared`, `comparison`).
  static func readsAsComparison(_ name: String) -> Bool {
    guard name.utf8.first == UInt8(ascii: "c") else { return false }
    return CheckWords.startsWith("compare", name, anyCase: false, boundary: true, digits: true)
  }

  /// Whether the call goes through one capitalized name, a module or a type, never a value of
  /// the code under test (`Support.compare(...)`; not `sut.compare(...)`).
  static func readsAsTypeOrModule(_ call: Call) -> Bool {
    guard call.path.count == 2, !call.hasExpressionBase, let receiver = call.receiver else { return false }
    return receiver != "Self" && AssertionMatcher.startsUppercase(receiver)
  }

  /// Whether the call is a statement of its own, its result unused: nothing before its path or
  /// chain on its statement but `try` and `await` (and, `discarding`, a `_ =` or `let _ =`
  /// before those), nothing after it that goes on with the expression.
  static func isStatement(_ call: Call, in model: FileModel, discarding: Bool = false) -> Bool {
    let tokens = model.tokens
    // The first name of the callee's path or chain (`Client.get("/x").expectOk()`).
    guard let first = chainStart(before: call.nameToken, in: model) else { return false }
    var before = first - 1
    while before >= 0 {
      let token = tokens[before]
      if token.kind == .identifier, token.keyword == .try || token.keyword == .await {
        before -= 1
      } else if isPostfixMark(before, in: model), before > 0, tokens[before - 1].keyword == .try {
        before -= 2
      } else {
        break
      }
    }
    if discarding, before >= 1, model.token(before, is: "="), model.token(before - 1, is: "_") {
      before -= 2
      if before >= 0, tokens[before].keyword == .let { before -= 1 }
    }
    if before >= 0 {
      let token = tokens[before]
      switch token.kind {
      case .leftBrace, .rightBrace, .semicolon: break
      case .identifier where token.keyword == .in || token.keyword == .else: break
      case .identifier, .backtickIdentifier, .number, .string, .regex, .rightParen, .rightBracket:
        // The end of the statement before, on an earlier line.
        guard tokens[before + 1].isAtLineStart, token.keyword != .return, token.keyword != .throw
        else { return false }
      default: return false
      }
    }
    // What follows the call must not go on with it (`.member`, an operator, a subscript).
    var last = call.nameToken
    if let parentheses = call.parentheses { last = max(last, parentheses.upperBound - 1) }
    if let closure = call.trailingClosures.last { last = max(last, closure.tokens.upperBound - 1) }
    let after = last + 1
    guard after < tokens.count else { return true }
    switch tokens[after].kind {
    case .rightBrace, .semicolon: return true
    case .dot, .operator, .leftBracket, .leftParen: return false
    default: return tokens[after].isAtLineStart
    }
  }

  /// Whether the call may be Swift's `assert(_:_:file:line:)`, a debug-build check: its
  /// condition and message are autoclosures, so it takes one or two unlabelled arguments, then
  /// `file:` and `line:`, and no trailing closure. A call of another shape
  /// (`assert { actual } equals: { expected }`, `assert(left: a, equals: b)`, `assert(to: max)`)
  /// is a library's function of that name, a check helper.
  static func mayBeSwiftAssert(_ call: Call) -> Bool {
    if call.hasExpressionBase || call.path.count > 2 { return false }
    if call.path.count == 2, call.path[0] != "Swift" { return false }
    guard call.trailingClosures.isEmpty, call.parentheses != nil else { return false }
    var unlabelled = 0
    var position = 0  // 0: unlabelled arguments, 1: after `file:`, 2: after `line:`
    for label in call.labels {
      switch label {
      case nil:
        guard position == 0 else { return false }
        unlabelled += 1
      case "file":
        guard position == 0 else { return false }
        position = 1
      case "line":
        guard position < 2 else { return false }
        position = 2
      default: return false
      }
    }
    return unlabelled >= 1 && unlabelled <= 2
  }

  /// Whether the file declares a `private` or `fileprivate` function that may take the call:
  /// of its name, and whose labels fit the call's (`CallSignature.accepts`).
  static func fileDeclaresPrivate(acceptingCall call: Call, in model: FileModel) -> Bool {
    let name = call.name
    return model.functions.contains { function in
      function.name == name && (function.has("private") || function.has("fileprivate"))
        && CallSignature.accepts(function, call: call)
    }
  }

  /// The names this file calls with a plain `try` and a deadline, `within:`:
  /// `try await logs.log(grep: "joined", within: .seconds(3))`. Such a function
  /// polls until its deadline and throws when what it awaits never happens, so the test fails
  /// exactly then: a wait that checks, as `waitFor...` is. Its calls in the file that leave the
  /// deadline to its default (`try await logs.log(grep: "joined")`) are the same wait. It counts
  /// where no file of the run declares a function of that name with a deadline
  /// (`deadlineKey`); a declared one is followed as any helper is. One pass over the file's
  /// calls, by their labels' lengths first. Not `timeout:` or `deadline:`: they configure
  /// requests at least as often (`try AlamofireRequest(url, timeout: 30)`,
  /// `try await client.execute(request, deadline: .now() + .minutes(30))`,
  /// `try await ec2.with(timeout: .minutes(2)).describeImages(request)`), which checks nothing.
  static func deadlineWaits(in model: FileModel) -> Set<String> {
    var names: Set<String> = []
    for index in model.calls.indices {
      let call = model.calls[index]
      guard !call.isMacro, !call.isImplicitMember, call.arguments.contains(where: { isDeadlineLabel($0.label) })
      else { continue }
      let name = call.name
      // XCTest's and Swift Testing's own waits are assertions by name already; a mocking
      // library's names are `MockVerification`'s.
      guard !names.contains(name), name != "assert", isTried(call, in: model) else { continue }
      names.insert(name)
    }
    return names
  }

  /// Whether an argument label names the deadline of a wait: `within`.
  static func isDeadlineLabel(_ label: String?) -> Bool {
    guard let label, label.utf8.count == 6 else { return false }
    return label == "within"
  }

  /// The name under which the run tracks the declarations of a deadline wait's name: a
  /// function of that name with a deadline parameter (`func log(grep:within:)`). No call's name
  /// holds a `(`.
  static func deadlineKey(_ name: String) -> String { name + "(deadline)" }

  /// Whether a declared function is a deadline wait's declaration (`deadlineKey`).
  static func declaresDeadline(_ function: FunctionDecl) -> Bool {
    function.parameters.contains { isDeadlineLabel($0.label ?? $0.name) }
  }

  /// Whether the body of `function` declares a nested `func name` before the token `limit`.
  static func declaresNested(_ name: String, before limit: Int, in function: Int, model: FileModel) -> Bool {
    guard let body = model.functions[function].body else { return false }
    let tokens = model.tokens
    let end = min(limit, body.upperBound, tokens.count)
    var cursor = body.lowerBound + 1
    while cursor + 1 < end {
      if tokens[cursor].keyword == .func, tokens[cursor].kind == .identifier, tokens[cursor + 1].isIdentifierLike {
        let declared = model.text(cursor + 1)
        if declared == name || declared == "`" + name + "`" { return true }
      }
      cursor += 1
    }
    return false
  }

  /// Whether a name, called with `try`, reads as a check that fails by throwing: as
  /// `BaseAssumption.readsAsCheck` says (`check`, `verify...`, `validate...`), or `ensure...`,
  /// `require...` or their third-person forms (a word boundary after), or a throwing wait
  /// (`readsAsThrowingWait`).
  static func readsAsTriedCheck(_ name: String) -> Bool {
    if BaseAssumption.readsAsCheck(name) || readsAsThrowingWait(name) || statesThrowCondition(name) { return true }
    switch name.utf8.first {
    case UInt8(ascii: "e"), UInt8(ascii: "r"): break
    default: return false
    }
    return CheckWords.startsWith("ensure", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWith("require", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWithThirdPerson("ensures", name, digits: true)
      || CheckWords.startsWithThirdPerson("requires", name, digits: true)
  }

  /// Whether a method's name, called with `try` through a receiver, reads as a check that fails
  /// by throwing: a check word alone (`check`, `expect`, `ensure`, `require`; a mocking
  /// library's `verify` is `MockVerification`'s, a name with "assert" counts untried), or a
  /// throwing wait (`readsAsThrowingWait`). Not `validate`: `try router.validate()` is how the
  /// code under test accepts a valid input. A check word followed by an object
  /// (`verifySecurityAssessment`, `checkTabs`) is how the code under test names its operations.
  static func readsAsTriedMethod(_ name: String) -> Bool {
    switch name {
    case "check", "expect", "ensure", "require": return true
    default: return readsAsThrowingWait(name) || statesThrowCondition(name)
    }
  }

  /// Whether a name states the condition under which the call throws: `throwIf`,
  /// `throwUnless` or `failIf` and a capitalized word (`throwIfNonZero()`,
  /// `throwUnlessSucceeded()`, `failIfEmpty()`). Called with `try`, the test fails exactly when
  /// that condition holds. Not a cancellation (`throwIfCancelled()`), which stops work and
  /// checks nothing of the result, nor `throwIfNeeded()`, which names no condition.
  static func statesThrowCondition(_ name: String) -> Bool {
    switch name.utf8.first {
    case UInt8(ascii: "t"), UInt8(ascii: "f"): break
    default: return false
    }
    guard let word = throwConditionWords.first(where: { CheckWords.startsWith($0, name, anyCase: false, boundary: true, digits: false) }),
      name.utf8.count > word.utf8CodeUnitCount
    else { return false }
    let condition = name.utf8.dropFirst(word.utf8CodeUnitCount)
    return !condition.starts(with: "Cancel".utf8) && !condition.starts(with: "Needed".utf8)
      && condition.first != UInt8(ascii: "_")
  }

  /// The words that open a name stating when the call throws (`statesThrowCondition`).
  private static let throwConditionWords: [StaticString] = ["throwIf", "throwUnless", "failIf"]

  /// Whether a name reads as a wait that throws when its condition is never met:
  /// `waitFor...`, `waitUntil...`, but not a task group's `waitForAll()`, which only waits.
  static func readsAsThrowingWait(_ name: String) -> Bool {
    guard name.utf8.first == UInt8(ascii: "w"), name != "waitForAll" else { return false }
    return CheckWords.startsWith("waitFor", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWith("waitUntil", name, anyCase: false, boundary: true, digits: true)
  }

  /// Whether the expression the call ends is under a plain `try` (not `try?` or `try!`):
  /// `try f.run([...]).check("...")`, `_ = try await f.waitForHTTPOk(url)`. Read backwards
  /// from the callee over the chain before it (members, calls, subscripts, `?` and `!`), in one
  /// pass with a bracket count; a call inside another call's arguments is not read as tried.
  static func isTried(_ call: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard let start = chainStart(before: call.nameToken, in: model) else { return false }
    var cursor = start - 1
    while cursor >= 0, tokens[cursor].kind == .identifier, tokens[cursor].keyword == .await { cursor -= 1 }
    guard cursor >= 0, tokens[cursor].kind == .identifier, tokens[cursor].keyword == .try else { return false }
    return !(cursor + 1 < tokens.count && isPostfixMark(cursor + 1, in: model))
  }

  /// The token of the first name of the chain that ends with the name at `nameToken`
  /// (`recorder` in `recorder.next(2).get`; `nameToken` itself when no dot comes before it),
  /// read backwards over members, calls' and subscripts' brackets and postfix `?` and `!`, in
  /// one pass with a bracket count. Nil when the chain starts with something other than a name
  /// (a literal, a closure).
  static func chainStart(before nameToken: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var cursor = nameToken - 1
    var start = nameToken
    while cursor > 0, tokens[cursor].kind == .dot {
      cursor -= 1
      // The operand before the dot: postfix marks, then calls' and subscripts' brackets, then
      // the name they follow.
      while cursor >= 0 {
        if isPostfixMark(cursor, in: model) {
          cursor -= 1
        } else if tokens[cursor].kind == .rightParen || tokens[cursor].kind == .rightBracket
          || tokens[cursor].kind == .rightBrace
        {
          var depth = 0
          repeat {
            switch tokens[cursor].kind {
            case .rightParen, .rightBracket, .rightBrace: depth += 1
            case .leftParen, .leftBracket, .leftBrace: depth -= 1
            default: break
            }
            cursor -= 1
          } while depth > 0 && cursor >= 0
        } else {
          break
        }
      }
      guard cursor >= 0, tokens[cursor].kind == .identifier || tokens[cursor].kind == .backtickIdentifier
      else { return nil }
      start = cursor
      cursor -= 1
    }
    return start
  }

  /// Whether the token is a `?` or `!` written against the token before it (`f!.`, `try?`).
  private static func isPostfixMark(_ index: Int, in model: FileModel) -> Bool {
    let token = model.tokens[index]
    guard token.kind == .operator, token.end - token.start == 1, !token.hasSpaceBefore else { return false }
    let byte = model.source.bytes[Int(token.start)]
    return byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
  }
}
