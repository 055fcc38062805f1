/// Which calls of a wait declared in none of the run's files count as assertions without `try`
/// (`missing_assertion`; with `try`, `UndeclaredCheck.readsAsTriedCheck` already counts them).
///
/// Teams keep their waiting helpers in a test-support package the linted folders do not
/// include: `waitFor { promise in ... promise(()) }`, `waitForExpectation(timeout: 0.5) { exp in
/// ... }`, which wait on an expectation with `wait(for:timeout:)` and fail the test when it
/// times out, as XCTest's own wait does. A wait's name alone (`waitFor...`, `waitUntil...`,
/// `UndeclaredCheck.readsAsThrowingWait`) does not say it fails: a method of the code under test
/// may only block until something happens (`queue.waitUntilAllOperationsAreFinished()`). What
/// it is given, or what it is called on, says more:
/// - a plain call (or through `self.`), given a closure (trailing or as an argument) or a
///   `timeout:`: a test helper handed the test's work and a deadline, an `XCTestCase`
///   extension's wait;
/// - a method of a test double's (a local or property made from, or typed as, a type named
///   `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*` or `*Dummy*`: `let server = ServerMock(...)`) called
///   as a statement of its own, its result unused (`server.waitFor(requestsCompletion: 0)`): a
///   double is test code, and a wait that neither throws nor returns anything used can only
///   report by failing the test. Not a wait of the code under test (`sut.waitForSync()`), nor
///   one whose result the test reads (`let done = mock.waitFor(...)`).
/// - a plain `wait(...)` given a `timeout:` and a closure (trailing, or labelled `expect:`,
///   `until:`, `require:` or `condition:`): a support package's polling check (`pollsCondition`).
/// Only where no file of the run declares a function of the name that could take the call
/// (`CallSignature.declaresNoneAccepting`); a declared one is followed as any helper is.
enum UndeclaredWait {
  /// Whether the call, if no file of the run declares its name, is a wait that fails the test.
  static func counts(callAt index: Int, in model: FileModel) -> Bool {
    guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "w") else { return false }
    let call = model.calls[index]
    if call.name == "wait" { return pollsCondition(call, in: model) }
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase,
      UndeclaredCheck.readsAsThrowingWait(call.name)
    else { return false }
    switch call.path.count {
    case 1:
      return handsOverWork(call, in: model)
    case 2 where call.path[0] == "self":
      return handsOverWork(call, in: model)
    case 2:
      return isDouble(call.path[0], before: call.nameToken, in: call.function, model: model)
        && isStatement(call, in: model)
    default:
      return false
    }
  }

  /// Whether a plain (or `self.`) `wait(...)` polls a condition until a deadline: given a
  /// `timeout:` and a closure, trailing or labelled as a condition (`conditionLabels`:
  /// `await wait(expect: { await flag.isSet }, timeout: 2)`, `try await wait(require: { ready },
  /// timeout: 1)`, set 51). A support package's polling check, which records an issue (or
  /// throws, for `require:`) when the condition never holds; XCTest's `wait(for:timeout:)` is
  /// given expectations, not a closure.
  private static func pollsCondition(_ call: Call, in model: FileModel) -> Bool {
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase,
      call.path.count == 1 || call.path.count == 2 && call.path[0] == "self",
      call.labels.contains("timeout")
    else { return false }
    if !call.trailingClosures.isEmpty { return true }
    return call.arguments.contains { argument in
      guard let label = argument.label, conditionLabels.contains(label), let first = argument.value.first
      else { return false }
      return model.tokens[first].kind == .leftBrace
    }
  }

  /// The labels under which a polling wait takes the condition it checks.
  private static let conditionLabels: Set<String> = ["expect", "until", "require", "condition"]

  /// Whether the call is given a closure or a deadline (`timeout:`, `withTimeout:`).
  private static func handsOverWork(_ call: Call, in model: FileModel) -> Bool {
    if !call.trailingClosures.isEmpty { return true }
    return call.arguments.contains { argument in
      if let label = argument.label, label == "timeout" || label.hasSuffix("Timeout") { return true }
      guard let first = argument.value.first else { return false }
      return model.tokens[first].kind == .leftBrace
    }
  }

  /// Whether `name` is a local of the function declared before the call, or a property of the
  /// file, made from or typed as a test double (`AssertionMatcher.isTestDouble`).
  static func isDouble(_ name: String, before limit: Int, in function: Int, model: FileModel) -> Bool {
    func namesDouble(_ annotation: String?, _ initializer: Range<Int>?) -> Bool {
      if let annotation, AssertionMatcher.isTestDouble(annotation) { return true }
      guard let first = initializer?.first, model.tokens[first].kind == .identifier else { return false }
      return AssertionMatcher.isTestDouble(model.text(first))
    }
    if let local = model.locals.last(where: { $0.function == function && $0.name == name && $0.nameToken < limit }) {
      return namesDouble(local.typeAnnotation, local.initializer)
    }
    return model.properties.contains { $0.name == name && namesDouble($0.typeAnnotation, $0.initializer) }
  }

  /// Whether the call `receiver.name(...)` is a statement of its own: nothing before it on its
  /// line but `try` or `await` (after a line ending in no operator), or it follows `{`, `;` or
  /// a closure's `in`.
  static func isStatement(_ call: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var head = call.nameToken - 2  // the receiver
    guard head >= 0 else { return false }
    while head > 0, tokens[head - 1].kind == .identifier,
      tokens[head - 1].keyword == .try || tokens[head - 1].keyword == .await
    {
      head -= 1
    }
    guard head > 0 else { return true }
    let before = tokens[head - 1]
    switch before.kind {
    case .leftBrace, .rightBrace, .semicolon: return true
    case .identifier where before.keyword == .in: return true
    case .operator, .comma, .dot, .colon, .leftParen, .leftBracket: return false
    default: return tokens[head].isAtLineStart
    }
  }
}
