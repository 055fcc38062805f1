/// Presenter tests seed data with `Model.make()`, not by mocking the API and running a store.
public struct APIMockSeedingRule: Rule {
  public static let description = RuleDescription(
    id: "api_mock_seeding",
    summary: "presenter tests seed data with 'Model.make()', not 'api.mock(...)'",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "receivers", kind: .strings, defaultValue: .strings(["api"]),
        summary: "names of the mocked API object"),
      OptionSpec(
        name: "methods", kind: .strings, defaultValue: .strings(["mock"]),
        summary: "methods that seed a response"),
      OptionSpec(
        name: "scope", kind: .choice(["presenter_tests", "all_tests"]),
        defaultValue: .string("presenter_tests"),
        summary: "'presenter_tests' (classes with a presenter or named '*PresenterTests') or 'all_tests'"),
    ])

  private let receivers: Set<String>
  private let methods: Set<String>
  private let allTests: Bool

  public init(options: RuleOptions) {
    receivers = Set(options.strings("receivers"))
    methods = Set(options.strings("methods"))
    allTests = options.string("scope") == "all_tests"
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var functions: Set<Int> = []
    var seen: Set<String> = []
    for type in model.types where context.discovery.isXCTestType(type) {
      // A name is judged once: the answer depends only on the name, and asking again for each
      // class of a repeated name is quadratic.
      guard seen.insert(type.simpleName).inserted,
        allTests || isPresenterTest(type.simpleName, context)
      else { continue }
      functions.formUnion(context.functions(ofTypeNamed: type.simpleName))
    }
    if allTests {
      for test in context.tests where test.framework == .swiftTesting {
        functions.insert(test.function)
        if let owner = model.functions[test.function].owner {
          functions.formUnion(model.types[owner].functions)
        }
      }
    }
    var violations: [Violation] = []
    for function in functions.sorted() {
      for callIndex in model.functions[function].calls {
        let call = model.calls[callIndex]
        guard methods.contains(call.name), let receiver = call.receiver, receivers.contains(receiver)
        else { continue }
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.seedWithMake(receiver, call.name),
            test: context.testName(context.test(ofFunction: function))))
      }
    }
    return violations
  }

  /// A class named `*PresenterTests`, or one that declares a presenter property.
  private func isPresenterTest(_ name: String, _ context: RuleContext) -> Bool {
    if name.hasSuffix("PresenterTests") { return true }
    let model = context.model
    return context.types(named: name).contains { index in
      model.types[index].kind == .class
        && model.types[index].properties.contains {
          PresenterMatcher.standard.holdsPresenter(model.properties[$0])
        }
    }
  }
}

extension APIMockSeedingRule {
  fileprivate enum Messages {
    static func seedWithMake(_ receiver: String, _ method: String) -> String {
      "seed test data with 'Model.make()' instead of '\(receiver).\(method)(...)'"
    }
  }
}
