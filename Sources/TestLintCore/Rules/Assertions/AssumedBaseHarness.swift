/// A test that hands its whole work to its assumed base's harness (`missing_assertion`).
///
/// In a class on a base the run assumed (declared in none of the linted files: issue 29), a test
/// that ends with one bare call (plain or through `self.`), a statement of its own, to a function
/// declared in none of the linted files, passing it a closure or an argument built for checking,
/// runs the base's harness: `stress(level: .low) { batch, i in ... }` of a support module's `StressTestCase`,
/// which waits on an expectation for every batch, or `concurrencyTest(operations: ops,
/// withExpectations: Expectations(...))`, which asserts on what the operations did. What the
/// base's package does is unknown, and a false error costs more than a miss: such a test is not
/// reported. So is a test whose last call is named as a test's run (`RunNames.readsAsTestRun`),
/// with arguments (`self.uiTest(testCases: [...], context: ...)` of a snapshot pod's
/// `ViewTestCase`): its harness runs the cases it is given, and a test method takes no
/// arguments.
///
/// A class that adopts a type declared in none of the linted files whose name reads as a test
/// base (`class HomeUITests: AppViewTestCase, ViewTestCase`, the protocol of a pod whose
/// extension provides `uiTest`) is treated as one on an assumed base here (`adoptedBases`):
/// the run tells whether it declares such a type under `typeKey`.
///
/// The run tells whether it declares such a function under the name's own key (`key`): a
/// declaration that could take such a call (`declaresHarness`: a parameter of function type, or
/// one named for expectations) is followed as any helper is.
enum AssumedBaseHarness {
  /// The name under which the run tracks the declarations that could take a harness's call:
  /// no call's name holds a `(`.
  static func key(_ name: String) -> String { name + "(harness)" }

  /// The name under which the run tracks its declared types that read as test bases
  /// (`adoptedBases`).
  static func typeKey(_ name: String) -> String { name + "(base)" }

  /// Whether a declared type is tracked under `typeKey`: a protocol or a class that is not
  /// final, whose name reads as a test base by the run's endings (`assumption`: the configured
  /// `assumed_test_base_suffixes`, none with `assume_test_bases: false`).
  static func tracksType(_ type: TypeDecl, assumption: BaseAssumption) -> Bool {
    switch type.kind {
    case .protocol: return assumption.readsAsTestBase(type.simpleName)
    case .class where !type.modifiers.contains("final"):
      return assumption.readsAsTestBase(type.simpleName)
    default: return false
    }
  }

  /// The names the class of `test` adopts, after its superclass, that read as test bases by
  /// the run's endings (`ViewTestCase`; `assumption`, as `tracksType` reads them): types of a
  /// support module when the run declares none of them (`typeKey`), whose extensions may hold
  /// a harness.
  static func adoptedBases(of test: DiscoveredTest, in model: FileModel, assumption: BaseAssumption) -> [String] {
    guard let owner = model.functions[test.function].owner, model.types[owner].kind == .class else { return [] }
    return model.types[owner].inheritance.dropFirst().map(TypeDecl.simpleName).filter(assumption.readsAsTestBase)
  }

  /// Whether a declared function could be the target of a harness's call: visible to other
  /// files, with a parameter of function type (`(Int, Int) -> Void`, an autoclosure) or one
  /// whose label, name or type names expectations.
  static func declaresHarness(_ function: FunctionDecl) -> Bool {
    guard function.kind == .function, !function.has("private"), !function.has("fileprivate") else { return false }
    if RunNames.readsAsTestRun(function.name), !function.parameters.isEmpty { return true }
    return function.parameters.contains { parameter in
      RuleText.contains(parameter.type, "->") || namesExpectations(parameter.label ?? "")
        || namesExpectations(parameter.name) || namesExpectations(parameter.type)
    }
  }

