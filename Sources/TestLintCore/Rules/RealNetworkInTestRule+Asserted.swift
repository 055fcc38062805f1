/// The shared session only compared inside an assertion, directly or through a local bound to
/// it: `let session = URLSession.shared` then `expect(client.session).to(equal(session))`.
extension RealNetworkInTestRule {
  /// Nimble's methods of `expect(...)` that take a matcher.
  private static let nimbleChecks: Set<String> = [
    "to", "toNot", "notTo", "toEventually", "toEventuallyNot", "toNever", "neverTo", "toAlways",
    "alwaysTo",
  ]
  /// XCTest assertions that run their argument for its error, not to compare a value.
  private static let runningAssertions: Set<String> = ["XCTAssertNoThrow", "XCTAssertThrowsError"]

  /// Whether `URLSession.shared` at `index` is bound to a local of the test
  /// (`let session = URLSession.shared`) that the test uses only as a value compared in
  /// assertions (or not at all), to build a task it keeps and never resumes
  /// (`let task = session.dataTask(with: request)`, `buildsKeptTask`), or as the whole value of
  /// an argument of a test double's initializer (`isHandedToDouble`) or of one whose result the
  /// test only reads (`isHandedToReadOnlyResult`).
  static func isBoundOnlyForAssertions(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let start = index >= 2 && model.tokens[index - 1].kind == .dot ? index - 2 : index
    guard let uses = usesOfLocal(boundTo: start..<(index + 3), in: code, model: model) else { return false }
    return uses.allSatisfy {
      isAssertedValue($0, last: $0, calls: code.calls, in: model) || buildsKeptTask(at: $0, in: code, model: model)
        || isHandedToDouble(value: $0..<($0 + 1), in: code, model: model)
        || isHandedToReadOnlyResult(value: $0..<($0 + 1), in: code, model: model)
    }
  }

  /// The tokens of `code` after the local bound to `initializer` (`let session = ...`) that
  /// name it: not another value's member (`x.session`) nor an argument label (`session:`).
  /// Nil when no local of the test is bound to it.
  static func usesOfLocal(boundTo initializer: Range<Int>, in code: TestCode, model: FileModel) -> [Int]? {
    guard
      let local = model.locals.first(where: {
        $0.initializer == initializer && code.tokens.contains($0.nameToken)
      })
    else { return nil }
    let tokens = model.tokens
    let name = model.text(local.nameToken)
    var uses: [Int] = []
    for use in (local.nameToken + 1)..<code.tokens.upperBound
    where tokens[use].isIdentifierLike && model.text(use) == name {
      if tokens[use - 1].kind == .dot { continue }
      if use + 1 < tokens.count, tokens[use + 1].kind == .colon,
        tokens[use - 1].kind == .leftParen || tokens[use - 1].kind == .comma
      {
        continue
      }
      uses.append(use)
    }
    return uses
  }

  /// Whether the session expression `first...last` is a value an assertion compares: it sits in
  /// the parenthesised arguments of `XCTAssert...` (not `XCTAssertNoThrow` /
  /// `XCTAssertThrowsError`), `#expect`, `#require`, Nimble's `expect(...)` or `.to(...)`,
  /// outside any closure there; it is no method's receiver (`session.data(from:)` sends); and
  /// the assertion's argument compares it (`comparesValue`).
  static func isAssertedValue(_ first: Int, last: Int, calls: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    if last + 1 < tokens.count,
      tokens[last + 1].kind == .dot || model.token(last + 1, is: "?") || model.token(last + 1, is: "!")
    {
      return false
    }
    for callIndex in calls {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(first), isComparingAssertion(call),
        !isInClosure(first, after: parentheses.lowerBound, in: model),
        let argument = call.arguments.first(where: { $0.value.contains(first) })
      else { continue }
      return comparesValue(argument.value, session: first, assertion: callIndex, calls: calls, in: model)
    }
    return false
  }

  /// Whether an assertion's argument compares the session at `index` rather than what other code
  /// made of it: the session alone or read back (`Client(session: session).session`), in a
  /// Nimble matcher (`equal(session)`) or as its identity (`ObjectIdentifier(session)`); not handed to a call whose result is checked
  /// (`load(using: session)`, `Client(session: session).fetch()`).
  private static func comparesValue(
    _ value: Range<Int>, session index: Int, assertion: Int, calls: Range<Int>, in model: FileModel
  ) -> Bool {
    let matcherArgument = nimbleChecks.contains(model.calls[assertion].name)
    var handedEnd: Int?
    for callIndex in calls where callIndex != assertion {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(index),
        value.contains(parentheses.lowerBound)
      else { continue }
      // The matcher itself: `to(equal(session))`.
      if matcherArgument, call.nameToken == value.lowerBound { continue }
      // Its identity, compared: `ObjectIdentifier(URLSession.shared)`.
      if call.path == ["ObjectIdentifier"], !call.hasExpressionBase { continue }
      handedEnd = max(handedEnd ?? 0, parentheses.upperBound)
    }
    guard let handedEnd else { return !endsInLaterCall(value, after: index, calls: calls, in: model) }
    var end = value.upperBound - 1
    while end > index, model.token(end, is: "!") || model.token(end, is: "?") { end -= 1 }
    // Read back from what was built with it: `...withURLSession(session).session`.
    return end >= handedEnd && model.tokens[end].isIdentifierLike && model.tokens[end - 1].kind == .dot
  }

  /// An assertion that compares the values of its arguments.
  private static func isComparingAssertion(_ call: Call) -> Bool {
    let name = call.name
    if call.isMacro { return name == "#expect" || name == "#require" }
    if call.isImplicitMember { return false }
    if name.hasPrefix("XCTAssert") { return !runningAssertions.contains(name) }
    if name == "expect" { return !call.hasExpressionBase && (call.path.count == 1 || call.receiver == "Nimble") }
    return call.hasExpressionBase && call.path.count == 1 && nimbleChecks.contains(name)
  }

  /// Whether a `{` opened after `open` is still open at `index`.
  private static func isInClosure(_ index: Int, after open: Int, in model: FileModel) -> Bool {
    var depth = 0
    for token in model.tokens[(open + 1)..<index] {
      if token.kind == .leftBrace { depth += 1 } else if token.kind == .rightBrace { depth -= 1 }
    }
    return depth > 0
  }

  /// Whether an argument's value ends in a call (or trailing closure) whose arguments do not
  /// hold the session at `index`: `Client(session: session).fetch()`.
  private static func endsInLaterCall(_ value: Range<Int>, after index: Int, calls: Range<Int>, in model: FileModel) -> Bool {
    var end = value.upperBound - 1
    while end > index, model.token(end, is: "!") || model.token(end, is: "?") { end -= 1 }
    guard end > index else { return false }
    if model.tokens[end].kind == .rightBrace { return true }
    guard model.tokens[end].kind == .rightParen else { return false }
    for callIndex in calls {
      guard let parentheses = model.calls[callIndex].parentheses, parentheses.upperBound == end + 1 else { continue }
      return !parentheses.contains(index)
    }
    return false
  }
}
