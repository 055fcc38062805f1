/// A wait the linted files declare that fails its caller by throwing on its timeout
/// (`missing_assertion`).
///
/// With `try`, a call of a wait's name (`waitFor...`, `waitUntil...`:
/// `UndeclaredCheck.readsAsThrowingWait`) counts when no linted file declares it
/// (`try await inbox.waitForMessage(timeout: 5)`): the thrown error fails the test exactly when
/// what it waits for never happens. A declared one is followed as any helper is, and a wait
/// that signals its timeout by throwing holds no assertion: followed, the name's reading was
/// lost (`func waitForMessage(timeout:) throws`, which polls and then throws `Timeout`). So a
/// `try` call of such a name counts too when the function it may run is one of these: declared
/// `throws` (not `rethrows`, which throws only what its closure throws), its body holding a
/// `throw` of its own (not a skip's, `throw XCTSkip(...)`). Not a `waitFor...` helper whose only
/// throw is a `try` call of the code under test (`try await sut.deferMessages()`, a setup
/// step), nor a check's name (`try Preflight.require(.fixtures)`, `verify...`): a declared check
/// that throws has been an environment's precondition or the code under test's verification,
/// which the page does not read as the test's check. `try?` swallows the throw.
///
/// The file's own functions are read in place (`resolver.targets`); another file's are known to
/// the run under `key` (`summaries`), as asserting helpers.
///
/// This type is also the one door of `missing_assertion`, the helper summaries and the result
/// cache to every "fails its caller by throwing" fact: its `counts`, `summaries` and
/// `calledKeys` answer for another file's check-named helper that throws on its own condition
/// (`CheckingThrow`) and for a wait whose throw sits in the function it polls with
/// (`ThrowingWait+Deeper`), so a file's tried calls are walked once for all three keys.
enum ThrowingWait {
  /// The name under which the run tracks a declared wait that fails by throwing, by its name:
  /// no call's name holds a `(`.
  static func key(_ name: String) -> String { name + "(throws)" }

  /// Whether the call is a `try` call of a wait's name, and a function it may run (of this file,
  /// or of the run by `key`) fails by throwing (`isThrowingWait`).
  static func counts(callAt index: Int, in model: FileModel, context: RuleContext) -> Bool {
    if CheckingThrow.counts(callAt: index, in: model, context: context) { return true }  // another file's checking `throw`
    guard mayCount(callAt: index, in: model) else { return false }
    let resolver = context.callResolver
    if resolver.targets(ofCallAt: index).contains(where: {
      isThrowingWait(model.functions[$0], in: model) || throwsBelow(model.functions[$0], in: model, context: context)
    }) {
      return true
    }
    return !resolver.isSettledInFile(callAt: index)
      && context.assertingHelpers.contains(key(model.calls[index].name))
  }

  /// Whether the call is a plain `try` call (not `try?`) of a wait's name
  /// (`UndeclaredCheck.readsAsThrowingWait`), plainly or through any receiver.
  static func mayCount(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, UndeclaredCheck.readsAsThrowingWait(call.name) || isReceiverWait(call)
    else { return false }
    return UndeclaredCheck.isTried(call, in: model)
  }

  /// Whether a declared function is a wait that fails by throwing: named as one
  /// (`readsAsThrowingWait`), declared `throws` (not `rethrows`), and its body throws an error
  /// of its own, not a skip.
  static func isThrowingWait(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard function.kind == .function, function.isThrows, !function.isRethrows, let body = function.body,
      namesWait(function)
    else { return false }
    return CheckingThrow.bodyThrowsOwnError(body, in: model)
  }

  /// The file's functions other files may call that are waits failing by throwing
  /// (`isThrowingWait`), as asserting helpers under their `key`.
  static func summaries(in model: FileModel) -> [HelperSummary] {
    // Under their checking-throw keys (`CheckingThrow`), then a wait's throw below it
    // (`ThrowingWait+Deeper`).
    var result = deeperSummaries(in: model)
    for function in model.functions
    where !AssertionMatcher.isFileOnly(function) && isThrowingWait(function, in: model) {
      result.append(HelperSummary(name: key(function.name), asserts: true, callees: []))
    }
    return result
  }

  /// The keys the file asks the run about, what its results depend on (`ResultCache`): of each
  /// `try` call `CheckingThrow.mayCount` takes, its `ownKey` (a wait's throw below it) and, named
  /// as a check, its `CheckingThrow.key`; of each `mayCount` takes, its `key`.
  static func calledKeys(in model: FileModel) -> Set<String> {
    var keys: Set<String> = []
    for index in model.calls.indices {
      let name = model.calls[index].name
      if CheckingThrow.mayCount(callAt: index, in: model) {
        keys.insert(ownKey(name))
        if CheckingThrow.readsAsCheck(name) { keys.insert(CheckingThrow.key(name)) }
      }
      if mayCount(callAt: index, in: model) { keys.insert(key(name)) }
    }
    return keys
  }
}
