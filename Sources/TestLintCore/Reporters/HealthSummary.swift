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
  /// How many tests have each number of assertions, by number.
  var testsByAssertions: [Int: Int]
  /// The sum of every test's assertions.
  var assertionSum: Int
  /// Tests with no assertion, in inventory order (file, line): the first of them, as many as
  /// the report lists (all of them for a summary of a `LintResult`).
  public var testsWithoutAssertions: [InventoryEntry]
  /// How many tests have no assertion.
  public var testsWithoutAssertionsCount: Int
  /// XCTest names of the form `test_<condition>_<expectedResult>`.
  public var conventionalNames: Int

  /// Findings in total.
  public var findings: Int { errors + warnings }

  /// Every test's assertion count, ascending.
  public var assertionCounts: [Int] {
    testsByAssertions.keys.sorted().flatMap { repeatElement($0, count: testsByAssertions[$0, default: 0]) }
  }

  /// Mean assertions per test; nil without tests.
  public var meanAssertions: Double? {
    guard tests > 0 else { return nil }
    return Double(assertionSum) / Double(tests)
  }

  /// Median assertions per test (the mean of the middle two for an even count); nil without
  /// tests.
  public var medianAssertions: Double? {
    guard tests > 0 else { return nil }
    if tests % 2 == 1 { return Double(assertionCount(at: tests / 2)) }
    return Double(assertionCount(at: tests / 2 - 1) + assertionCount(at: tests / 2)) / 2
  }

  /// The assertion count at `position` of the counts in ascending order.
  private func assertionCount(at position: Int) -> Int {
    var passed = 0
    for count in testsByAssertions.keys.sorted() {
      passed += testsByAssertions[count, default: 0]
      if position < passed { return count }
    }
    return 0
  }

  /// Computes the figures of `result`.
  public init(_ result: LintResult) {
    var tally = Tally(rules: result.rules)
    for finding in result.findings {
      tally.add(path: finding.path, findings: CollectionOfOne(finding))
    }
    self.init(
      tally, tests: TestFigures(result.tests), lintedFiles: result.files.count,
      readErrors: result.errors.count)
  }

  /// The figures of findings counted in `tally`, of the tests counted in `tests`,
  /// `lintedFiles` and `readErrors`.
  init(_ tally: Tally, tests: TestFigures, lintedFiles: Int, readErrors: Int) {
    errors = tally.errors
    warnings = tally.warnings
    rules = Self.ranked(tally.byRule)
    files = Self.ranked(tally.byFile)
    self.lintedFiles = lintedFiles
    self.readErrors = readErrors
    self.tests = tests.count
    xctestTests = tests.xctest
    swiftTestingTests = tests.swiftTesting
    testsByAssertions = tests.byAssertions
    assertionSum = tests.assertionSum
    testsWithoutAssertions = tests.listedWithoutAssertions
    testsWithoutAssertionsCount = tests.withoutAssertions
    conventionalNames = tests.conventionalNames
  }

  /// What the figures need of a run's tests, counted as they stream in (in the order of
  /// `LintResult.tests`): counters, how many tests have each number of assertions, and the
  /// first `limit` tests without assertions, the most a report lists. So the reports hold no
  /// list of every test, however many the run has (`TestList`).
  struct TestFigures: Sendable {
    /// The most tests without assertions kept to list.
    let limit: Int
    /// Tests counted.
    private(set) var count = 0
    /// XCTest test methods.
    private(set) var xctest = 0
    /// Swift Testing `@Test` functions.
    private(set) var swiftTesting = 0
    /// XCTest names of the form `test_<condition>_<expectedResult>`.
    private(set) var conventionalNames = 0
    /// How many tests have each number of assertions.
    private(set) var byAssertions: [Int: Int] = [:]
    /// The sum of their assertions.
    private(set) var assertionSum = 0
    /// How many tests have no assertion.
    private(set) var withoutAssertions = 0
    /// The first `limit` of them.
    private(set) var listedWithoutAssertions: [InventoryEntry] = []

    /// No tests yet; `limit` the most tests without assertions kept to list.
    init(limit: Int) { self.limit = max(0, limit) }

    /// The figures of `tests`, every test without assertions kept.
    init(_ tests: [InventoryEntry]) {
      self.init(limit: .max)
      for test in tests { add(test) }
    }

    /// Counts `test`, the next in the order of `LintResult.tests`.
    mutating func add(_ test: InventoryEntry) {
      count += 1
      switch test.framework {
      case .xctest:
        xctest += 1
        if HealthSummary.isConventionalXCTest(test) { conventionalNames += 1 }
      case .swiftTesting: swiftTesting += 1
      case .quick: break
      }
      byAssertions[test.assertions, default: 0] += 1
      assertionSum += test.assertions
      if test.assertions == 0 {
        withoutAssertions += 1
        if listedWithoutAssertions.count < limit { listedWithoutAssertions.append(test) }
      }
    }

    /// Whether a test without assertions counted next is listed.
    var listsMore: Bool { listedWithoutAssertions.count < limit }

    /// Counts a test read without its strings (`TestList.Counted`): one with assertions, or
    /// one without once no more are listed.
    mutating func add(_ test: TestList.Counted) {
      count += 1
      switch test.framework {
      case .xctest:
        xctest += 1
        if test.conventionalName { conventionalNames += 1 }
      case .swiftTesting: swiftTesting += 1
      case .quick: break
      }
      byAssertions[test.assertions, default: 0] += 1
      assertionSum += test.assertions
      if test.assertions == 0 { withoutAssertions += 1 }
    }

    /// Lists `tests`, the first tests without assertions (when they were counted without
    /// being listed: `TestList.Counted`).
    mutating func list(_ tests: [InventoryEntry]) {
      listedWithoutAssertions = Array(tests.prefix(limit))
    }

    /// Counts the tests `other` counted, which come after those counted here.
    mutating func add(_ other: TestFigures) {
      count += other.count
      xctest += other.xctest
      swiftTesting += other.swiftTesting
      conventionalNames += other.conventionalNames
      byAssertions.merge(other.byAssertions, uniquingKeysWith: +)
      assertionSum += other.assertionSum
      withoutAssertions += other.withoutAssertions
      let room = max(0, limit - listedWithoutAssertions.count)
      listedWithoutAssertions += other.listedWithoutAssertions.prefix(room)
    }
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

    /// Counts `errors` and `warnings` of the rule `id` (of one file, counted ahead), not in the
    /// totals: `add(path:errors:warnings:)` adds the file's.
    mutating func add(rule id: String, errors: Int, warnings: Int) {
      HealthSummary.count(id, errors: errors, warnings: warnings, in: &byRule)
    }

    /// Counts the file at `path` and its `errors` and `warnings` (its rules counted by
    /// `add(rule:errors:warnings:)`).
    mutating func add(path: String, errors: Int, warnings: Int) {
      self.errors += errors
      self.warnings += warnings
      HealthSummary.count(path, errors: errors, warnings: warnings, in: &byFile)
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
    test.framework == .xctest && isConventionalName(test.name)
  }

  /// Whether an XCTest name reads `test_<condition>_<expectedResult>`.
  static func isConventionalName(_ name: String) -> Bool { TestNameFormatRule.follows(name, prefix: "test_") }

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
