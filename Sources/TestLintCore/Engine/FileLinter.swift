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
  public let assertingHelpers: HelperNames
  /// Display paths of the run's files (`RuleContext.runFiles`).
  public let runFiles: Set<String>
  /// Whether findings get their snippet and suite; without, "" and nil (a report that reads
  /// neither, such as the streamed `text` one, need not have each line copied out).
  var keepsDetails = true

  /// Creates a linter.
  public init(
    rules: [ConfiguredRule], discovery: TestDiscovery, assertingHelpers: HelperNames = [],
    runFiles: Set<String> = []
  ) {
    self.rules = rules
    self.discovery = discovery
    self.assertingHelpers = assertingHelpers
    self.runFiles = runFiles
  }

  /// This linter with `keepsDetails` set.
  func keeping(details: Bool) -> FileLinter {
    var copy = self
    copy.keepsDetails = details
    return copy
  }

  /// The unsuppressed violations of every rule, with their fixes (for `Fixer`).
  public func violations(_ model: FileModel) -> [Violation] {
    let context = RuleContext(
      model: model, discovery: discovery, assertingHelpers: assertingHelpers, runFiles: runFiles)
    let suppressions = Suppressions(model: model, knownIDs: RuleRegistry.knownIDs)
    let broken = BrokenTests(context)
    var result: [Violation] = []
    for configured in rules {
      for violation in configured.rule.check(context)
      where !suppressions.isSuppressed(configured.id, line: model.source.line(of: violation.offset))
        && !broken.drops(violation.offset, of: configured.id)
      {
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
    // A finding carries no fix: the rules need not build them.
    var context = context
    context.buildsFixes = false
    context.keepsTestNames = keepsDetails
    let model = context.model
    let suppressions = Suppressions(model: model, knownIDs: RuleRegistry.knownIDs)
    var findings: [Finding] = []
    var offsets: [Int] = []
    // The violations with the index of their rule, read in place below: copying each rule (an
    // existential) or each violation out costs more than the finding's own fields.
    var checked: [(rule: Int, violation: Violation)] = []
    // Not what a rule says of a test whose body holds a lexer problem (`BrokenTests`).
    let broken = BrokenTests(context)
    for ruleIndex in rules.indices {
      for violation in rules[ruleIndex].rule.check(context)
      where !broken.drops(violation.offset, of: rules[ruleIndex].id) {
        checked.append((ruleIndex, violation))
      }
    }
    // One snippet per line: many findings on one long line would each copy it again. Without
    // details, neither snippets nor the offsets of suites are kept.
    var snippets: [Int: String] = [:]
    if keepsDetails {
      snippets.reserveCapacity(checked.count)
      offsets.reserveCapacity(checked.count)
    }
    findings.reserveCapacity(checked.count)
    let positions = model.source.positions(of: checked.map(\.violation.offset))
    for position in checked.indices {
      let ruleIndex = checked[position].rule
      let (line, column) = positions[position]
      guard !suppressions.isSuppressed(rules[ruleIndex].id, line: line) else { continue }
      if keepsDetails { offsets.append(checked[position].violation.offset) }
      findings.append(
        Finding(
          ruleID: rules[ruleIndex].id, severity: rules[ruleIndex].severity,
          message: checked[position].violation.message, path: model.source.path, line: line,
          column: column, test: checked[position].violation.test, suite: nil,
          snippet: !keepsDetails
            ? "" : snippets[line] ?? FileLinter.snippet(line: line, in: model.source, cache: &snippets)))
    }
    if keepsDetails {
      for (index, suite) in FileLinter.suites(at: offsets, in: model).enumerated() {
        findings[index].suite = suite
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
    suites(at: [offset], in: model)[0]
  }

  /// The suite of each offset: the dotted name of the innermost type (the one whose name comes
  /// last) whose span, from its name to its closing brace, holds the offset.
  ///
  /// One sweep over the offsets in order with a heap of the types begun so far: looking at
  /// every type for every finding is quadratic in a file with thousands of test classes.
  static func suites(at offsets: [Int], in model: FileModel) -> [String?] {
    var spans: [TypeSpan] = []
    for (index, type) in model.types.enumerated() {
      guard let open = type.body.first, let close = type.body.last, close < model.tokens.count
      else { continue }
      spans.append(
        TypeSpan(
          start: min(type.nameOffset, Int(model.tokens[open].start)),
          end: Int(model.tokens[close].end), nameOffset: type.nameOffset, index: index))
    }
    spans.sort { ($0.start, $0.index) < ($1.start, $1.index) }
    var result = [String?](repeating: nil, count: offsets.count)
    var names: [Int: String] = [:]
    var open = SpanHeap()
    var next = 0
    for position in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
      let offset = offsets[position]
      while next < spans.count, spans[next].start <= offset {
        open.push(spans[next])
        next += 1
      }
      // Offsets ascend, so a span that ended before this one is over for good.
      while let top = open.top, top.end <= offset { open.pop() }
      guard let top = open.top else { continue }
      if names[top.index] == nil { names[top.index] = TestDiscovery.qualifiedTypeName(top.index, in: model) }
      result[position] = names[top.index]
    }
    return result
  }

  /// `snippet(line:in:)`, remembered in `cache`.
  static func snippet(line: Int, in source: SourceFile, cache: inout [Int: String]) -> String {
    let text = snippet(line: line, in: source)
    cache[line] = text
    return text
  }

  /// The most UTF-8 bytes of a line a snippet keeps. Reporters copy the snippet into every
  /// finding's entry and fingerprints hash it, so 10,000 findings on one 180 KB line must not
  /// cost 1.8 GB of output; a line of code worth showing fits well within it.
  static let maximumSnippetBytes = 400

  /// The line's text with runs of whitespace collapsed to one space and ends trimmed; a longer
  /// line than `maximumSnippetBytes` is cut at a character boundary and ends with "…".
  static func snippet(line: Int, in source: SourceFile) -> String {
    let range = source.lineRange(line)
    let limit = maximumSnippetBytes
    // Written straight into the string's storage: at most `limit` bytes of the line, or fewer
    // than `limit` and the 3 of "…" (a cut needs a byte past `limit - 1` written ones).
    return source.bytes.withUnsafeBufferPointer { bytes in
      String(unsafeUninitializedCapacity: min(range.count, limit) + 3) { output in
        var count = 0
        var pendingSpace = false
        var truncated = false
        for index in range {
          let byte = bytes[index]
          if byte == 0x20 || byte == 0x09 {
            pendingSpace = count > 0
            continue
          }
          if count + (pendingSpace ? 1 : 0) >= limit {
            truncated = true
            break
          }
          if pendingSpace {
            output[count] = 0x20
            count += 1
          }
          pendingSpace = false
          output[count] = byte
          count += 1
        }
        if truncated {
          // Back off to the start of a character so no scalar is cut in two.
          while count > 0, output[count - 1] & 0xC0 == 0x80 { count -= 1 }
          if count > 0, output[count - 1] >= 0xC0 { count -= 1 }
          for byte in "…".utf8 {
            output[count] = byte
            count += 1
          }
        }
        return count
      }
    }
  }
}

/// A type's extent in the file, for finding the suite of an offset.
private struct TypeSpan {
  var start: Int
  var end: Int
  var nameOffset: Int
  var index: Int

  /// The innermost of two spans holding an offset: the later name, then the later type.
  func isInside(_ other: TypeSpan) -> Bool {
    (nameOffset, index) > (other.nameOffset, other.index)
  }
}

/// A binary max-heap of spans, innermost on top.
private struct SpanHeap {
  private var items: [TypeSpan] = []

  var top: TypeSpan? { items.first }

  mutating func push(_ span: TypeSpan) {
    items.append(span)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].isInside(items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() {
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var parent = 0
    while true {
      var best = parent
      let left = 2 * parent + 1
      if left < items.count, items[left].isInside(items[best]) { best = left }
      if left + 1 < items.count, items[left + 1].isInside(items[best]) { best = left + 1 }
      if best == parent { return }
      items.swapAt(parent, best)
      parent = best
    }
  }
}
