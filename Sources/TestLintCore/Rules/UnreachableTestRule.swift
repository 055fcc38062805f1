/// A method written as a test that no test runner will ever run.
public struct UnreachableTestRule: Rule {
  public static let description = RuleDescription(
    id: "unreachable_test",
    summary: "a method written as a test that the test runner never runs",
    defaultSeverity: .error,
    options: [
      OptionSpec(
        name: "private_suites", kind: .bool, defaultValue: .bool(false),
        summary: "also report '@Test' functions in private suites (never run before Swift 6)")
    ])

  private let privateSuites: Bool

  public init(options: RuleOptions) {
    privateSuites = options.bool("private_suites")
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    let classifier = TestCaseClassifier(model: model, discovery: context.discovery)
    var references: [String: Int]?
    var violations: [Violation] = []
    if privateSuites {
      for test in context.tests where test.framework == .swiftTesting {
        guard let modifier = Self.privateSuiteModifier(of: model.functions[test.function].owner, in: model)
        else { continue }
        violations.append(
          Violation(
            offset: test.nameOffset, message: Messages.privateSuite(test.name, modifier),
            test: context.testName(test)))
      }
    }
    lazy var suiteNames = Self.swiftTestingSuiteNames(in: model)
    for typeIndex in model.types.indices where model.types[typeIndex].kind != .protocol {
      // Only a name starting with `t` or `T` can be a problem (`test...`, `Test...`, `tset...`):
      // a type without one needs no verdict, and other functions are not read any further.
      guard model.types[typeIndex].functions.contains(where: { Self.mayBeTestNamed(model.functions[$0].name) })
      else { continue }
      let answer = classifier.answer(typeIndex)
      let verdict = answer.verdict
      let type = model.types[typeIndex]
      // A class (or the class an extension of this file extends) on XCTest's abstract `XCTest`
      // or `XCTestSuite`, directly or through classes of the file (the topmost one is named).
      if let base = answer.abstractBase {
        for functionIndex in type.functions {
          let function = model.functions[functionIndex]
          guard function.kind == .function, RuleText.hasPrefix(function.name, "test"),
            function.parameters.isEmpty, Self.returnsVoid(function), !function.has("static"),
            !function.has("class"), !function.has("override")
          else { continue }
          if references == nil { references = Self.identifierCounts(in: model) }
          if (references?[function.name] ?? 0) > 1 { continue }
          violations.append(
            Violation(
              offset: function.nameOffset,
              message: Messages.abstractBase(function.name, base.className, base.written)))
        }
        continue
      }
      // `problem` finds nothing for a type that cannot be told.
      if verdict == .unknown { continue }
      // A protocol extension's methods run in whatever conforms to it (a spec calling them
      // from another file): the protocol makes none of them unreachable.
      if type.kind == .extension, let declared = classifier.declaration(named: type.simpleName),
        model.types[declared].kind == .protocol
      {
        continue
      }
      let isSuite = verdict == .notTestCase && suiteNames.contains(type.simpleName)
      for functionIndex in type.functions where Self.mayBeTestNamed(model.functions[functionIndex].name) {
        let function = model.functions[functionIndex]
        guard function.kind == .function, !function.has("override"), !function.hasAttribute("Test"),
          let message = problem(
            function, type: type, verdict: verdict, isSuite: isSuite, classifier: classifier)
        else { continue }
        // A method the file calls or mentions is a helper, whatever its name.
        if references == nil { references = Self.identifierCounts(in: model) }
        if (references?[function.name] ?? 0) > 1 { continue }
        // So is a `static` one that a file of the run calls through its type.
        if function.has("static") || function.has("class"),
          context.assertingHelpers.contains(TypeCalledTest.key(type: type.simpleName, name: function.name))
        {
          continue
        }
        violations.append(Violation(offset: function.nameOffset, message: message))
      }
    }
    return violations
  }

  /// `private` or `fileprivate` when the type, or one around it, is declared so.
  static func privateSuiteModifier(of owner: Int?, in model: FileModel) -> String? {
    var current = owner
    while let index = current {
      let type = model.types[index]
      if type.modifiers.contains("private") { return "private" }
      if type.modifiers.contains("fileprivate") { return "fileprivate" }
      current = type.parent
    }
    return nil
  }

