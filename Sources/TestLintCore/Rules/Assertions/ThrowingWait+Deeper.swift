/// A declared wait whose `throw` on its timeout sits one call deeper or more, in the polling
/// function it runs (`missing_assertion`): `func waitForTotal(_ total: Int) async throws { try
/// await Poll.until { await cart.total == total } }`, where `Poll.until` loops, then throws.
///
/// The wait holds no `throw` of its own, so `ThrowingWait.isThrowingWait` does not take it; its
/// `try` calls are followed instead, transitively, to a function of the linted files that throws
/// an error of its own (`ownKey`: declared `throws`, not `rethrows`, its body holding a `throw`
/// other than a skip's; not a test double's own method, `CheckingThrow.mayThrowOwnError`). A
/// wait whose only `try` calls run the code under test (not linted) still does not count.
///
/// A wait's name is also `wait(for:)` or `wait(until:)` called with `try` through a receiver
/// (`try await tally.wait(for: 3)`) and declared as a method with that first label: a counter's
/// or a box's wait, not XCTest's (`wait(for:timeout:)` does not throw and is called on `self`).
extension ThrowingWait {
  /// The name under which the run tracks a function that throws an error of its own, or makes a
  /// `try` call of one: no call's name holds a `#`, and the key does not end in `)`
  /// (`BaseAssumption.tracksDeclaration`: a name declared nowhere would read as a check).
  static func ownKey(_ name: String) -> String { name + "#throws-own" }

  /// Whether a call is `wait(for:)` or `wait(until:)` through a receiver other than `self` or
  /// `super` (`tally.wait(for: 3)`).
  static func isReceiverWait(_ call: Call) -> Bool {
    guard call.name == "wait", let label = call.arguments.first?.label, label == "for" || label == "until"
    else { return false }
    if call.hasExpressionBase { return true }
    guard let receiver = call.receiver else { return false }
    return receiver != "self" && receiver != "super" && receiver != "XCTWaiter"
  }

  /// Whether a declared function is named as a wait: `waitFor...`, `waitUntil...`
  /// (`UndeclaredCheck.readsAsThrowingWait`), or a method `wait(for:)` / `wait(until:)`.
  static func namesWait(_ function: FunctionDecl) -> Bool {
    if UndeclaredCheck.readsAsThrowingWait(function.name) { return true }
    guard function.name == "wait", function.owner != nil, let first = function.parameters.first else { return false }
    let label = first.label ?? first.name
    return label == "for" || label == "until"
  }

  /// Whether a declared wait fails by a throw below it: named as a wait (`namesWait`), declared
  /// `throws` (not `rethrows`), and one of its `try` calls runs a function that throws on its
  /// own: of this file (`throwsOwnError`), or of the run (`ownKey`) when none of the file's
  /// answers the call.
  static func throwsBelow(_ function: FunctionDecl, in model: FileModel, context: RuleContext) -> Bool {
    guard function.kind == .function, function.isThrows, !function.isRethrows, namesWait(function) else { return false }
    let resolver = context.callResolver
    for index in function.calls where CheckingThrow.mayCount(callAt: index, in: model) {
      if resolver.targets(ofCallAt: index).contains(where: { throwsOwnError(model.functions[$0], in: model) }) {
        return true
      }
      if !resolver.isSettledInFile(callAt: index), context.assertingHelpers.contains(ownKey(model.calls[index].name)) {
        return true
      }
    }
    return false
  }

  /// Whether a function throws an error of its own: one `CheckingThrow.mayThrowOwnError` takes
  /// (or a file-only one), its body holding a `throw` other than a skip's.
  static func throwsOwnError(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard function.kind == .function, function.isThrows, !function.isRethrows, let body = function.body,
      !CheckingThrow.isDoubleInternal(function, in: model)
    else { return false }
    return CheckingThrow.bodyThrowsOwnError(body, in: model)
  }

  /// The file's summaries for the throws below a wait: each function other files may call that
  /// throws on its own, under `ownKey`, or that makes `try` calls (their `ownKey`s as callees);
  /// and each wait without a `throw` of its own under `key`, with its `try` calls' `ownKey`s as
  /// callees (asserting outright when one of them runs a function of this file that throws).
  /// First, from the same `try` calls, the file's `CheckingThrow.summary`s.
  static func deeperSummaries(in model: FileModel) -> [HelperSummary] {
    var checking: [HelperSummary] = []
    var result: [HelperSummary] = []
    for function in model.functions where CheckingThrow.mayThrowOwnError(function, in: model) {
      let owns = throwsOwnError(function, in: model)
      let tried = function.calls.filter { CheckingThrow.mayCount(callAt: $0, in: model) }
      if let summary = CheckingThrow.summary(of: function, tried: tried, in: model) { checking.append(summary) }
      if owns {
        result.append(HelperSummary(name: ownKey(function.name), asserts: true, callees: []))
      } else if !tried.isEmpty {
        result.append(HelperSummary(name: ownKey(function.name), asserts: false, callees: tried.map { ownKey(model.calls[$0].name) }))
      }
      guard !owns, namesWait(function), !tried.isEmpty else { continue }
      let inFile = tried.contains { index in
        model.functions.contains { $0.name == model.calls[index].name && throwsOwnError($0, in: model) }
      }
      result.append(
        HelperSummary(name: key(function.name), asserts: inFile, callees: inFile ? [] : tried.map { ownKey(model.calls[$0].name) }))
    }
    return checking + result
  }
}
