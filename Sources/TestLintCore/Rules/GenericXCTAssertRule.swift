/// `XCTAssert(expr)` without a message: prefer the specific assertion, or give a message.
public struct GenericXCTAssertRule: Rule {
  public static let description = RuleDescription(
    id: "generic_xctassert",
    summary: "'XCTAssert' without a message where a specific assertion says more",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    for call in model.calls where call.name == "XCTAssert" && !call.isMacro && !call.hasExpressionBase {
      guard call.path.count == 1 || (call.path.count == 2 && call.path[0] == "XCTest") else { continue }
      guard let first = call.arguments.first, first.label == nil else { continue }
      if call.arguments.count >= 2 {
        let message = call.arguments[1]
        let isEmptyString = message.value.count == 1 && model.text(message.value.lowerBound) == "\"\""
        if message.label == nil, !isEmptyString { continue }
      }
      let suggestion = Self.suggestion(for: first.value, in: model)
      violations.append(
        Violation(
          offset: model.offset(call.nameToken), message: Messages.message(for: suggestion),
          test: context.test(ofFunction: call.function)?.qualifiedName))
    }
    return violations
  }

  /// The specific assertion the expression's top-level operator calls for.
  static func suggestion(for range: Range<Int>, in model: FileModel) -> Suggestion {
    let tokens = model.tokens
    var depth = 0
    var comparison: (index: Int, spelling: String)?
    var hasLogical = false
    var skipUntil = range.lowerBound
    for index in range where index >= skipUntil {
      let token = tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .operator where depth == 0:
        let spelling = model.text(index)
        let spaceBefore = token.hasSpaceBefore || index == range.lowerBound
        let spaceAfter = index + 1 >= range.upperBound || tokens[index + 1].hasSpaceBefore
        let isBinary = spaceBefore == spaceAfter && index != range.lowerBound
        switch spelling {
        case "&&", "||":
          hasLogical = true
        case "?" where spaceBefore:
          hasLogical = true  // ternary
        case "==", "!=", "===", "!==", ">", ">=", "<", "<=":
          if spelling == "<", let close = genericClose(index, range: range, in: model) {
            skipUntil = close + 1
            continue
          }
          if spelling == ">", !isBinary { continue }
          if comparison == nil { comparison = (index, spelling) }
        default:
          break
        }
      default:
        break
      }
    }
    if hasLogical { return .generic }
    if let comparison {
      let left = model.text(tokens: range.lowerBound..<comparison.index)
      let right = model.text(tokens: (comparison.index + 1)..<range.upperBound)
      let sides = [left, right]
      switch comparison.spelling {
      case "==":
        if sides.contains("nil") { return .specific("XCTAssertNil", comparison.spelling) }
        if sides.contains("true") { return .specific("XCTAssertTrue", comparison.spelling) }
        if sides.contains("false") { return .specific("XCTAssertFalse", comparison.spelling) }
        return .specific("XCTAssertEqual", comparison.spelling)
      case "!=":
        if sides.contains("nil") { return .specific("XCTAssertNotNil", comparison.spelling) }
        return .specific("XCTAssertNotEqual", comparison.spelling)
      case "===": return .specific("XCTAssertIdentical", comparison.spelling)
      case "!==": return .specific("XCTAssertNotIdentical", comparison.spelling)
      case ">": return .specific("XCTAssertGreaterThan", comparison.spelling)
      case ">=": return .specific("XCTAssertGreaterThanOrEqual", comparison.spelling)
      case "<": return .specific("XCTAssertLessThan", comparison.spelling)
      default: return .specific("XCTAssertLessThanOrEqual", comparison.spelling)
      }
    }
    if let first = range.first, tokens[first].kind == .operator, model.text(first) == "!",
      first + 1 < range.upperBound, !tokens[first + 1].hasSpaceBefore
    {
      return .negation
    }
    return .generic
  }

  /// The index of the `>` closing generic arguments opened at `index` (`Array<Int>()`), or nil
  /// when the `<` is a comparison.
  static func genericClose(_ index: Int, range: Range<Int>, in model: FileModel) -> Int? {
    let tokens = model.tokens
    guard index > range.lowerBound, !tokens[index].hasSpaceBefore, tokens[index - 1].isIdentifierLike
    else { return nil }
    var depth = 1
    var cursor = index + 1
    while cursor < range.upperBound {
      let token = tokens[cursor]
      switch token.kind {
      case .identifier, .backtickIdentifier, .dot, .comma, .leftBracket, .rightBracket, .colon:
        break
      case .operator:
        let spelling = model.text(cursor)
        if spelling.allSatisfy({ $0 == ">" }) {
          depth -= spelling.count
          if depth <= 0 {
            let next = cursor + 1
            guard next < range.upperBound else { return cursor }
            let after = tokens[next]
            let closes = !after.hasSpaceBefore
              && [.leftParen, .dot, .rightParen, .comma, .leftBracket].contains(after.kind)
            return closes ? cursor : nil
          }
        } else if spelling == "<" {
          depth += 1
        } else if spelling != "?" && spelling != "!" {
          return nil
        }
      default:
        return nil
      }
      cursor += 1
    }
    return nil
  }

  /// What to suggest instead of `XCTAssert`.
  enum Suggestion: Equatable {
    case specific(String, String)
    case negation
    case generic
  }
}

extension GenericXCTAssertRule {
  fileprivate enum Messages {
    static func message(for suggestion: Suggestion) -> String {
      switch suggestion {
      case .specific(let assertion, let spelling):
        return "use '\(assertion)' instead of 'XCTAssert' with '\(spelling)'"
      case .negation:
        return "use 'XCTAssertFalse' instead of 'XCTAssert' with '!'"
      case .generic:
        return "use a specific assertion such as 'XCTAssertTrue', or give 'XCTAssert' a message"
      }
    }
  }
}