  /// The names this file calls as a harness would be called (`takesHarnessArguments`), plainly
  /// or through `self.`, and the test bases its classes adopt (by `assumption`'s endings): what
  /// the run is asked about for them (`key`, `typeKey`).
  static func runKeys(in model: FileModel, assumption: BaseAssumption) -> Set<String> {
    var keys: Set<String> = []
    for index in model.calls.indices
    where isBare(model.calls[index]) && takesHarnessArguments(model.calls[index], in: model) {
      keys.insert(key(model.calls[index].name))
    }
    guard !keys.isEmpty else { return keys }
    for type in model.types where type.kind == .class {
      for name in type.inheritance.dropFirst().map(TypeDecl.simpleName) where assumption.readsAsTestBase(name) {
        keys.insert(typeKey(name))
      }
    }
    return keys
  }

  /// Whether `test`, which asserts nothing else, hands its whole work to a harness of its
  /// class's assumed base (`onAssumedBase`) or of a test base it adopts (`adoptedBases`): its
  /// last call (`finalHarnessCall`) is of a name no file of the run declares so that it could
  /// take it (`key`), and the adopted base is declared nowhere either (`typeKey`).
  static func handsOver(_ test: DiscoveredTest, in context: RuleContext, onAssumedBase: Bool) -> Bool {
    let model = context.model
    guard test.framework == .xctest else { return false }
    // Told by the file before the run is asked.
    let assumption = context.discovery.baseAssumption
    let adopted = onAssumedBase ? [] : adoptedBases(of: test, in: model, assumption: assumption)
    guard onAssumedBase || !adopted.isEmpty, let index = finalHarnessCall(of: test, in: model),
      !context.callResolver.isSettledInFile(callAt: index),
      context.assertingHelpers.declaresNone(key(model.calls[index].name))
    else { return false }
    return onAssumedBase || adopted.contains { context.assertingHelpers.declaresNone(typeKey($0)) }
  }

  /// The call that ends the test as a statement of its own (`stress(level: .low) { ... }`,
  /// `self.concurrencyTest(...)` after the lines that set it up; `try` or `await` before it
  /// allowed), when it is bare and takes a harness's arguments; nil otherwise.
  static func finalHarnessCall(of test: DiscoveredTest, in model: FileModel) -> Int? {
    guard let body = test.body, body.count >= 3 else { return nil }
    let tokens = model.tokens
    let closing = body.upperBound - 1
    for index in test.calls.reversed() {
      let call = model.calls[index]
      var end = call.parentheses.map { $0.upperBound - 1 } ?? call.nameToken
      if let last = call.trailingClosures.last { end = max(end, last.tokens.upperBound - 1) }
      // The last statement's call ends last: the calls inside it end before it.
      guard end + 1 == closing else { continue }
      guard isBare(call), takesHarnessArguments(call, in: model) else { return nil }
      var start = call.path.count == 2 ? call.nameToken - 2 : call.nameToken
      while start - 1 > body.lowerBound, tokens[start - 1].kind == .identifier,
        tokens[start - 1].keyword == .try || tokens[start - 1].keyword == .await
      {
        start -= 1
      }
      // A statement of its own: first in the body, or on a line of its own (not `x = f { }`).
      guard start == body.lowerBound + 1 || tokens[start].isAtLineStart else { return nil }
      return index
    }
    return nil
  }

  /// A plain call or one through `self.`: what the class's base may declare.
  private static func isBare(_ call: Call) -> Bool {
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase else { return false }
    return call.path.count == 1 || call.path.count == 2 && call.path[0] == "self"
  }

  /// Whether the call passes a closure (trailing, or a literal argument) or an argument built
  /// for checking (labelled or made for expectations: `withExpectations: Expectations(...)`),
  /// or is named as a test's run and passes arguments (`uiTest(testCases:context:)`).
  private static func takesHarnessArguments(_ call: Call, in model: FileModel) -> Bool {
    if !call.trailingClosures.isEmpty { return true }
    if RunNames.readsAsTestRun(call.name), !call.arguments.isEmpty { return true }
    for argument in call.arguments {
      if let label = argument.label, namesExpectations(label) { return true }
      guard !argument.value.isEmpty else { continue }
      if model.tokens[argument.value.lowerBound].kind == .leftBrace { return true }
      if namesExpectations(model.text(argument.value.lowerBound)) { return true }
    }
    return false
  }

  /// Whether a word names expectations: `withExpectations`, `Expectations`, `expectation`.
  private static func namesExpectations(_ text: String) -> Bool {
    RuleText.contains(text, "xpectation")
  }
}
