/// A support module's two-step comparison: a plain call handing over what is expected, then a
/// method given the actual value, the whole a statement of its own whose result goes unused
/// (`textDiff(expected: "a\nb").compare(rendered)`, a string-diff helper that records the
/// difference as a failure). It reads as `UndeclaredCheck.handsExpectedValue` reads a call that
/// is a statement of its own: a function given the expected value compares it, here with what
/// the method hands it next. Asked only where no file of the run declares the plain call's name
/// as a check (`UndeclaredCheck`'s callers).
///
/// Only one method after the plain call, given an unlabelled first argument (the actual value)
/// and no trailing closure, ending the statement: `builder(expected: e).build()` hands over
/// nothing to compare, and `let diff = differ(expected: e).diff(a)` keeps an answer the test may
/// still compare.
enum ExpectedChain {
  /// Whether the plain call at `index` is the head of `head(...).method(actual, ...)`, that
  /// method's call being a statement of its own.
  static func compares(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard let parentheses = call.parentheses, call.trailingClosures.isEmpty else { return false }
    let dot = parentheses.upperBound
    guard dot + 1 < model.tokens.count, model.tokens[dot].kind == .dot else { return false }
    // The method's call: the calls inside the head's arguments come first.
    var next = index + 1
    while next < model.calls.count, model.calls[next].nameToken < dot + 1 { next += 1 }
    guard next < model.calls.count, model.calls[next].nameToken == dot + 1 else { return false }
    let method = model.calls[next]
    guard method.path.count == 1, method.hasExpressionBase, method.parentheses != nil,
      method.trailingClosures.isEmpty, let first = method.arguments.first, first.label == nil
    else { return false }
    return UndeclaredCheck.isStatement(method, in: model)
  }
}
