/// The `html` reporter: one self-contained page to open in a browser.
///
/// The page shows the same figures as the `markdown` reporter, the health ones drawn as inline
/// SVG charts (findings per rule, a histogram of assertions per test, the framework split and
/// the share of conventional names), then the findings grouped by file with each flagged line's
/// code (the finding's `snippet`: the reporter reads no files), the tests without assertions and
/// the files that could not be linted.
///
/// It stays useful at any size: the figures and charts count every finding, while the lists
/// stop at ``limits`` (50 findings a file, 5,000 in all by default), each cut saying what it
/// leaves out ("…and 12 more findings in this file"), then the files none of whose findings
/// fit, with their counts. 150,000 findings make a page of about 4 MB.
///
/// It loads nothing: styles and a short script are inline, there are no fonts, images or links
/// to the network, and a Content-Security-Policy (``contentSecurityPolicy``) forbids any load.
/// The script only adds filters by rule and severity (also settable from the address, as in
/// `report.html#severity=error&rule=missing_assertion`); without it the page shows everything.
/// All user text is written through ``HTMLEscaping``, and the script never builds markup: it
/// reads `data-` attributes and toggles `hidden`. The output is also well-formed XML, and
/// deterministic.
public struct HTMLReporter: Reporter {
  /// The name used with `--reporter html`.
  public static let name = "html"

  /// The page's policy: nothing may load from anywhere; only the inline style and script run.
  public static let contentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    + "img-src data:; base-uri 'none'; form-action 'none'"

  /// How many findings the page lists (its figures and charts count them all).
  public var limits: ReportLimits
  /// The report's figures as the findings stream (`HealthReportStream.swift`).
  var health: HealthAccumulator?

  /// Creates the reporter.
  public init(limits: ReportLimits = ReportLimits()) {
    self.limits = limits
  }

  /// The HTML document, ending in a newline.
  public func render(_ result: LintResult) -> String {
    HealthAccumulator(result, limits: limits).html(
      errors: result.errors, fileCount: result.files.count)
  }

  /// The document of the figures `summary`, the findings of `listing` and the problems
  /// `errors`.
  static func page(
    _ summary: HealthSummary, _ listing: FindingListing, errors: [Diagnostic]
  ) -> String {
    let limit = listing.limits.total
    var html = Self.head(title: "testlint report: " + Self.findingsPhrase(summary))
    html += "<body>\n<header>\n<h1>testlint report</h1>\n"
    html += "<p class=\"headline\">\(Self.headline(summary))</p>\n</header>\n<main>\n"
    html += Self.overview(summary)
    html += Self.healthSection(summary)
    html += Self.findingsSection(listing, summary)
    html += Self.testsWithoutAssertionsSection(summary, limit: limit)
    html += Self.errorsSection(errors, limit: limit)
    html += "</main>\n<footer>Written by \(ToolInfo.name) \(Self.escape(ToolInfo.version)). "
    html += "This page loads nothing from the network.</footer>\n"
    html += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
    return html
  }
}

// MARK: - Page parts

private extension HTMLReporter {
  static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

  static let conventionCode = "<code>test_&lt;condition&gt;_&lt;expectedResult&gt;</code>"

  static func head(title: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8"/>
    <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)"/>
    <meta name="referrer" content="no-referrer"/>
    <meta name="viewport" content="width=device-width, initial-scale=1"/>
    <title>\(escape(title))</title>
    <style>
    \(style)</style>
    </head>

