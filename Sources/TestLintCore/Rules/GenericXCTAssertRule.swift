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
    // Only the name is read before a call matches (its first byte first, from the token):
    // copying every `Call` out costs more.
    for index in model.calls.indices {
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "X") || first >= 0x80, model.calls[index].name == "XCTAssert"
      else { continue }
      let call = model.calls[index]
      guard !call.isMacro, !call.hasExpressionBase else { continue }
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
          test: context.testName(context.test(ofFunction: call.function)),
          fix: context.buildsFixes ? Self.fix(call, suggestion: suggestion, in: model) : nil))
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
      let left = range.lowerBound..<comparison.index
      let right = (comparison.index + 1)..<range.upperBound
      // Whether a side's text is exactly the literal: one token, compared byte by byte (a
      // longer side spans more text), without building the sides' text.
      func side(is literal: StaticString) -> Bool {
        (left.count == 1 && model.token(left.lowerBound, is: literal))
          || (right.count == 1 && model.token(right.lowerBound, is: literal))
      }
      let assertion: String
      switch comparison.spelling {
      case "==":
        assertion =
          side(is: "nil") ? "XCTAssertNil" : side(is: "true") ? "XCTAssertTrue"
          : side(is: "false") ? "XCTAssertFalse" : "XCTAssertEqual"
      case "!=": assertion = side(is: "nil") ? "XCTAssertNotNil" : "XCTAssertNotEqual"
      case "===": assertion = "XCTAssertIdentical"
      case "!==": assertion = "XCTAssertNotIdentical"
      case ">": assertion = "XCTAssertGreaterThan"
      case ">=": assertion = "XCTAssertGreaterThanOrEqual"
      case "<": assertion = "XCTAssertLessThan"
      default: assertion = "XCTAssertLessThanOrEqual"
      }
      // `XCTAssertEqual` and the ordering assertions take `Equatable` / `Comparable` values:
      // a tuple, `()` or a metatype has `==` (and a tuple `<`) but no such conformance, so the
      // suggestion would not compile. `XCTAssertNil` takes `Any?` and `XCTAssertIdentical`
      // the `AnyObject?` that `===` takes: those compile whatever the sides.
      let needsConformance = !["XCTAssertNil", "XCTAssertNotNil", "XCTAssertTrue", "XCTAssertFalse",
        "XCTAssertIdentical", "XCTAssertNotIdentical"].contains(assertion)
      if needsConformance, isNeverEquatable(left, in: model) || isNeverEquatable(right, in: model) {
        return .messageOnly
      }
      return .specific(assertion, comparison.spelling, operatorToken: comparison.index)
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

  /// Whether the operand, as written, is a value no type can make `Equatable`: a tuple literal
  /// (`(5, 10)`, `(x: 1, y: 2)`, also inside more parentheses), `()`, or a metatype
  /// (`Cart.self`, `[Int].self`, `type(of: cart)`, `NSClassFromString(name)`, a name the file
  /// declares as one: `isMetatypeName`). Another name or call may be a tuple too, but what it
  /// returns is not in the text.
  static func isNeverEquatable(_ range: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard let first = range.first, let last = range.last else { return false }
    // A metatype: `X.self` where `X` is a type (not a value's `.self`), or `type(of: x)`.
    if tokens[last].keyword == .`self`, range.count >= 3, tokens[last - 1].kind == .dot {
      let before = tokens[last - 2]
      if before.kind != .identifier && before.kind != .backtickIdentifier { return true }
      let initial = model.text(last - 2).utf8.first { $0 != UInt8(ascii: "`") }
      if let initial, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(initial) { return true }
    }
    if range.count >= 5, model.token(first, is: "type"), tokens[first + 1].kind == .leftParen,
      model.token(first + 2, is: "of"), tokens[first + 3].kind == .colon,
      model.closingBracket(of: first + 1, before: range.upperBound) == last
    {
      return true
    }
    // A class looked up at run time: `NSClassFromString(name)`, `object_getClass(object)`
    // (`AnyClass?`), `objc_getClass(name)` (`Any!`).
    if range.count >= 3, tokens[first].kind == .identifier, tokens[first + 1].kind == .leftParen,
      metatypeFunctions.contains(model.text(first)),
      model.closingBracket(of: first + 1, before: range.upperBound) == last
    {
      return true
    }
    if isMetatypeName(range, in: model) { return true }
    // `()`, or a parenthesised list with a comma at its top level, through any number of
    // enclosing parentheses.
    var group = range
    while group.count >= 2, tokens[group.lowerBound].kind == .leftParen,
      model.closingBracket(of: group.lowerBound, before: group.upperBound) == group.upperBound - 1
    {
      let inner = (group.lowerBound + 1)..<(group.upperBound - 1)
      if inner.isEmpty { return true }
      var depth = 0
      for index in inner {
        switch tokens[index].kind {
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket, .rightBrace: depth -= 1
        case .comma where depth == 0: return true
        default: break
        }
      }
      group = inner
    }
    return false
  }

  /// Functions that return a class (or `Any`) looked up at run time.
  static let metatypeFunctions: Set<String> = ["NSClassFromString", "object_getClass", "objc_getClass"]

  /// Whether the operand is a name (`cls`, `self.cls`, `cls!`) that the file declares, every time
  /// it declares it, as a metatype: annotated `AnyClass`, `AnyObject.Type`, `X.Type` or
  /// `X.Protocol` (optional or not), or, without an annotation, set from a metatype
  /// (`let cls = NSClassFromString(name)`, `let type = Cart.self`).
  static func isMetatypeName(_ range: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var lower = range.lowerBound
    var upper = range.upperBound
    // `self.` before, `!` / `?` after.
    if upper - lower >= 3, tokens[lower].keyword == .`self`, tokens[lower + 1].kind == .dot { lower += 2 }
    while upper - lower >= 2, tokens[upper - 1].kind == .operator,
      model.token(upper - 1, is: "!") || model.token(upper - 1, is: "?")
    {
      upper -= 1
    }
    guard upper - lower == 1, tokens[lower].kind == .identifier || tokens[lower].kind == .backtickIdentifier
    else { return false }
    let name = model.text(lower)
    var declarations: [(annotation: String?, initializer: Range<Int>?)] = []
    for local in model.locals where local.name == name {
      declarations.append((local.typeAnnotation, local.initializer))
    }
    for property in model.properties where property.name == name {
      declarations.append((property.typeAnnotation, property.initializer))
    }
    guard !declarations.isEmpty else { return false }
    return declarations.allSatisfy { declaration in
      if let annotation = declaration.annotation {
        return isMetatypeAnnotation(annotation)
      }
      // The initializer read as an operand, but not as a name again (no chain of names).
      guard let initializer = declaration.initializer, initializer.count >= 3 else { return false }
      let last = initializer.upperBound - 1
      if tokens[last].keyword == .`self`, initializer.count >= 3, tokens[last - 1].kind == .dot {
        return isNeverEquatable(initializer, in: model)
      }
      let first = initializer.lowerBound
      return tokens[first + 1].kind == .leftParen
        && (metatypeFunctions.contains(model.text(first)) || model.token(first, is: "type"))
        && isNeverEquatable(initializer, in: model)
    }
  }

  /// Whether a type annotation as written is a metatype: `AnyClass`, `AnyClass?`,
  /// `AnyObject.Type`, `Cart.Type!`, `Shape.Protocol`.
  static func isMetatypeAnnotation(_ annotation: String) -> Bool {
    var text = Substring(annotation)
    while let last = text.last, last == "?" || last == "!" || last == " " { text = text.dropLast() }
    if text.hasPrefix("("), text.hasSuffix(")") { text = text.dropFirst().dropLast() }
    return text == "AnyClass" || text.hasSuffix(".Type") || text.hasSuffix(".Protocol")
  }

  /// What to suggest instead of `XCTAssert`.
  enum Suggestion: Equatable {
    case specific(String, String, operatorToken: Int)
    case negation
    case generic
    /// A message: the comparison's specific assertion would not compile (`isNeverEquatable`).
    case messageOnly
  }

  /// The edits that turn the call into the specific assertion, when that cannot change what
  /// the test checks or whether it compiles: operands are moved as written, an empty message
  /// is dropped, `file:` / `line:` stay. No fix for `== true` / `== false` (the operand may be an
  /// optional `Bool`), metatype comparisons (`.self`, `type(of:)`: not `Equatable`) or tuples.
  static func fix(_ call: Call, suggestion: Suggestion, in model: FileModel) -> [Edit]? {
    guard let first = call.arguments.first, let valueStart = first.value.first,
      let valueLast = first.value.last
    else { return nil }
    let tokens = model.tokens
    let valueRange = Int(tokens[valueStart].start)..<Int(tokens[valueLast].end)
    var name = "XCTAssertTrue"
    var arguments: String?
    switch suggestion {
    case .messageOnly:
      return nil
    case .generic:
      break
    case .negation:
      name = "XCTAssertFalse"
      arguments = model.text(tokens: (valueStart + 1)..<first.value.upperBound)
    case .specific(let assertion, _, let operatorToken):
      let left = valueStart..<operatorToken
      let right = (operatorToken + 1)..<first.value.upperBound
      guard !left.isEmpty, !right.isEmpty else { return nil }
      let leftText = model.text(tokens: left)
      let rightText = model.text(tokens: right)
      name = assertion
      switch assertion {
      case "XCTAssertTrue", "XCTAssertFalse":
        return nil
      case "XCTAssertNil", "XCTAssertNotNil":
        arguments = leftText == "nil" ? rightText : leftText
      default:
        guard isPlainOperand(left, in: model), isPlainOperand(right, in: model) else { return nil }
        arguments = leftText + ", " + rightText
      }
    }
    var edits = [Edit(range: tokens[call.nameToken].range, replacement: name)]
    if let arguments { edits.append(Edit(range: valueRange, replacement: arguments)) }
    if call.arguments.count >= 2, call.arguments[1].label == nil, let message = call.arguments[1].value.last {
      // The message is `""` (a non-empty one means no finding): drop `, ""`.
      edits.append(Edit(range: valueRange.upperBound..<Int(tokens[message].end), replacement: ""))
    }
    return edits
  }

  /// An operand that `XCTAssertEqual` and friends accept as it is: not one that is never
  /// `Equatable`, nor any `.self` or `type(of:)` (a value's `.self` is left as written).
  static func isPlainOperand(_ range: Range<Int>, in model: FileModel) -> Bool {
    let text = model.text(tokens: range)
    if text.hasSuffix(".self") || text.hasPrefix("type(of:") { return false }
    return !isNeverEquatable(range, in: model)
  }
}

