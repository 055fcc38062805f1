import Foundation
import TestLintCore
import XCTest

/// Tests of the health reports built as findings stream in (`HealthAccumulator`): the same
/// pages as from a whole result under the limits, lists cut at the limits with "N more", exact
/// figures at any size, and a Markdown report the limits never change.
final class HealthAccumulatorTests: XCTestCase {
  // MARK: Under the limits, the reports of today

  func test_findingsAddedFileByFile_matchGoldenFiles() throws {
    for (result, prefix) in Self.goldenResults {
      let reports = Self.streamed(result)
      XCTAssertEqual(
        reports.html(errors: result.errors, fileCount: result.files.count),
        try Self.golden("\(prefix).html"))
      XCTAssertEqual(
        reports.markdown(errors: result.errors, fileCount: result.files.count),
        try Self.golden("\(prefix).md"))
    }
  }

  func test_limitsJustReached_leaveHTMLUnchanged() throws {
    // The normal result has 5 findings, at most 3 in one file.
    let result = HealthReporterTests.normalResult
    let html = HTMLReporter(limits: ReportLimits(perFile: 3, total: 5)).render(result)
    XCTAssertEqual(html, try Self.golden("health-normal.html"))
  }

  func test_reportLimits_leaveMarkdownUnchanged() throws {
    for (result, prefix) in Self.goldenResults {
      let reports = Self.streamed(result, limits: ReportLimits(perFile: 0, total: 0))
      XCTAssertEqual(
        reports.markdown(errors: result.errors, fileCount: result.files.count),
        try Self.golden("\(prefix).md"))
    }
  }

  func test_fileWithInterleavedRules_countsEachRuleBySeverity() {
    // A: rules a b a c b a d b (an error every third); B: b b a, all errors.
    let inA = [0, 1, 0, 2, 1, 0, 3, 1].enumerated().map {
      Self.finding(path: "Tests/ATests.swift", line: $0.offset + 1, rule: $0.element, error: $0.offset % 3 == 0)
    }
    let inB = [1, 1, 0].enumerated().map {
      Self.finding(path: "Tests/BTests.swift", line: $0.offset + 1, rule: $0.element, error: true)
    }
    let result = LintResult(
      findings: inA + inB, errors: [], files: ["Tests/ATests.swift", "Tests/BTests.swift"], rules: Self.rules)
    let markdown = Self.streamed(result).markdown(errors: [], fileCount: 2)
    let table = markdown.split(separator: "\n").filter { $0.hasPrefix("| rule\\_") }
    XCTAssertEqual(
      table, ["| rule\\_b | 2 | 3 |", "| rule\\_a | 2 | 2 |", "| rule\\_c | 1 | 0 |", "| rule\\_d | 1 | 0 |"])
    XCTAssertEqual(markdown, MarkdownReporter().render(result), "as counted from the whole result")
    // Through the protocol: each file's findings counted ahead, as the command line's pass does.
    XCTAssertEqual((MarkdownReporter() as any Reporter).render(result), markdown, "counted ahead")
  }

  func test_findingsCountedAheadOnWorkers_equalTheWholeResultsReports() {
    // Many files of interleaved rules and severities, and one finding of a rule not enabled
    // (that file is counted in order).
    var findings: [Finding] = []
    for file in 0..<40 {
      for line in 1...(file % 7 + 1) {
        findings.append(
          Self.finding(path: "Tests/F\(file)Tests.swift", line: line, rule: (file + line) % 4, error: line % 3 == 0))
      }
    }
    findings.append(
      Finding(ruleID: "other_rule", severity: .error, message: "m", path: "Tests/F7Tests.swift", line: 99, column: 1))
    let result = LintResult(
      findings: findings, errors: [], files: Array(Set(findings.map(\.path))).sorted(), rules: Self.rules)
    let reporters: [any Reporter] = [
      MarkdownReporter(), HTMLReporter(), HTMLReporter(limits: ReportLimits(perFile: 2, total: 25)),
    ]
    for reporter in reporters {
      // Through the protocol: the pass the command line runs, parts counted ahead.
      let streamed = reporter.render(result)
      let whole = reporter is MarkdownReporter
        ? MarkdownReporter().render(result) : (reporter as? HTMLReporter)?.render(result)
      XCTAssertEqual(streamed, whole, "\(type(of: reporter))")
      XCTAssertTrue(streamed.contains("other\\_rule") || streamed.contains("other_rule"))
    }
  }

