/// The presenter under test is created in `setUp()`, so every test starts with a fresh one.
public struct PresenterRecreatedInSetupRule: Rule {
  public static let description = RuleDescription(
    id: "presenter_recreated_in_setup",
    summary: "a test class's presenter is created in 'setUp()', not once at its declaration",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "names", kind: .strings, defaultValue: .strings(["presenter", "*Presenter"]),
        summary: "property names that hold the presenter ('*' is a wildcard)"),
      OptionSpec(
        name: "type_suffixes", kind: .strings, defaultValue: .strings(["Presenter"]),
        summary: "a property whose declared type ends in one of these holds the presenter"),
    ])

  private let matcher: PresenterMatcher

  public init(options: RuleOptions) {
    matcher = PresenterMatcher(
      names: options.strings("names"), typeSuffixes: options.strings("type_suffixes"))
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    for type in model.types where type.kind == .class && context.discovery.isXCTestType(type) {
      let presenters = type.properties.filter { matcher.holdsPresenter(model.properties[$0]) }
      guard !presenters.isEmpty else { continue }
      let assigned = Self.assignedInSetUp(typeNamed: type.simpleName, in: context)
      for index in presenters {
        let property = model.properties[index]
        if property.hasInitializer || property.isLazy {
          violations.append(
            Violation(offset: property.nameOffset, message: Messages.initializedAtDeclaration(property.name)))
        } else if !assigned.contains(property.name) {
          violations.append(
            Violation(offset: property.nameOffset, message: Messages.notAssignedInSetUp(property.name)))
        }
      }
    }
    return violations
  }

  /// Member names assigned by the type's instance `setUp` methods (in this file, extensions
  /// included) and the same-file helpers they call; `setUpTestCase(sut: ...)` assigns `sut`.
  static func assignedInSetUp(typeNamed name: String, in context: RuleContext) -> Set<String> {
    let model = context.model
    var names: Set<String> = []
    let setUps = context.functions(ofTypeNamed: name).filter { index in
      let function = model.functions[index]
      return (function.name == "setUp" || function.name == "setUpWithError")
        && function.parameters.isEmpty && !function.has("class") && !function.has("static")
    }
    for setUp in setUps {
      for reachable in context.reachableFunctions(from: setUp) {
        let function = model.functions[reachable]
        for assignment in function.assignments {
          if let member = model.assignments[assignment].memberName { names.insert(member) }
        }
        for callIndex in function.calls where model.calls[callIndex].name == "setUpTestCase" {
          for case let label? in model.calls[callIndex].labels { names.insert(label) }
        }
      }
    }
    return names
  }
}

/// Decides whether a stored property holds a presenter, by name or by declared type.
struct PresenterMatcher: Sendable {
  let names: [WildcardPattern]
  let typeSuffixes: [String]

  init(names: [String], typeSuffixes: [String]) {
    self.names = names.map(WildcardPattern.init)
    self.typeSuffixes = typeSuffixes
  }

  /// The defaults of `presenter_recreated_in_setup`.
  static let standard = PresenterMatcher(names: ["presenter", "*Presenter"], typeSuffixes: ["Presenter"])

  func holdsPresenter(_ property: PropertyDecl) -> Bool {
    guard !property.isStatic, !property.isComputed else { return false }
    if names.contains(where: { $0.matches(property.name) }) { return true }
    guard let annotation = property.typeAnnotation else { return false }
    let typeName = TypeDecl.simpleName(annotation)
    return typeSuffixes.contains { !$0.isEmpty && typeName.hasSuffix($0) }
  }
}

extension PresenterRecreatedInSetupRule {
  fileprivate enum Messages {
    static func initializedAtDeclaration(_ name: String) -> String {
      "create '\(name)' in 'setUp()' instead of at its declaration, so every test gets a fresh one"
    }

    static func notAssignedInSetUp(_ name: String) -> String {
      "assign '\(name)' in 'setUp()' so every test starts with a fresh one"
    }
  }
}
