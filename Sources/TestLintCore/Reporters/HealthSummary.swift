/// The figures the `markdown` and `html` reporters show, computed from a result or from findings
/// counted as they stream in (``HealthAccumulator``).
///
/// Findings are counted per rule and per file; tests per framework; assertions per test (mean,
/// median, how many have none); and how many XCTest names follow the default naming convention
/// `test_<condition>_<expectedResult>` (checked by ``TestNameFormatRule``'s own logic with its
/// default 2 to 3 segments: a result does not carry rule options).
public struct HealthSummary: Sendable, Hashable {
  /// Findings of one rule or one file, by severity.
  public struct Row: Sendable, Hashable {
    /// The rule id or the path.
    public var key: String
    /// Findings at `error` severity.
    public var errors: Int
    /// Findings at `warning` severity.
    public var warnings: Int
    /// Errors plus warnings.
    public var total: Int { errors + warnings }
  }

  /// Findings at `error` severity.
  public var errors = 0
  /// Findings at `warning` severity.
  public var warnings = 0
  /// Every enabled rule and every rule with findings; most findings first, then by id.
  public var rules: [Row]
  /// Every file with findings; most findings first, then by path.
  public var files: [Row]
  /// How many files were linted.
  public var lintedFiles: Int
  /// Problems that stopped a file or the configuration from being read.
  public var readErrors: Int
  /// How many tests were found.
  public var tests: Int
  /// XCTest test methods found.
  public var xctestTests: Int
  /// Swift Testing `@Test` functions found.
  public var swiftTestingTests: Int
  /// Every test's assertion count, ascending.
  public var assertionCounts: [Int]
  /// Tests with no assertion, in inventory order (file, line).
  public var testsWithoutAssertions: [InventoryEntry]
  /// XCTest names of the form `test_<condition>_<expectedResult>`.
  public var conventionalNames: Int

  /// Findings in total.
  public var findings: Int { errors + warnings }

  /// Mean assertions per test; nil without tests.
  public var meanAssertions: Double? {
    guard !assertionCounts.isEmpty else { return nil }
    return Double(assertionCounts.reduce(0, +)) / Double(assertionCounts.count)
  }

  /// Median assertions per test (the mean of the middle two for an even count); nil without
  /// tests.
  public var medianAssertions: Double? {
    let count = assertionCounts.count
    guard count > 0 else { return nil }
    if count % 2 == 1 { return Double(assertionCounts[count / 2]) }
    return Double(assertionCounts[count / 2 - 1] + assertionCounts[count / 2]) / 2
  }

  /// Computes the figures of `result`.
  public init(_ result: LintResult) {
    var tally = Tally(rules: result.rules)
    for finding in result.findings {
      tally.add(path: finding.path, findings: CollectionOfOne(finding))
    }
    self.init(
      tally, tests: result.tests, lintedFiles: result.files.count, readErrors: result.errors.count)
  }

  /// The figures of findings counted in `tally`, of `tests`, `lintedFiles` and `readErrors`.
  init(_ tally: Tally, tests: [InventoryEntry], lintedFiles: Int, readErrors: Int) {
    errors = tally.errors
    warnings = tally.warnings
    rules = Self.ranked(tally.byRule)
    files = Self.ranked(tally.byFile)
    self.lintedFiles = lintedFiles
    self.readErrors = readErrors
    self.tests = tests.count
    xctestTests = tests.filter { $0.framework == .xctest }.count
    swiftTestingTests = tests.filter { $0.framework == .swiftTesting }.count
    assertionCounts = tests.map(\.assertions).sorted()
    testsWithoutAssertions = tests.filter { $0.assertions == 0 }
    conventionalNames = tests.filter(Self.isConventionalXCTest).count
  }

  /// Findings counted by severity, rule and file as they arrive: what the figures need of them,
  /// a counter per rule and per file, whatever their number.
  struct Tally: Sendable {
    /// Findings at `error` severity.
    var errors = 0
    /// Findings at `warning` severity.
    var warnings = 0
    /// Every enabled rule and every rule with findings.
    var byRule: [String: Row] = [:]
    /// Every file with findings.
    var byFile: [String: Row] = [:]

    /// No findings yet; `rules` are the enabled rules, counted even without findings.
    init(rules: [RuleDescription]) {
      for rule in rules { byRule[rule.id] = Row(key: rule.id, errors: 0, warnings: 0) }
    }

    /// Counts `findings` of the file at `path`; returns the errors among them.
    @discardableResult
    mutating func add(path: String, findings: some Collection<Finding>) -> Int {
      guard !findings.isEmpty else { return 0 }
      var fileErrors = 0
      for finding in findings {
        let isError = finding.severity == .error
        if isError { fileErrors += 1 }
        HealthSummary.count(
          finding.ruleID, errors: isError ? 1 : 0, warnings: isError ? 0 : 1, in: &byRule)
      }
      errors += fileErrors
      warnings += findings.count - fileErrors
      HealthSummary.count(
        path, errors: fileErrors, warnings: findings.count - fileErrors, in: &byFile)
      return fileErrors
    }
  }
}

extension HealthSummary {
  /// `value` with at most one decimal, without a trailing `.0`: `2`, `2.5`, `0.3`.
  static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
  }

  /// `part` of `whole` as a whole percentage that reads 0 or 100 only when it is exactly so.
  static func percent(_ part: Int, of whole: Int) -> Int {
    guard whole > 0 else { return 0 }
    let rounded = Int((Double(part) * 100 / Double(whole)).rounded())
    if part > 0, rounded == 0 { return 1 }
    if part < whole, rounded == 100 { return 99 }
    return rounded
  }

  /// `1 error`, `2 warnings`: a count and a noun, plural unless the count is one.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// The enclosing suite and the test, `Suite.test`, or the test alone.
  static func qualifiedName(_ test: InventoryEntry) -> String {
    test.suite.map { "\($0).\(test.name)" } ?? test.name
  }
}

extension HealthSummary {
  /// An XCTest test named `test_<condition>_<expectedResult>` (2 to 3 segments).
  fileprivate static func isConventionalXCTest(_ test: InventoryEntry) -> Bool {
    test.framework == .xctest && TestNameFormatRule.follows(test.name, prefix: "test_")
  }

  fileprivate static func count(
    _ key: String, errors: Int, warnings: Int, in rows: inout [String: Row]
  ) {
    // One lookup: the row is changed in place.
    rows[key, default: Row(key: key, errors: 0, warnings: 0)].add(
      errors: errors, warnings: warnings)
  }

  fileprivate static func ranked(_ rows: [String: Row]) -> [Row] {
    rows.values.sorted {
      if $0.total != $1.total { return $0.total > $1.total }
      if $0.errors != $1.errors { return $0.errors > $1.errors }
      return $0.key < $1.key
    }
  }
}

extension HealthSummary.Row {
  fileprivate mutating func add(errors: Int, warnings: Int) {
    self.errors += errors
    self.warnings += warnings
  }
}
