/// How many findings the `html` report lists: at most `perFile` of each file and `total` in
/// all (`--report-limit N` sets `total`). Every count and chart counts all findings whatever
/// the limits; only the lists are cut, and each cut says how much it leaves out.
public struct ReportLimits: Sendable, Hashable {
  /// The most findings listed for one file.
  public var perFile = 50
  /// The most findings listed in the whole report; also the most rows of the report's other
  /// lists (files not listed, tests without assertions, files that could not be linted).
  public var total = 5_000

  /// Creates limits (a negative value counts as 0).
  public init(perFile: Int = 50, total: Int = 5_000) {
    self.perFile = max(0, perFile)
    self.total = max(0, total)
  }
}

/// The health reports (`markdown` and `html`) built as findings stream in, file by file.
///
/// Feed it each file's findings once, in report order (path, line, column, rule), then ask for
/// a report. It keeps a counter per rule and per file, and at most `limits.total` findings to
/// list (``FindingListing``), so its memory does not grow with the number of findings: the
/// figures and charts are exact at any size, the lists are cut at the limits.
public struct HealthAccumulator: Sendable {
  /// The figures of the run's tests.
  private let tests: HealthSummary.TestFigures
  /// Findings counted by severity, rule and file.
  private var tally: HealthSummary.Tally
  /// The findings the `html` report lists, within the limits.
  private var listing: FindingListing
  /// The enabled rules' ids, and each one's index among them (`count(_:into:)`).
  private let ruleIDs: [String]
  private let ruleIndex: [String: Int]

  /// Starts the reports of a run with these enabled rules and tests.
  public init(
    rules: [RuleDescription], tests: [InventoryEntry], limits: ReportLimits = ReportLimits()
  ) {
    self.init(rules: rules, tests: HealthSummary.TestFigures(tests), limits: limits)
  }

  /// Starts the reports of a run with these enabled rules and the figures of its tests.
  init(rules: [RuleDescription], tests: HealthSummary.TestFigures, limits: ReportLimits = ReportLimits()) {
    self.tests = tests
    tally = HealthSummary.Tally(rules: rules)
    listing = FindingListing(limits: limits)
    ruleIDs = rules.map(\.id)
    ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
  }

  /// Counts (and lists, within the limits) the findings of the file at `path`, in report order.
  /// A file without findings may be added or left out: it changes nothing.
  public mutating func add(path: String, findings: [Finding]) {
    guard !findings.isEmpty else { return }
    let errors = tally.add(path: path, findings: findings)
    listing.add(path: path, findings: findings, errors: errors)
  }

  /// Counts a file's `findings` by rule and severity into `counts`, on any thread (a health
  /// report's part rendered ahead, `Reporter.render`): its errors, then for each of its rules
  /// the rule's index among the enabled rules, its errors and its warnings. False when a
  /// finding names a rule that is not enabled (then the file is counted in order, `add`).
  func count(_ findings: [Finding], into marks: inout [Int]) -> Bool {
    var counts = [0]
    defer { marks += counts }
    var last = (id: "", at: 0)
    for index in findings.indices {
      let isError = findings[index].severity == .error
      if isError { counts[0] += 1 }
      // Findings of one rule often follow each other: the id is looked up once for them.
      if last.at == 0 || findings[index].ruleID != last.id {
        guard let rule = ruleIndex[findings[index].ruleID] else { return false }
        var at = 1
        while at < counts.count, counts[at] != rule { at += 3 }
        if at >= counts.count { counts += [rule, 0, 0] }
        last = (findings[index].ruleID, at)
      }
      counts[last.at + (isError ? 1 : 2)] += 1
    }
    return true
  }

  /// `add(path:findings:)` of a file whose findings `count(_:into:)` counted in `counts`.
  mutating func add(path: String, findings: [Finding], counted counts: [Int]) {
    guard !findings.isEmpty, let errors = counts.first else { return }
    var at = 1
    while at + 2 < counts.count {
      tally.add(rule: ruleIDs[counts[at]], errors: counts[at + 1], warnings: counts[at + 2])
      at += 3
    }
    tally.add(path: path, errors: errors, warnings: findings.count - errors)
    listing.add(path: path, findings: findings, errors: errors)
  }

