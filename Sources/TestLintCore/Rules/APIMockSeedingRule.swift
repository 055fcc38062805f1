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
      OptionSpec(
        name: "read_requests", kind: .strings, defaultValue: .strings(["Get*"]),
        summary: "request types that read data the presenter shows ('*' is a wildcard)"),
    ])

  private let receivers: Set<String>
  private let methods: Set<String>
  private let allTests: Bool
  private let readRequests: [WildcardPattern]

  public init(options: RuleOptions) {
    receivers = Set(options.strings("receivers"))
    methods = Set(options.strings("methods"))
    allTests = options.string("scope") == "all_tests"
    readRequests = options.strings("read_requests").map(WildcardPattern.init)
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
        guard methods.contains(call.name), let receiver = call.receiver, receivers.contains(receiver),
          seeds(call, in: function, context)
        else { continue }
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.seedWithMake(receiver, call.name),
            test: context.testName(context.test(ofFunction: function))))
      }
    }
    return violations
  }

  /// Whether a mock seeds data: its first argument builds a request whose type is one of
  /// `read_requests` (`GetCoursesRequest(...)`, or a local or property initialised so), and it
  /// answers with a value, not an error. A request whose type cannot be seen is not reported.
  private func seeds(_ call: Call, in function: Int, _ context: RuleContext) -> Bool {
    let model = context.model
    let arguments = call.arguments
    guard let first = arguments.first, first.label == nil else { return false }
    for argument in arguments where argument.label == "error" {
      guard argument.value.count == 1, model.token(argument.value.lowerBound, is: "nil") else { return false }
    }
    guard let typeName = requestType(first.value, before: call.nameToken, in: function, context) else {
      return false
    }
    return readRequests.contains { $0.matches(typeName) }
  }

  /// The type of the request argument: built in place, or a name (`request`, `self.request`)
  /// bound to a local of the function declared before the call, or to a property of its type.
  private func requestType(
    _ value: Range<Int>, before callToken: Int, in function: Int, _ context: RuleContext
  ) -> String? {
    let model = context.model
    if let built = model.constructedTypeName(value) { return built }
    var nameToken = value.lowerBound
    if value.count == 3, model.token(nameToken, is: "self"), model.token(nameToken + 1, is: ".") {
      nameToken += 2
    } else if value.count != 1 {
      return nil
    }
    let name = model.text(nameToken)
    if value.count == 1,
      let local = model.locals.last(where: {
        $0.function == function && $0.name == name && $0.nameToken < callToken
      })
    {
      if let annotation = local.typeAnnotation { return TypeDecl.simpleName(annotation) }
      return local.initializer.flatMap { model.constructedTypeName($0) }
    }
    guard let owner = model.functions[function].owner else { return nil }
    for type in context.types(named: model.types[owner].simpleName) {
      for index in model.types[type].properties where model.properties[index].name == name {
        let property = model.properties[index]
        if let annotation = property.typeAnnotation { return TypeDecl.simpleName(annotation) }
        return property.initializer.flatMap { model.constructedTypeName($0) }
      }
    }
    return nil
  }

  /// A class named `*PresenterTests`, or one that declares a presenter property.
  private func isPresenterTest(_ name: String, _ context: RuleContext) -> Bool {
    if name.hasSuffix("PresenterTests") { return true }
    let model = context.model
    return context.types(named: name).contains { index in
      model.types[index].kind == .class
        && model.types[index].properties.contains {
          PresenterMatcher.standard.holdsPresenter(model.properties[$0], in: model)
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