  // MARK: Lists cut at the limits

  func test_fileOverPerFileLimit_listsItsFirstFindingsAndCountsTheRest() {
    let findings = (1...7).map {
      Self.finding(path: "Tests/ATests.swift", line: $0, error: $0 <= 2)
    }
    let html = Self.page(findings, limits: ReportLimits(perFile: 3, total: 100))
    XCTAssertEqual(Self.findingRows(html), ["1:1", "2:1", "3:1"], "the file's first three")
    XCTAssertTrue(
      html.contains(
        "<tr class=\"more\"><td class=\"muted\" colspan=\"4\">…and 4 more findings in this file, "
          + "not listed (0 errors, 4 warnings)</td></tr>"), "the rest counted")
    XCTAssertTrue(
      html.contains("<span class=\"counts\">2 errors, 5 warnings</span>"),
      "the file's counts are all of them")
    XCTAssertTrue(
      html.contains("<p class=\"limit\">This page lists 3 of 7 findings"), "the cut is said")
  }

  func test_totalLimitReached_listsFilesUpToItAndCountsTheRest() {
    // Limits 2 a file, 3 in all: A lists 2 of 3, B 1 of 2; C, D and E are counted in the table
    // of files not listed (3 rows at most), F only in its last line.
    let counts = [("A", 3), ("B", 2), ("C", 1), ("D", 2), ("E", 1), ("F", 4)]
    let findings = counts.flatMap { name, count in
      (1...count).map { Self.finding(path: "Tests/\(name)Tests.swift", line: $0, error: $0 == 2) }
    }
    let html = Self.page(findings, limits: ReportLimits(perFile: 2, total: 3))
    XCTAssertEqual(Self.findingRows(html), ["1:1", "2:1", "1:1"], "3 in all")
    XCTAssertEqual(
      html.components(separatedBy: "<details class=\"file\"").count - 1, 2, "A and B are listed")
    XCTAssertTrue(
      html.contains("…and 1 more finding in this file, not listed (0 errors, 1 warning)"),
      "A's rest")
    XCTAssertTrue(
      html.contains("…and 1 more finding in this file, not listed (1 error, 0 warnings)"),
      "B's rest")
    XCTAssertTrue(html.contains("Files whose findings are not listed (4)"), "C to F")
    XCTAssertTrue(
      html.contains(
        "<tr><td><span class=\"path\">Tests/DTests.swift</span></td><td class=\"num\">1</td>"
          + "<td class=\"num\">1</td></tr>"), "D with its counts")
    XCTAssertTrue(
      html.contains("…and 1 more file with 4 findings, not listed."), "F past the table")
    XCTAssertFalse(html.contains("FTests"), "F is not named")
    XCTAssertTrue(html.contains("rule_a (13)"), "the filter counts every finding")
  }

  func test_longListsOfTestsAndErrors_cutAtTotalLimit() {
    let tests = (1...5).map {
      InventoryEntry(
        file: "Tests/ATests.swift", suite: "ATests", name: "test_\($0)_x", framework: .xctest,
        line: $0, assertions: 0)
    }
    let errors = (1...4).map {
      Diagnostic(path: "Tests/Bad\($0).swift", message: "cannot read file")
    }
    let reports = HealthAccumulator(
      rules: [], tests: tests, limits: ReportLimits(perFile: 2, total: 2))
    let html = reports.html(errors: errors, fileCount: 9)
    XCTAssertTrue(html.contains("<h2>Tests without assertions (5)</h2>"), "all of them counted")
    XCTAssertEqual(html.components(separatedBy: "<td>XCTest</td>").count - 1, 2, "two listed")
    XCTAssertTrue(html.contains("…and 3 more, not listed</td></tr>"), "the rest of the tests")
    XCTAssertTrue(
      html.contains("<h2>Files that could not be linted (4)</h2>"), "all of them counted")
    XCTAssertEqual(
      html.components(separatedBy: "cannot read file</span>").count - 1, 2, "two listed")
    XCTAssertTrue(
      html.contains("<li class=\"more muted\">…and 2 more, not listed</li>"),
      "the rest of the errors")
  }

