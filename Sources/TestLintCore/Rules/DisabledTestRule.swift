/// Tests switched off without a reason: renamed XCTest methods (`disabled_test...`, `xtest...`,
/// `_test...`), Quick `xit` / `xdescribe` / `xcontext` / `pending`, `@Test(.disabled())`, and
/// `XCTSkip` / `XCTSkipIf` / `XCTSkipUnless` without a message.
///
/// A reason is a comment on the line of the finding or in the block of comments above it (for a
/// method or a Quick call, also the first comment inside its body; for a renamed method, any
/// comment in its body, or one above its type or at the top of the type's body), a message argument for `XCTSkip...`, a
/// comment argument for `.disabled(...)`, or a `.bug(...)` trait beside it.
public struct DisabledTestRule: Rule {
  public static let description = RuleDescription(
    id: "disabled_test",
    summary: "a test switched off without a reason",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    // Built only when a candidate needs them: most files have nothing switched off.
    lazy var reasons = ReasonComments(model)
    lazy var platformDirectives = Self.platformDirectiveRanges(in: model)
    var violations: [Violation] = []
    // A method the file calls is a helper (`_testLoading()` shared by tests), not a test.
    lazy var called = Set(model.calls.map(\.name))
    // The name first: copying every `FunctionDecl` out costs more than the check.
    for index in model.functions.indices {
      guard let prefix = Self.disablingPrefix(model.functions[index].name) else { continue }
      let function = model.functions[index]
      guard !called.contains(function.name), Self.couldBeTest(function, in: context) else {
        continue
      }
      let start = function.attributes.first?.offset ?? function.nameOffset
      if reasons.explains(from: start, to: function.nameOffset, body: function.body) { continue }
      if let body = function.body, reasons.bodyExplains(body) { continue }
      if let owner = function.owner,
        reasons.sectionExplains(start, in: model.types[owner].body)
          || reasons.typeExplains(model.types[owner])
          || reasons.headingExplains(start, in: model.types[owner].body)
      {
        continue
      }
      violations.append(
        Violation(
          offset: function.nameOffset, message: Messages.renamed(function.name, prefix: prefix),
          test: context.keepsTestNames ? Self.qualifiedName(of: index, in: model) : nil))
    }
    let quick = context.usesQuick
    // A run of skips under one reason comment (above the first call or on its line): its last
    // line, function and parent call. A skip on the next line in the same body continues it.
    var run = (end: -2, function: -1, parent: Int?.none)
    func continuesRun(_ index: Int, _ offset: Int) -> Bool {
      let call = model.calls[index]
      return model.source.line(of: offset) == run.end + 1 && call.function == run.function
        && call.parent == run.parent
    }
    for index in model.calls.indices {
      // The name first (its first byte first, from the token): copying every `Call` out of the
      // array costs more than the check.
      switch RuleText.firstNameByte(ofCall: index, in: model) {
      case UInt8(ascii: "X"), 0x80...: break
      case UInt8(ascii: "x"), UInt8(ascii: "p"): guard quick else { continue }
      default: continue
      }
      let name = model.calls[index].name
      let pending = quick && Self.pendingNames.contains(name)
      guard pending || Self.skipNames.contains(name) else { continue }
      let call = model.calls[index]
      guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase else { continue }
      // A wrapper declared with the skip's own name forwards to Quick's (focused_test's page).
      if pending, model.functions[call.function].name == name { continue }
      let offset = model.offset(call.nameToken)
      if pending, call.path.count == 1 {
        let body =
          call.trailingClosures.first?.tokens ?? TestDiscovery.closureArgument(of: call, in: model)
        if reasons.explains(from: offset, to: offset, body: nil) || continuesRun(index, offset) {
          run = (Self.lastLine(ofCall: index, in: model), call.function, call.parent)
          continue
        }
        if reasons.explains(from: offset, to: offset, body: body) { continue }
        violations.append(
          Violation(
            offset: offset, message: Messages.pending(call.name),
            test: context.testName(context.test(containingCall: index))))
      } else if let messagePosition = Self.skipCalls[call.name],
        call.path.count == 1 || call.path.count == 2 && call.path[0] == "XCTest"
      {
        let unlabelled = call.arguments.filter { $0.label == nil }
        if unlabelled.count > messagePosition,
          Self.isMessage(unlabelled[messagePosition].value, in: model)
        {
          continue
        }
        if reasons.explains(from: offset, to: offset, body: nil) || continuesRun(index, offset) {
          run = (Self.lastLine(ofCall: index, in: model), call.function, call.parent)
          continue
        }
        if reasons.explainsFunction(call.function, in: model) { continue }
        if let body = Self.firstStatementBody(holding: index, in: model),
          reasons.explains(from: offset, to: offset, body: body)
        {
          continue
        }
        if Self.isPlatformSkip(index, in: model, directives: platformDirectives) { continue }
        if Self.followsFailureWithMessage(index, in: model) { continue }
        violations.append(
          Violation(
            offset: offset, message: Messages.skip(call.name),
            test: context.testName(context.test(containingCall: index))))
      }
    }
    // An attribute without arguments has no trait.
    for index in model.functions.indices where !model.functions[index].attributes.isEmpty {
      for attribute in model.functions[index].attributes
      where attribute.arguments != nil && Self.isTestingAttribute(attribute) {
        for offset in disabledTraits(attribute, model: model, reasons: { reasons }) {
          violations.append(
            Violation(
              offset: offset, message: Messages.disabledTrait,
              test: context.keepsTestNames ? Self.qualifiedName(of: index, in: model) : nil))
        }
      }
    }
    for typeIndex in model.types.indices where !model.types[typeIndex].attributes.isEmpty {
      for attribute in model.types[typeIndex].attributes
      where attribute.arguments != nil && Self.isTestingAttribute(attribute) {
        for offset in disabledTraits(attribute, model: model, reasons: { reasons }) {
          violations.append(Violation(offset: offset, message: Messages.disabledTrait))
        }
      }
    }
    return violations
  }

