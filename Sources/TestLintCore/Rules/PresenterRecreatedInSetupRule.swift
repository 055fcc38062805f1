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
      let presenters = type.properties.filter { matcher.holdsPresenter(model.properties[$0], in: model) }
      guard !presenters.isEmpty else { continue }
      let assigned = Self.assignedInSetUp(typeNamed: type.simpleName, in: context)
      for index in presenters {
        let property = model.properties[index]
        if Self.isCollaborator(property, in: model) { continue }
        if property.hasInitializer || property.isLazy {
          violations.append(
            Violation(offset: property.nameOffset, message: Messages.initializedAtDeclaration(property.name)))
        } else if !assigned.contains(property.name),
          Self.isUsed(property, outsideTearDownOf: type.simpleName, in: context)
        {
          violations.append(
            Violation(offset: property.nameOffset, message: Messages.notAssignedInSetUp(property.name)))
        }
      }
    }
    for type in model.types where context.discovery.isQuickSpecType(type) {
      for function in type.functions where model.functions[function].name == "spec" {
        violations += sharedQuickPresenters(inSpec: function, context: context)
      }
    }
    return violations
  }

  /// Quick: presenters declared with an initializer at `spec()` or `describe` / `context` level,
  /// so the examples below share one, unless a `beforeEach` around each of those examples
  /// assigns a new one.
  func sharedQuickPresenters(inSpec function: Int, context: RuleContext) -> [Violation] {
    let model = context.model
    let examples = context.tests.filter { $0.framework == .quick && $0.function == function }
    var violations: [Violation] = []
    for local in model.locals where local.function == function && local.initializer != nil {
      // Quick's `@TestState` creates the value again for every example.
      guard matcher.holdsPresenter(name: local.name, typeAnnotation: local.typeAnnotation),
        !PresenterMatcher.buildsTestDouble(local.initializer, in: model),
        !local.attributes.contains("TestState")
      else { continue }
      if let scope = local.enclosingCall, !Self.isGroup(model.calls[scope]) { continue }
      let shared = examples.contains { example in
        guard let call = example.call, model.calls[call].nameToken > local.nameToken,
          let levels = Self.groups(around: call, upTo: local.enclosingCall, in: model)
        else { return false }
        return !levels.contains { Self.beforeEachAssigns(local.name, group: $0, function: function, in: model) }
      }
      if shared {
        violations.append(
          Violation(offset: model.offset(local.nameToken), message: Messages.sharedBySpec(local.name)))
      }
    }
    return violations
  }

  /// `describe`, `context` and their focused and pending forms.
  static func isGroup(_ call: Call) -> Bool {
    call.path.count == 1 && TestDiscovery.groupNames.contains(call.name)
  }

  /// The calls around an example from its parent up to `scope` (nil: the `spec()` body itself,
  /// listed as nil), or nil when the example is not inside `scope`.
  static func groups(around call: Int, upTo scope: Int?, in model: FileModel) -> [Int?]? {
    var levels: [Int?] = []
    var current = model.calls[call].parent
    while let group = current {
      levels.append(group)
      if group == scope { return levels }
      current = model.calls[group].parent
    }
    guard scope == nil else { return nil }
    levels.append(nil)
    return levels
  }

  /// Whether a `beforeEach` / `justBeforeEach` registered directly in `group` (nil: the
  /// `spec()` body) assigns the variable.
  static func beforeEachAssigns(_ name: String, group: Int?, function: Int, in model: FileModel) -> Bool {
    let spec = model.functions[function]
    for index in spec.calls {
      let call = model.calls[index]
      guard call.parent == group, call.path.count == 1,
        call.name == "beforeEach" || call.name == "justBeforeEach",
        let closure = call.trailingClosures.first?.tokens ?? TestDiscovery.closureArgument(of: call, in: model)
      else { continue }
      for assignment in spec.assignments.map({ model.assignments[$0] })
      where assignment.target == [name] && closure.contains(assignment.targetToken) {
        return true
      }
    }
    return false
  }

  /// Whether the property holds a collaborator the tests hand to the object under test, not
  /// the presenter under test: its name qualifies the presenter (`navigationPresenter`, not
  /// `presenter` or `sut`), the file hands it as an argument only to initializers, at least
  /// once (`Coordinator(navigationPresenter: navigationPresenter)`), and otherwise only reads its
  /// state (`navigationPresenter.viewControllers`): no test drives it by calling its methods or
  /// assigns it, so it is not the subject whose freshness the rule is about.
  static func isCollaborator(_ property: PropertyDecl, in model: FileModel) -> Bool {
    let name = property.name
    let suffix = "Presenter"
    guard name.utf8.count > suffix.utf8.count, name.hasSuffix(suffix) else { return false }
    let tokens = model.tokens
    let length = Int32(name.utf8.count)
    var handed = false
    for index in tokens.indices {
      let token = tokens[index]
      guard token.kind == .identifier, token.end - token.start == length, Int(token.start) != property.nameOffset,
        model.text(index) == name
      else { continue }
      var first = index
      if index > 1, tokens[index - 1].kind == .dot {
        // Another value's member (`sheet.navigationPresenter`) is not this property.
        guard model.token(index - 2, is: "self") else { continue }
        first = index - 2
      }
      let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
      // An argument label (`Coordinator(navigationPresenter: ...)`).
      if next == .colon, first > 0, tokens[first - 1].kind == .leftParen || tokens[first - 1].kind == .comma {
        continue
      }
      guard first > 0 else { return false }
      let before = tokens[first - 1].kind
      if (before == .leftParen || before == .comma || before == .colon), next == .comma || next == .rightParen {
        // Handed to a construction (`Coordinator(...)`), not to an assertion or a method.
        guard isConstructionArgument(first, in: model) else { return false }
        handed = true
        continue
      }
      // A read of its state: `.member` not called and not assigned.
      guard next == .dot, index + 3 < tokens.count, tokens[index + 2].kind == .identifier,
        tokens[index + 3].kind != .leftParen, !model.token(index + 3, is: "=")
      else { return false }
    }
    return handed
  }

  /// Whether the token at `index` sits directly in the arguments of an initializer called by
  /// its type's name (`ChatCoordinator(navigationPresenter: navigationPresenter)`): the
  /// innermost call around it is named with a capital and is no `XCT...` assertion.
  private static func isConstructionArgument(_ index: Int, in model: FileModel) -> Bool {
    var innermost: Call?
    for call in model.calls {
      guard let parentheses = call.parentheses, parentheses.contains(index) else { continue }
      if let known = innermost, let around = known.parentheses, around.lowerBound > parentheses.lowerBound { continue }
      innermost = call
    }
    guard let call = innermost, !call.isMacro, !call.name.hasPrefix("XCT") else { return false }
    return AssertionMatcher.startsUppercase(call.name)
  }

  /// Whether the file names the property anywhere but at its declaration and in the type's
  /// `tearDown()` / `tearDownWithError()` (which only release it): a read, an assignment,
  /// `self.name`. Not a use: an argument label or a parameter (`Sheet(presenter: mock)`), a
  /// member of another value (`sheet.presenter`). A property no test assigns or reads is dead:
  /// no test can carry state through it.
  static func isUsed(_ property: PropertyDecl, outsideTearDownOf typeName: String, in context: RuleContext) -> Bool {
    let model = context.model
    let tokens = model.tokens
    let tearDowns = context.functions(ofTypeNamed: typeName).compactMap { index -> Range<Int>? in
      let function = model.functions[index]
      guard function.name == "tearDown" || function.name == "tearDownWithError",
        function.parameters.isEmpty, !function.has("class"), !function.has("static")
      else { return nil }
      return function.body
    }
    let length = Int32(property.name.utf8.count)
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      let token = tokens[index]
      guard token.kind == .identifier, token.end - token.start == length, Int(token.start) != property.nameOffset,
        model.text(index) == property.name
      else { continue }
      if let body = tearDowns.first(where: { $0.contains(index) }) {
        index = body.upperBound - 1
        continue
      }
      if index > 0, tokens[index - 1].kind == .dot, !(index > 1 && model.token(index - 2, is: "self")) { continue }
      if index + 1 < tokens.count, tokens[index + 1].kind == .colon, index > 0,
        tokens[index - 1].kind == .leftParen || tokens[index - 1].kind == .comma
      {
        continue
      }
      return true
    }
    return false
  }

  /// Member names assigned by the type's instance `setUp` methods (in this file, extensions
  /// included) and the same-file helpers they call; `setUpTestCase(sut: ...)` assigns `sut`.
  static func assignedInSetUp(typeNamed name: String, in context: RuleContext) -> Set<String> {
    Set(assignmentsInSetUp(typeNamed: name, in: context).map(\.member))
  }

  /// The assignments `assignedInSetUp` reads: each member name with the token range of its
  /// value (nil for a `setUpTestCase(...)` label).
  static func assignmentsInSetUp(
    typeNamed name: String, in context: RuleContext
  ) -> [(member: String, value: Range<Int>?)] {
    let model = context.model
    var assignments: [(member: String, value: Range<Int>?)] = []
    let setUps = context.functions(ofTypeNamed: name).filter { index in
      let function = model.functions[index]
      return (function.name == "setUp" || function.name == "setUpWithError")
        && function.parameters.isEmpty && !function.has("class") && !function.has("static")
    }
    for setUp in setUps {
      for reachable in context.reachableFunctions(from: setUp) {
        let function = model.functions[reachable]
        for assignment in function.assignments {
          if let member = model.assignments[assignment].memberName {
            assignments.append((member, model.assignments[assignment].value))
          }
        }
        for callIndex in function.calls where model.calls[callIndex].name == "setUpTestCase" {
          for case let label? in model.calls[callIndex].labels { assignments.append((label, nil)) }
        }
      }
    }
    return assignments
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

  /// Whether a stored property holds a presenter; `model` lets a test double built by its
  /// initializer (`MockHomePresentable()`) be told apart.
  func holdsPresenter(_ property: PropertyDecl, in model: FileModel) -> Bool {
    guard !property.isStatic, !property.isComputed,
      holdsPresenter(name: property.name, typeAnnotation: property.typeAnnotation)
    else { return false }
    // Only a candidate's initializer is read.
    return !Self.buildsTestDouble(property.initializer, in: model)
  }

  /// Whether an initializer builds a test double (`MockHomePresentable()`), or reads one from a
  /// chain of members whose last is named as one (`locator.fakes.cartPresenterSpy`,
  /// `doubles.mockPresenter`).
  static func buildsTestDouble(_ initializer: Range<Int>?, in model: FileModel) -> Bool {
    guard let initializer else { return false }
    if let built = model.constructedTypeName(initializer) { return isTestDouble(type: built) }
    guard let member = model.memberChainName(initializer) else { return false }
    return isTestDouble(variable: member) || isTestDouble(type: member)
  }

  /// Whether a variable with this name and declared type holds a presenter: a test double
  /// (`mockPresenter`, `var cartPresenter: CartPresenterSpy`) never does. Callers also rule out
  /// one built by the initializer (`MockHomePresentable()`).
  func holdsPresenter(name: String, typeAnnotation: String?) -> Bool {
    let typeName = typeAnnotation.map(TypeDecl.simpleName)
    if Self.isTestDouble(variable: name) || typeName.map(Self.isTestDouble(type:)) == true { return false }
    if names.contains(where: { $0.matches(name) }) { return true }
    guard let typeName else { return false }
    return typeSuffixes.contains { !$0.isEmpty && typeName.hasSuffix($0) }
  }

  /// `mockPresenter`, `mockedHomePresenter`, `fakePresenter`, `stubPresenter`, `spyPresenter`.
  static func isTestDouble(variable name: String) -> Bool {
    ["mock", "fake", "stub", "spy"].contains { prefix in
      guard name.hasPrefix(prefix) else { return false }
      let rest = name.dropFirst(prefix.count)
      return rest.isEmpty || rest.hasPrefix("ed") || rest.first?.isUppercase == true || rest.first == "_"
    }
  }

  /// `MockHomePresentable`, `FakePresenter`, `StubPresenter`, `SpyPresenter`, `PresenterMock`,
  /// `PresenterSpy`, `PresenterStub`, `PresenterFake`, `PresenterDummy`.
  static func isTestDouble(type name: String) -> Bool {
    let prefixed = ["Mock", "Fake", "Stub", "Spy"].contains { prefix in
      guard name.hasPrefix(prefix) else { return false }
      let rest = name.dropFirst(prefix.count)
      return rest.isEmpty || rest.first?.isUppercase == true || rest.hasPrefix("ed")
    }
    return prefixed || ["Mock", "Spy", "Stub", "Fake", "Dummy"].contains { name.hasSuffix($0) }
  }
}

