/// Lints one editor buffer with what the files around it declare, keeping byte offsets and
/// fixes (a `Finding` has line and column only): what diagnostics and code actions are made of.
/// Pure: no I/O.
struct DocumentLinter: Sendable {
  /// The enabled rules.
  let rules: [ConfiguredRule]
  /// Which classes are test cases, from the workspace and the buffer.
  let discovery: TestDiscovery
  /// Helpers anywhere in the workspace that assert.
  let assertingHelpers: HelperNames
  /// Display paths of the workspace's files, when a rule reads them (`RuleContext.runFiles`).
  var runFiles: Set<String> = []

  /// The findings and problems of a scanned buffer, in offset order.
  func lint(_ model: FileModel) -> [LocatedFinding] {
    let context = RuleContext(
      model: model, discovery: discovery, assertingHelpers: assertingHelpers, runFiles: runFiles)
    let suppressions = Suppressions(model: model, knownIDs: RuleRegistry.knownIDs)
    let broken = BrokenTests(context)
    var result: [LocatedFinding] = []
    for configured in rules {
      for violation in configured.rule.check(context)
      where !suppressions.isSuppressed(configured.id, line: model.source.line(of: violation.offset))
        && !broken.drops(violation.offset, of: configured.id)
      {
        result.append(
          LocatedFinding(
            ruleID: configured.id, severity: configured.severity,
            range: Self.range(at: violation.offset, in: model),
            message: violation.message, fix: violation.fix))
      }
    }
    // Problems (an unterminated literal, an unknown id in a `testlint:` comment) are errors
    // without a rule, as `testlint` prints them on standard error.
    for problem in model.problems {
      result.append(
        LocatedFinding(
          ruleID: nil, severity: .error, range: Self.range(at: problem.offset, in: model),
          message: problem.message, fix: nil))
    }
    for unknown in suppressions.unknownIDs {
      var message = "unknown rule id '\(unknown.id)' in a 'testlint:' comment"
      if let close = RuleRegistry.closestID(to: unknown.id) {
        message += "; did you mean '\(close)'?"
      }
      result.append(
        LocatedFinding(
          ruleID: nil, severity: .error, range: Self.range(at: unknown.offset, in: model),
          message: message,
          fix: nil))
    }
    return result.sorted {
      ($0.range.lowerBound, $0.ruleID ?? "") < ($1.range.lowerBound, $1.ruleID ?? "")
    }
  }

  /// The bytes a finding underlines: the token that starts at its offset (an identifier, a
  /// call's name), cut at the end of the line; else the one character there.
  static func range(at offset: Int, in model: FileModel) -> Range<Int> {
    let source = model.source
    let lineEnd = source.lineRange(source.line(of: offset)).upperBound
    let tokens = model.tokens
    var low = 0
    var high = tokens.count
    while low < high {
      let mid = (low + high) / 2
      if Int(tokens[mid].start) < offset { low = mid + 1 } else { high = mid }
    }
    if low < tokens.count, Int(tokens[low].start) == offset {
      return offset..<max(offset + 1, min(Int(tokens[low].end), lineEnd))
    }
    guard offset < lineEnd, offset < source.bytes.count else { return offset..<offset }
    return
      offset..<min(source.bytes.count, offset + PositionEncoding.scalarLength(source.bytes[offset]))
  }
}

/// A finding with its byte range and fix, before it becomes an LSP diagnostic.
struct LocatedFinding: Sendable, Hashable {
  /// The rule, or nil for a problem that is not a rule's finding.
  var ruleID: String?
  /// The configured severity.
  var severity: Severity
  /// The bytes to underline.
  var range: Range<Int>
  /// The rule's message.
  var message: String
  /// The rule's safe fix, if it has one.
  var fix: [Edit]?
}