  /// Whether the next file's findings may be listed (the lists are not full yet).
  var listsMore: Bool { listing.listsMore }

  /// The `html` report of the run: `fileCount` files linted, `errors` the problems that stopped
  /// a file (or the configuration) from being read.
  public func html(errors: [Diagnostic], fileCount: Int) -> String {
    HTMLReporter.page(summary(errors: errors, fileCount: fileCount), listing, errors: errors)
  }

  /// The `markdown` report of the run: `fileCount` files linted, `errors` the problems that
  /// stopped a file (or the configuration) from being read. It lists no finding, so the limits
  /// do not change it.
  public func markdown(errors: [Diagnostic], fileCount: Int) -> String {
    MarkdownReporter().render(summary(errors: errors, fileCount: fileCount), errors: errors)
  }

  /// The figures of what was added.
  func summary(errors: [Diagnostic], fileCount: Int) -> HealthSummary {
    HealthSummary(tally, tests: tests, lintedFiles: fileCount, readErrors: errors.count)
  }
}

extension HealthAccumulator {
  /// The accumulator of a whole result, its findings added file by file as the reporters
  /// always grouped them (files by path, each file's findings sorted).
  init(_ result: LintResult, limits: ReportLimits = ReportLimits()) {
    self.init(rules: result.rules, tests: result.tests, limits: limits)
    var byFile: [String: [Finding]] = [:]
    for finding in result.findings { byFile[finding.path, default: []].append(finding) }
    for path in byFile.keys.sorted() {
      add(path: path, findings: byFile[path, default: []].sorted())
    }
  }
}

/// The findings the `html` report lists: each file's first `limits.perFile`, up to
/// `limits.total` in all; for each file cut, how many errors and warnings it leaves out; and
/// the files none of whose findings fit (the first `limits.total` of them with their counts,
/// then only how many more files and findings).
struct FindingListing: Sendable {
  /// A file with findings listed.
  struct File: Sendable {
    /// The file's path.
    var path: String
    /// All the file's errors.
    var errors: Int
    /// All the file's warnings.
    var warnings: Int
    /// Its findings listed, the first of the file's findings.
    var listed: [Finding]
    /// Errors of the file not listed.
    var moreErrors: Int
    /// Warnings of the file not listed.
    var moreWarnings: Int
  }

  /// The limits the lists keep to.
  let limits: ReportLimits
  /// Files with findings listed, in the order they came.
  private(set) var files: [File] = []
  /// Findings listed in all.
  private(set) var listedCount = 0
  /// Files with findings, none listed: the first `limits.total` of them.
  private(set) var unlisted: [HealthSummary.Row] = []
  /// Files with findings past those, none listed, and their findings.
  private(set) var beyond = (files: 0, findings: 0)

  /// Nothing listed yet.
  init(limits: ReportLimits) { self.limits = limits }

  /// Whether a file's findings added next would be listed.
  var listsMore: Bool { min(limits.perFile, limits.total - listedCount) > 0 }

  /// Lists what fits of a file's `findings`, `errors` of them errors.
  mutating func add(path: String, findings: [Finding], errors: Int) {
    let room = min(limits.perFile, limits.total - listedCount)
    guard room <= 0 else {
      let listed = Array(findings.prefix(room))
      let listedErrors = listed.count { $0.severity == .error }
      files.append(
        File(
          path: path, errors: errors, warnings: findings.count - errors, listed: listed,
          moreErrors: errors - listedErrors,
          moreWarnings: findings.count - errors - (listed.count - listedErrors)))
      listedCount += listed.count
      return
    }
    if unlisted.count < limits.total {
      unlisted.append(
        HealthSummary.Row(key: path, errors: errors, warnings: findings.count - errors))
    } else {
      beyond.files += 1
      beyond.findings += findings.count
    }
  }
}
