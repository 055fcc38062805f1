@testable import TestLintCore
import XCTest

/// Each file's part of a report is rendered ahead on the thread that decoded it
/// (`Reporter.render`) and only written in order by the pass: the report must be the one the
/// reporter writes file by file in order, whatever the findings hold.
final class ReportPartsTests: XCTestCase {
  /// The reporters that render parts ahead (the GitHub one with a small annotation limit, so
  /// the limit falls inside a file and the rest of the report is plain lines).
  static let reporters: [any Reporter] = [
    TextReporter(), JSONReporter(), SARIFReporter(pages: [:]), GitLabReporter(), CheckstyleReporter(),
    JUnitReporter(), JUnitReporter(includesLocation: true), GitHubReporter(annotationLimit: 3),
  ]

  func test_partsRenderedAhead_equalTheReportWrittenFileByFile() {
    let findings = Self.hostileFindings()
    XCTAssertGreaterThan(findings.slices.count, 2)
    for reporter in Self.reporters {
      let ahead = ReportPass.render(findings, reporter: reporter, threads: 2).text
      let inOrder = ReportPass.render(findings, reporter: InOrder(reporter: reporter), threads: 2).text
      XCTAssertEqual(ahead, inOrder, type(of: reporter).name)
      XCTAssertGreaterThan(ahead.utf8.count, 100_000, type(of: reporter).name)
    }
    // What the fixture is for: two files of one JUnit class name, GitHub lines made inert.
    let junit = ReportPass.render(findings, reporter: JUnitReporter(), threads: 2).text
    XCTAssertTrue(junit.contains("classname=\"a.b (2)\""))
    XCTAssertTrue(junit.contains("classname=\"é.ü\""))
    XCTAssertTrue(junit.contains("classname=\"Tests.File7\""))
    let github = ReportPass.render(findings, reporter: GitHubReporter(annotationLimit: 3), threads: 2).text
    XCTAssertTrue(github.contains("\n./::x.swift:"))
    XCTAssertTrue(github.contains("##\\u{5B}"))
  }

  func test_jsonReportersWithoutTemplates_writeTheSameBytes() {
    let findings = Self.hostileFindings()
    var sarif = SARIFReporter(pages: [:])
    var gitlab = GitLabReporter()
    var json = JSONReporter()
    sarif.usesTemplate = false
    gitlab.usesTemplate = false
    json.usesTemplate = false
    let pairs: [(any Reporter, any Reporter)] = [
      (SARIFReporter(pages: [:]), sarif), (GitLabReporter(), gitlab), (JSONReporter(), json),
    ]
    for (templated, plain) in pairs {
      let name = type(of: templated).name
      XCTAssertEqual(
        ReportPass.render(findings, reporter: templated, threads: 2).text,
        ReportPass.render(findings, reporter: plain, threads: 2).text, name)
      // Absolute paths (SARIF: no `uriBaseId`), a file with an error, no test nor suite, the
      // first element of a list, and a SARIF rule index unknown (no totals first).
      let result = LintResult(
        findings: [
          Finding(ruleID: "r", severity: .error, message: "m\"", path: "/abs/a.swift", line: 0, column: 0),
          Finding(ruleID: "q", severity: .warning, message: "é", path: "b.swift", line: 2, column: 3, test: "t"),
          Finding(ruleID: "r", severity: .warning, message: "x", path: "c.swift", line: 1, column: 1, suite: "S"),
        ],
        errors: [Diagnostic(path: "c.swift", message: "unreadable")], files: ["/abs/a.swift", "b.swift", "c.swift"],
        rules: [RuleDescription(id: "r", summary: "R", defaultSeverity: .warning)])
      XCTAssertEqual(templated.render(result), plain.render(result), name)
      XCTAssertEqual(Self.direct(templated, result), Self.direct(plain, result), name)
      XCTAssertTrue(Self.direct(templated, result).contains("\"q\""), name)
    }
  }

