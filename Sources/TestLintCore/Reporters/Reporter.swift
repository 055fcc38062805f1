/// Turns a stream of findings into the bytes of one output format. Pure: no I/O, no state
/// beyond what one report needs (never all its findings).
///
/// A report is written in one pass: `begin` with the run's header, then `file` once for each
/// path in report order (sorted by path; each file's findings sorted by line, column and rule),
/// then `end` with the totals. Each writes into a `ReportWriter`, which passes the bytes on as
/// they come. `render(_:)` runs the same pass over a whole `LintResult` into a string.
public protocol Reporter: Sendable {
  /// The name used with `--reporter NAME`.
  static var name: String { get }
  /// Whether the report reads the findings' test, suite or snippet (the run keeps them only
  /// when some reporter does).
  var readsFindingDetails: Bool { get }
  /// Whether the next file's findings need their details: a run may leave them out of files
  /// past the first (`LintEngine.detailsFiles`), and the pass then finds them again for the
  /// files a reporter still wants them for (`html`: until its list is full).
  var wantsFindingDetails: Bool { get }
  /// Whether `begin` reads `ReportHeader.totals` (counted in a pass of its own before the
  /// findings stream).
  var needsTotals: Bool { get }
  /// Whether `file` is called for files without findings or errors too.
  var listsCleanFiles: Bool { get }
  /// Writes what comes before the findings.
  mutating func begin(_ header: ReportHeader, to output: inout ReportWriter)
  /// Writes one path's findings and errors.
  mutating func file(_ file: ReportedFile, to output: inout ReportWriter)
  /// Writes what comes after the findings.
  mutating func end(_ totals: ReportTotals, to output: inout ReportWriter)
  /// Renders `file`'s part ahead, on a worker thread, into `part` (a writer in the JSON state
  /// of the report's after `begin`, as if an element came before), reading none of the state
  /// the files before it leave; `marks` are offsets into the part for `file(_:rendered:to:)`.
  /// Returns false when the reporter cannot (the default): `file(_:to:)` then renders the part
  /// in order. Called on a copy of the reporter made after `begin`.
  func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool
  /// Writes `file`'s part rendered ahead by `render`, in report order (the default writes its
  /// bytes as they are).
  mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter)
}

/// One file's part of a report rendered ahead on a worker thread (`Reporter.render`).
public struct RenderedFile: Sendable {
  /// The part's bytes.
  public var bytes: [UInt8]
  /// Offsets into `bytes` the reporter marked.
  public var marks: [Int]

  /// A part of `bytes` with `marks`.
  public init(bytes: [UInt8], marks: [Int] = []) {
    self.bytes = bytes
    self.marks = marks
  }
}

extension Reporter {
  /// Reads details unless the reporter says otherwise.
  public var readsFindingDetails: Bool { true }
  /// Every file's details when it reads any, unless the reporter says otherwise.
  public var wantsFindingDetails: Bool { readsFindingDetails }
  /// No totals before the findings unless the reporter says otherwise.
  public var needsTotals: Bool { false }
  /// Only files with findings or errors unless the reporter says otherwise.
  public var listsCleanFiles: Bool { false }
  /// No part rendered ahead unless the reporter says otherwise.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    false
  }
  /// The part as it was rendered.
  public mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter) {
    output.write(part: rendered.bytes)
  }

  /// Renders the whole report of `result` (for tests and library users): the same pass as the
  /// command line's, into a string.
  public func render(_ result: LintResult) -> String {
    var reporter = self
    var output = ReportWriter()
    let header = ReportHeader(
      rules: result.rules, errors: result.errors, fileCount: result.files.count, tests: result.tests,
      totals: FindingTotals(result.findings, rules: result.rules))
    reporter.begin(header, to: &output)
    // As the command line's pass: parts rendered ahead by a copy made after `begin`.
    let ahead = reporter
    var totals = ReportTotals(errors: result.errors, fileCount: result.files.count)
    for file in ReportedFile.files(of: result) {
      totals.count(file.findings)
      var part = ReportWriter(partOf: output)
      var marks: [Int] = []
      if !file.findings.isEmpty, file.errors.isEmpty, ahead.render(file, into: &part, marks: &marks) {
        reporter.file(file, rendered: RenderedFile(bytes: part.bytes, marks: marks), to: &output)
      } else {
        reporter.file(file, to: &output)
      }
    }
    reporter.end(totals, to: &output)
    return output.text
  }
}

