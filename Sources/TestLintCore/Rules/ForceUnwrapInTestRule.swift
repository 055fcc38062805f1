/// A test force unwraps (`x!`), force tries (`try!`) or force casts (`as!`): a crash instead of
/// a failure that names the test. Fixes `try!` directly in a test function's body to `try`,
/// making the test `throws`.
public struct ForceUnwrapInTestRule: Rule {
  public static let description = RuleDescription(
    id: "force_unwrap_in_test",
    summary:
      "a test body force unwraps with 'x!', 'try!' or 'as!' instead of 'XCTUnwrap', '#require' or 'try'",
    defaultSeverity: .warning, isOptIn: true)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    let tokens = model.tokens
    var violations: [Violation] = []
    // The tests read in place, in the order of `testBodies()`, without a `TestCode` each.
    for position in context.tests.indices {
      guard let body = context.tests[position].body else { continue }
      let test = context.tests[position]
      var safeTries: Set<Int>?
      for index in (body.lowerBound + 1)..<max(body.lowerBound + 1, body.upperBound - 1) {
        guard Self.isBang(index, in: model) else { continue }
        let previous = index - 1
        let keyword = tokens[previous].keyword
        if keyword == .try, tokens[previous].kind == .identifier {
          var fix: [Edit]?
          if context.buildsFixes {
            if safeTries == nil { safeTries = Self.tryTokensDirectlyInBody(body, in: model) }
            fix = safeTries?.contains(previous) == true ? Self.fix(bang: index, test: test, in: model) : nil
          }
          violations.append(
            Violation(
              offset: model.offset(previous), message: Messages.forceTry(test.framework),
              test: context.testName(test), fix: fix))
        } else if keyword == .as, tokens[previous].kind == .identifier {
          violations.append(
            Violation(
              offset: model.offset(previous), message: Messages.forceCast(test.framework),
              test: context.testName(test)))
        } else if Self.endsOperand(previous, in: model),
          !Self.isImplicitlyUnwrappedType(bang: index, in: model)
        {
          violations.append(
            Violation(
              offset: model.offset(index), message: Messages.forceUnwrap(test.framework),
              test: context.testName(test)))
        }
      }
    }
    return violations
  }

  /// A `!` operator token glued to the token before it (`x!`, `try!`, `as!`), not `!=`.
  static func isBang(_ index: Int, in model: FileModel) -> Bool {
    let token = model.tokens[index]
    return token.kind == .operator && token.end - token.start == 1 && !token.hasSpaceBefore
      && model.source.bytes[Int(token.start)] == UInt8(ascii: "!")
  }

  /// Whether the token can end an operand that a postfix `!` unwraps.
  static func endsOperand(_ index: Int, in model: FileModel) -> Bool {
    let token = model.tokens[index]
    switch token.kind {
    case .backtickIdentifier, .rightParen, .rightBracket: return true
    case .identifier:
      return token.keyword == .none || token.keyword == .`self` || token.keyword == .Self
    default: return false
    }
  }

  /// `let value: Int! = nil`: an implicitly unwrapped local's type, not an unwrap.
  static func isImplicitlyUnwrappedType(bang: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var cursor = bang - 1
    var depth = 0
    while cursor > 0 {
      let token = tokens[cursor]
      switch token.kind {
      case .rightParen, .rightBracket: depth += 1
      case .leftParen, .leftBracket:
        if depth == 0 { return false }
        depth -= 1
      case .identifier where token.keyword == .none, .backtickIdentifier, .dot: break
      case .operator where model.text(cursor).allSatisfy({ "<>?".contains($0) }): break
      case .comma where depth > 0: break
      case .colon where depth > 0: break
      case .colon:
        return cursor >= 2 && tokens[cursor - 1].isIdentifierLike
          && (tokens[cursor - 2].keyword == .let || tokens[cursor - 2].keyword == .var)
      default:
        if depth == 0 { return false }
      }
      cursor -= 1
    }
    return false
  }

  /// The `try` tokens of a body that sit in the function's own statements, where `try` would
  /// throw out of the test: not in a closure, a local function, a `defer`, or a `do` that
  /// has `catch` clauses; and at the start of an expression (a `try` right of an operator
  /// or in a non-throwing autoclosure such as `assert(...)` does not compile).
  static func tryTokensDirectlyInBody(_ body: Range<Int>, in model: FileModel) -> Set<Int> {
    let tokens = model.tokens
    var result: Set<Int> = []
    // For each open brace: whether a `try` inside it throws out of the function.
    var braces: [Bool] = []
    var parenDepth = 0
    var pending: (safe: Bool, depth: Int)?
    var calls: [(name: String, depth: Int)] = []
    var index = body.lowerBound + 1
    while index < body.upperBound - 1 {
      let token = tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket:
        parenDepth += 1
        if token.kind == .leftParen, index > 0, tokens[index - 1].kind == .identifier,
          !token.hasSpaceBefore
        {
          calls.append((model.text(index - 1), parenDepth))
        }
      case .rightParen, .rightBracket:
        if let last = calls.last, last.depth == parenDepth { calls.removeLast() }
        parenDepth -= 1
      case .leftBrace:
        if let statement = pending, statement.depth == parenDepth {
          var safe = statement.safe
          if index > 0, tokens[index - 1].keyword == .do,
            let close = matchingBrace(index, in: model),
            close + 1 < tokens.count, tokens[close + 1].keyword == .catch
          {
            safe = false
          }
          braces.append(safe)
        } else {
          braces.append(false)
        }
        pending = nil
      case .rightBrace:
        if !braces.isEmpty { braces.removeLast() }
      case .identifier:
        switch token.keyword {
        case .if, .guard, .for, .switch, .repeat, .else, .catch, .do:
          pending = (true, parenDepth)
        case .while:
          // `repeat { ... } while x` ends a statement; `while x {` opens a block.
          if index > 0, tokens[index - 1].kind == .rightBrace {
            pending = nil
          } else {
            pending = (true, parenDepth)
          }
        case .defer, .func:
          pending = (false, parenDepth)
        case .try:
          let inDirectStatement = braces.allSatisfy { $0 }
          let inUnsafeCall = calls.contains { Self.nonThrowingAutoclosures.contains($0.name) }
          if inDirectStatement, !inUnsafeCall, startsExpression(index, in: model) {
            result.insert(index)
          }
        default:
          break
        }
      default:
        break
      }
      index += 1
    }
    return result
  }

  /// Functions whose autoclosure parameters cannot throw.
  private static let nonThrowingAutoclosures: NameSet = [
    "assert", "precondition", "assertionFailure", "preconditionFailure", "fatalError",
  ]

  /// Whether `try` at `index` begins an expression (so `try` covers what `try!` covered).
  static func startsExpression(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    let token = tokens[index]
    if token.isAtLineStart { return true }
    let previous = tokens[index - 1]
    switch previous.kind {
    case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon: return true
    case .operator: return model.text(index - 1) == "="
    case .identifier: return previous.keyword == .return || previous.keyword == .in
    default: return false
    }
  }

  /// The `}` matching the `{` at `open`.
  static func matchingBrace(_ open: Int, in model: FileModel) -> Int? {
    var depth = 0
    var index = open
    while index < model.tokens.count {
      switch model.tokens[index].kind {
      case .leftBrace: depth += 1
      case .rightBrace:
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
      index += 1
    }
    return nil
  }

  /// `try!` → `try`, and `throws` on the test function when it has none.
  static func fix(bang: Int, test: DiscoveredTest, in model: FileModel) -> [Edit]? {
    guard test.framework != .quick else { return nil }
    let function = model.functions[test.function]
    var edits = [Edit(range: model.tokens[bang].range, replacement: "")]
    guard let header = headerEnd(of: function, in: model) else { return nil }
    switch header {
    case .throwing: break
    case .typedThrows: return nil
    case .insertThrows(let offset):
      guard !function.has("override") else { return nil }
      edits.append(Edit(range: offset..<offset, replacement: " throws"))
    }
    return edits
  }

  /// Where `throws` goes in a function's header.
  enum Header: Equatable {
    /// Already `throws` (untyped) or `throws(any Error)`.
    case throwing
    /// `throws(SomeError)`: `try` of other errors would not compile.
    case typedThrows
    /// Insert `throws` at this byte offset: after the parameters' `)`, or after `async`.
    case insertThrows(Int)
  }

  static func headerEnd(of function: FunctionDecl, in model: FileModel) -> Header? {
    let tokens = model.tokens
    guard let body = function.body else { return nil }
    guard var index = tokens.firstIndex(where: { Int($0.start) >= function.nameOffset }),
      index < body.lowerBound
    else { return nil }
    while index < body.lowerBound, tokens[index].kind != .leftParen { index += 1 }
    var depth = 0
    var close: Int?
    while index < body.lowerBound {
      if tokens[index].kind == .leftParen { depth += 1 }
      if tokens[index].kind == .rightParen {
        depth -= 1
        if depth == 0 {
          close = index
          break
        }
      }
      index += 1
    }
    guard let close else { return nil }
    var insertAfter = close
    var cursor = close + 1
    while cursor < body.lowerBound {
      let token = tokens[cursor]
      if token.keyword == .async {
        insertAfter = cursor
      } else if token.keyword == .throws || token.keyword == .rethrows {
        guard cursor + 1 < body.lowerBound, tokens[cursor + 1].kind == .leftParen,
          !tokens[cursor + 1].hasSpaceBefore
        else { return .throwing }
        let errorType = model.text(tokens: (cursor + 2)..<min(cursor + 5, body.lowerBound))
        return errorType.hasPrefix("any Error)") || errorType.hasPrefix("Error)")
          ? .throwing : .typedThrows
      } else {
        break
      }
      cursor += 1
    }
    return .insertThrows(Int(tokens[insertAfter].end))
  }
}

