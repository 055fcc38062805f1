/// A precondition in the test's own body or its closures (the work it runs) that stops the run
/// exactly when its condition fails, in optimized builds too (`missing_assertion`, set 46):
/// `dispatchPrecondition(condition: .onQueue(.main))` in the work a scheduler runs checks that
/// it runs there, and `precondition(cart.total == 3)` checks the total, as `guard total == 3
/// else { fatalError() }` does (`checkingCrashes`). Not Swift's `assert(_:_:)`, which checks in
/// debug builds only, nor `assertionFailure`.
///
/// Narrowly: a plain call (no receiver) of `dispatchPrecondition` with its one `condition:`
/// argument, or of `precondition` with Swift's shape (its condition and message unlabelled,
/// then `file:` and `line:` only, no trailing closure), whose name sits in the test's body, or
/// in the body of an instance method of the test's own type that the test calls plainly or
/// through `self.` (`check(readers: 2)`, whose closures hold the preconditions: set 58), one
/// level only; not a static one (`Self.time(...)`, a benchmark's tool: set 54).
enum TrappingPrecondition {
  /// How many such calls `calls` (a test's own) hold in `body`, and the same-type methods the
  /// test (`function`) calls hold in theirs.
  static func count(in body: Range<Int>, calls: Range<Int>, function: Int, model: FileModel) -> Int {
    var count = count(in: body, calls: calls, model: model)
    for method in AssertionMatcher.ownInstanceMethods(calledIn: calls, by: function, in: model) {
      guard let helperBody = model.functions[method].body else { continue }
      count += Self.count(in: helperBody, calls: model.functions[method].calls, model: model)
    }
    return count
  }

  /// How many such calls `calls` hold in `body`.
  static func count(in body: Range<Int>, calls: Range<Int>, model: FileModel) -> Int {
    var count = 0
    for index in calls {
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "d") || first == UInt8(ascii: "p") else { continue }
      let call = model.calls[index]
      guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro, !call.isImplicitMember,
        body.contains(call.nameToken), call.trailingClosures.isEmpty, call.parentheses != nil
      else { continue }
      let labels = call.labels
      switch call.name {
      case "dispatchPrecondition":
        if labels == ["condition"] { count += 1 }
      case "precondition":
        guard (1...4).contains(labels.count), labels[0] == nil else { continue }
        let rest = labels.dropFirst().filter { $0 != "file" && $0 != "line" }
        if rest.count <= 1, rest.allSatisfy({ $0 == nil }) { count += 1 }
      default: continue
      }
    }
    return count
  }
}