/// What a report knows before its findings.
public struct ReportHeader: Sendable {
  /// The rules that were enabled for the run, sorted by id.
  public var rules: [RuleDescription]
  /// Problems that stopped a file (or the configuration) from being read, sorted.
  public var errors: [Diagnostic]
  /// How many files were linted.
  public var fileCount: Int
  /// Every test found, with its assertion count, sorted by file and line (for the health
  /// reports; empty unless one is requested).
  public var tests: [InventoryEntry]
  /// The run's tests read back file by file as the health reports count them, instead of
  /// `tests` (the command line's run: `TestList`).
  var testList: TestList?
  /// The counts of the findings to come, when a reporter needs them first (`needsTotals`).
  public var totals: FindingTotals?

  /// Creates a header.
  public init(
    rules: [RuleDescription], errors: [Diagnostic], fileCount: Int, tests: [InventoryEntry] = [],
    totals: FindingTotals? = nil
  ) {
    self.rules = rules
    self.errors = errors
    self.fileCount = fileCount
    self.tests = tests
    self.totals = totals
  }
}

/// The findings of a report counted ahead of them.
public struct FindingTotals: Sendable {
  /// Findings at error severity.
  public var errors = 0
  /// Findings at warning severity.
  public var warnings = 0
  /// Rules that findings name but the run's rules do not, in the order first named, each with
  /// the severity of its first finding.
  public var otherRules: [RuleDescription] = []
  /// The ids known so far (the run's rules and `otherRules`).
  private var known: Set<String>

  /// Totals of no findings yet; `rules` are the run's rules.
  public init(rules: [RuleDescription]) {
    known = Set(rules.map(\.id))
  }

  /// The totals of `findings`.
  public init(_ findings: [Finding], rules: [RuleDescription]) {
    self.init(rules: rules)
    add(findings)
  }

  /// Counts `findings`.
  public mutating func add(_ findings: [Finding]) {
    for finding in findings {
      if finding.severity == .error { errors += 1 } else { warnings += 1 }
      if !known.contains(finding.ruleID) {
        known.insert(finding.ruleID)
        otherRules.append(
          RuleDescription(id: finding.ruleID, summary: "", defaultSeverity: finding.severity))
      }
    }
  }
}

/// One path of a report: its findings and errors (either may be empty).
public struct ReportedFile: Sendable {
  /// The path as reports print it.
  public var path: String
  /// The findings whose path this is, sorted.
  public var findings: [Finding]
  /// The problems whose path this is, sorted.
  public var errors: [Diagnostic]

  /// Creates a file's part of a report.
  public init(path: String, findings: [Finding], errors: [Diagnostic] = []) {
    self.path = path
    self.findings = findings
    self.errors = errors
  }

  /// The paths of `result` in report order: every linted file, every path of a finding or an
  /// error, sorted; the findings of each in their order in `result`.
  static func files(of result: LintResult) -> [ReportedFile] {
    var files: [String: ReportedFile] = [:]
    for path in result.files { files[path] = ReportedFile(path: path, findings: []) }
    for finding in result.findings {
      files[finding.path, default: ReportedFile(path: finding.path, findings: [])].findings.append(finding)
    }
    for error in result.errors {
      files[error.path, default: ReportedFile(path: error.path, findings: [])].errors.append(error)
    }
    return files.values.sorted { $0.path < $1.path }
  }
}

/// What a report knows after its findings.
public struct ReportTotals: Sendable {
  /// Findings reported.
  public var findings = 0
  /// Of which at error severity.
  public var errorFindings = 0
  /// Every problem of the run, sorted: the header's, and those found while the findings were
  /// read back.
  public var errors: [Diagnostic]
  /// How many files were linted.
  public var fileCount: Int

  /// Totals of no findings yet.
  public init(errors: [Diagnostic], fileCount: Int) {
    self.errors = errors
    self.fileCount = fileCount
  }

  /// Counts `findings`.
  public mutating func count(_ findings: [Finding]) {
    self.findings += findings.count
    for finding in findings where finding.severity == .error { errorFindings += 1 }
  }
}