  // testlint:disable:next indiscrete_test - one behaviour: every long part is rendered lazily
  func test_longLists_areRenderedOnlyNearTheScreen() throws {
    // 3 files of 4, 2 and 1 findings (2 a file listed, 3 in all), 5 tests without assertions,
    // 4 files that could not be linted: every list of the page.
    let findings = [("A", 4), ("B", 2), ("C", 1)].flatMap { name, count in
      (1...count).map { Self.finding(path: "Tests/\(name)Tests.swift", line: $0, error: false) }
    }
    var reports = HealthAccumulator(
      rules: Self.rules,
      tests: (1...5).map {
        InventoryEntry(
          file: "Tests/ATests.swift", suite: "ATests", name: "test_\($0)_x", framework: .xctest,
          line: $0, assertions: 0)
      }, limits: ReportLimits(perFile: 2, total: 3))
    for path in ["A", "B", "C"].map({ "Tests/\($0)Tests.swift" }) {
      reports.add(path: path, findings: findings.filter { $0.path == path })
    }
    let html = reports.html(
      errors: (1...4).map { Diagnostic(path: "Tests/Bad\($0).swift", message: "cannot read file") },
      fileCount: 7)
    let style = try XCTUnwrap(html.components(separatedBy: "</style>").first)
    XCTAssertTrue(
      style.contains("details.file,.long{content-visibility:auto;"),
      "a file's findings and the long lists are laid out and painted only near the screen")
    XCTAssertTrue(
      html.contains(
        "<details class=\"file\" open=\"open\" style=\"contain-intrinsic-size:auto 23rem\">"),
      "A's 2 rows and its 'more' row: about 23rem tall until drawn, so the scroll bar is right")
    XCTAssertTrue(
      html.contains(
        "<details class=\"file\" open=\"open\" style=\"contain-intrinsic-size:auto 17rem\">"),
      "B's 1 row and its 'more' row")
    XCTAssertTrue(html.contains("<div class=\"long\" style="), "the files not listed")
    XCTAssertTrue(
      html.contains("<section id=\"tests-without-assertions\" class=\"long\" style="), "the tests")
    XCTAssertTrue(html.contains("<section id=\"errors\" class=\"long\" style="), "the errors")
  }

  // MARK: At size