  /// Offsets of `.disabled(...)` traits without a comment in an `@Test` / `@Suite` attribute.
  func disabledTraits(_ attribute: Attribute, model: FileModel, reasons: () -> ReasonComments) -> [Int] {
    guard let arguments = attribute.arguments else { return [] }
    let tokens = model.tokens
    var traits: [(name: String, offset: Int, explained: Bool)] = []
    var depth = 0
    for index in arguments {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .identifier
      where depth == 0 && index > arguments.lowerBound && tokens[index - 1].kind == .dot:
        let name = model.text(index)
        var explained = false
        if index + 1 < arguments.upperBound, tokens[index + 1].kind == .leftParen {
          let close = model.closingBracket(of: index + 1, before: arguments.upperBound) ?? arguments.upperBound
          let inner = Self.topLevelArguments((index + 2)..<close, in: model)
          explained = inner.contains { argument in
            if Self.isLabelled(argument, in: model) {
              // `.disabled(if: .linux)`: a condition on the platform says why by itself.
              return model.text(argument.lowerBound) == "if" && Self.isPlatformCheck(argument, in: model)
            }
            return tokens[argument.lowerBound].kind != .leftBrace && Self.isMessage(argument, in: model)
          }
        } else if name == "disabled", index + 1 < arguments.upperBound, tokens[index + 1].kind == .leftBrace,
          let close = model.closingBracket(of: index + 1, before: arguments.upperBound)
        {
          // `.disabled { ... }`: a condition closure that branches on `#if os(...)` is a platform
          // condition, and a comment inside it is its reason.
          explained = Self.closureExplains((index + 1)..<(close + 1), in: model, reasons: reasons)
        }
        traits.append((name, model.offset(index), explained))
      default: break
      }
    }
    if traits.contains(where: { $0.name == "bug" }) { return [] }
    let unexplained = traits.filter { $0.name == "disabled" && !$0.explained }
    // The comments are read only for a trait that needs them: most attributes have none.
    if unexplained.isEmpty { return [] }
    let reasons = reasons()
    return unexplained
      .filter { !reasons.explains(from: attribute.offset, to: $0.offset, body: nil) }.map(\.offset)
  }

  /// Whether a `.disabled { ... }` condition closure (token range of its braces) says why: its
  /// body holds an `#if os(...)` / `targetEnvironment(...)` branch, or a comment.
  static func closureExplains(_ closure: Range<Int>, in model: FileModel, reasons: () -> ReasonComments) -> Bool {
    let open = Int(model.tokens[closure.lowerBound].end)
    let close = Int(model.tokens[closure.upperBound - 1].start)
    if platformDirectiveRanges(in: model).contains(where: { $0.lowerBound >= open && $0.lowerBound < close }) {
      return true
    }
    return reasons().bodyHasReason(closure)
  }

  /// The prefix that switches a test method off (`disabled_`, `x`, `_`, ...), if the name is an
  /// XCTest name (`test` and more, lowercase `test`) behind one.
  static func disablingPrefix(_ name: String) -> String? {
    // Cheap rejection first: a renamed test still spells `test` after its prefix.
    guard name.utf8.count > 4, !RuleText.hasPrefix(name, "test"), containsTest(name.utf8) else {
      return nil
    }
    let lowered = name.lowercased()
    for prefix in Self.disablingPrefixes where lowered.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard rest.hasPrefix("test"), let next = rest.dropFirst(4).first else { continue }
      if next == "_" || next.isUppercase || next.isNumber {
        return String(name.prefix(prefix.count))
      }
    }
    return nil
  }

  private static func containsTest(_ bytes: String.UTF8View) -> Bool {
    // Over the contiguous bytes when they are (a native string): the view's iterator costs
    // several times more per byte.
    if let found = bytes.withContiguousStorageIfAvailable({ containsTest($0) }) { return found }
    return containsTest(Array(bytes))
  }

  private static func containsTest(_ bytes: some Collection<UInt8>) -> Bool {
    var matched = 0
    for byte in bytes {
      let expected: UInt8 = matched == 0 ? 0x74 : matched == 1 ? 0x65 : matched == 2 ? 0x73 : 0x74
      if byte == expected || byte == expected - 0x20 {
        matched += 1
        if matched == 4 { return true }
      } else {
        matched = (byte == 0x74 || byte == 0x54) ? 1 : 0
      }
    }
    return false
  }

  static let disablingPrefixes = [
    "disabled_", "disabled", "disable_", "disable", "skipped_", "skipped", "skip_", "skip",
    "pending_",
    "pending", "ignored_", "ignored", "ignore_", "ignore", "broken_", "flaky_", "todo_", "fixme_",
    "x_",
    "x", "_",
  ]

  /// Whether a skip's condition is a platform or availability check, which says why by itself:
  /// `XCTSkipUnless(ProcessInfo.processInfo.isOperatingSystemAtLeast(...))`, a skip in the
  /// block of `guard #available(iOS 16, *) else { ... }` / `if #unavailable(...) { ... }` (or
  /// their `else`), or in a branch of `#if os(...)` / `targetEnvironment(...)` / `arch(...)` /
  /// `canImport(...)`.
  static func isPlatformSkip(_ index: Int, in model: FileModel, directives: [Range<Int>]) -> Bool {
    let call = model.calls[index]
    if call.name != "XCTSkip", let first = call.arguments.first(where: { $0.label == nil }),
      isPlatformCheck(first.value, in: model)
    {
      return true
    }
    if let condition = enclosingCondition(of: call.nameToken, in: model), isPlatformCheck(condition, in: model) {
      return true
    }
    let offset = model.offset(call.nameToken)
    return directives.contains { $0.contains(offset) }
  }

  /// The body (token range of its braces) of the method whose first statement is the `if` or
  /// `guard` holding skip `index` in a block (`guard isOnline else { throw XCTSkip() }`): the
  /// method's first comment, above that statement, is then the skip's reason as it is for a
  /// skip written as the first statement.
  static func firstStatementBody(holding index: Int, in model: FileModel) -> Range<Int>? {
    let call = model.calls[index]
    guard call.function >= 0, call.function < model.functions.count,
      let body = model.functions[call.function].body, body.count >= 2,
      let condition = enclosingCondition(of: call.nameToken, in: model),
      condition.lowerBound - 1 == body.lowerBound + 1
    else { return nil }
    return body
  }

  /// The line of a call's last token (its closing parenthesis or trailing closure).
  static func lastLine(ofCall index: Int, in model: FileModel) -> Int {
    let call = model.calls[index]
    var last = call.nameToken
    if let parentheses = call.parentheses { last = max(last, parentheses.upperBound - 1) }
    if let closure = call.trailingClosures.last?.tokens { last = max(last, closure.upperBound - 1) }
    return model.source.line(of: model.offset(last))
  }

  /// Whether a skip comes right after a failure with a message (`XCTFail("Missing fixture");
  /// throw XCTSkip()`, `Issue.record("...")` on the line above): the test has failed and said
  /// why; the skip only stops it.
  static func followsFailureWithMessage(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var previous = model.calls[index].nameToken - 1
    // Back over `throw` / `try` and a `;`, to the end of the statement before.
    while previous >= 0,
      tokens[previous].keyword == .throw || tokens[previous].keyword == .try
        || tokens[previous].kind == .semicolon || model.text(previous) == "XCTest"
        || tokens[previous].kind == .dot
    {
      previous -= 1
    }
    guard previous >= 0, tokens[previous].kind == .rightParen else { return false }
    return model.calls.contains { call in
      guard let parentheses = call.parentheses, parentheses.upperBound - 1 == previous,
        call.name == "XCTFail" && call.path.count == 1
          || call.name == "record" && call.receiver == "Issue",
        let message = call.arguments.first(where: { $0.label == nil })
      else { return false }
      return isMessage(message.value, in: model)
    }
  }

  /// Tokens that test the platform, the OS version, the processor architecture or the version
  /// of a dependency: a name in `platformWords`, or a name with a camel-case (or `_`) word in
  /// `platformNameWords` (`testingOnRosetta()`, `isAppleSilicon`, `db.satisfiesMinimumVersion(...)`).
  static func isPlatformCheck(_ range: Range<Int>, in model: FileModel) -> Bool {
    range.contains { index in
      let kind = model.tokens[index].kind
      guard kind == .identifier || kind == .pound else { return false }
      let name = model.text(index)
      return platformWords.contains(name) || kind == .identifier && hasPlatformWord(name)
    }
  }

  /// Whether one of a name's words, lowercased, is in `platformNameWords`. Words start at a
  /// capital after a lowercase letter or a digit, at the last capital of a run of capitals
  /// followed by a lowercase letter (`ARMBuild`), and after `_`; digits stay with their word
  /// (`isARM64`, `onX86`).
  static func hasPlatformWord(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    var start = 0
    func word(upTo end: Int) -> Bool {
      defer { start = end }
      guard start < end else { return false }
      let word = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
      if end == bytes.count, lastPlatformNameWords.contains(word) { return true }
      return platformNameWords.contains(word)
    }
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == UInt8(ascii: "_") {
        if word(upTo: index) { return true }
        start = index + 1
        continue
      }
      guard index > start, isUpper(byte) else { continue }
      let previous = bytes[index - 1]
      let startsWord =
        isLower(previous) || isDigit(previous)
        || isUpper(previous) && index + 1 < bytes.count && isLower(bytes[index + 1])
      if startsWord, word(upTo: index) { return true }
    }
    return word(upTo: bytes.count)
  }

  /// Words of a name that make a skip's condition a platform check (`hasPlatformWord`): the
  /// processor architecture and running translated or emulated on another one (Rosetta on Apple
  /// silicon), the simulator, and a version (of a dependency, such as the SQLite library, as of
  /// the OS: the feature under test needs it).
  static let platformNameWords: Set<String> = [
    "rosetta", "emulated", "emulator", "emulation", "simulator", "arm64",
    "arm64e", "aarch64", "x86", "x64", "i386", "intel", "silicon", "arch", "architecture",
    "version",
  ]

  /// Words that name the platform only as a name's last word: `processIsTranslated`, `isArm`,
  /// not `hasTranslatedTitles` or `armTimer`.
  static let lastPlatformNameWords: Set<String> = ["translated", "arm"]

  private static let platformWords: NameSet = [
    "#available", "#unavailable", "isOperatingSystemAtLeast", "operatingSystemVersion",
    "targetEnvironment", "systemVersion",
    // A platform named in a condition (`.disabled(if: .linux)`, `XCTSkipIf(isWindows)`).
    "linux", "Linux", "windows", "Windows", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "android",
    "Android", "wasi", "isLinux", "isWindows", "isMacOS", "isIOS", "isiOS", "isTvOS", "isWatchOS",
    "isVisionOS", "isAndroid", "isWASI", "WASI", "wasm", "Wasm", "WASM", "isWasm", "isWASM",
  ]

  /// The condition of the `if` or `guard` whose block (or `else` block) holds token `index`:
  /// the innermost block, a few tokens of condition at most; nil inside a closure or elsewhere.
  static func enclosingCondition(of index: Int, in model: FileModel) -> Range<Int>? {
    let tokens = model.tokens
    var depth = 0
    var open = index - 1
    // The block of a skip is short (`else { throw XCTSkip() }`): a bound keeps a file of many
    // skips linear.
    let limit = max(0, index - 512)
    while open >= limit {
      if tokens[open].kind == .rightBrace { depth += 1 }
      if tokens[open].kind == .leftBrace {
        if depth == 0 { break }
        depth -= 1
      }
      open -= 1
    }
    guard open > limit else { return nil }
    if tokens[open - 1].keyword == .else, tokens[open - 1].kind == .identifier {
      guard open >= 2 else { return nil }
      if tokens[open - 2].kind == .rightBrace {
        // `if condition { ... } else { skip }`: back to the `if` branch's brace.
        var nesting = 0
        var cursor = open - 2
        while cursor >= 0 {
          if tokens[cursor].kind == .rightBrace { nesting += 1 }
          if tokens[cursor].kind == .leftBrace {
            nesting -= 1
            if nesting == 0 { break }
          }
          cursor -= 1
        }
        guard cursor > 0 else { return nil }
        return condition(endingAt: cursor - 1, after: .if, in: model)
      }
      return condition(endingAt: open - 2, after: .guard, in: model)
    }
    return condition(endingAt: open - 1, after: .if, in: model)
  }

  /// The tokens from after `keyword` to `end`, walking back over balanced brackets from `end`
  /// (at most 64 tokens); nil when a brace, or an unbalanced bracket, comes first.
  private static func condition(endingAt end: Int, after keyword: Keyword, in model: FileModel) -> Range<Int>? {
    let tokens = model.tokens
    var cursor = end
    var nesting = 0
    var steps = 0
    while cursor >= 0, steps < 64 {
      let kind = tokens[cursor].kind
      if kind == .rightParen || kind == .rightBracket { nesting += 1 }
      if kind == .leftParen || kind == .leftBracket {
        if nesting == 0 { return nil }
        nesting -= 1
      }
      if nesting == 0 {
        if kind == .leftBrace || kind == .rightBrace { return nil }
        if kind == .identifier, tokens[cursor].keyword == keyword { return (cursor + 1)..<(end + 1) }
      }
      cursor -= 1
      steps += 1
    }
    return nil
  }

  /// The byte ranges of the `#if` groups whose condition (of any branch) names the platform
  /// (`namesPlatform`), outermost ones only:
  /// directives are dropped from the tokens, so their lines are read from the text, once per
  /// file.
  static func platformDirectiveRanges(in model: FileModel) -> [Range<Int>] {
    let bytes = model.source.bytes
    var ranges: [Range<Int>] = []
    // Each open group: where it starts, and whether a branch so far names the platform.
    var open: [(start: Int, platform: Bool)] = []
    for start in model.source.lineStarts {
      var cursor = start
      while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
      // A block comment before the directive on its line (`/* note */ #if os(iOS)`).
      let star = UInt8(ascii: "*")
      let slash = UInt8(ascii: "/")
      if cursor + 1 < bytes.count, bytes[cursor] == slash, bytes[cursor + 1] == star {
        var end = cursor + 2
        while end + 1 < bytes.count, bytes[end] != 0x0A, !(bytes[end] == star && bytes[end + 1] == slash) {
          end += 1
        }
        if end + 1 < bytes.count, bytes[end] == star { cursor = end + 2 }
        while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
      }
      guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "#") else { continue }
      var end = cursor
      while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      let line = String(decoding: bytes[cursor..<end], as: UTF8.self)
      let platform = Self.namesPlatform(line)
      let word = line.prefix { $0 != " " && $0 != "\t" && $0 != "(" && $0 != "!" }
      switch word {
      case "#if": open.append((start, platform))
      case "#elseif":
        if platform, !open.isEmpty { open[open.count - 1].platform = true }
      case "#endif":
        guard let group = open.popLast() else { continue }
        if group.platform, !open.contains(where: \.platform) { ranges.append(group.start..<end) }
      default: break
      }
    }
    // A group left open runs to the end of the file.
    if let first = open.first(where: \.platform) { ranges.append(first.start..<bytes.count) }
    return ranges
  }

  /// Whether a directive's line names the platform: `os(...)`, `targetEnvironment(...)`,
  /// `arch(...)`, or `canImport(...)` of a module some platforms lack (`UIKit`), not of a test
  /// framework: a file wrapped in `#if canImport(XCTest)` says nothing about why it skips.
  static func namesPlatform(_ line: String) -> Bool {
    if ["os(", "targetEnvironment(", "arch("].contains(where: { line.contains($0) }) { return true }
    return line.split(separator: "canImport(").dropFirst().contains { argument in
      let module = argument.prefix { $0 != ")" && $0 != "," && $0 != " " && $0 != "." }
      return !testFrameworks.contains(String(module))
    }
  }

  /// Modules a test file imports whatever its platform.
  static let testFrameworks: Set<String> = ["XCTest", "Testing", "Quick", "Nimble"]

  /// An instance method XCTest would run if it were named `test...`.
  static func couldBeTest(_ function: FunctionDecl, in context: RuleContext) -> Bool {
    guard function.kind == .function, let owner = function.owner,
      context.discovery.isXCTestType(context.model.types[owner]),
      function.parameters.isEmpty, !function.has("static"), !function.has("class"),
      !function.hasAttribute("Test")
    else { return false }
    if let result = function.returnType, result != "Void", result != "()" { return false }
    return true
  }

  static func isTestingAttribute(_ attribute: Attribute) -> Bool {
    testingAttributes.contains(attribute.name)
  }

  private static let testingAttributes: NameSet = ["Test", "Suite", "Testing.Test", "Testing.Suite"]

  /// A value that says something: not `nil`, not an empty string literal.
  static func isMessage(_ value: Range<Int>, in model: FileModel) -> Bool {
    guard !value.isEmpty else { return false }
    let text = model.text(tokens: value)
    if text == "nil" { return false }
    if value.count == 1, model.tokens[value.lowerBound].kind == .string {
      return !StringLiteral.content(text).allSatisfy { $0 == " " }
    }
    return true
  }

  static func isLabelled(_ argument: Range<Int>, in model: FileModel) -> Bool {
    argument.count >= 2 && model.tokens[argument.lowerBound].isIdentifierLike
      && model.tokens[argument.lowerBound + 1].kind == .colon
  }

  /// Token ranges of the comma-separated arguments in `range`.
  static func topLevelArguments(_ range: Range<Int>, in model: FileModel) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var depth = 0
    var start = range.lowerBound
    for index in range {
      switch model.tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .comma where depth == 0:
        if start < index { result.append(start..<index) }
        start = index + 1
      default: break
      }
    }
    if start < range.upperBound { result.append(start..<range.upperBound) }
    return result
  }

  static func qualifiedName(of function: Int, in model: FileModel) -> String {
    let declaration = model.functions[function]
    guard let owner = declaration.owner else { return declaration.name }
    return model.types[owner].name + "." + declaration.name
  }

  static let pendingNames: NameSet = [
    "xit", "xdescribe", "xcontext", "pending", "xitBehavesLike",
  ]
  /// `XCTSkip` functions and the position of their message among the unlabelled arguments.
  static let skipCalls: [String: Int] = ["XCTSkip": 0, "XCTSkipIf": 1, "XCTSkipUnless": 1]
  private static let skipNames = NameSet(Set(skipCalls.keys))
}

extension DisabledTestRule {
  fileprivate enum Messages {
    static func renamed(_ name: String, prefix: String) -> String {
      "'\(name)' is switched off by its '\(prefix)' prefix; delete it, or say why in a comment"
    }

    static func pending(_ name: String) -> String {
      "'\(name)' switches tests off; delete them, or say why in a comment"
    }

    static func skip(_ name: String) -> String {
      "'\(name)' skips the test without a reason; pass a message saying why"
    }

    static let disabledTrait =
      "'.disabled()' switches the test off without a reason; pass a comment: '.disabled(\"why\")'"
  }
}
