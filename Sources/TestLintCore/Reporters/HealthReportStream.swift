/// The `html` and `markdown` reports in the one pass over the findings: each file's findings
/// go to a `HealthAccumulator`, which counts them all and keeps only what the page lists
/// (`ReportLimits`); the document is written at the end.
extension HTMLReporter {
  /// Starts the figures.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    health = HealthAccumulator(
      rules: header.rules, tests: header.testFigures(listing: limits.total), limits: limits)
  }

  /// Counts the file's findings.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    health?.add(path: file.path, findings: file.findings)
  }

  /// The page.
  public mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    guard let health else { return }
    output.write(health.html(errors: totals.errors, fileCount: totals.fileCount))
    self.health = nil
  }
}

extension MarkdownReporter {
  /// Starts the figures.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    health = HealthAccumulator(rules: header.rules, tests: header.testFigures(listing: maxRows))
  }

  /// Counts the file's findings.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    health?.add(path: file.path, findings: file.findings)
  }

  /// The document.
  public mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    guard let health else { return }
    output.write(
      render(health.summary(errors: totals.errors, fileCount: totals.fileCount), errors: totals.errors))
    self.health = nil
  }
}

extension ReportHeader {
  /// The figures of the run's tests, with the first `limit` tests without assertions: counted
  /// as they are read back (`testList`), or from `tests`.
  func testFigures(listing limit: Int) -> HealthSummary.TestFigures {
    var figures = HealthSummary.TestFigures(limit: limit)
    if let testList {
      testList.forEachFile { tests in
        for test in tests { figures.add(test) }
      }
    } else {
      for test in tests { figures.add(test) }
    }
    return figures
  }
}
