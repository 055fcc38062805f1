/// A stretch of test code a rule reads: a test's body, or a same-file helper a test calls.
public struct TestCode: Sendable {
  /// Token range of the body, braces included.
  public var tokens: Range<Int>
  /// The calls inside it (indices into `FileModel.calls`), closures included.
  public var calls: Range<Int>
  /// The test whose body it is; nil for a helper.
  public var test: DiscoveredTest?
  /// The function whose body it is (index into `FileModel.functions`); nil for a Quick example.
  public var function: Int?
}

extension RuleContext {
  /// The body of every test of the file, in source order.
  public func testBodies() -> [TestCode] {
    tests.compactMap { test in
      guard let body = test.body else { return nil }
      return TestCode(
        tokens: body, calls: test.calls, test: test,
        function: test.framework == .quick ? nil : test.function)
    }
  }

  /// The body of every test and of every same-file function the tests call, transitively, as
  /// `CallResolver` resolves calls (`fixture.prepare()` too); each function once. A Quick
  /// `spec()` is never read as a helper (it holds the examples).
  public func testCodeWithHelpers() -> [TestCode] {
    memo.testCodeWithHelpers.withLock { cached in
      if let cached { return cached }
      let result = computeTestCodeWithHelpers()
      cached = result
      return result
    }
  }

  private func computeTestCodeWithHelpers() -> [TestCode] {
    let bodies = testBodies()
    var seen = Set(tests.map(\.function))
    var result = bodies
    let resolver = callResolver
    for body in bodies {
      for function in resolver.reachable(fromCalls: body.calls)
      where seen.insert(function).inserted {
        guard let tokens = model.functions[function].body else { continue }
        result.append(
          TestCode(
            tokens: tokens, calls: model.functions[function].calls, test: nil, function: function))
      }
    }
    return result
  }
}

extension TestCode {
  /// The last local of this code named `name` declared before the token `position` (the one a
  /// use at `position` reads, shadowing aside).
  public func local(named name: some StringProtocol, before position: Int, in model: FileModel) -> LocalDecl? {
    model.locals.last { $0.nameToken < position && tokens.contains($0.nameToken) && $0.name == name }
  }

  /// The bodies of types declared inside this code (`class Stub: UseCase { ... }` in a test):
  /// test doubles, whose code the test does not run as its own statements.
  public func localTypeBodies(in model: FileModel) -> [Range<Int>] {
    let tokens = model.tokens
    var result: [Range<Int>] = []
    var index = self.tokens.lowerBound + 1
    let end = min(self.tokens.upperBound, tokens.count)
    while index < end {
      let token = tokens[index]
      let declares: Bool
      switch token.keyword {
      case .class, .struct, .enum, .actor, .extension, .protocol:
        declares =
          token.kind == .identifier && index + 1 < end && tokens[index + 1].isIdentifierLike
          && tokens[index + 1].keyword == .none && (index == 0 || tokens[index - 1].kind != .dot)
      default:
        declares = false
      }
      guard declares else {
        index += 1
        continue
      }
      var open = index + 2
      while open < end, tokens[open].kind != .leftBrace, tokens[open].kind != .rightBrace {
        open += 1
      }
      guard open < end, tokens[open].kind == .leftBrace else {
        index = open
        continue
      }
      var depth = 0
      var close = open
      while close < end {
        if tokens[close].kind == .leftBrace { depth += 1 }
        if tokens[close].kind == .rightBrace {
          depth -= 1
          if depth == 0 { break }
        }
        close += 1
      }
      result.append(open..<min(close + 1, end))
      index = close + 1
    }
    return result
  }
}