  // testlint:disable:next indiscrete_test - one behaviour: every figure of one large report
  func test_twoHundredThousandFindings_countExactlyAndStaySmall() {
    var reports = HealthAccumulator(rules: Self.rules, tests: [], limits: ReportLimits())
    for file in 0..<20_000 {
      let path = "Tests/Module\(file / 100)/Feature\(file)Tests.swift"
      reports.add(
        path: path,
        findings: (0..<10).map {
          Self.finding(path: path, line: $0 + 1, rule: $0 % 4, error: $0 < 3)
        })
    }
    let html = reports.html(errors: [], fileCount: 25_000)
    XCTAssertLessThan(html.utf8.count, 10_000_000, "under 10 MB")
    XCTAssertEqual(
      html.components(separatedBy: "<tr class=\"finding\"").count - 1, 5_000, "5,000 listed")
    XCTAssertTrue(
      html.contains("200000 findings (60000 errors, 140000 warnings) in 20000 of 25000 files."),
      "the headline counts every finding")
    XCTAssertTrue(
      html.contains("<li class=\"error\"><strong>60000</strong>Errors</li>"), "the error card")
    for (rule, count) in [
      ("rule_a", 60_000), ("rule_b", 60_000), ("rule_c", 40_000), ("rule_d", 40_000),
    ] {
      XCTAssertTrue(html.contains("\(rule) (\(count))</label>"), "the filter counts \(rule)")
    }
    XCTAssertTrue(html.contains("This page lists 5000 of 200000 findings"), "the cut is said")
    XCTAssertTrue(html.contains("Files whose findings are not listed (19500)"), "500 files listed")
    XCTAssertTrue(
      html.contains("…and 14500 more files with 145000 findings, not listed."), "past the table")
    let markdown = reports.markdown(errors: [], fileCount: 25_000)
    XCTAssertTrue(
      markdown.contains(
        "**200000 findings**: 60000 errors, 140000 warnings in 20000 of 25000 files"),
      "the Markdown headline:\n\(markdown)")
    XCTAssertTrue(markdown.contains("| rule\\_a | 20000 | 40000 |"), "rule_a per severity")
    XCTAssertTrue(
      markdown.contains("…and 19990 more files with 199900 findings."), "the file table's rest")
    XCTAssertLessThan(markdown.utf8.count, 4_096, "a few kilobytes")
  }
}

// MARK: - Helpers

extension HealthAccumulatorTests {
  fileprivate static var goldenResults: [(LintResult, String)] {
    [
      (HealthReporterTests.normalResult, "health-normal"),
      (HealthReporterTests.hostileResult, "health-hostile"),
      (LintResult(findings: [], errors: [], files: [], rules: []), "health-empty"),
    ]
  }

  fileprivate static let rules = ["rule_a", "rule_b", "rule_c", "rule_d"].map {
    RuleDescription(id: $0, summary: "s", defaultSeverity: .warning)
  }

  /// A golden file of `HealthReporterTests`, read (never rewritten here).
  fileprivate static func golden(_ name: String) throws -> String {
    String(
      decoding: try Data(contentsOf: GoldenFile.folder.appendingPathComponent(name)), as: UTF8.self)
  }

  /// The reports of `result`, its findings added file by file in report order, as a streaming
  /// report adds them.
  fileprivate static func streamed(_ result: LintResult, limits: ReportLimits = ReportLimits())
    -> HealthAccumulator
  {
    var reports = HealthAccumulator(rules: result.rules, tests: result.tests, limits: limits)
    var start = 0
    let findings = result.findings.sorted()
    while start < findings.count {
      let end = findings[start...].firstIndex { $0.path != findings[start].path } ?? findings.count
      reports.add(path: findings[start].path, findings: Array(findings[start..<end]))
      start = end
    }
    return reports
  }

  /// A finding of `rule_a` (or the `rule`th rule) at `path:line:1`, with a message and snippet
  /// of typical length.
  fileprivate static func finding(path: String, line: Int, rule: Int = 0, error: Bool) -> Finding {
    Finding(
      ruleID: rules[rule].id, severity: error ? .error : .warning,
      message: "test 'test_loading_showsSpinner' asserts nothing; check its outcome",
      path: path, line: line, column: 1, test: "FeatureTests.test_loading_showsSpinner",
      suite: "FeatureTests", snippet: "func test_loading_showsSpinner() {")
  }

  /// The `html` page of `findings` (in report order) in files of their own.
  fileprivate static func page(_ findings: [Finding], limits: ReportLimits) -> String {
    let result = LintResult(
      findings: findings, errors: [], files: Array(Set(findings.map(\.path))).sorted(), rules: rules
    )
    return streamed(result, limits: limits).html(errors: [], fileCount: result.files.count)
  }

  /// The `line:column` of each finding row of a page.
  fileprivate static func findingRows(_ html: String) -> [String] {
    html.components(separatedBy: "<tr class=\"finding\"").dropFirst().map {
      $0.components(separatedBy: "<td class=\"num\">")[1].components(separatedBy: "</td>")[0]
    }
  }
}
