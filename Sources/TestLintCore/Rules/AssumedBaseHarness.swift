/// A test that hands its whole work to its assumed base's harness (`missing_assertion`).
///
/// In a class on a base the run assumed (declared in none of the linted files: issue 29), a test
/// that ends with one bare call (plain or through `self.`), a statement of its own, to a function
/// declared in none of the linted files, passing it a closure or an argument built for checking,
/// runs the base's harness: `stress(level: .low) { batch, i in ... }` of a support module's `StressTestCase`,
/// which waits on an expectation for every batch, or `concurrencyTest(operations: ops,
/// withExpectations: Expectations(...))`, which asserts on what the operations did. What the
/// base's package does is unknown, and a false error costs more than a miss: such a test is not
/// reported.
///
/// The run tells whether it declares such a function under the name's own key (`key`): a
/// declaration that could take such a call (`declaresHarness`: a parameter of function type, or
/// one named for expectations) is followed as any helper is.
enum AssumedBaseHarness {
  /// The name under which the run tracks the declarations that could take a harness's call:
  /// no call's name holds a `(`.
  static func key(_ name: String) -> String { name + "(harness)" }

  /// Whether a declared function could be the target of a harness's call: visible to other
  /// files, with a parameter of function type (`(Int, Int) -> Void`, an autoclosure) or one
  /// whose label, name or type names expectations.
  static func declaresHarness(_ function: FunctionDecl) -> Bool {
    guard function.kind == .function, !function.has("private"), !function.has("fileprivate") else { return false }
    return function.parameters.contains { parameter in
      parameter.type.contains("->") || namesExpectations(parameter.label ?? "")
        || namesExpectations(parameter.name) || namesExpectations(parameter.type)
    }
  }

  /// The names this file calls as a harness would be called (`takesHarnessArguments`), plainly
  /// or through `self.`: what the run is asked about for them (`key`).
  static func candidates(in model: FileModel) -> Set<String> {
    var names: Set<String> = []
    for index in model.calls.indices
    where isBare(model.calls[index]) && takesHarnessArguments(model.calls[index], in: model) {
      names.insert(model.calls[index].name)
    }
    return names
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
  /// for checking (labelled or made for expectations: `withExpectations: Expectations(...)`).
  private static func takesHarnessArguments(_ call: Call, in model: FileModel) -> Bool {
    if !call.trailingClosures.isEmpty { return true }
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
    text.contains("xpectation")
  }
}
