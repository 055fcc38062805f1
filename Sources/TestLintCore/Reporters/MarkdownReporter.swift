/// The `markdown` reporter: a summary for a pull-request comment or a CI job summary.
///
/// A headline with the findings by severity, a table of findings per rule, a table of the
/// files with the most findings (the first ``maxRows``, then "and N more"), the test health
/// figures (tests per framework, assertions per test, the share of XCTest names following
/// `test_<condition>_<expectedResult>`), the tests without assertions and the files that could
/// not be linted. It lists no finding, so it stays a few kilobytes however many there are (4 KB
/// for 150,000), and `--report-limit` does not change it. Every piece of user text goes through
/// ``MarkdownEscaping``, so a message can never add markup, break a table or mention someone.
/// Output is deterministic.
public struct MarkdownReporter: Reporter {
  /// The name used with `--reporter markdown`.
  public static let name = "markdown"

  /// It counts findings and never shows their test, suite or snippet, so the run need not keep
  /// them.
  public var readsFindingDetails: Bool { false }

  /// The most rows a list or the per-file table shows before "and N more".
  public var maxRows: Int

  /// The report's figures as the findings stream (`HealthReportStream.swift`).
  var health: HealthAccumulator?

  /// Creates the reporter.
  public init(maxRows: Int = 10) {
    self.maxRows = max(1, maxRows)
  }

  /// The Markdown document, ending in a newline.
  public func render(_ result: LintResult) -> String {
    render(
      HealthAccumulator(result).summary(errors: result.errors, fileCount: result.files.count),
      errors: result.errors)
  }

  /// The document of the figures `summary`, `errors` the problems that stopped a file.
  func render(_ summary: HealthSummary, errors: [Diagnostic]) -> String {
    var sections = ["## testlint report", Self.headline(summary)]
    if summary.findings > 0 {
      sections.append(Self.ruleTable(summary))
      sections.append(fileTable(summary))
    }
    sections.append(Self.healthTable(summary))
    if summary.testsWithoutAssertionsCount > 0 {
      sections.append(testsWithoutAssertions(summary))
    }
    if !errors.isEmpty { sections.append(errorList(errors)) }
    return sections.joined(separator: "\n\n") + "\n"
  }
}

private extension MarkdownReporter {
  typealias Text = MarkdownEscaping

  /// The delimiter row of a table whose first column is text and the others counts.
  static let alignment = "| :--- | ---: | ---: |"

  static func headline(_ summary: HealthSummary) -> String {
    var parts: [String] = []
    if summary.findings == 0 {
      parts.append("**No findings** in \(HealthSummary.counted(summary.lintedFiles, "file"))")
    } else {
      parts.append(
        "**\(HealthSummary.counted(summary.findings, "finding"))**: "
          + "\(HealthSummary.counted(summary.errors, "error")), "
          + "\(HealthSummary.counted(summary.warnings, "warning")) in "
          + "\(summary.files.count) of \(HealthSummary.counted(summary.lintedFiles, "file"))")
    }
    if summary.readErrors > 0 {
      let files = HealthSummary.counted(summary.readErrors, "file")
      parts.append("\(files) could not be linted")
    }
    parts.append(HealthSummary.counted(summary.tests, "test"))
    return parts.joined(separator: " · ")
  }

  static func ruleTable(_ summary: HealthSummary) -> String {
    var lines = ["### Findings per rule", "", "| Rule | Errors | Warnings |", Self.alignment]
    for row in summary.rules where row.total > 0 {
      lines.append("| \(Text.inline(row.key)) | \(row.errors) | \(row.warnings) |")
    }
    return lines.joined(separator: "\n")
  }

  func fileTable(_ summary: HealthSummary) -> String {
    var lines = ["### Findings per file", "", "| File | Errors | Warnings |", Self.alignment]
    for row in summary.files.prefix(maxRows) {
      lines.append("| \(Text.inline(row.key)) | \(row.errors) | \(row.warnings) |")
    }
    let rest = summary.files.dropFirst(maxRows)
    if !rest.isEmpty {
      let findings = rest.reduce(0) { $0 + $1.total }
      lines.append("")
      lines.append(
        "…and \(HealthSummary.counted(rest.count, "more file")) with "
          + "\(HealthSummary.counted(findings, "finding")).")
    }
    return lines.joined(separator: "\n")
  }

  static func healthTable(_ summary: HealthSummary) -> String {
    let none = "–"
    let names: String
    if summary.xctestTests == 0 {
      names = none
    } else {
      let share = HealthSummary.percent(summary.conventionalNames, of: summary.xctestTests)
      names = "\(summary.conventionalNames) of \(summary.xctestTests) (\(share)%)"
    }
    let rows: [(String, String)] = [
      ("Tests found", String(summary.tests)),
      ("XCTest", String(summary.xctestTests)),
      ("Swift Testing", String(summary.swiftTestingTests)),
      ("Assertions per test, mean", summary.meanAssertions.map(HealthSummary.decimal) ?? none),
      (
        "Assertions per test, median",
        summary.medianAssertions.map(HealthSummary.decimal) ?? none
      ),
      ("Tests without assertions", String(summary.testsWithoutAssertionsCount)),
      ("XCTest names in the form `test_<condition>_<expectedResult>`", names),
    ]
    var lines = ["### Test health", "", "| Figure | Value |", "| :--- | ---: |"]
    lines += rows.map { "| \($0.0) | \($0.1) |" }
    return lines.joined(separator: "\n")
  }

  func testsWithoutAssertions(_ summary: HealthSummary) -> String {
    let tests = summary.testsWithoutAssertions
    var lines = ["### Tests without assertions", ""]
    for test in tests.prefix(maxRows) {
      lines.append(
        "- \(Text.inline(HealthSummary.qualifiedName(test))) "
          + "(\(Text.inline(test.file)):\(test.line))")
    }
    let count = summary.testsWithoutAssertionsCount
    if count > maxRows {
      lines.append("- …and \(count - maxRows) more")
    }
    return lines.joined(separator: "\n")
  }

  func errorList(_ errors: [Diagnostic]) -> String {
    var lines = ["### Files that could not be linted", ""]
    for error in errors.prefix(maxRows) {
      lines.append(
        "- \(Text.inline(error.path)):\(error.line):\(error.column): \(Text.inline(error.message))")
    }
    if errors.count > maxRows {
      lines.append("- …and \(errors.count - maxRows) more")
    }
    return lines.joined(separator: "\n")
  }
}
