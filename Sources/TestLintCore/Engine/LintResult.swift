/// Everything one run produced: what reporters turn into bytes.
public struct LintResult: Sendable {
  /// Findings after suppressions and severities, sorted.
  public var findings: [Finding]
  /// Problems that stopped a file (or the configuration) from being read, sorted.
  public var errors: [Diagnostic]
  /// Display paths of every file that was linted, sorted (clean ones too).
  public var files: [String]
  /// The rules that were enabled for the run, sorted by id.
  public var rules: [RuleDescription]
  /// Every test found, with its assertion count (for test-health summaries), sorted by file
  /// and line.
  public var tests: [InventoryEntry]
  /// The base classes the run assumed are test bases (`BaseAssumption`), for the note on
  /// standard error; none in the reports.
  public var assumedBases = AssumedBases()

  /// Creates a result.
  public init(
    findings: [Finding], errors: [Diagnostic], files: [String], rules: [RuleDescription],
    tests: [InventoryEntry] = []
  ) {
    self.findings = findings
    self.errors = errors
    self.files = files
    self.rules = rules
    self.tests = tests
  }
}

/// A run's result with its findings still encoded by file (`FindingsByFile`): what the
/// command line streams every report from (`ReportPass`); `decoded` is the `LintResult` of the run.
struct EncodedLintResult: Sendable {
  /// The findings, by file in report order.
  var findings: FindingsByFile
  /// As `LintResult.errors`.
  var errors: [Diagnostic]
  /// The files of `LintResult.files` (not sorted yet).
  var files: FileList
  /// As `LintResult.rules`.
  var rules: [RuleDescription]
  /// As `LintResult.tests`, read back file by file when the report counts them.
  var tests: TestList
  /// As `LintResult.assumedBases`.
  var assumedBases = AssumedBases()
  /// The note on standard error when `missing_assertion` reports most tests through one
  /// helper no linted file declares (`MissingAssertionTally.note`); none in the reports.
  var missingAssertionNote: String?
  /// How a report finds the details of files linted without them (`LintEngine.detailsFiles`);
  /// nil when every file kept its findings' details (or none did).
  var details: FindingDetails?

  /// The result with every finding decoded (on `threads` threads), sorted.
  func decoded(threads: Int) -> LintResult {
    let decoded = findings.all(threads: threads)
    var result = LintResult(
      findings: decoded.findings,
      errors: decoded.problems.isEmpty ? errors : (errors + decoded.problems).sorted(),
      files: LintEngine.sortedPaths(files),
      rules: rules, tests: tests.all)
    result.assumedBases = assumedBases
    return result
  }
}
