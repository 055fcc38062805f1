/// The tests of a file whose bodies hold a lexer problem (an unterminated string, comment or
/// regex literal): from the problem on, the tokens are not the code the author wrote (three
/// quotes inside a multi-line string's line end it there, and the rest of the test reads as a
/// new literal), so what a rule says of such a test as a whole, or of what follows the
/// problem, is not to be trusted. The file is reported as a problem (exit code 2) instead.
///
/// A finding is dropped when a rule that judges the test's whole body (`missing_assertion`,
/// `indiscrete_test`, `arrange_act_assert`) reports it on the test's declaration (its name up to
/// its body's opening brace), or when any rule reports it in the body at or after the problem.
/// Findings on the body's statements before the problem stay (that code was read whole), and so
/// do those of rules that read only the declaration (`test_name_format` on the test's name,
/// `disabled_test` on its attributes).
struct BrokenTests {
  /// For each test holding a problem: where its name starts, where its body opens, where the
  /// first problem in it starts and where its body ends (byte offsets).
  private let spans: [(name: Int, open: Int, problem: Int, end: Int)]

  init(_ context: RuleContext) {
    let model = context.model
    guard !model.problems.isEmpty else {
      spans = []
      return
    }
    let tokens = model.tokens
    var spans: [(name: Int, open: Int, problem: Int, end: Int)] = []
    for test in context.tests {
      guard let body = test.body, !body.isEmpty, body.upperBound <= tokens.count else { continue }
      let open = Int(tokens[body.lowerBound].start)
      let end = Int(tokens[body.upperBound - 1].end)
      guard let problem = model.problems.lazy.map(\.offset).filter({ $0 >= open && $0 <= end }).min()
      else { continue }
      spans.append((min(test.nameOffset, open), open, problem, end))
    }
    self.spans = spans
  }

  /// The rules whose finding on a test's name judges its whole body.
  static let bodyRules: Set<String> = [
    MissingAssertionRule.description.id, IndiscreteTestRule.description.id,
    ArrangeActAssertRule.description.id,
  ]

  /// Whether rule `ruleID`'s finding at `offset` is about a broken test (see the type's comment).
  func drops(_ offset: Int, of ruleID: String) -> Bool {
    spans.contains { span in
      offset >= span.name && offset <= span.open && Self.bodyRules.contains(ruleID)
        || offset >= span.problem && offset <= span.end
    }
  }
}
