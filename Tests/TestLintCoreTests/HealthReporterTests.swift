import Foundation
import TestLintCore
import XCTest

/// Tests of the `markdown` and `html` reporters: golden files, the health figures, hostile input
/// that tries to inject markup, HTML that parses and loads nothing, and (when Chromium is
/// installed) a headless browser that renders the page without a console message.
///
/// Golden files live in `Fixtures/Reporters/health-*`; run with `TESTLINT_UPDATE_GOLDEN=1` to
/// rewrite them after an intended change, then review the diff.
final class HealthReporterTests: XCTestCase {
  // MARK: Golden files

  func test_normalResult_matchesGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.normalResult, named: "health-normal"))
  }

  func test_hostileResult_matchesGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.hostileResult, named: "health-hostile"))
  }

  func test_emptyResult_matchesGoldenFiles() throws {
    let result = LintResult(findings: [], errors: [], files: [], rules: [])
    try GoldenFile.assertMatches(Self.outputs(of: result, named: "health-empty"))
  }

  func test_registry_makesHealthReporters() {
    XCTAssertTrue(ReporterRegistry.names.contains("markdown"), "markdown is registered")
    XCTAssertTrue(ReporterRegistry.names.contains("html"), "html is registered")
    XCTAssertEqual(ReporterRegistry.names, ReporterRegistry.names.sorted(), "names stay sorted")
    XCTAssertTrue(ReporterRegistry.make("markdown") is MarkdownReporter, "markdown reporter")
    XCTAssertTrue(ReporterRegistry.make("html") is HTMLReporter, "html reporter")
  }

  // MARK: Health figures

  // testlint:disable:next indiscrete_test - one behaviour: every figure of one health summary
  func test_normalResult_countsHealthFigures() throws {
    let summary = HealthSummary(Self.normalResult)
    XCTAssertEqual(summary.errors, 2)
    XCTAssertEqual(summary.warnings, 3)
    XCTAssertEqual(summary.tests, 7)
    XCTAssertEqual(summary.xctestTests, 5)
    XCTAssertEqual(summary.swiftTestingTests, 2)
    XCTAssertEqual(summary.assertionCounts, [0, 0, 1, 2, 3, 4, 12])
    XCTAssertEqual(try XCTUnwrap(summary.meanAssertions), 22.0 / 7, accuracy: 1e-9)
    XCTAssertEqual(summary.medianAssertions, 2)
    XCTAssertEqual(
      summary.testsWithoutAssertions.map(\.name), ["test_login_succeeds", "emptyTest"])
    XCTAssertEqual(summary.conventionalNames, 3, "testParse and test_a_b_c_d do not follow it")
    XCTAssertEqual(
      summary.rules.map(\.key),
      ["missing_assertion", "test_name_format", "generic_xctassert", "api_mock_seeding"],
      "most findings first, errors break ties, then by id; enabled rules without findings last")
    XCTAssertEqual(summary.files.map(\.total), [3, 1, 1])
  }

  func test_evenTestCount_medianAveragesMiddleTwo() {
    let tests = [3, 1, 4, 2].map { Self.test("test_a_b", assertions: $0) }
    let summary = HealthSummary(
      LintResult(findings: [], errors: [], files: [], rules: [], tests: tests))
    XCTAssertEqual(summary.medianAssertions, 2.5)
    XCTAssertEqual(summary.meanAssertions, 2.5)
    XCTAssertTrue(
      MarkdownReporter().render(
        LintResult(findings: [], errors: [], files: [], rules: [], tests: tests)
      ).contains("| Assertions per test, median | 2.5 |"),
      "the median is printed with one decimal")
  }

  func test_nameConvention_matchesRuleDefaults() {
    let names = [
      ("test_login_succeeds", true), ("test_login_withBadPassword_fails", true),
      ("test_a_b_c_d", false), ("testLogin", false), ("test_login", false),
      ("test_login__fails", false), ("test_login_fails2", true), ("test_lögin_fällt", true),
      ("test_login_fails!", false),
    ]
    let tests = names.map { Self.test($0.0, assertions: 1) }
    let summary = HealthSummary(
      LintResult(findings: [], errors: [], files: [], rules: [], tests: tests))
    XCTAssertEqual(summary.conventionalNames, names.filter(\.1).count)
  }

  func test_manyFiles_listTopFilesAndRest() {
    let findings = (1...13).map { index in
      Finding(
        ruleID: "missing_assertion", severity: index.isMultiple(of: 2) ? .error : .warning,
        message: "m", path: "Tests/File\(index < 10 ? "0" : "")\(index).swift", line: 1,
        column: 1)
    }
    let result = LintResult(findings: findings, errors: [], files: [], rules: [])
    let markdown = MarkdownReporter(maxRows: 10).render(result)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| Tests/File") }
    XCTAssertEqual(rows.count, 10, "the first ten files")
    XCTAssertEqual(rows.first, "| Tests/File02\\.swift | 1 | 0 |", "files with errors first")
    XCTAssertTrue(
      markdown.contains("…and 3 more files with 3 findings."), "the rest summed up:\n\(markdown)")
  }

  // MARK: Markdown escaping

  func test_markdownEscaping_neutralizesMarkup() {
    XCTAssertEqual(
      MarkdownEscaping.inline("<b>&</b> | `x` *y* _z_ [a](b) #1 ~s~ $m$ \\ @team !x +-"),
      "&lt;b&gt;&amp;&lt;/b&gt; \\| \\`x\\` \\*y\\* \\_z\\_ \\[a\\]\\(b\\) \\#1 \\~s\\~ \\$m\\$ \\\\"
        + " @\u{2060}team \\!x \\+\\-")
  }

  func test_markdownEscaping_keepsOneLine() {
    XCTAssertEqual(
      MarkdownEscaping.inline("a\nb\r\nc\rd\u{2028}e\u{85}f\tg\u{1B}h\u{202E}i😀"),
      "a b c d e f g\\u{1B}h\\u{202E}i😀")
  }

  func test_hostileMarkdown_hasNoRawMarkup() {
    let markdown = MarkdownReporter().render(Self.hostileResult)
    XCTAssertFalse(markdown.contains("<script>"), "no raw script tag:\n\(markdown)")
    // The only `<` and `>` in the report belong to its own code span naming the convention.
    let ours = markdown.replacingOccurrences(of: "`test_<condition>_<expectedResult>`", with: "")
    XCTAssertFalse(ours.contains("<"), "no raw '<' from user text:\n\(markdown)")
    XCTAssertFalse(ours.contains(">"), "no raw '>' from user text:\n\(markdown)")
    XCTAssertFalse(
      markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
      "no control characters")
    XCTAssertFalse(markdown.contains("\u{202E}"), "no bidirectional override")
    XCTAssertNil(markdown.range(of: "@[A-Za-z]", options: .regularExpression), "no mention")
  }

  func test_hostileMarkdownTables_keepTheirColumns() {
    let markdown = MarkdownReporter().render(Self.hostileResult)
    let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("|") }
    XCTAssertEqual(rows.count, 18, "5 + 4 + 9 table lines, header rows included:\n\(markdown)")
    for row in rows {
      let columns = Self.unescapedPipes(in: String(row)) - 1
      XCTAssertTrue([2, 3].contains(columns), "row keeps its columns: \(row)")
      XCTAssertTrue(row.hasSuffix("|"), "row ends its last cell: \(row)")
    }
  }

  func test_hostileMarkdown_rendersAsPlainText() throws {
    guard let cmark = ExternalRequirements.findExecutable(["cmark-gfm"]) else {
      throw XCTSkip("cmark-gfm (GitHub's Markdown renderer) not found; apt-get install cmark-gfm")
    }
    let extensions = ["table", "autolink", "strikethrough", "tagfilter"]
    let run = try Self.run(
      cmark, extensions.flatMap { ["--extension", $0] },
      input: MarkdownReporter().render(Self.hostileResult), timeout: 60)
    XCTAssertEqual(run.status, 0, "cmark-gfm failed: \(run.error)")
    let html = run.output
    let ours: Set = [
      "h2", "h3", "p", "strong", "code", "table", "thead", "tbody", "tr", "th", "td", "ul", "li",
    ]
    let used = Set(Self.tags(in: html).map { String($0.prefix { !$0.isWhitespace }) })
    XCTAssertEqual(used.subtracting(ours), [], "only the report's own markup:\n\(html)")
    XCTAssertEqual(html.components(separatedBy: "<strong>").count, 2, "only the headline count")
    let cells = html.components(separatedBy: "<tr>").dropFirst().map { piece in
      let row = piece.components(separatedBy: "</tr>")[0]
      return row.components(separatedBy: "<td").count + row.components(separatedBy: "<th").count
        - 2
    }
    XCTAssertEqual(cells, Array(repeating: 3, count: 7) + Array(repeating: 2, count: 8))
    let ruleCell = "<td align=\"left\">rule&lt;script&gt;alert(1)&lt;/script&gt;|&quot;'&amp;</td>"
    XCTAssertTrue(html.contains(ruleCell), "a hostile rule id stays whole in its cell, as text")
    XCTAssertTrue(
      html.contains("[link](https://evil.example/x.js) &lt;img src=x onerror=alert(2)&gt;"),
      "links and tags in a message stay text")
  }

  // MARK: Test figures counted in parts, on the run's threads

  func test_manyFilesOnTwoThreads_listTheFirstTestsWithoutAssertionsInPathOrder() throws {
    let sandbox = try Sandbox(self)
    let names = (0..<40).map { "T\($0 < 10 ? "0" : "")\($0)Tests" }
    for name in names.reversed() { try sandbox.write(name + ".swift", Source.noAssertion(name)) }
    let one = sandbox.run(["--no-cache", "--threads", "1", "--reporter", "markdown"])
    let two = sandbox.run(["--no-cache", "--threads", "2", "--reporter", "markdown"])
    XCTAssertEqual(two.stdout, one.stdout, "the same report on one thread and on two")
    let listed = two.stdout.split(separator: "\n").filter { $0.hasPrefix("- T") }.compactMap { line in
      names.first { line.hasSuffix("(\($0)\\.swift:4)") }
    }
    XCTAssertEqual(listed, Array(names.prefix(10)), "the first ten, in path order")
    XCTAssertTrue(two.stdout.contains("- …and 30 more"), two.stdout)
    XCTAssertTrue(two.stdout.contains("| Tests without assertions | 40 |"), two.stdout)
  }

  // MARK: HTML escaping and safety

  func test_htmlEscaping_neutralizesMarkup() {
    XCTAssertEqual(
      HTMLEscaping.escape("<a href=\"x\">'&'</a>\r\n\r\t\u{0}\u{1B}\u{9F}\u{202E}\u{FFFF}é😀"),
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\n\n\t"
        + "\\u{0}\\u{1B}\\u{9F}\\u{202E}\\u{FFFF}é😀")
  }

  func test_hostileHTML_hasNoRawScript() {
    for html in Self.hostilePages {
      XCTAssertFalse(html.contains("<script>alert"), "hostile script tag is escaped")
      XCTAssertEqual(html.components(separatedBy: "<script").count, 2, "only our own script")
      XCTAssertFalse(html.lowercased().contains("<img"), "hostile image tag is escaped")
      XCTAssertEqual(
        Self.tags(in: html).filter { $0.lowercased().contains("onerror") }, [],
        "no event handler attribute")
      XCTAssertTrue(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the text is still shown")
    }
  }

  func test_hostileHTML_isWellFormedXML() throws {
    for html in Self.hostilePages {
      let run = try xmllint(["--noout", "-"], input: html)
      XCTAssertEqual(run.status, 0, "xmllint (XML) rejected the page:\n\(run.error)")
      XCTAssertEqual(run.error, "", "no XML parser messages")
    }
  }

  func test_hostileHTML_parsesAsHTML() throws {
    for html in Self.hostilePages + [HTMLReporter().render(Self.normalResult)] {
      let run = try xmllint(["--html", "--noout", "-"], input: html)
      XCTAssertEqual(run.status, 0, "xmllint --html failed:\n\(run.error)")
      XCTAssertEqual(Self.unexpectedHTMLErrors(run.error), [], "xmllint --html found errors")
    }
  }

  func test_htmlReport_loadsNothingFromNetwork() {
    let html = HTMLReporter().render(Self.hostileResult)
    let loadingAttributes = ["src", "href", "srcset", "action", "formaction", "poster", "data"]
    for tag in Self.tags(in: html) {
      for attribute in loadingAttributes {
        XCTAssertNil(
          tag.range(of: "\\s\(attribute)\\s*=", options: [.regularExpression, .caseInsensitive]),
          "no '\(attribute)' attribute, so nothing is loaded: \(tag)")
      }
    }
    let style = Self.between("<style>", "</style>", in: html)
    XCTAssertFalse(style.isEmpty, "the page has its inline style")
    XCTAssertFalse(style.contains("url("), "no resources in CSS")
    XCTAssertFalse(style.contains("@import"), "no imported CSS")
    XCTAssertFalse(style.contains("@font-face"), "no web fonts")
    XCTAssertFalse(
      Self.between("<script>", "</script>", in: html).contains("http"), "no URLs in the script")
  }

  func test_htmlReport_declaresStrictPolicyFirst() throws {
    let html = HTMLReporter().render(Self.normalResult)
    let policy =
      "<meta http-equiv=\"Content-Security-Policy\" content=\""
      + "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
      + "img-src data:; base-uri 'none'; form-action 'none'\"/>"
    let policyIndex = try XCTUnwrap(html.range(of: policy), "the policy is declared").lowerBound
    let styleIndex = try XCTUnwrap(html.range(of: "<style>"), "the page has a style").lowerBound
    XCTAssertLessThan(policyIndex, styleIndex, "the policy comes before anything it governs")
  }

  func test_htmlFindings_groupByFileWithSnippets() {
    let html = HTMLReporter().render(Self.normalResult)
    XCTAssertEqual(html.components(separatedBy: "<details class=\"file\"").count, 4, "3 files")
    XCTAssertEqual(html.components(separatedBy: "<tr class=\"finding\"").count, 6, "5 findings")
    XCTAssertTrue(
      html.contains("<pre class=\"snippet\"><span class=\"ln\">20</span>XCTAssert(a == b)</pre>"),
      "the flagged line is shown with its number")
    XCTAssertTrue(
      html.contains("<form id=\"filters\" class=\"filters\" hidden=\"hidden\""),
      "filters stay hidden until the script runs, so the page reads the same without it")
  }

  // MARK: Headless browser (only where Chromium is installed)

  func test_headlessChromium_logsNoConsoleMessages() throws {
    for html in [HTMLReporter().render(Self.normalResult)] + Self.hostilePages {
      let page = try chromiumDOM(of: html)
      XCTAssertEqual(page.console, [], "the page logs nothing (errors, CSP violations)")
      XCTAssertTrue(page.dom.contains("data-script=\"ready\""), "the script ran to its end")
      XCTAssertFalse(
        page.dom.contains("id=\"filters\" class=\"filters\" hidden"), "the script showed filters")
      XCTAssertTrue(page.dom.contains("findings shown"), "the script wrote its status")
    }
  }

  func test_severityInAddress_hidesOtherFindings() throws {
    let page = try chromiumDOM(
      of: HTMLReporter().render(Self.normalResult), fragment: "severity=error")
    XCTAssertEqual(page.console, [], "the page logs nothing")
    let rows = page.dom.split(separator: "\n").flatMap {
      $0.components(separatedBy: "<tr class=\"finding\"").dropFirst()
    }
    let hidden = rows.filter { $0.prefix(while: { $0 != ">" }).contains("hidden") }
    XCTAssertEqual(rows.count, 5, "every finding is still in the page")
    XCTAssertEqual(hidden.count, 3, "the three warnings are hidden")
    XCTAssertTrue(page.dom.contains("2 of 5 findings shown"), "the status counts what is shown")
  }
}

