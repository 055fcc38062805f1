/// A test body reads the clock, a random number, a fresh UUID or the machine's locale, time
/// zone or calendar: inputs that differ from run to run.
public struct NondeterministicInputRule: Rule {
  public static let description = RuleDescription(
    id: "nondeterministic_input",
    summary:
      "a test body uses 'Date()', '.random(...)', 'UUID()' or the current locale, time zone or calendar",
    defaultSeverity: .warning, isOptIn: true)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    // The tests read in place, in the order of `testBodies()`, without a `TestCode` each.
    for position in context.tests.indices {
      guard let body = context.tests[position].body else { continue }
      let calls = context.tests[position].calls
      lazy var test: String? = context.testName(context.tests[position])
      var index = body.lowerBound + 1
      while index < body.upperBound - 1 {
        defer { index += 1 }
        guard model.tokens[index].kind == .identifier, let found = Self.input(at: index, in: model)
        else {
          continue
        }
        if found.capturable, Self.isCapturedOnce(index..<found.end, in: model) { continue }
        if let role = Self.argumentRole(index, calls: calls, in: model) {
          if role == .deadline { continue }
          if role == .uniqueName, found.spelling == "UUID()" { continue }
        }
        violations.append(
          Violation(
            offset: model.offset(index), message: Messages.inject(found.spelling), test: test))
      }
      for callIndex in calls {
        // The name first (its first byte first, from the token): copying every `Call` out of
        // the array costs more than the check.
        switch RuleText.firstNameByte(ofCall: callIndex, in: model) {
        case UInt8(ascii: "r"), UInt8(ascii: "a"), UInt8(ascii: "d"), 0x80...: break
        default: continue
        }
        guard Self.randomNames.contains(model.calls[callIndex].name) else { continue }
        let call = model.calls[callIndex]
        guard let (start, spelling) = Self.random(call, in: model) else { continue }
        violations.append(Violation(offset: start, message: Messages.inject(spelling), test: test))
      }
    }
    return violations
  }

  /// What the expression starting at the identifier `index` is, when it is one the rule flags:
  /// its spelling for the message, the token after it, and whether capturing it once in a
  /// local constant fixes it for the test (seed 002's `let date = Date()`).
  static func input(at index: Int, in model: FileModel) -> (
    spelling: String, end: Int, capturable: Bool
  )? {
    let tokens = model.tokens
    // Cheap rejection before making a string: every name flagged starts with one of these
    // capitals and is 4 to 10 bytes long.
    let token = tokens[index]
    let length = token.end - token.start
    guard length >= 4, length <= 10 else { return nil }
    switch model.source.bytes[Int(token.start)] {
    case UInt8(ascii: "D"), UInt8(ascii: "U"), UInt8(ascii: "L"), UInt8(ascii: "T"),
      UInt8(ascii: "C"), UInt8(ascii: "F"):
      break
    default:
      return nil
    }
    let name = model.text(index)
    guard Self.typeNames.contains(name) else { return nil }
    if index > 0, tokens[index - 1].kind == .dot {
      // `Foundation.Date()` is flagged at `Foundation`; `x.Date` is something else.
      return nil
    }
    var start = index
    var typeName = name
    if name == "Foundation" {
      guard index + 2 < tokens.count, tokens[index + 1].kind == .dot,
        !tokens[index + 1].hasSpaceBefore
      else { return nil }
      start = index + 2
      typeName = model.text(start)
    }
    let next = start + 1
    guard next < tokens.count else { return nil }
    switch typeName {
    case "Date", "UUID":
      if tokens[next].kind == .leftParen, !tokens[next].isAtLineStart {
        // `Date()`, `UUID()`, `Date(timeIntervalSinceNow: 5)`.
        if next + 1 < tokens.count, tokens[next + 1].kind == .rightParen {
          // `let token = UUID().uuidString`, `let time = Date().timeIntervalSince1970` capture
          // the value just the same.
          let member = memberName(after: next + 1, in: model)
          if typeName == "UUID"
            ? member == "uuidString"
            : member == "timeIntervalSince1970" || member == "timeIntervalSinceReferenceDate"
          {
            return (typeName + "()", next + 4, true)
          }
          return (typeName + "()", next + 2, true)
        }
        if typeName == "Date", next + 2 < tokens.count,
          model.text(next + 1) == "timeIntervalSinceNow",
          tokens[next + 2].kind == .colon
        {
          return ("Date(timeIntervalSinceNow:)", next + 1, false)
        }
        return nil
      }
      if typeName == "Date", memberName(after: start, in: model) == "now" {
        return ("Date.now", start + 3, true)
      }
      return nil
    case "Locale", "TimeZone", "Calendar":
      guard let member = memberName(after: start, in: model),
        member == "current" || member == "autoupdatingCurrent"
      else { return nil }
      return ("\(typeName).\(member)", start + 3, false)
    default:
      return nil
    }
  }

  private static let typeNames: NameSet = [
    "Date", "UUID", "Locale", "TimeZone", "Calendar", "Foundation",
  ]

  /// The identifier after `.` following `index`, not itself called (`Date.now`, not `Date.now()`).
  private static func memberName(after index: Int, in model: FileModel) -> String? {
    let tokens = model.tokens
    guard index + 2 < tokens.count, tokens[index + 1].kind == .dot,
      tokens[index + 2].kind == .identifier
    else { return nil }
    if index + 3 < tokens.count, tokens[index + 3].kind == .leftParen,
      !tokens[index + 3].hasSpaceBefore
    {
      return nil
    }
    return model.text(index + 2)
  }

  /// Whether `range` is read once and handed on as it is: the whole initializer of a local
  /// (`let now = Date()`, `var id: UUID = UUID()`), or the time given to a clock the test
  /// controls (`Clock.mockNow(Date())`, `.constant(Date())`, `dateProvider.now = Date.now`).
  static func isCapturedOnce(_ range: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard range.lowerBound >= 2 else { return false }
    let before = range.lowerBound - 1
    // The sole argument of a clock setter: `mockNow(Date())`, `.constant(Date())`.
    if tokens[before].kind == .leftParen, range.upperBound < tokens.count,
      tokens[range.upperBound].kind == .rightParen, tokens[before - 1].isIdentifierLike
    {
      return Self.namesClock(model.text(before - 1))
    }
    if range.upperBound < tokens.count {
      let after = tokens[range.upperBound]
      let ends = after.isAtLineStart || after.kind == .semicolon || after.kind == .rightBrace
      guard ends else { return false }
    }
    var cursor = before
    guard cursor >= 2, model.text(cursor) == "=", tokens[cursor].kind == .operator else {
      return false
    }
    cursor -= 1
    // An optional type annotation: `: Date`, `: UUID`.
    if tokens[cursor].kind == .identifier, cursor >= 2, tokens[cursor - 1].kind == .colon {
      cursor -= 2
    }
    guard tokens[cursor].isIdentifierLike, cursor >= 1 else { return false }
    if tokens[cursor - 1].keyword == .let || tokens[cursor - 1].keyword == .var { return true }
    // An assignment to a clock's property: `dateProvider.currentDate = Date()`.
    return tokens[cursor - 1].kind == .dot && Self.namesClock(model.text(cursor))
  }

  /// `now`, `mockNow`, `currentDate`, `currentTime`, `constant`: names of what a fake clock is set with.
  private static func namesClock(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.hasSuffix("now") || lowered.hasPrefix("mocknow") || lowered == "constant"
      || lowered.hasPrefix("currentdate") || lowered.hasPrefix("currenttime")
  }

  /// What the innermost call argument holding a token is for, when that makes a clock read or
  /// a fresh UUID harmless.
  enum ArgumentRole {
    /// A point in time to wait for (`run(until:)`, `asyncAfter(deadline:)`), not an input.
    case deadline
    /// A unique name that isolates the test (`UserDefaults(suiteName:)`,
    /// `appendingPathComponent(_:)`): any value works, as long as no other test has it.
    case uniqueName
  }

  static func argumentRole(_ index: Int, calls: Range<Int>, in model: FileModel) -> ArgumentRole? {
    for callIndex in calls.reversed() {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(index) else { continue }
      guard let argument = call.arguments.first(where: { $0.tokens.contains(index) }) else {
        return nil
      }
      let label = argument.label ?? ""
      if ["until", "before", "deadline", "wallDeadline"].contains(label) { return .deadline }
      if ["suiteName", "atPath", "path", "component", "fileURLWithPath"].contains(label)
        || ["appendingPathComponent", "appending", "appendingPathExtension"].contains(call.name)
      {
        return .uniqueName
      }
      return nil
    }
    return nil
  }

  /// The names `random(_:in:)` can flag.
  static let randomNames: NameSet = [
    "random", "randomElement", "arc4random", "arc4random_uniform", "drand48",
  ]

  /// `Int.random(in:)`, `Bool.random()`, `.random(in:)`, `items.randomElement()`, `arc4random()`:
  /// the offset where the expression starts and its spelling. A call with a `using:`
  /// generator is seeded by the test, so it passes.
  static func random(_ call: Call, in model: FileModel) -> (Int, String)? {
    guard !call.isMacro, randomNames.contains(call.name), !call.labels.contains("using") else {
      return nil
    }
    switch call.name {
    case "random":
      if call.isImplicitMember {
        return (model.offset(call.nameToken - 1), ".random(...)")
      }
      guard !call.hasExpressionBase, let receiver = call.receiver,
        receiver.first?.isUppercase == true
      else { return nil }
      // The path's first token: `Int` in `Int.random`, `Swift` in `Swift.Int.random`.
      let first = call.nameToken - 2 * (call.path.count - 1)
      guard first >= 0, model.tokens[first].isIdentifierLike else { return nil }
      return (model.offset(first), receiver + ".random(...)")
    case "randomElement":
      return (model.offset(call.nameToken), "randomElement()")
    case "arc4random", "arc4random_uniform", "drand48":
      guard call.path.count == 1, !call.hasExpressionBase, !call.isImplicitMember else {
        return nil
      }
      return (model.offset(call.nameToken), call.name + "(...)")
    default:
      return nil
    }
  }
}

extension NondeterministicInputRule {
  fileprivate enum Messages {
    static func inject(_ spelling: String) -> String {
      "inject a fixed value or a factory instead of '\(spelling)' so the test gives the same result on every run"
    }
  }
}
