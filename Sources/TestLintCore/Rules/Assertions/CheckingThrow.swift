/// A helper of another linted file that fails its caller by throwing on a condition it states
/// (`missing_assertion`): `func expectNothingSent() throws { guard sent.isEmpty else { throw
/// Failure.sent(sent) } }`, `if text.contains(word) { throw Failure.found(word) }`.
///
/// A test reaches its own file's helpers and counts such a `throw` there
/// (`MissingAssertionRule.checkingThrows`); a helper of another file is known to the run only
/// by its summary, so the run carries this fact under its own key (`key`), as it carries "this
/// function asserts": a function declared `throws` (not `rethrows`) whose body throws under a
/// condition it states, or that makes a `try` call of such a function (transitively, as asserting
/// helpers are followed). Not a condition that unwraps (`guard let url = ... else { throw }`:
/// finding a fixture checks the setup), nor a helper that only passes on what it calls
/// (`try parse()`), nor a test double's own method not named like a check (a stub's `if
/// failing { throw stubError }` is what the code under test runs). Only a helper named as a check
/// (`readsAsCheck`): not a `require...` one (`try Preflight.requireFixtures()`, an environment's
/// precondition, as `ThrowingWait` reads it), nor a function of the code under test that the
/// linted files declare (`try validator.validate(form)`). A call counts with a plain
/// `try` (not `try?`), when no function of the test's file answers it.
enum CheckingThrow {
  /// The name under which the run tracks a function failing by its own conditional `throw`: no
  /// call's name holds a `#`, and the key does not end in `)` (a name the run reads as a check
  /// when no file declares it, `BaseAssumption.tracksDeclaration`).
  static func key(_ name: String) -> String { name + "#checking-throw" }

  /// Whether the call is a plain `try` call that no function of the file answers, of a name the
  /// run knows under `key` (a helper of another file throwing on its own condition).
  /// Every such key comes from a helper named as a check (`summary`), so other names stop first.
  static func counts(callAt index: Int, in model: FileModel, context: RuleContext) -> Bool {
    guard readsAsCheck(model.calls[index].name), mayCount(callAt: index, in: model),
      !context.callResolver.isSettledInFile(callAt: index)
    else { return false }
    return context.assertingHelpers.contains(key(model.calls[index].name))
  }

  /// Whether the call is a plain `try` call (not `try?`) of a function's name, plainly or through
  /// any receiver.
  static func mayCount(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, AssertionMatcher.mayCallHelper(callAt: index, in: model)
    else { return false }
    return UndeclaredCheck.isTried(call, in: model)
  }

  /// One of the file's functions other files may call (`mayThrowOwnError`) that throws on a
  /// condition it states, or makes a `try` call of a name that may (`key` of it as a callee), as a
  /// helper under its `key`; nil for any other.
  /// `tried` is the function's calls `mayCount` takes (`ThrowingWait.deeperSummaries` shares them).
  static func summary(of function: FunctionDecl, tried: [Int], in model: FileModel) -> HelperSummary? {
    guard let body = function.body, readsAsCheck(function.name) else { return nil }
    if throwsOnOwnCondition(in: body, model: model) {
      return HelperSummary(name: key(function.name), asserts: true, callees: [])
    }
    let callees = tried.map { key(model.calls[$0].name) }
    return callees.isEmpty ? nil : HelperSummary(name: key(function.name), asserts: false, callees: callees)
  }

  /// Whether a helper's name reads as a test's check: `assert...`, `expect...`, `verify...` or
  /// `check...` (a word boundary after). Not `validate...`, `require...` or `ensure...`, nor any
  /// other name: those throwing on a condition have been the code under test's validation (a
  /// validator's `validate(_:)`, a store's `delete(id:)` that throws when nothing is found) or an
  /// environment's precondition, whose `try` call in a "does not throw" test checks nothing the
  /// test states.
  static func readsAsCheck(_ name: String) -> Bool {
    CheckWords.startsWith("assert", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWith("expect", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWith("verify", name, anyCase: false, boundary: true, digits: true)
      || CheckWords.startsWith("check", name, anyCase: false, boundary: true, digits: true)
  }

  /// Whether a function may fail its caller by an error of its own: a function (not an
  /// initializer) other files may call, declared `throws` (not `rethrows`), with a body, and not
  /// a test double's own method (`DoubleInternals`).
  static func mayThrowOwnError(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard function.kind == .function, function.isThrows, !function.isRethrows, function.body != nil,
      !AssertionMatcher.isFileOnly(function)
    else { return false }
    return !isDoubleInternal(function, in: model)
  }

  /// Whether a function is a test double's own method not named like a check
  /// (`DoubleInternals.readsAsCheck`): what the code under test runs, not a check.
  static func isDoubleInternal(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard let owner = function.owner, AssertionMatcher.isTestDouble(model.types[owner].simpleName) else { return false }
    return !DoubleInternals.readsAsCheck(function.name)
  }

  /// Whether a body holds a `throw` of an error of its own, not a skip's (`throw XCTSkip(...)`).
  static func bodyThrowsOwnError(_ body: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    let end = min(body.upperBound, tokens.count)
    for index in body.lowerBound + 1..<end
    where tokens[index].kind == .identifier && tokens[index].keyword == .throw && index + 1 < end {
      if !model.text(index + 1).hasPrefix("XCTSkip") { return true }
    }
    return false
  }

  /// Whether a body throws under a condition it states (`MissingAssertionRule.statedCondition`)
  /// that does not unwrap: `guard calls.isEmpty else { throw ... }`, `if found { throw ... }`;
  /// not `guard let url = ... else { throw ... }` (nor `guard case let`), nor `throw XCTSkip(...)`.
  static func throwsOnOwnCondition(in body: Range<Int>, model: FileModel) -> Bool {
    let tokens = model.tokens
    let end = min(body.upperBound, tokens.count)
    for index in body.lowerBound + 1..<end where tokens[index].keyword == .throw && tokens[index].kind == .identifier {
      if index + 1 < end, model.token(index + 1, is: "XCTSkip") { continue }
      guard let statement = MissingAssertionRule.statedCondition(around: index, in: body, model: model),
        let keyword = MissingAssertionRule.conditionKeyword(of: statement, in: body, model: model),
        keyword + 1 < end
      else { continue }
      var next = keyword + 1
      if tokens[next].keyword == .case, next + 1 < end { next += 1 }
      if tokens[next].keyword != .let, tokens[next].keyword != .var { return true }
    }
    return false
  }
}
