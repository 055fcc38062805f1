/// How many findings the `html` report lists: at most `perFile` of each file and `total` in
/// all (`--report-limit N` sets `total`). Every count and chart counts all findings whatever
/// the limits; only the lists are cut, each cut saying how many it left out.
public struct ReportLimits: Sendable, Hashable {
  /// The most findings listed for one file.
  public var perFile = 50
  /// The most findings listed in the whole report.
  public var total = 5_000

  /// Creates limits (negative values count as 0).
  public init(perFile: Int = 50, total: Int = 5_000) {
    self.perFile = max(0, perFile)
    self.total = max(0, total)
  }
}

/// The health reports (`markdown` and `html`) built as findings stream in, file by file.
///
/// Feed it each file's findings once, in report order (path, line, column, rule), then ask for
/// a report. It keeps counters per rule and per file and at most `limits.total` findings to
/// list, so its memory does not grow with the number of findings.
public struct HealthAccumulator: Sendable {
  // Interface first (for the streaming report path); the bounded inside follows.
  private var result: LintResult
  private let limits: ReportLimits

  /// Starts a report of a run with these enabled rules and tests.
  public init(rules: [RuleDescription], tests: [InventoryEntry], limits: ReportLimits = ReportLimits()) {
    result = LintResult(findings: [], errors: [], files: [], rules: rules, tests: tests)
    self.limits = limits
  }

  /// Counts (and lists, within the limits) the findings of the file at `path`.
  public mutating func add(path: String, findings: [Finding]) {
    result.findings += findings
  }

  /// The `html` report, `fileCount` files linted, `errors` the problems that stopped a file.
  public func html(errors: [Diagnostic], fileCount: Int) -> String {
    var result = result
    result.errors = errors
    result.files = Array(repeating: "", count: fileCount)
    return HTMLReporter().render(result)
  }

  /// The `markdown` report, `fileCount` files linted, `errors` the problems that stopped a file.
  public func markdown(errors: [Diagnostic], fileCount: Int) -> String {
    var result = result
    result.errors = errors
    result.files = Array(repeating: "", count: fileCount)
    return MarkdownReporter().render(result)
  }
}
