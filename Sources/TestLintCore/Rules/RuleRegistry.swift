/// Every rule testlint has, sorted by id. The one place a new rule is registered.
public enum RuleRegistry {
  /// All rule types, sorted by id.
  public static let all: [any Rule.Type] = [
    APIMockSeedingRule.self,
    ArrangeActAssertRule.self,
    DisabledTestRule.self,
    ExpectationRecreatedInSetupRule.self,
    FocusedTestRule.self,
    ForceUnwrapInTestRule.self,
    GenericXCTAssertRule.self,
    IndiscreteTestRule.self,
    LifecycleSuperCallRule.self,
    MissingAssertionRule.self,
    NondeterministicInputRule.self,
    PresenterRecreatedInSetupRule.self,
    RealNetworkInTestRule.self,
    SchedulerAdvanceAfterSendRule.self,
    SetupTestCaseInvokedRule.self,
    SleepInTestRule.self,
    StateReleasedInTeardownRule.self,
    TestFileNameRule.self,
    TestNameFormatRule.self,
    UnreachableTestRule.self,
  ]

  /// All descriptions, sorted by id.
  public static var descriptions: [RuleDescription] { all.map { $0.description } }

  /// Every rule id.
  public static let knownIDs: Set<String> = Set(all.map { $0.description.id })

  /// The known id closest to a misspelt one (edit distance at most 3), if any.
  public static func closestID(to id: String) -> String? {
    let target = Array(id.unicodeScalars)
    let scored = knownScalars.map { ($0.id, EditDistance.between($0.scalars, target, limit: 3)) }
      .filter { $0.1 <= 3 }
    return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
  }

  /// Each known id with its scalars, for `closestID`.
  private static let knownScalars = knownIDs.map { (id: $0, scalars: Array($0.unicodeScalars)) }

  /// The rule type with this id.
  public static func rule(id: String) -> (any Rule.Type)? {
    byID[id]
  }

  /// The rule types by id (the first of `all` with an id, were two to share one): a run looks
  /// up each of its rules, and a search of `all` made a copy of every description it passed
  /// (a twentieth of a small run's instructions).
  private static let byID: [String: any Rule.Type] = Dictionary(
    all.map { ($0.description.id, $0) }, uniquingKeysWith: { first, _ in first })
}
