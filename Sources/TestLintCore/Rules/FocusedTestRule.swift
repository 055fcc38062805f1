/// Focused Quick examples (`fit`, `fdescribe`, `fcontext`) and snapshot recording left on: both
/// make a suite that passes while it no longer checks what it used to.
public struct FocusedTestRule: Rule {
  public static let description = RuleDescription(
    id: "focused_test",
    summary:
      "a focused Quick example or group ('fit', 'fdescribe', 'fcontext'), or snapshot recording left on",
    defaultSeverity: .error)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    let quick = context.usesQuick
    let snapshots = model.imports.contains { RuleText.contains($0.module, "Snapshot") }
    for index in model.calls.indices {
      // The name first (its first byte first, from the token): copying every `Call` out of the
      // array costs more than the check.
      switch RuleText.firstNameByte(ofCall: index, in: model) {
      case UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "v"), UInt8(ascii: "w"), 0x80...: break
      default: continue
      }
      let name = model.calls[index].name
      let focused = quick && Self.focusedNames.contains(name)
      guard focused || Self.recordingCalls.contains(name) else { continue }
      let call = model.calls[index]
      guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase else { continue }
      // A wrapper declared with the focus call's own name (`func fdescribe<T>(_ type: T, ...)`)
      // forwards to Quick's: nothing is focused until a spec calls the wrapper.
      if focused, model.functions[call.function].name == name { continue }
      if focused, call.path.count == 1 {
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.focused(call.name),
            test: context.testName(context.test(containingCall: index))))
      } else if Self.recordingCalls.contains(call.name),
        let record = call.arguments.first(where: { $0.label == "record" }),
        Self.recordsAlways(record.value, in: model),
        !Self.isChosenByConfiguration(call.nameToken, in: model),
        !Self.isInExpectedIssue(index, in: model),
        !Self.readsRecordingResult(index, in: model)
      {
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.recordArgument(call.name),
            test: context.testName(context.test(containingCall: index))))
      }
    }
    for (position, assignment) in model.assignments.enumerated() {
      guard let name = assignment.target.last, Self.recordingFlags.contains(name),
        assignment.value.count == 1, model.text(assignment.value.lowerBound) == "true",
        !Self.isChosenByConfiguration(assignment.targetToken, in: model)
      else { continue }
      // A helper that sets the switch back leaves nothing on; a test doing so still records
      // (never compares) every time it runs: a test the run knows, or a `test...` method on a
      // base the file does not show to be a test case.
      if context.test(ofFunction: assignment.function) == nil,
        !RuleText.hasPrefix(model.functions[assignment.function].name, "test"),
        Self.isRestored(position, in: model)
      {
        continue
      }
      let receivers = assignment.target.dropLast()
      let qualified = receivers.count == 1 && receivers.first == "SnapshotTesting"
      guard receivers.isEmpty || receivers.first == "self" && receivers.count == 1 || qualified,
        snapshots || qualified, qualified || isInTestCode(assignment.function, context: context)
      else { continue }
      violations.append(
        Violation(
          offset: model.offset(assignment.targetToken), message: Messages.recordingFlag(name),
          test: context.testName(context.test(ofFunction: assignment.function))))
    }
    // The attributes of functions, then of types, read in place (no array of them all).
    for index in model.functions.indices {
      for attribute in model.functions[index].attributes {
        guard let arguments = attribute.arguments else { continue }
        violations.append(contentsOf: recordingTraits(in: arguments, model: model))
      }
    }
    for index in model.types.indices {
      for attribute in model.types[index].attributes {
        guard let arguments = attribute.arguments else { continue }
        violations.append(contentsOf: recordingTraits(in: arguments, model: model))
      }
    }
    return violations
  }

  /// `.snapshots(record: .all)` / `.macros(record: .all)` traits in an attribute's arguments.
  func recordingTraits(in arguments: Range<Int>, model: FileModel) -> [Violation] {
    let tokens = model.tokens
    var violations: [Violation] = []
    for index in arguments where index > arguments.lowerBound && index + 1 < arguments.upperBound {
      guard tokens[index].kind == .identifier, tokens[index - 1].kind == .dot,
        tokens[index + 1].kind == .leftParen, Self.recordingTraits.contains(model.text(index))
      else { continue }
      var depth = 0
      var cursor = index + 1
      while cursor < arguments.upperBound {
        switch tokens[cursor].kind {
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket, .rightBrace: depth -= 1
        default: break
        }
        if depth == 0 { break }
        if depth == 1, model.text(cursor) == "record", cursor + 1 < arguments.upperBound,
          tokens[cursor + 1].kind == .colon
        {
          var end = cursor + 2
          while end < arguments.upperBound, ![.comma, .rightParen].contains(tokens[end].kind) {
            end += 1
          }
          if Self.recordsAlways((cursor + 2)..<end, in: model) {
            violations.append(
              Violation(
                offset: model.offset(index), message: Messages.recordArgument(model.text(index))))
          }
        }
        cursor += 1
      }
    }
    return violations
  }

  /// Whether a function belongs to test code: a free function, or a member of a test class
  /// (or of a class whose name or superclass says `Test`, such as an `FBSnapshotTestCase`
  /// subclass), not of a test double such as a `MockRecorder` with its own `isRecording`.
  func isInTestCode(_ function: Int, context: RuleContext) -> Bool {
    guard let owner = context.model.functions[function].owner else { return true }
    let type = context.model.types[owner]
    if context.discovery.isXCTestType(type) { return true }
    return ([type.name] + type.inheritance).contains {
      RuleText.contains($0, "Test") || RuleText.contains($0, "Spec")
    }
  }

  /// Whether the recording switch set by `model.assignments[position]` is set back before its
  /// function returns: a later assignment of the same property in the same block (not one in
  /// a branch such as `if ... { isRecording = false; return }`), or one in a `defer` block of
  /// the set's block or an enclosing one, of a value other than `true` (`recordMode = saved`,
  /// `defer { isRecording = false }`). A helper that records one snapshot this way leaves
  /// nothing on.
  static func isRestored(_ position: Int, in model: FileModel) -> Bool {
    let assignment = model.assignments[position]
    let name = assignment.memberName
    return model.assignments.indices.contains { other in
      guard other != position, model.assignments[other].function == assignment.function,
        model.assignments[other].memberName == name
      else { return false }
      let restore = model.assignments[other]
      if restore.value.isEmpty || model.text(tokens: restore.value) == "true" { return false }
      let set = assignment.targetToken
      if let keyword = deferKeyword(around: restore.targetToken, in: model) {
        // The `defer` in the set's block or an enclosing one.
        let depths = braceDepths(from: min(keyword, set), to: max(keyword, set), in: model)
        return keyword < set ? depths.lowest >= 0 : depths.final == depths.lowest
      }
      guard restore.targetToken > set else { return false }
      let depths = braceDepths(from: set, to: restore.targetToken, in: model)
      return depths.lowest >= 0 && depths.final == 0
    }
  }

  /// The brace depth at `end` relative to `start`, and the lowest reached between them.
  static func braceDepths(from start: Int, to end: Int, in model: FileModel) -> (final: Int, lowest: Int) {
    var depth = 0
    var lowest = 0
    for index in start..<end {
      switch model.tokens[index].kind {
      case .leftBrace: depth += 1
      case .rightBrace:
        depth -= 1
        lowest = min(lowest, depth)
      default: break
      }
    }
    return (depth, lowest)
  }

  /// The `defer` keyword of the `defer { ... }` block token `index` sits in (the innermost
  /// block around it, or one around that within a few levels).
  static func deferKeyword(around index: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var depth = 0
    var cursor = index - 1
    var levels = 0
    // A bound keeps a file of many switches linear: a restore sits near its `defer`.
    let limit = max(0, index - 256)
    while cursor >= limit, levels < 4 {
      switch tokens[cursor].kind {
      case .rightBrace: depth += 1
      case .leftBrace:
        if depth == 0 {
          if cursor > 0, tokens[cursor - 1].keyword == .defer { return cursor - 1 }
          levels += 1
        } else {
          depth -= 1
        }
      default: break
      }
      cursor -= 1
    }
    return nil
  }

  /// Whether the recording switch at token `index` sits in a branch of an `if` whose condition
  /// reads the configuration (`ProcessInfo`, `environment`, `arguments`, `getenv`,
  /// `UserDefaults`, or a name that speaks of recording such as `shouldRecordSnapshots`) and
  /// whose other branch, if any, does not record: a switch a CI job turns on to regenerate the
  /// snapshots, off by default, not recording left on.
  static func isChosenByConfiguration(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    // The innermost block around the switch: its `{` and its `}`.
    guard let open = enclosingOpen(index, in: model) else { return false }
    let close = closing(open, in: model)
    var condition: Range<Int>
    var other: Range<Int>?
    if open > 0, tokens[open - 1].keyword == .else {
      // `if condition { ... } else { switch }`: the `if`'s block ends just before `else`.
      guard open >= 2, tokens[open - 2].kind == .rightBrace,
        let thenOpen = opening(open - 2, in: model), let head = ifKeyword(before: thenOpen, in: model)
      else { return false }
      condition = (head + 1)..<thenOpen
      other = thenOpen..<(open - 1)
    } else {
      guard let head = ifKeyword(before: open, in: model) else { return false }
      condition = (head + 1)..<open
      if close + 2 < tokens.count, tokens[close + 1].keyword == .else, tokens[close + 2].kind == .leftBrace {
        other = (close + 2)..<(closing(close + 2, in: model) + 1)
      }
    }
    let readsConfiguration = condition.contains { position in
      guard tokens[position].kind == .identifier else { return false }
      let text = model.text(position)
      return configurationNames.contains(text) || text.lowercased().contains("record")
    }
    guard readsConfiguration else { return false }
    return other.map { !recordsIn($0, in: model) } ?? true
  }

  /// Whether a block sets a recording switch on: `record: .all` / `record: true`, or
  /// `isRecording = true` (and the other switches' names).
  private static func recordsIn(_ block: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    return block.contains { position in
      guard position + 2 < block.upperBound, tokens[position].kind == .identifier,
        model.text(position) == "record" && tokens[position + 1].kind == .colon
          || recordingFlags.contains(model.text(position)) && model.token(position + 1, is: "=")
      else { return false }
      let value = position + 2
      return tokens[value].keyword == .true
        || tokens[value].kind == .dot && value + 1 < block.upperBound && model.text(value + 1) == "all"
    }
  }

  /// The `{` of the innermost block around token `index`, within a bound.
  private static func enclosingOpen(_ index: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var depth = 0
    var cursor = index - 1
    let limit = max(0, index - 1024)
    while cursor >= limit {
      switch tokens[cursor].kind {
      case .rightBrace: depth += 1
      case .leftBrace:
        if depth == 0 { return cursor }
        depth -= 1
      default: break
      }
      cursor -= 1
    }
    return nil
  }

  /// The `{` matching the `}` at `close`, within a bound.
  private static func opening(_ close: Int, in model: FileModel) -> Int? {
    enclosingOpen(close, in: model)
  }

  /// The `}` matching the `{` at `open` (the last token when unbalanced).
  private static func closing(_ open: Int, in model: FileModel) -> Int {
    let tokens = model.tokens
    var depth = 0
    var cursor = open
    while cursor < tokens.count {
      if tokens[cursor].kind == .leftBrace { depth += 1 }
      if tokens[cursor].kind == .rightBrace {
        depth -= 1
        if depth == 0 { return cursor }
      }
      cursor += 1
    }
    return tokens.count - 1
  }

  /// The `if` keyword of the statement whose block opens at `open`: the condition holds no
  /// brace of its own at its top level, and is short.
  private static func ifKeyword(before open: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var cursor = open - 1
    var nesting = 0
    while cursor >= 0, open - cursor < 64 {
      switch tokens[cursor].kind {
      case .rightParen, .rightBracket: nesting += 1
      case .leftParen, .leftBracket:
        if nesting == 0 { return nil }
        nesting -= 1
      case .leftBrace, .rightBrace:
        if nesting == 0 { return nil }
      default:
        if nesting == 0, tokens[cursor].keyword == .if { return cursor }
        if nesting == 0, [.guard, .while, .for, .switch, .else].contains(tokens[cursor].keyword) {
          return nil
        }
      }
      cursor -= 1
    }
    return nil
  }

  /// Names a condition reads the run's configuration with.
  static let configurationNames: Set<String> = [
    "ProcessInfo", "environment", "arguments", "getenv", "UserDefaults", "CommandLine",
  ]

  /// A `record:` value that re-records every snapshot: `true`, `.all`, `Record.all`.
  static func recordsAlways(_ value: Range<Int>, in model: FileModel) -> Bool {
    let text = model.text(tokens: value)
    return text == "true" || text == ".all" || text.hasSuffix("Record.all")
  }

  static let focusedNames: NameSet = ["fit", "fdescribe", "fcontext", "fitBehavesLike"]
  static let recordingCalls: NameSet = [
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
    "withSnapshotTesting", "withMacroTesting", "assertMacro",
  ]
  static let recordingTraits: NameSet = ["snapshots", "macros"]
  /// `isRecording` and the older `record` (swift-snapshot-testing), `recordMode`
  /// (iOSSnapshotTestCase).
  static let recordingFlags: NameSet = ["isRecording", "record", "recordMode"]
}

extension FocusedTestRule {
  fileprivate enum Messages {
    static func focused(_ name: String) -> String {
      let plain = String(name.dropFirst())
      return
        "'\(name)' runs only the focused examples and skips every other; use '\(plain)' instead"
    }

    static func recordArgument(_ name: String) -> String {
      "'\(name)' re-records its snapshots instead of comparing them; remove the 'record:' argument"
    }

    static func recordingFlag(_ name: String) -> String {
      "snapshot recording is left on; remove '\(name) = true' so snapshots are compared again"
    }
  }
}
