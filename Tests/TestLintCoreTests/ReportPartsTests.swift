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
