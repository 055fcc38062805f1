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