    """
  }

  static func findingsPhrase(_ summary: HealthSummary) -> String {
    summary.findings == 0 ? "no findings" : HealthSummary.counted(summary.findings, "finding")
  }

  static func headline(_ summary: HealthSummary) -> String {
    var text = findingsPhrase(summary).prefix(1).uppercased() + findingsPhrase(summary).dropFirst()
    if summary.findings > 0 {
      text += " (\(HealthSummary.counted(summary.errors, "error")), "
      text += "\(HealthSummary.counted(summary.warnings, "warning")))"
      text += " in \(summary.files.count) of \(HealthSummary.counted(summary.lintedFiles, "file"))"
    } else {
      text += " in \(HealthSummary.counted(summary.lintedFiles, "file"))"
    }
    if summary.readErrors > 0 {
      text += "; \(HealthSummary.counted(summary.readErrors, "file")) could not be linted"
    }
    return text + "."
  }

  static func overview(_ summary: HealthSummary) -> String {
    let cards: [(String, String, String)] = [
      ("Errors", String(summary.errors), summary.errors > 0 ? " class=\"error\"" : ""),
      ("Warnings", String(summary.warnings), summary.warnings > 0 ? " class=\"warning\"" : ""),
      ("Files linted", String(summary.lintedFiles), ""),
      ("Tests", String(summary.tests), ""),
      (
        "Without assertions", String(summary.testsWithoutAssertionsCount),
        summary.testsWithoutAssertionsCount == 0 ? "" : " class=\"warning\""
      ),
    ]
    var html = "<ul class=\"cards\">\n"
    for (label, value, attributes) in cards {
      html += "<li\(attributes)><strong>\(value)</strong>\(label)</li>\n"
    }
    return html + "</ul>\n"
  }

  static func healthSection(_ summary: HealthSummary) -> String {
    var html = "<section id=\"health\">\n<h2>Test health</h2>\n<div class=\"charts\">\n"
    html += "<figure>\n<figcaption>Findings per rule <span class=\"key\">"
    html += "<i class=\"swatch error\"></i>errors <i class=\"swatch warning\"></i>warnings"
    html += "</span></figcaption>\n\(ruleChart(summary.rules))</figure>\n"
    html += "<figure>\n<figcaption>Assertions per test</figcaption>\n"
    html += "\(assertionHistogram(summary))</figure>\n"
    html += "<figure>\n<figcaption>Tests</figcaption>\n\(testsChart(summary))</figure>\n"
    html += "</div>\n\(figuresTable(summary))</section>\n"
    return html
  }

  static func figuresTable(_ summary: HealthSummary) -> String {
    let none = "–"
    let names =
      summary.xctestTests == 0
      ? none
      : "\(summary.conventionalNames) of \(summary.xctestTests) "
        + "(\(HealthSummary.percent(summary.conventionalNames, of: summary.xctestTests))%)"
    let rows: [(String, String)] = [
      ("Tests found", String(summary.tests)),
      ("XCTest", String(summary.xctestTests)),
      ("Swift Testing", String(summary.swiftTestingTests)),
      ("Assertions per test, mean", summary.meanAssertions.map(HealthSummary.decimal) ?? none),
      ("Assertions per test, median", summary.medianAssertions.map(HealthSummary.decimal) ?? none),
      ("Tests without assertions", String(summary.testsWithoutAssertionsCount)),
      ("XCTest names in the form \(conventionCode)", names),
    ]
    var html = "<table class=\"figures\">\n<tbody>\n"
    for (label, value) in rows {
      html += "<tr><th scope=\"row\">\(label)</th><td class=\"num\">\(value)</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n"
  }

  static func findingsSection(_ listing: FindingListing, _ summary: HealthSummary) -> String {
    var html = "<section id=\"findings\">\n<h2>Findings</h2>\n"
    guard summary.findings > 0 else { return html + "<p>No findings.</p>\n</section>\n" }
    if listing.listedCount < summary.findings { html += limitNote(listing, summary) }
    html += filters(summary)
    for file in listing.files {
      let shown = file.path.allSatisfy(\.isWhitespace) ? "(no path)" : file.path
      // A finding's row (message, test, snippet) is about 6rem tall.
      html += "<details class=\"file\" open=\"open\""
      let rows = file.listed.count + (file.moreErrors + file.moreWarnings > 0 ? 1 : 0)
      html += "\(estimatedHeight(rows: rows, each: 6, header: 5))>\n"
      html += "<summary><span class=\"path\">"
      html += "\(escape(shown))</span> <span class=\"counts\">"
      html += "\(HealthSummary.counted(file.errors, "error")), "
      html += "\(HealthSummary.counted(file.warnings, "warning"))</span></summary>\n"
      html += "<table class=\"findings\">\n<thead><tr><th class=\"num\">Line</th>"
      html += "<th>Severity</th><th>Rule</th><th>Finding</th></tr></thead>\n<tbody>\n"
      for finding in file.listed { html += row(for: finding) }
      if file.moreErrors + file.moreWarnings > 0 { html += moreRow(file) }
      html += "</tbody>\n</table>\n</details>\n"
    }
    html += unlistedFiles(listing)
    return html + "</section>\n"
  }

  /// The filter form: hidden until the script shows it, so the page never offers controls that
  /// do nothing.
  static func filters(_ summary: HealthSummary) -> String {
    var html = "<form id=\"filters\" class=\"filters\" hidden=\"hidden\" "
    html += "aria-label=\"Filter findings\">\n<fieldset><legend>Severity</legend>\n"
    for (severity, count) in [(Severity.error, summary.errors), (.warning, summary.warnings)] {
      html += checkbox(name: "severity", value: severity.rawValue, count: count)
    }
    html += "</fieldset>\n<fieldset><legend>Rule</legend>\n"
    for rule in summary.rules.filter({ $0.total > 0 }).sorted(by: { $0.key < $1.key }) {
      html += checkbox(name: "rule", value: rule.key, count: rule.total)
    }
    html += "</fieldset>\n<p id=\"filter-status\" aria-live=\"polite\"></p>\n</form>\n"
    return html
  }

  static func checkbox(name: String, value: String, count: Int) -> String {
    "<label><input type=\"checkbox\" name=\"\(name)\" value=\"\(escape(value))\" "
      + "checked=\"checked\"/> \(escape(value)) (\(count))</label>\n"
  }

  static func row(for finding: Finding) -> String {
    let severity = finding.severity.rawValue
    var html = "<tr class=\"finding\" data-rule=\"\(escape(finding.ruleID))\" "
    html += "data-severity=\"\(severity)\">"
    html += "<td class=\"num\">\(finding.line):\(finding.column)</td>"
    html += "<td class=\"sev\">\(severity)</td><td class=\"rule\">\(escape(finding.ruleID))</td>"
    html += "<td><div class=\"message\">\(escape(finding.message))</div>"
    if let test = finding.test {
      html += "<div class=\"test\">in <code>\(escape(test))</code></div>"
    }
    if !finding.snippet.isEmpty {
      html += "<pre class=\"snippet\"><span class=\"ln\">\(finding.line)</span>"
      html += "\(escape(finding.snippet))</pre>"
    }
    return html + "</td></tr>\n"
  }

  static func testsWithoutAssertionsSection(_ summary: HealthSummary, limit: Int) -> String {
    let tests = summary.testsWithoutAssertions
    let count = summary.testsWithoutAssertionsCount
    guard count > 0 else { return "" }
    var html = "<section id=\"tests-without-assertions\" class=\"long\""
    html += "\(estimatedHeight(rows: min(count, limit + 1), each: 2.25, header: 6))>\n"
    html += "<h2>Tests without assertions (\(count))</h2>\n<table class=\"tests\">\n"
    html += "<thead><tr><th>Test</th><th>Framework</th><th>Where</th></tr></thead>\n<tbody>\n"
    for test in tests.prefix(limit) {
      let framework = test.framework == .xctest ? "XCTest" : "Swift Testing"
      html += "<tr><td><code>\(escape(HealthSummary.qualifiedName(test)))</code></td>"
      html += "<td>\(framework)</td><td><code>\(escape(test.file)):\(test.line)</code></td></tr>\n"
    }
    if count > limit {
      html += "<tr class=\"more\"><td class=\"muted\" colspan=\"3\">"
      html += "…and \(count - limit) more, not listed</td></tr>\n"
    }
    return html + "</tbody>\n</table>\n</section>\n"
  }

  static func errorsSection(_ errors: [Diagnostic], limit: Int) -> String {
    guard !errors.isEmpty else { return "" }
    var html = "<section id=\"errors\" class=\"long\""
    html += "\(estimatedHeight(rows: min(errors.count, limit + 1), each: 1.5, header: 6))>\n"
    html += "<h2>Files that could not be linted (\(errors.count))</h2>\n<ul>\n"
    for error in errors.prefix(limit) {
      html += "<li><code>\(escape(error.path)):\(error.line):\(error.column)</code> "
      html += "<span class=\"message\">\(escape(error.message))</span></li>\n"
    }
    if errors.count > limit {
      html += "<li class=\"more muted\">…and \(errors.count - limit) more, not listed</li>\n"
    }
    return html + "</ul>\n</section>\n"
  }
}

// MARK: - Lists cut at the limits

private extension HTMLReporter {
  /// Said above the findings when the page lists fewer than the run found.
  static func limitNote(_ listing: FindingListing, _ summary: HealthSummary) -> String {
    var html = "<p class=\"limit\">This page lists \(listing.listedCount) of "
    html += "\(HealthSummary.counted(summary.findings, "finding")): at most "
    html += "\(listing.limits.perFile) of a file and \(listing.limits.total) in all "
    html += "(<code>--report-limit</code> sets the total). "
    html += "Every count and chart counts them all.</p>\n"
    return html
  }

  /// The last row of a file's table when some of its findings are not listed.
  static func moreRow(_ file: FindingListing.File) -> String {
    let more = file.moreErrors + file.moreWarnings
    var html = "<tr class=\"more\"><td class=\"muted\" colspan=\"4\">…and "
    html += "\(HealthSummary.counted(more, "more finding")) in this file, not listed "
    html += "(\(HealthSummary.counted(file.moreErrors, "error")), "
    html += "\(HealthSummary.counted(file.moreWarnings, "warning")))</td></tr>\n"
    return html
  }

  /// The files with findings none of which is listed, with their counts.
  static func unlistedFiles(_ listing: FindingListing) -> String {
    guard !listing.unlisted.isEmpty || listing.beyond.files > 0 else { return "" }
    let count = listing.unlisted.count + listing.beyond.files
    var html = "<h3 id=\"unlisted-files\">Files whose findings are not listed (\(count))</h3>\n"
    if !listing.unlisted.isEmpty {
      html += "<div class=\"long\""
      html += "\(estimatedHeight(rows: listing.unlisted.count, each: 2.25, header: 2.5))>\n"
      html += "<table class=\"unlisted\">\n<thead><tr><th>File</th><th class=\"num\">Errors</th>"
      html += "<th class=\"num\">Warnings</th></tr></thead>\n<tbody>\n"
      for file in listing.unlisted {
        let shown = file.key.allSatisfy(\.isWhitespace) ? "(no path)" : file.key
        html += "<tr><td><span class=\"path\">\(escape(shown))</span></td>"
        html += "<td class=\"num\">\(file.errors)</td>"
        html += "<td class=\"num\">\(file.warnings)</td></tr>\n"
      }
      html += "</tbody>\n</table>\n</div>\n"
    }
    if listing.beyond.files > 0 {
      html += "<p class=\"more muted\">…and "
      html += "\(HealthSummary.counted(listing.beyond.files, "more file")) with "
      html += "\(HealthSummary.counted(listing.beyond.findings, "finding")), not listed.</p>\n"
    }
    return html
  }
}

// MARK: - Charts

private extension HTMLReporter {
  /// The width of every chart's coordinate system, close to its width on screen so that text
  /// in it keeps about the page's size.
  static let chartWidth = 360

  /// Bars of errors and warnings per rule, rules that ran without findings included; each
  /// rule's id stands above its bar, so long ids need no room beside it.
  static func ruleChart(_ rules: [HealthSummary.Row]) -> String {
    guard !rules.isEmpty else { return "<p class=\"empty\">No rules ran.</p>\n" }
    let rowHeight = 34
    let barSpace = 300
    let largest = max(1, rules.map(\.total).max() ?? 1)
    var svg = "<svg viewBox=\"0 0 \(chartWidth) \(rules.count * rowHeight + 4)\" role=\"img\" "
    svg += "aria-label=\"Findings per rule\">\n"
    for (index, rule) in rules.enumerated() {
      let y = index * rowHeight
      let errorWidth = barWidth(rule.errors, of: largest, space: barSpace)
      let warningWidth = barWidth(rule.warnings, of: largest, space: barSpace)
      svg += "<g><title>\(escape(rule.key)): \(HealthSummary.counted(rule.errors, "error")), "
      svg += "\(HealthSummary.counted(rule.warnings, "warning"))</title>"
      svg += "<text x=\"0\" y=\"\(y + 13)\">\(escape(truncated(rule.key, to: 48)))</text>"
      if errorWidth > 0 {
        svg += "<rect class=\"error\" x=\"0\" y=\"\(y + 17)\" width=\"\(errorWidth)\" "
        svg += "height=\"12\"/>"
      }
      if warningWidth > 0 {
        svg += "<rect class=\"warning\" x=\"\(errorWidth)\" y=\"\(y + 17)\" "
        svg += "width=\"\(warningWidth)\" height=\"12\"/>"
      }
      svg += "<text x=\"\(errorWidth + warningWidth + 5)\" y=\"\(y + 28)\">"
      svg += "\(rule.total)</text></g>\n"
    }
    return svg + "</svg>\n"
  }

  /// Tests per number of assertions: 0 to 5 one by one, then 6–9 and 10 or more.
  static func assertionHistogram(_ summary: HealthSummary) -> String {
    guard summary.tests > 0 else { return "<p class=\"empty\">No tests found.</p>\n" }
    let labels = ["0", "1", "2", "3", "4", "5", "6–9", "10+"]
    var buckets = Array(repeating: 0, count: labels.count)
    for (count, tests) in summary.testsByAssertions {
      buckets[count <= 5 ? count : (count <= 9 ? 6 : 7)] += tests
    }
    let largest = max(1, buckets.max() ?? 1)
    let baseline = 130
    var svg = "<svg viewBox=\"0 0 \(chartWidth) 170\" role=\"img\" "
    svg += "aria-label=\"Histogram of assertions per test\">\n"
    for (index, label) in labels.enumerated() {
      let x = 8 + index * 43
      let height = barWidth(buckets[index], of: largest, space: 108)
      let kind = index == 0 ? "error" : "bar"
      svg += "<g><title>\(HealthSummary.counted(buckets[index], "test")) with \(label) "
      svg += "assertions</title>"
      if height > 0 {
        svg += "<rect class=\"\(kind)\" x=\"\(x)\" y=\"\(baseline - height)\" width=\"34\" "
        svg += "height=\"\(height)\"/>"
      }
      svg += "<text x=\"\(x + 17)\" y=\"\(baseline - height - 4)\" text-anchor=\"middle\">"
      svg += "\(buckets[index])</text>"
      svg += "<text x=\"\(x + 17)\" y=\"\(baseline + 15)\" text-anchor=\"middle\">"
      svg += "\(label)</text></g>\n"
    }
    svg += "<line class=\"axis\" x1=\"4\" y1=\"\(baseline)\" x2=\"352\" y2=\"\(baseline)\"/>\n"
    svg += "<text x=\"180\" y=\"166\" text-anchor=\"middle\" class=\"muted\">"
    svg += "assertions in the test</text>\n"
    return svg + "</svg>\n"
  }

  /// Two 100% bars: tests per framework, and XCTest names that follow the convention.
  static func testsChart(_ summary: HealthSummary) -> String {
    guard summary.tests > 0 else { return "<p class=\"empty\">No tests found.</p>\n" }
    var svg = "<svg viewBox=\"0 0 \(chartWidth) 150\" role=\"img\" "
    svg += "aria-label=\"Tests per framework and conventional names\">\n"
    svg += shareBar(
      y: 8, part: summary.xctestTests, whole: summary.tests, partClass: "bar",
      restClass: "alt",
      caption: "\(summary.xctestTests) XCTest, \(summary.swiftTestingTests) Swift Testing")
    if summary.xctestTests > 0 {
      let share = HealthSummary.percent(summary.conventionalNames, of: summary.xctestTests)
      svg += shareBar(
        y: 78, part: summary.conventionalNames, whole: summary.xctestTests, partClass: "ok",
        restClass: "rest",
        caption: "\(summary.conventionalNames) of \(summary.xctestTests) XCTest names "
          + "conventional (\(share)%)")
    } else {
      svg += "<text x=\"0\" y=\"100\" class=\"muted\">No XCTest names to check.</text>\n"
    }
    return svg + "</svg>\n"
  }

  static func shareBar(
    y: Int, part: Int, whole: Int, partClass: String, restClass: String, caption: String
  ) -> String {
    let width = chartWidth - 10
    let partWidth = barWidth(part, of: whole, space: width)
    var svg = "<g><title>\(caption)</title>"
    svg += "<rect class=\"\(restClass)\" x=\"0\" y=\"\(y)\" width=\"\(width)\" height=\"24\"/>"
    if partWidth > 0 {
      svg += "<rect class=\"\(partClass)\" x=\"0\" y=\"\(y)\" width=\"\(partWidth)\" "
      svg += "height=\"24\"/>"
    }
    svg += "<text x=\"0\" y=\"\(y + 44)\">\(caption)</text></g>\n"
    return svg
  }

  /// `count`'s share of `space` for a largest value of `largest`; at least 1 for any count.
  static func barWidth(_ count: Int, of largest: Int, space: Int) -> Int {
    guard count > 0, largest > 0 else { return 0 }
    return max(1, count * space / largest)
  }

  /// The attribute that tells the browser about how tall a part laid out only near the screen
  /// (`content-visibility: auto`) is, so the scroll bar is about right before it is: `rows`
  /// rows of about `each` rem under `header` rem.
  static func estimatedHeight(rows: Int, each: Double, header: Double) -> String {
    let rem = Int((header + Double(rows) * each).rounded(.up))
    return " style=\"contain-intrinsic-size:auto \(rem)rem\""
  }

  /// The first `limit` characters of `text`, with `…` when it was longer.
  static func truncated(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
  }
}