// MARK: - Results under test

extension HealthReporterTests {
  static let loginPath = "Tests/AppTests/LoginTests.swift"
  static let parserPath = "Tests/CoreTests/ParserTests.swift"
  static let modelPath = "Tests/CoreTests/ModelTests.swift"

  /// An XCTest test in `LoginTests` with `assertions` assertions.
  static func test(
    _ name: String, assertions: Int, framework: TestFramework = .xctest, file: String = loginPath,
    line: Int = 1, suite: String? = "LoginTests"
  ) -> InventoryEntry {
    InventoryEntry(
      file: file, suite: suite, name: name, framework: framework, line: line,
      assertions: assertions)
  }

  /// Findings of several rules across three files, an unreadable file, and seven tests.
  static let normalResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .error,
        message: "test 'test_login_succeeds' asserts nothing; check its outcome",
        path: loginPath, line: 12, column: 8, test: "LoginTests.test_login_succeeds",
        suite: "LoginTests", snippet: "func test_login_succeeds() {"),
      Finding(
        ruleID: "generic_xctassert", severity: .warning,
        message: "use 'XCTAssertEqual' instead of 'XCTAssert' with '=='", path: loginPath,
        line: 20, column: 5, test: "LoginTests.test_logout_clearsSession", suite: "LoginTests",
        snippet: "XCTAssert(a == b)"),
      Finding(
        ruleID: "test_name_format", severity: .warning,
        message: "name 'test_a_b_c_d' in the form 'test_<condition>_<expectedResult>'",
        path: loginPath, line: 30, column: 8, test: "LoginTests.test_a_b_c_d",
        suite: "LoginTests", snippet: "func test_a_b_c_d() {"),
      Finding(
        ruleID: "missing_assertion", severity: .error,
        message: "test 'emptyTest' is empty; write the test or delete it", path: modelPath,
        line: 4, column: 12, test: "emptyTest", snippet: "@Test func emptyTest() {}"),
      Finding(
        ruleID: "test_name_format", severity: .warning,
        message: "name 'testParse' in the form 'test_<condition>_<expectedResult>'",
        path: parserPath, line: 7, column: 8, test: "ParserTests.testParse",
        suite: "ParserTests", snippet: "func testParse() throws {"),
    ],
    errors: [
      Diagnostic(
        path: "Tests/Broken/Unreadable.swift", message: "cannot read file: permission denied")
    ],
    files: [loginPath, modelPath, parserPath],
    rules: [
      RuleDescription(id: "api_mock_seeding", summary: "s", defaultSeverity: .warning),
      RuleDescription(id: "generic_xctassert", summary: "s", defaultSeverity: .warning),
      RuleDescription(id: "missing_assertion", summary: "s", defaultSeverity: .error),
      RuleDescription(id: "test_name_format", summary: "s", defaultSeverity: .warning),
    ],
    tests: [
      test("test_login_succeeds", assertions: 0, line: 12),
      test("test_logout_clearsSession", assertions: 2, line: 20),
      test("test_a_b_c_d", assertions: 1, line: 30),
      test("test_token_refreshes", assertions: 12, line: 40),
      test(
        "emptyTest", assertions: 0, framework: .swiftTesting, file: modelPath, line: 4,
        suite: nil),
      test(
        "decodesModel", assertions: 3, framework: .swiftTesting, file: modelPath, line: 8,
        suite: nil),
      test("testParse", assertions: 4, file: parserPath, line: 7, suite: "ParserTests"),
    ])

  /// Everything that tries to escape HTML, Markdown tables, the page's script or the terminal.
  static let hostileText =
    "<script>alert(1)</script> ]]> \"double\" 'single' & &amp; &#60; back\\slash | pipe"
    + " `tick` ``two`` *star* _under_ [link](https://evil.example/x.js)"
    + " <img src=x onerror=alert(2)> @octocat #1 $x$ ~~s~~ <!-- c -->"
    + "\nsecond\r\nthird\rfourth\u{85}fifth\u{2028}sixth\ttab \u{0}\u{1}\u{1B}[31m\u{7F}\u{9F}"
    + " \u{202E}desrever\u{202C} \u{FFFE} 😀👩‍👩‍👧 end"

  /// The page of the hostile result, and the same cut at one finding (every list cut: a file's
  /// findings, the files not listed, the tests without assertions).
  static var hostilePages: [String] {
    [
      HTMLReporter().render(hostileResult),
      HTMLReporter(limits: ReportLimits(perFile: 1, total: 1)).render(hostileResult),
    ]
  }

  static let hostilePath = "Tests/<script>alert(1)</script>|`x`&\"'\\ @me.swift"
  static let hostileRule = "rule<script>alert(1)</script>|\"'&"

  static let hostileResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .warning, message: hostileText, path: hostilePath,
        line: 1, column: 1, test: "Suite<T>.test_<script>alert(1)</script>\n|`",
        suite: "Suite<T>", snippet: hostileText),
      Finding(
        ruleID: hostileRule, severity: .error, message: "</td></tr></table><script>alert(3)",
        path: hostilePath, line: 2, column: 3, snippet: "let s = \"</pre><script>alert(4)\""),
      Finding(
        ruleID: "generic_xctassert", severity: .error, message: hostileText,
        path: "Tests/line\nbreak\u{1B}😀.swift", line: 40, column: 2,
        test: "😀Suite.test_\\\u{1}", snippet: "]]></script><!--"),
    ],
    errors: [Diagnostic(path: "Tests/<bad>&\u{1}.swift", message: hostileText)],
    files: [" \t", hostilePath, "Tests/line\nbreak\u{1B}😀.swift"],
    rules: [RuleDescription(id: hostileRule, summary: "s", defaultSeverity: .warning)],
    tests: [
      test(
        "test_<script>alert(1)</script>", assertions: 0, file: hostilePath,
        suite: "Suite<T>|`*"),
      test("@Test func `raw`\n| x |", assertions: 0, framework: .swiftTesting, suite: nil),
      test("test_ok_fine", assertions: 2),
    ])
}

