/// A test class's stored expectation is created in `setUp()`, so every test gets a fresh one.
public struct ExpectationRecreatedInSetupRule: Rule {
  public static let description = RuleDescription(
    id: "expectation_recreated_in_setup",
    summary: "a test class's stored 'XCTestExpectation' is created in 'setUp()', not at its declaration",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    for type in model.types where type.kind == .class && context.discovery.isXCTestType(type) {
      let expectations = type.properties.map { model.properties[$0] }.filter { Self.holdsExpectation($0, in: model) }
      guard !expectations.isEmpty else { continue }
      let assigned = PresenterRecreatedInSetupRule.assignedInSetUp(typeNamed: type.simpleName, in: context)
      // `= nil` creates no expectation: the property starts without one.
      for property in expectations
      where (property.hasInitializer || property.isLazy) && !Self.startsEmpty(property, in: model) {
        // Created at its declaration and not created again in `setUp`.
        guard !assigned.contains(property.name) else { continue }
        violations.append(
          Violation(offset: property.nameOffset, message: Messages.createdAtDeclaration(property.name)))
      }
    }
    return violations
  }

  /// A stored instance property declared `XCTestExpectation` (`!`, `?`) or initialized with
  /// `expectation(description:)` or `XCTestExpectation(...)`.
  static func holdsExpectation(_ property: PropertyDecl, in model: FileModel) -> Bool {
    guard !property.isStatic, !property.isComputed else { return false }
    if let annotation = property.typeAnnotation {
      return TypeDecl.simpleName(annotation) == "XCTestExpectation"
    }
    guard var index = property.initializer?.lowerBound, let end = property.initializer?.upperBound
    else { return false }
    if index + 2 < end, model.text(index) == "self", model.tokens[index + 1].kind == .dot { index += 2 }
    guard index + 1 < end, model.tokens[index + 1].kind == .leftParen else { return false }
    switch model.text(index) {
    case "XCTestExpectation": return true
    case "expectation": return index + 2 < end && model.text(index + 2) == "description"
    default: return false
    }
  }
}

extension ExpectationRecreatedInSetupRule {
  /// Whether a property's initial value is `nil` (`= nil`, `= .none`, `= Optional.none`): it
  /// holds no expectation until something assigns one.
  static func startsEmpty(_ property: PropertyDecl, in model: FileModel) -> Bool {
    guard !property.isLazy, let initializer = property.initializer else { return false }
    let text = model.text(tokens: initializer).filter { !$0.isWhitespace }
    return text == "nil" || text == ".none" || text == "Optional.none"
  }
}

extension ExpectationRecreatedInSetupRule {
  fileprivate enum Messages {
    static func createdAtDeclaration(_ name: String) -> String {
      "create '\(name)' in 'setUp()' instead of at its declaration, so every test waits on a fresh one"
    }
  }
}