extension FileModel {
  /// The last name of an expression that is only names joined by `.` (`locator.fakes.cartSpy`,
  /// `self.spy`); nil for anything else (a call, an operator, a literal).
  func memberChainName(_ range: Range<Int>) -> String? {
    guard !range.isEmpty, range.upperBound <= tokens.count else { return nil }
    var name: String?
    var index = range.lowerBound
    while index < range.upperBound {
      let text = self.text(index)
      guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
        return nil
      }
      name = text
      index += 1
      if index == range.upperBound { break }
      guard token(index, is: "."), index + 1 < range.upperBound else { return nil }
      index += 1
    }
    return name
  }

  /// The type an expression builds when it is one initializer call and nothing else:
  /// `GetCoursesRequest(courseID: "1")`, `API.GetCoursesRequest()`, `Box<Int>()` (the last
  /// component, generic arguments dropped); nil for anything else.
  func constructedTypeName(_ range: Range<Int>) -> String? {
    var index = range.lowerBound
    guard index < range.upperBound, range.upperBound <= tokens.count else { return nil }
    var name: String?
    while index < range.upperBound {
      let text = self.text(index)
      guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
        return nil
      }
      name = text
      index += 1
      guard index < range.upperBound, token(index, is: "."), index + 1 < range.upperBound else { break }
      index += 1
    }
    // Generic arguments, then the parenthesised arguments, which must close the expression.
    var depth = 0
    if index < range.upperBound, token(index, is: "<") {
      while index < range.upperBound {
        if token(index, is: "<") { depth += 1 } else if token(index, is: ">") { depth -= 1 }
        index += 1
        if depth == 0 { break }
      }
    }
    guard let name, depth == 0, index < range.upperBound, token(index, is: "(") else { return nil }
    while index < range.upperBound {
      if token(index, is: "(") { depth += 1 } else if token(index, is: ")") { depth -= 1 }
      if depth == 0 { return index == range.upperBound - 1 ? name : nil }
      index += 1
    }
    return nil
  }
}

extension PresenterRecreatedInSetupRule {
  fileprivate enum Messages {
    static func initializedAtDeclaration(_ name: String) -> String {
      "create '\(name)' in 'setUp()' instead of at its declaration, so every test gets a fresh one"
    }

    static func sharedBySpec(_ name: String) -> String {
      "create '\(name)' in a 'beforeEach' instead of at its declaration, so every example gets a fresh one"
    }

    static func notAssignedInSetUp(_ name: String) -> String {
      "assign '\(name)' in 'setUp()' so every test starts with a fresh one"
    }
  }
}