// MARK: - Helpers

private extension HealthReporterTests {
  /// The two reports of `result`, keyed by golden file name.
  static func outputs(of result: LintResult, named prefix: String) -> [(String, String)] {
    [
      ("\(prefix).md", MarkdownReporter().render(result)),
      ("\(prefix).html", HTMLReporter().render(result)),
    ]
  }

  /// `|` characters that separate cells: not preceded by a backslash escape.
  static func unescapedPipes(in row: String) -> Int {
    var count = 0
    var escaped = false
    for character in row {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        count += 1
      }
    }
    return count
  }

  /// Every start tag of the page. User text never holds a raw `<` or `>` (the other tests prove
  /// it), so the tags are the reporter's own.
  static func tags(in html: String) -> [String] {
    html.components(separatedBy: "<").dropFirst().compactMap { piece in
      piece.first.map { $0.isLetter } == true ? String(piece.prefix { $0 != ">" }) : nil
    }
  }

  /// The text between the first `open` and the `close` after it.
  static func between(_ open: String, _ close: String, in text: String) -> String {
    guard let start = text.range(of: open),
      let end = text.range(of: close, range: start.upperBound..<text.endIndex)
    else { return "" }
    return String(text[start.upperBound..<end.lowerBound])
  }

  /// xmllint's HTML parser predates HTML 5 and SVG and calls their elements invalid; every
  /// other message is a real problem.
  static func unexpectedHTMLErrors(_ stderr: String) -> [String] {
    let modern: Set<String> = [
      "header", "main", "section", "footer", "figure", "figcaption", "details", "summary", "svg",
      "g", "rect", "text", "line",
    ]
    // Message lines start with the file name, `-` for standard input; the others quote source.
    let messages = stderr.split(separator: "\n").filter {
      $0.range(of: #"^-:\d+:"#, options: .regularExpression) != nil
    }
    return messages.compactMap { line in
      guard let range = line.range(of: #"Tag (\w+) invalid"#, options: .regularExpression) else {
        return String(line)
      }
      let tag = line[range].split(separator: " ")[1]
      return modern.contains(String(tag)) ? nil : String(line)
    }
  }

  /// Runs xmllint with `input` on standard input; fails under CI and skips elsewhere when it is
  /// missing.
  func xmllint(_ arguments: [String], input: String) throws -> (status: Int32, error: String) {
    let executable = try ExternalRequirements.executable(
      "xmllint", hint: "xmllint not found; install it with 'apt-get install libxml2-utils'")
    let run = try Self.run(executable, arguments, input: input, timeout: 60)
    return (run.status, run.error)
  }

  /// What headless Chromium made of `html` (opened from a file, with `#fragment` if given):
  /// the serialized DOM after scripts ran, and every console line it logged. Skips when
  /// Chromium is not installed: CI does not depend on a browser.
  func chromiumDOM(
    of html: String, fragment: String? = nil
  ) throws -> (dom: String, console: [String]) {
    guard
      let chromium = ExternalRequirements.findExecutable([
        "chromium", "chromium-browser", "google-chrome",
      ])
    else {
      throw XCTSkip("Chromium not found; install it (apt-get install chromium) to run this test")
    }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("report.html")
    try Data(html.utf8).write(to: page)
    let address = page.absoluteString + (fragment.map { "#" + $0 } ?? "")
    let run = try Self.run(
      chromium,
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--dump-dom",
        address,
      ], timeout: 120)
    XCTAssertEqual(run.status, 0, "chromium failed:\n\(run.error)")
    // Chromium logs every console message (errors, CSP violations, logs) as `:CONSOLE`.
    let console = run.error.split(separator: "\n").filter { $0.contains(":CONSOLE") }
    return (run.output, console.map(String.init))
  }

  /// Runs a program with output and errors going to files (so neither pipe can fill up), and
  /// stops it after `timeout` seconds.
  static func run(
    _ executable: URL, _ arguments: [String], input: String? = nil, timeout: TimeInterval
  ) throws -> (status: Int32, output: String, error: String) {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputURL = directory.appendingPathComponent("in")
    let outputURL = directory.appendingPathComponent("out")
    let errorURL = directory.appendingPathComponent("err")
    try Data((input ?? "").utf8).write(to: inputURL)
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      finished.wait()
      XCTFail("\(executable.lastPathComponent) did not finish within \(Int(timeout)) s")
    }
    return (
      process.terminationStatus,
      String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
      String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
    )
  }
}
