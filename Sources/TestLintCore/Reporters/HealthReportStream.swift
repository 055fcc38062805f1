/// The `html` and `markdown` reports in the one pass over the findings: each file's findings
/// go to a `HealthAccumulator`, which counts them all and keeps only what the page lists
/// (`ReportLimits`); the document is written at the end.
///
/// A file's findings are counted by rule and severity on the thread that decoded them
/// (`render(_:into:marks:)`: the counts are the part's marks, its bytes empty); the pass adds
/// those few numbers in order (`file(_:rendered:to:)`). Counted in order, finding by finding,
/// on the pass's one thread, they were most of a health report's work beyond `text`'s on a
/// tree of many findings.
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

  /// Counts the file's findings ahead, into `marks`.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    health?.count(file.findings, into: &marks) ?? false
  }

  /// Adds the file's findings counted ahead.
  public mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter) {
    health?.add(path: file.path, findings: file.findings, counted: rendered.marks)
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
    // The document lists no finding: none is kept for a list.
    health = HealthAccumulator(
      rules: header.rules, tests: header.testFigures(listing: maxRows), limits: ReportLimits(perFile: 0, total: 0))
  }

  /// Counts the file's findings.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    health?.add(path: file.path, findings: file.findings)
  }

  /// Counts the file's findings ahead, into `marks`.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    health?.count(file.findings, into: &marks) ?? false
  }

  /// Adds the file's findings counted ahead.
  public mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter) {
    health?.add(path: file.path, findings: file.findings, counted: rendered.marks)
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
  ///
  /// The list is read back and counted in parts on the run's threads (each part's tests in
  /// order, its first `limit` without assertions kept), the parts' figures then added in order:
  /// on one thread, before the first finding, this was 1-2% of a health report's run.
  func testFigures(listing limit: Int) -> HealthSummary.TestFigures {
    var figures = HealthSummary.TestFigures(limit: limit)
    guard let testList else {
      for test in tests { figures.add(test) }
      return figures
    }
    let parts = testList.parts(testList.threads * 8)
    let counted = Parallel.map(count: parts.count, threads: testList.threads) { part in
      var figures = HealthSummary.TestFigures(limit: limit)
      // Only the tests that may be listed are read back with their names.
      testList.forEachFile(
        in: parts[part], conventional: HealthSummary.isConventionalName,
        wantsWhole: { figures.listsMore }, whole: { tests in for test in tests { figures.add(test) } },
        counted: { tests in for test in tests { figures.add(test) } })
      return figures
    }
    for part in counted { figures.add(part) }
    return figures
  }
}
