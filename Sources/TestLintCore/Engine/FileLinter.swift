/// A rule instance with the id and severity it reports under.
public struct ConfiguredRule: Sendable {
  /// The rule.
  public let rule: any Rule
  /// Its id.
  public let id: String
  /// Its configured severity.
  public let severity: Severity

  /// Instantiates a rule type with options.
  public init(_ type: any Rule.Type, severity: Severity, options: RuleOptions) {
    self.rule = type.init(options: options)
    self.id = type.description.id
    self.severity = severity
  }
}

/// Lints one file's model: runs the rules, applies suppressions, maps offsets to positions.
/// Pure: no I/O, no shared state.
public struct FileLinter: Sendable {
  /// The enabled rules.
  public let rules: [ConfiguredRule]
  /// The run's test discovery.
  public let discovery: TestDiscovery

  /// Names of functions anywhere in the run that assert.
  public let assertingHelpers: Set<String>
  /// Display paths of the run's files (`RuleContext.runFiles`).
  public let runFiles: Set<String>

  /// Creates a linter.
  public init(
    rules: [ConfiguredRule], discovery: TestDiscovery, assertingHelpers: Set<String> = [],
    runFiles: Set<String> = []
  ) {
    self.rules = rules
    self.discovery = discovery
    self.assertingHelpers = assertingHelpers
    self.runFiles = runFiles
  }

  /// The unsuppressed violations of every rule, with their fixes (for `Fixer`).
  public func violations(_ model: FileModel) -> [Violation] {
    let context = RuleContext(
      model: model, discovery: discovery, assertingHelpers: assertingHelpers, runFiles: runFiles)
    let suppressions = Suppressions(model: model, knownIDs: RuleRegistry.knownIDs)
    var result: [Violation] = []
    for configured in rules {
      for violation in configured.rule.check(context)
      where !suppressions.isSuppressed(configured.id, line: model.source.line(of: violation.offset)) {
        result.append(violation)
      }
    }
    return result
  }

  /// Findings of one file, sorted, plus problems such as unterminated literals.
  public func lint(_ model: FileModel) -> (findings: [Finding], problems: [Diagnostic]) {
    lint(
      RuleContext(
        model: model, discovery: discovery, assertingHelpers: assertingHelpers, runFiles: runFiles))
  }

  /// Findings of one file's context (built once and shared with the inventory).
  public func lint(_ context: RuleContext) -> (findings: [Finding], problems: [Diagnostic]) {
    let model = context.model
    let suppressions = Suppressions(model: model, knownIDs: RuleRegistry.knownIDs)
    var findings: [Finding] = []
    for configured in rules {
      for violation in configured.rule.check(context) {
        let position = model.source.position(of: violation.offset)
        if suppressions.isSuppressed(configured.id, line: position.line) { continue }
        findings.append(
          Finding(
            ruleID: configured.id, severity: configured.severity, message: violation.message,
            path: model.source.path, line: position.line, column: position.column,
            test: violation.test, suite: FileLinter.suite(at: violation.offset, in: model),
            snippet: FileLinter.snippet(line: position.line, in: model.source)))
      }
    }
    var problems: [Diagnostic] = model.problems.map { problem in
      let position = model.source.position(of: problem.offset)
      return Diagnostic(
        path: model.source.path, line: position.line, column: position.column, message: problem.message)
    }
    for unknown in suppressions.unknownIDs {
      let position = model.source.position(of: unknown.offset)
      var message = "unknown rule id '\(unknown.id)' in a 'testlint:' comment"
      if let close = RuleRegistry.closestID(to: unknown.id) { message += "; did you mean '\(close)'?" }
      problems.append(
        Diagnostic(path: model.source.path, line: position.line, column: position.column, message: message))
    }
    return (findings.sorted(), problems)
  }
}

extension FileLinter {
  /// The dotted name of the innermost type whose body holds `offset`.
  static func suite(at offset: Int, in model: FileModel) -> String? {
    var best: Int?
    for (index, type) in model.types.enumerated() {
      guard let open = type.body.first, let close = type.body.last, close < model.tokens.count else { continue }
      let start = type.nameOffset
      let end = Int(model.tokens[close].end)
      guard offset >= min(start, Int(model.tokens[open].start)), offset < end else { continue }
      if let current = best, model.types[current].nameOffset > start { continue }
      best = index
    }
    return best.map { TestDiscovery.qualifiedTypeName($0, in: model) }
  }

  /// The line's text with runs of whitespace collapsed to one space and ends trimmed.
  static func snippet(line: Int, in source: SourceFile) -> String {
    let range = source.lineRange(line)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(range.count)
    var pendingSpace = false
    for index in range {
      let byte = source.bytes[index]
      if byte == 0x20 || byte == 0x09 {
        pendingSpace = !bytes.isEmpty
        continue
      }
      if pendingSpace { bytes.append(0x20) }
      pendingSpace = false
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
