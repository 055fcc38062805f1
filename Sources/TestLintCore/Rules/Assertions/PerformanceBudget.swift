/// A Swift Testing performance trait that sets a budget: `.timed(...)` with a `threshold:`,
/// `maxAllocations:` or `peakMemoryLimit:` argument, among the traits of the test's own
/// `@Test(...)` or of a `@Suite(...)` on a type enclosing it in the same file (the support
/// libraries' trait applies to every test of a suite). The trait measures the test's body and
/// fails the test when the budget is exceeded, as a `measure` baseline or a `.timeLimit` does:
/// it is the test's check. A `.timed(iterations:warmup:)` without a budget only measures and
/// reports, and checks nothing.
enum PerformanceBudget {
  /// The argument labels that give the trait a budget it enforces.
  static let budgetLabels: Set<String> = ["threshold", "maxAllocations", "peakMemoryLimit"]

  /// Whether the Swift Testing test carries such a trait, or a suite enclosing it does.
  static func sets(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.framework == .swiftTesting else { return false }
    let function = model.functions[test.function]
    if function.attributes.contains(where: { budgets($0, suffix: "Test", in: model) }) { return true }
    var owner = function.owner
    while let type = owner {
      if model.types[type].attributes.contains(where: { budgets($0, suffix: "Suite", in: model) }) { return true }
      owner = model.types[type].parent
    }
    return false
  }

  /// Whether the attribute (`@Test`, `@Suite`, qualified or not) holds `.timed(` with a budget
  /// label among its own arguments.
  private static func budgets(_ attribute: Attribute, suffix: String, in model: FileModel) -> Bool {
    guard attribute.name.hasSuffix(suffix), let arguments = attribute.arguments else { return false }
    let tokens = model.tokens
    for index in arguments
    where index > 0 && index + 1 < arguments.upperBound && tokens[index].kind == .identifier
      && tokens[index - 1].kind == .dot && tokens[index + 1].kind == .leftParen && model.text(index) == "timed"
    {
      // The labels directly inside the trait's parentheses.
      var depth = 0
      var cursor = index + 1
      while cursor < arguments.upperBound {
        let kind = tokens[cursor].kind
        if kind == .leftParen || kind == .leftBracket { depth += 1 }
        if kind == .rightParen || kind == .rightBracket {
          depth -= 1
          if depth == 0 { break }
        }
        if depth == 1, cursor + 1 < arguments.upperBound, tokens[cursor + 1].kind == .colon,
          tokens[cursor - 1].kind == .leftParen || tokens[cursor - 1].kind == .comma,
          budgetLabels.contains(model.text(cursor))
        {
          return true
        }
        cursor += 1
      }
    }
    return false
  }
}
