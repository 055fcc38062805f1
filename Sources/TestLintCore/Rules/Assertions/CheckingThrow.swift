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
  static func counts(callAt index: Int, in model: FileModel, context: RuleContext) -> Bool {
    guard mayCount(callAt: index, in: model), !context.callResolver.isSettledInFile(callAt: index) else { return false }
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

  /// The file's functions other files may call that throw on a condition they state, or make a
  /// `try` call of a name that may (`key` of it as a callee), as helpers under their `key`.
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var result: [HelperSummary] = []
    for function in model.functions where mayThrowOwnError(function, in: model) {
      guard let body = function.body, readsAsCheck(function.name) else { continue }
      if throwsOnOwnCondition(in: body, model: model) {
        result.append(HelperSummary(name: key(function.name), asserts: true, callees: []))
        continue
      }
      let callees = function.calls.filter { mayCount(callAt: $0, in: model) }.map { key(model.calls[$0].name) }
      if !callees.isEmpty { result.append(HelperSummary(name: key(function.name), asserts: false, callees: callees)) }
    }
    return result
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
    if let owner = function.owner, AssertionMatcher.isTestDouble(model.types[owner].simpleName) {
      return DoubleInternals.readsAsCheck(function.name)
    }
    return true
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

  /// The keys the file asks the run about (`key` of each call `mayCount`): what its results
  /// depend on (`ResultCache`).
  static func calledKeys(in model: FileModel) -> Set<String> {
    var keys: Set<String> = []
    for index in model.calls.indices where mayCount(callAt: index, in: model) { keys.insert(key(model.calls[index].name)) }
    return keys
  }
}
