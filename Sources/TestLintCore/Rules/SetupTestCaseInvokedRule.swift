/// A test class adopting TestAbstraction's `TestCase` protocols calls `setUpTestCase(...)` in
/// `setUp()`.
public struct SetupTestCaseInvokedRule: Rule {
  public static let description = RuleDescription(
    id: "setup_test_case_invoked",
    summary: "a test class conforming to 'TestCase' calls 'setUpTestCase(...)' in 'setUp()'",
    defaultSeverity: .error,
    options: [
      OptionSpec(
        name: "protocols", kind: .strings,
        defaultValue: .strings([
          "TestCase", "AssemblableTestCase", "AssemblablePresenterTestCase", "PresenterTestCase",
        ]),
        summary: "protocols whose adopters must call 'setUpTestCase(...)' in 'setUp()'")
    ])

  private let protocols: Set<String>

  public init(options: RuleOptions) {
    protocols = Set(options.strings("protocols"))
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    var extensions: [String: [String]] = [:]
    // Types read in place: copying each `TypeDecl` out costs more than the checks.
    for index in model.types.indices where model.types[index].kind == .extension {
      extensions[model.types[index].simpleName, default: []] +=
        model.types[index].inheritance.map(TypeDecl.simpleName)
    }
    for index in model.types.indices where model.types[index].kind == .class {
      guard let adopted = adoptedProtocol(of: model.types[index], extensions: extensions) else {
        continue
      }
      let type = model.types[index]
      // A base class that declares no tests leaves the call to its subclasses.
      let functions = context.functions(ofTypeNamed: type.simpleName).map { model.functions[$0] }
      guard functions.contains(where: { $0.name.hasPrefix("test") && $0.parameters.isEmpty }) else { continue }
      if Self.callsSetUpTestCase(typeNamed: type.simpleName, in: context) { continue }
      violations.append(
        Violation(offset: type.nameOffset, message: Messages.notCalled(type.simpleName, adopted)))
    }
    return violations
  }

  /// The first configured protocol the class adopts: after its superclass in its own
  /// inheritance list (the first entry of a class is its superclass when it has one), or in an
  /// extension of it in this file.
  func adoptedProtocol(of type: TypeDecl, extensions: [String: [String]]) -> String? {
    // In order, without building the list: most classes adopt none.
    for written in type.inheritance.dropFirst() {
      let name = TypeDecl.simpleName(written)
      if protocols.contains(name) { return name }
    }
    guard !extensions.isEmpty, let adopted = extensions[type.simpleName] else { return nil }
    return adopted.first { protocols.contains($0) }
  }

  /// Whether an instance `setUp` of the type, or a same-file helper it calls, calls
  /// `setUpTestCase(...)`.
  static func callsSetUpTestCase(typeNamed name: String, in context: RuleContext) -> Bool {
    let model = context.model
    let setUps = context.functions(ofTypeNamed: name).filter { index in
      let function = model.functions[index]
      return (function.name == "setUp" || function.name == "setUpWithError")
        && function.parameters.isEmpty && !function.has("class") && !function.has("static")
    }
    for setUp in setUps {
      for reachable in context.reachableFunctions(from: setUp) {
        let calls = model.functions[reachable].calls
        if calls.contains(where: { model.calls[$0].name == "setUpTestCase" && !model.calls[$0].isMacro }) {
          return true
        }
      }
    }
    return false
  }
}

extension SetupTestCaseInvokedRule {
  fileprivate enum Messages {
    static func notCalled(_ className: String, _ adopted: String) -> String {
      "call 'setUpTestCase(...)' in the 'setUp()' of '\(className)': '\(adopted)' only releases the properties it registers there"
    }
  }
}