extension ForceUnwrapInTestRule {
  fileprivate enum Messages {
    // Each text made once per framework (every case is a key), not per finding: the
    // interpolation was 1% of a run on real code, where force unwraps are common.
    static func forceUnwrap(_ framework: TestFramework) -> String { forceUnwraps[framework]! }

    static func forceTry(_ framework: TestFramework) -> String {
      switch framework {
      case .quick:
        return
          "use 'try' in a throwing example instead of 'try!', so an error fails the example instead of crashing the run"
      default:
        return
          "use 'try' and make the test 'throws' instead of 'try!', so an error fails the test instead of crashing the run"
      }
    }

    static func forceCast(_ framework: TestFramework) -> String { forceCasts[framework]! }

    private static let forceUnwraps = Dictionary(
      uniqueKeysWithValues: TestFramework.allCases.map { framework in
        (
          framework,
          "unwrap with \(unwrap(framework)) instead of '!', so a nil fails the test instead of crashing the run"
        )
      })

    private static let forceCasts = Dictionary(
      uniqueKeysWithValues: TestFramework.allCases.map { framework in
        (
          framework,
          "cast with 'as?' and unwrap with \(unwrap(framework)) instead of 'as!', so a wrong type fails the test instead of crashing the run"
        )
      })

    private static func unwrap(_ framework: TestFramework) -> String {
      switch framework {
      case .xctest: return "'XCTUnwrap'"
      case .swiftTesting: return "'#require'"
      case .quick: return "Nimble's 'unwrap'"
      }
    }
  }
}
