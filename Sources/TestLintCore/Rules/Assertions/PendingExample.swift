/// A Quick example whose only statement marks it pending (`missing_assertion`).
///
/// `it("signs in") { pending("needs a token fixture") {} }`: Quick runs the example, and the
/// `pending` call inside it only lists an empty pending example, so the example passes with
/// nothing checked. The author wrote a placeholder and meant it pending, as an `xit` or a
/// `pending("...") { ... }` in place of the `it` is; the rule reads it so and does not report
/// it. Not an example that does anything else besides.
enum PendingExample {
  /// Whether the Quick example's body is one plain `pending(...)` call and nothing else.
  static func onlyMarksPending(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.framework == .quick, let body = test.body, body.count > 2 else { return false }
    let first = body.lowerBound + 1
    guard let index = test.calls.first(where: { model.calls[$0].nameToken == first }) else { return false }
    let call = model.calls[index]
    guard call.name == "pending", call.path.count == 1, !call.isMacro, !call.hasExpressionBase,
      !call.isImplicitMember
    else { return false }
    let end = call.trailingClosures.last?.tokens.upperBound ?? call.parentheses?.upperBound
    return end == body.upperBound - 1
  }
}