  func test_totalsFirst_fromTheEncodingEqualThoseOfDecodedFindings() {
    for otherRule in [false, true] {
      let findings = Self.hostileFindings(otherRule: otherRule)
      let rules = findings.codec.ruleIDs.map { RuleDescription(id: $0, summary: "", defaultSeverity: .warning) }
      let header = ReportHeader(rules: rules, errors: [], fileCount: findings.files.count)
      var decoding = ReportPass()
      decoding.include = { _, _ in true }
      // Without a filter they are read from the encoding; `include` makes them decoded.
      let read = ReportPass().countedTotals(findings, header: header, threads: 2)
      let decoded = decoding.countedTotals(findings, header: header, threads: 2)
      XCTAssertEqual(read.errors, decoded.errors)
      XCTAssertEqual(read.warnings, decoded.warnings)
      XCTAssertEqual(read.errors + read.warnings, findings.count)
      XCTAssertGreaterThan(read.errors, 0)
      XCTAssertEqual(read.otherRules.map(\.id), otherRule ? ["other:rule,x"] : [])
      XCTAssertEqual(decoded.otherRules.map(\.id), otherRule ? ["other:rule,x"] : [])
    }
  }
}

extension ReportPartsTests {
  /// A reporter that renders nothing ahead: every file goes through `file(_:to:)` in order.
  struct InOrder: Reporter {
    static var name: String { "in-order" }
    var reporter: any Reporter
    var readsFindingDetails: Bool { reporter.readsFindingDetails }
    var needsTotals: Bool { reporter.needsTotals }
    var listsCleanFiles: Bool { reporter.listsCleanFiles }
    mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) { reporter.begin(header, to: &output) }
    mutating func file(_ file: ReportedFile, to output: inout ReportWriter) { reporter.file(file, to: &output) }
    mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) { reporter.end(totals, to: &output) }
  }

  /// The report of `result` by `reporter` called file by file, with no totals first.
  static func direct(_ reporter: any Reporter, _ result: LintResult) -> String {
    var reporter = reporter
    var output = ReportWriter()
    reporter.begin(ReportHeader(rules: result.rules, errors: [], fileCount: result.files.count), to: &output)
    for file in ReportedFile.files(of: result) { reporter.file(file, to: &output) }
    reporter.end(ReportTotals(errors: result.errors, fileCount: result.files.count), to: &output)
    return output.text
  }

  /// About 4,500 findings in 60 files (several waves of slices), whose paths, messages, rule
  /// ids, tests and snippets hold what every format escapes.
  static func hostileFindings(otherRule: Bool = true) -> FindingsByFile {
    let codec = FindingCodec(ruleIDs: ["missing_assertion", "sleep_in_test"], keepsDetails: true)
    let store = FindingStore(memoryBytes: 1 << 20, chunkBytes: 1 << 16)
    let special = ["a/b.swift", "a.b.swift", " lead.swift", "::x.swift", "##[x.swift", "é/ü.swift", "q\"<&>'.swift"]
    let paths = (special + (0..<53).map { "Tests/File\($0).swift" }).sorted()
    let messages = [
      "plain message", "line\nbreak\r\n and % and 50%", "<tag a=\"1\" b='2'> & ]]>", "tab\there",
      "sep\u{2028}para\u{2029}", "c1 \u{85} \u{9F} nbsp\u{A0}", "bad \u{FFFE}\u{FFFF} \u{1B}[0m \u{7F}",
      "emoji 🧪 and é", "##[group]x", ":: notice", "comma, colon: here",
    ]
    let files = FileList(paths.map { FileEntry(path: $0, displayPath: $0) })
    var blocks: [FindingBlock] = []
    for (file, path) in paths.enumerated() {
      var found: [Finding] = []
      for index in 0..<75 {
        let rule = otherRule && index % 37 == 5 ? "other:rule,x" : index % 3 == 0 ? "sleep_in_test" : "missing_assertion"
        found.append(
          Finding(
            ruleID: rule, severity: index % 7 == 0 ? .error : .warning,
            message: messages[(index + file) % messages.count], path: path, line: 1 + index / 2,
            column: 1 + index % 2, test: index % 4 == 0 ? nil : "Suite.test\(index / 5)()",
            suite: index % 5 == 0 ? nil : "Suite", snippet: index % 6 == 0 ? "" : "XCTAssert(\(index % 3))"))
      }
      blocks.append(codec.encode(found.sorted(), path: path, file: file, store: store))
    }
    return FindingsByFile(blocks: blocks, codec: codec, store: store, files: files)
  }
}
