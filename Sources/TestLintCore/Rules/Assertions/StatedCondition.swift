/// A `throw` or a crash under a condition the test states, which fails the test exactly when
/// the condition does not hold, as `#require` does: `guard response.status == 200 else { throw
/// Failure.status }`, `guard total == 3 else { fatalError("wrong total") }`.
extension MissingAssertionRule {
  /// The `throw` statements of a body that fail the test on a condition it states:
  /// `guard response.status == 200 else { throw Failure.status }`, `if x == nil { throw ... }`.
  /// XCTest and Swift Testing record the error, so the test fails exactly when the condition
  /// does not hold: a check, as `#require` is. A `throw` in a closure (a stub's
  /// `{ throw StubError() }`), in a `catch` (the error of a `try`), or unconditional is not one,
  /// nor is a mere `try`: a test whose only failure path is a call that may throw checks nothing
  /// of its own.
  static func checkingThrows(in body: Range<Int>, model: FileModel) -> Int {
    let tokens = model.tokens
    let end = min(body.upperBound, tokens.count)
    var count = 0
    var index = body.lowerBound + 1
    while index < end {
      defer { index += 1 }
      guard tokens[index].keyword == .throw, tokens[index].kind == .identifier else { continue }
      if index + 1 < end, model.token(index + 1, is: "XCTSkip") { continue }
      if statedCondition(around: index, in: body, model: model) != nil { count += 1 }
    }
    return count
  }

  /// The `throw` statements at the top level of a test's own body (not in a block, a closure
  /// or a `catch`), other than an `XCTSkip`'s: the test fails whenever it gets there, as it
  /// does at an unconditional `XCTFail`, whatever the code under test does
  /// (`throw FixtureError.expected`, a failing fixture of a runner). Only the test's own body:
  /// a helper's unconditional `throw` (a stub's, `unimplemented()`) is no check of the test.
  static func failingThrows(in body: Range<Int>, model: FileModel) -> Int {
    let tokens = model.tokens
    let end = min(body.upperBound, tokens.count)
    var count = 0
    var depth = 0
    var index = body.lowerBound + 1
    while index < end {
      defer { index += 1 }
      switch tokens[index].kind {
      case .leftBrace: depth += 1
      case .rightBrace: depth -= 1
      default:
        guard depth == 0, tokens[index].keyword == .throw, tokens[index].kind == .identifier else { continue }
        if index + 1 < end, model.token(index + 1, is: "XCTSkip") { continue }
        count += 1
      }
    }
    return count
  }

  /// The crashes of a test's own body that fail it on a condition it states, as a checking
  /// `throw` does: `guard total == 3 else { fatalError("wrong total") }`, `if x == nil {
  /// preconditionFailure() }`. The run stops, and the test fails, exactly when the condition
  /// does not hold. Only the test's own statements (its closures included): a helper's
  /// `guard let url = ... else { fatalError(...) }` loads a fixture and checks no outcome of
  /// the test, and so does such a `guard let` or `if let` of the test itself (an environment
  /// variable, a fixture's path): a crash there checks the setup, not the code under test. An
  /// unconditional `fatalError()` (a stub's body) is no check.
  static func checkingCrashes(in body: Range<Int>, calls: Range<Int>, model: FileModel) -> Int {
    var count = 0
    for index in calls {
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "f") || first == UInt8(ascii: "p") else { continue }
      let call = model.calls[index]
      guard call.path.count == 1, !call.hasExpressionBase,
        call.name == "fatalError" || call.name == "preconditionFailure",
        body.contains(call.nameToken)
      else { continue }
      guard let statement = statedCondition(around: call.nameToken, in: body, model: model),
        let keyword = conditionKeyword(of: statement, in: body, model: model),
        keyword + 1 < body.upperBound,
        model.tokens[keyword + 1].keyword != .let, model.tokens[keyword + 1].keyword != .var
      else { continue }
      count += 1
    }
    return count
  }

  /// The `else` or `if` token of the block the statement at `index` is the first level of, when
  /// that is a `guard ... else { }`, an `else { }` or an `if <condition> { }` of the body: the
  /// innermost brace around it is such a block's. Nil otherwise.
  static func statedCondition(around index: Int, in body: Range<Int>, model: FileModel)
    -> Int?
  {
    let tokens = model.tokens
    // The innermost brace around the statement, among the tokens just before it (a check's
    // `else {` or `if ... {` is near; a bound keeps a body of many `throw`s linear).
    var depth = 0
    var open = index - 1
    let limit = max(body.lowerBound, index - 512)
    while open > limit {
      if tokens[open].kind == .rightBrace { depth += 1 }
      if tokens[open].kind == .leftBrace {
        if depth == 0 { break }
        depth -= 1
      }
      open -= 1
    }
    guard open > limit, tokens[open].kind == .leftBrace else { return nil }
    if tokens[open - 1].keyword == .else { return open - 1 }
    // Back over the condition to the statement's keyword (a few tokens: a long walk is a
    // closure's call, not a condition).
    var cursor = open - 1
    var nesting = 0
    var steps = 0
    while cursor > body.lowerBound, steps < 64 {
      let kind = tokens[cursor].kind
      if kind == .rightParen || kind == .rightBracket { nesting += 1 }
      if kind == .leftParen || kind == .leftBracket {
        if nesting == 0 { break }
        nesting -= 1
      }
      if nesting == 0 {
        if kind == .leftBrace || kind == .rightBrace { break }
        if tokens[cursor].keyword == .if, kind == .identifier { return cursor }
        if tokens[cursor].keyword == .in || tokens[cursor].keyword == .catch { break }
      }
      cursor -= 1
      steps += 1
    }
    return nil
  }

  /// The `guard` or `if` keyword a `statedCondition` belongs to: itself for an `if`; for an
  /// `else`, the statement's keyword found back over its condition (and over the `if`'s block,
  /// for `if ... { } else { }`), within a bound; nil when none is found.
  static func conditionKeyword(of statement: Int, in body: Range<Int>, model: FileModel)
    -> Int?
  {
    let tokens = model.tokens
    guard tokens[statement].keyword == .else else { return statement }
    var nesting = 0
    var cursor = statement - 1
    let limit = max(body.lowerBound, statement - 512)
    while cursor > limit {
      let kind = tokens[cursor].kind
      if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { nesting += 1 }
      if kind == .leftParen || kind == .leftBracket || kind == .leftBrace {
        if nesting == 0 { return nil }
        nesting -= 1
      }
      if nesting == 0, kind == .identifier,
        tokens[cursor].keyword == .guard || tokens[cursor].keyword == .if
      {
        return cursor
      }
      cursor -= 1
    }
    return nil
  }
}