  /// Why a method of a type would be a test but never runs, if it is one.
  func problem(
    _ function: FunctionDecl, type: TypeDecl, verdict: TestCaseClassifier.Verdict, isSuite: Bool,
    classifier: TestCaseClassifier
  ) -> String? {
    let model = classifier.model
    let name = function.name
    let isTestNamed = RuleText.hasPrefix(name, "test")
    let hasTestShape = function.parameters.isEmpty && Self.returnsVoid(function)
      && !function.has("static") && !function.has("class") && !function.has("private")
      && !function.has("fileprivate")
    switch verdict {
    case .testCase:
      // A name starting with `test` starts with none of the misspellings.
      if !isTestNamed, hasTestShape, let corrected = Self.correctedTestName(name) {
        return Messages.misspelt(name, corrected)
      }
      guard isTestNamed else { break }
      // Only what reads as a test, not a helper that happens to start with `test`: the other
      // problems away, no parameters and no result; an instance method of a test class
      // (`*Tests`, not an extension of a base class) that asserts.
      let callable = function.parameters.isEmpty && Self.returnsVoid(function)
      if function.hasAttribute("objc") { return nil }
      if function.has("private") || function.has("fileprivate") {
        let modifier = function.has("private") ? "private" : "fileprivate"
        return callable ? Messages.privateTest(name, modifier) : nil
      }
      if function.has("static") || function.has("class") {
        let modifier = function.has("static") ? "static" : "class"
        return callable && asserts(function, in: model) ? Messages.staticTest(name, modifier) : nil
      }
      if callable { return nil }
      guard type.kind == .class, type.simpleName.hasSuffix("Tests") || type.simpleName.hasSuffix("Test"),
        asserts(function, in: model)
      else { return nil }
      if !function.parameters.isEmpty { return Messages.parameters(name) }
      return Messages.returnValue(name, function.returnType ?? "")
    case .notTestCase:
      guard isTestNamed, hasTestShape else { return nil }
      if isSuite {
        return asserts(function, in: model) ? Messages.missingTestAttribute(name) : nil
      }
      let declaration =
        type.kind == .extension ? classifier.declaration(named: type.simpleName).map { model.types[$0] } : type
      guard let declaration else { return nil }
      if declaration.kind == .class, declaration.simpleName.hasSuffix("Tests") {
        if Self.checksWithSwiftTesting(function, in: model) { return Messages.missingTestAttribute(name) }
        return Messages.noTestCaseClass(name, declaration.simpleName)
      }
      if type.kind == .extension, asserts(function, in: model) {
        return Messages.extensionOfNonTestType(name, type.simpleName)
      }
      return nil
    case .unknown:
      break
    }
    return nil
  }

  /// Whether a name can start with `test` or one of the misspellings `correctedTestName` knows
  /// (all begin with `t` or `T`; a name beginning with another byte cannot be equivalent).
  static func mayBeTestNamed(_ name: String) -> Bool {
    let first = RuleText.firstByte(name)
    return first == UInt8(ascii: "t") || first == UInt8(ascii: "T")
  }

  /// Names of the Swift Testing suites of the file: types that (in their declaration or an
  /// extension in this file) have `@Suite` or an `@Test` method. One pass over the types.
  static func swiftTestingSuiteNames(in model: FileModel) -> Set<String> {
    var names: Set<String> = []
    for type in model.types {
      if type.attributes.contains(where: { $0.name == "Suite" || $0.name.hasSuffix(".Suite") })
        || type.functions.contains(where: { model.functions[$0].hasAttribute("Test") })
      {
        names.insert(type.simpleName)
      }
    }
    return names
  }

  /// Whether the body itself asserts (XCTest, Swift Testing or Nimble).
  func asserts(_ function: FunctionDecl, in model: FileModel) -> Bool {
    let matcher = AssertionMatcher()
    return function.calls.contains { matcher.isAssertion(callAt: $0, in: model) }
  }

  /// No result, `Void` or `()`.
  static func returnsVoid(_ function: FunctionDecl) -> Bool {
    guard let returnType = function.returnType else { return true }
    return returnType == "Void" || returnType == "()"
  }

  /// `tset...`, `tets...`, `Test...` spelled as `test...`, when the rest reads as a name.
  static func correctedTestName(_ name: String) -> String? {
    for misspelling in ["Test", "tset", "tets", "tst"] where name.hasPrefix(misspelling) {
      let rest = name.dropFirst(misspelling.count)
      guard let first = rest.first, first.isUppercase || first == "_" || first.isNumber else { continue }
      return "test" + rest
    }
    return nil
  }

  /// How often each identifier appears in the file (declarations included).
  static func identifierCounts(in model: FileModel) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (index, token) in model.tokens.enumerated() where token.isIdentifierLike && token.keyword == .none {
      var text = model.text(index)
      if token.kind == .backtickIdentifier { text = String(text.dropFirst().dropLast()) }
      counts[text, default: 0] += 1
    }
    return counts
  }
}

extension UnreachableTestRule {
  fileprivate enum Messages {
    static func privateSuite(_ name: String, _ modifier: String) -> String {
      "remove '\(modifier)' from the suite of '\(name)': Swift Testing before Swift 6 does not run tests in \(modifier) suites"
    }

    static func privateTest(_ name: String, _ modifier: String) -> String {
      "remove '\(modifier)' from '\(name)': XCTest does not run \(modifier) methods"
    }

    static func staticTest(_ name: String, _ modifier: String) -> String {
      "remove '\(modifier)' from '\(name)': XCTest only runs instance methods"
    }

    static func parameters(_ name: String) -> String {
      "remove the parameters of '\(name)', or rename it if it is a helper: XCTest does not run methods that take arguments"
    }

    static func returnValue(_ name: String, _ type: String) -> String {
      "remove the '\(type)' result of '\(name)', or rename it if it is a helper: XCTest does not run methods that return a value"
    }

    static func misspelt(_ name: String, _ corrected: String) -> String {
      "rename '\(name)' to '\(corrected)': XCTest only runs methods whose names start with 'test'"
    }

    static func noTestCaseClass(_ name: String, _ className: String) -> String {
      "make '\(className)' inherit from 'XCTestCase': its test '\(name)' never runs"
    }

    static func extensionOfNonTestType(_ name: String, _ typeName: String) -> String {
      "move '\(name)' into a test case class: '\(typeName)' is not one, so the test never runs"
    }

    static func abstractBase(_ name: String, _ className: String, _ base: String) -> String {
      "make '\(className)' inherit from 'XCTestCase', not '\(base)': XCTest never runs '\(name)' in a subclass of \(base.hasSuffix("XCTestSuite") ? "'XCTestSuite'" : "its abstract 'XCTest'")"
    }

    static func missingTestAttribute(_ name: String) -> String {
      "mark '\(name)' with '@Test': Swift Testing only runs functions marked '@Test'"
    }
  }
}
