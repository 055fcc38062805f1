/// The `html` and `markdown` reports in the one pass over the findings.
///
/// TEMPORARY until `HealthAccumulator` (branch `health`) lands: it keeps the findings and
/// renders the whole result at the end, as the reports did before streaming.
struct HealthStream: Sendable {
  /// What `begin` said.
  var header = ReportHeader(rules: [], errors: [], fileCount: 0)
  /// The findings so far.
  var findings: [Finding] = []

  /// The result to render once the findings are in.
  func result(_ totals: ReportTotals) -> LintResult {
    LintResult(
      findings: findings, errors: totals.errors, files: Array(repeating: "", count: totals.fileCount),
      rules: header.rules, tests: header.tests)
  }
}

extension HTMLReporter {
  /// Starts the figures.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    health = HealthStream(header: header)
  }

  /// Counts the file's findings.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    health.findings += file.findings
  }

  /// The page.
  public mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write(render(health.result(totals)))
    health = HealthStream()
  }
}

extension MarkdownReporter {
  /// Starts the figures.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    health = HealthStream(header: header)
  }

  /// Counts the file's findings.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    health.findings += file.findings
  }

  /// The document.
  public mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write(render(health.result(totals)))
    health = HealthStream()
  }
}