extension GenericXCTAssertRule {
  fileprivate enum Messages {
    static func message(for suggestion: Suggestion) -> String {
      switch suggestion {
      case .specific(let assertion, let spelling, _):
        // A literal for each assertion `suggestion(for:in:)` names, not a string built per
        // finding (comparing with a literal is a comparison of the same bits).
        switch (spelling, assertion) {
        case ("==", "XCTAssertEqual"): return "use 'XCTAssertEqual' instead of 'XCTAssert' with '=='"
        case ("==", "XCTAssertNil"): return "use 'XCTAssertNil' instead of 'XCTAssert' with '=='"
        case ("==", "XCTAssertTrue"): return "use 'XCTAssertTrue' instead of 'XCTAssert' with '=='"
        case ("==", "XCTAssertFalse"): return "use 'XCTAssertFalse' instead of 'XCTAssert' with '=='"
        case ("!=", "XCTAssertNotEqual"):
          return "use 'XCTAssertNotEqual' instead of 'XCTAssert' with '!='"
        case ("!=", "XCTAssertNotNil"): return "use 'XCTAssertNotNil' instead of 'XCTAssert' with '!='"
        case ("===", "XCTAssertIdentical"):
          return "use 'XCTAssertIdentical' instead of 'XCTAssert' with '==='"
        case ("!==", "XCTAssertNotIdentical"):
          return "use 'XCTAssertNotIdentical' instead of 'XCTAssert' with '!=='"
        case (">", "XCTAssertGreaterThan"):
          return "use 'XCTAssertGreaterThan' instead of 'XCTAssert' with '>'"
        case (">=", "XCTAssertGreaterThanOrEqual"):
          return "use 'XCTAssertGreaterThanOrEqual' instead of 'XCTAssert' with '>='"
        case ("<", "XCTAssertLessThan"): return "use 'XCTAssertLessThan' instead of 'XCTAssert' with '<'"
        case ("<=", "XCTAssertLessThanOrEqual"):
          return "use 'XCTAssertLessThanOrEqual' instead of 'XCTAssert' with '<='"
        default: return "use '\(assertion)' instead of 'XCTAssert' with '\(spelling)'"
        }
      case .negation:
        return "use 'XCTAssertFalse' instead of 'XCTAssert' with '!'"
      case .messageOnly:
        return "give 'XCTAssert' a message; a tuple, '()' or a metatype is not 'Equatable', so 'XCTAssertEqual' does not take it"
      case .generic:
        return "use a specific assertion such as 'XCTAssertTrue', or give 'XCTAssert' a message"
      }
    }
  }
}
