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

  /// Only while the page lists more findings: the details of the others are never shown.
  public var wantsFindingDetails: Bool { health?.listsMore ?? true }

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
  /// The list is read back and counted in parts on the run's threads, without the tests'
  /// strings, the parts' figures then added (on one thread, before the first finding, this was
  /// 1-2% of a health report's run); then the files with the first `limit` tests without
  /// assertions are decoded whole, in order, on one thread.
  func testFigures(listing limit: Int) -> HealthSummary.TestFigures {
    var figures = HealthSummary.TestFigures(limit: limit)
    guard let testList else {
      for test in tests { figures.add(test) }
      return figures
    }
    let parts = testList.parts(testList.threads * 8)
    // The figures, from the tests read without their strings, on the run's threads.
    let counted = Parallel.map(count: parts.count, threads: testList.threads) { part in
      var figures = HealthSummary.TestFigures(limit: 0)
      testList.forEachFile(
        in: parts[part], conventional: HealthSummary.isConventionalName, wantsWhole: { false }, whole: { _ in },
        counted: { tests in for test in tests { figures.add(test) } })
      return figures
    }
    for part in counted { figures.add(part) }
    // The first `limit` tests without assertions, decoded whole from the first parts on: only
    // the files that have them, until there are enough (each part listing its own first
    // `limit` decoded most of a tree where many tests have none).
    var listed: [InventoryEntry] = []
    for part in parts.indices where listed.count < limit && counted[part].withoutAssertions > 0 {
      testList.forEachFile(
        in: parts[part], conventional: { _ in false }, wantsWhole: { listed.count < limit },
        whole: { tests in
          for test in tests where test.assertions == 0 && listed.count < limit { listed.append(test) }
        }, counted: { _ in }, until: { listed.count >= limit })
    }
    figures.list(listed)
    return figures
  }
}
