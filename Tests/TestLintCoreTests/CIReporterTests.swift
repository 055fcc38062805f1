import Foundation
import TestLintCore
import XCTest

/// Golden-file, schema, fingerprint and injection tests for the CI reporters: `sarif`,
/// `github` (and its step summary), `gitlab` and `checkstyle`.
///
/// Golden files live in `Fixtures/Reporters/`; run with `TESTLINT_UPDATE_GOLDEN=1` to rewrite
/// them after an intended change, then review the diff.
final class CIReporterTests: XCTestCase {
  // MARK: Golden files

  func test_normalResult_matchesCIGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.normalResult, named: "normal"))
  }

  func test_hostileResult_matchesCIGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.hostileResult, named: "hostile"))
  }

  func test_emptyResult_matchesCIGoldenFiles() throws {
    let result = LintResult(findings: [], errors: [], files: [], rules: [])
    XCTAssertEqual(GitHubReporter().render(result), "", "nothing to annotate, no output")
    try GoldenFile.assertMatches(Self.outputs(of: result, named: "empty"))
  }

  func test_registry_makesEveryCIReporter() {
    for name in ["sarif", "github", "gitlab", "checkstyle"] {
      XCTAssertTrue(ReporterRegistry.names.contains(name), "\(name) is listed")
      XCTAssertEqual(ReporterRegistry.make(name).map { type(of: $0).name }, name, "\(name) made")
    }
    XCTAssertEqual(ReporterRegistry.names, ReporterRegistry.names.sorted(), "names stay sorted")
  }

  // MARK: SARIF

  func test_sarifOutput_validatesAgainstSchema() throws {
    let empty = LintResult(findings: [], errors: [], files: [], rules: [])
    for result in [Self.normalResult, empty, try lint(Self.cartSource)] {
      let sarif = SARIFReporter().render(result)
      let run = try sarifValidation(of: sarif)
      XCTAssertEqual(run.status, 0, "the SARIF schema rejected the log:\n\(run.output)\n\(sarif)")
    }
  }

  func test_hostileSarif_validatesAgainstSchema() throws {
    let sarif = SARIFReporter(sourceRootURI: "file:///work/My%20Repo/").render(Self.hostileResult)
    let run = try sarifValidation(of: sarif)
    XCTAssertEqual(run.status, 0, "the SARIF schema rejected the log:\n\(run.output)\n\(sarif)")
  }

  // testlint:disable:next indiscrete_test - one behaviour: every location field of one SARIF result
  func test_sarifLocations_areRelativeAndEncoded() throws {
    let run = try Self.sarifRun(SARIFReporter().render(Self.normalResult))
    XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints", "columns count scalars")
    let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: Any], "base ids declared")
    XCTAssertNotNil(bases["%SRCROOT%"], "the base id results use is declared")

    let results = try XCTUnwrap(run["results"] as? [[String: Any]], "results")
    XCTAssertEqual(results.count, Self.normalResult.findings.count)
    let locations = try results.map { result in
      let locations = try XCTUnwrap(result["locations"] as? [[String: Any]], "locations")
      let physical = try XCTUnwrap(locations.first?["physicalLocation"] as? [String: Any])
      let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
      let region = try XCTUnwrap(physical["region"] as? [String: Any])
      return [
        artifact["uri"] as? String, artifact["uriBaseId"] as? String,
        (region["startLine"] as? Int).map(String.init),
        (region["startColumn"] as? Int).map(String.init),
      ]
    }
    XCTAssertEqual(
      locations,
      [
        ["Tests/App%20Tests/Login%2BTests.swift", "%SRCROOT%", "12", "8"],
        ["Tests/App%20Tests/Login%2BTests.swift", "%SRCROOT%", "20", "5"],
        ["Tests/CoreTests/%C3%9Cber.swift", "%SRCROOT%", "1", "1"],
      ])
  }

  // testlint:disable:next indiscrete_test - one behaviour: every field of one SARIF rule entry
  func test_sarifRules_carryPageHelpAndIndices() throws {
    let run = try Self.sarifRun(SARIFReporter().render(try lint(Self.cartSource)))
    let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    XCTAssertEqual(driver["name"] as? String, "testlint")
    let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]], "rules")
    let ids = rules.compactMap { $0["id"] as? String }
    XCTAssertEqual(ids, RuleRegistry.descriptions.filter { !$0.isOptIn }.map(\.id).sorted())

    let index = try XCTUnwrap(ids.firstIndex(of: "generic_xctassert"), "rule is described")
    let rule = rules[index]
    XCTAssertEqual(rule["helpUri"] as? String, ToolInfo.rulesURL + "generic_xctassert.md")
    let help = try XCTUnwrap(rule["help"] as? [String: Any], "help")
    XCTAssertTrue(
      (help["markdown"] as? String)?.contains("## Why") == true, "help shows the page's why")
    XCTAssertFalse(
      (help["markdown"] as? String)?.contains("\u{2193}") ?? true, "no example markers in help")
    let full = (rule["fullDescription"] as? [String: Any])?["text"] as? String
    XCTAssertTrue(full?.contains("XCTAssertEqual(a, b)") == true, "full text quotes the why")
    XCTAssertEqual(
      (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String, "warning")

    let results = try XCTUnwrap(run["results"] as? [[String: Any]], "results")
    XCTAssertFalse(results.isEmpty, "the cart source has findings")
    for result in results {
      let ruleIndex = try XCTUnwrap(result["ruleIndex"] as? Int, "every result has an index")
      XCTAssertEqual(ids[ruleIndex], result["ruleId"] as? String, "index points at its rule")
    }
  }

  func test_unreadableFile_becomesToolNotification() throws {
    let run = try Self.sarifRun(SARIFReporter().render(Self.normalResult))
    let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first, "one")
    XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false, "a file was not linted")
    let notifications = try XCTUnwrap(
      invocation["toolExecutionNotifications"] as? [[String: Any]], "notifications")
    XCTAssertEqual(notifications.count, 1)
    XCTAssertEqual(
      (notifications.first?["message"] as? [String: Any])?["text"] as? String,
      "cannot read file: permission denied")
  }

  func test_percentEncoding_keepsOnlyUnreservedAndSlash() {
    XCTAssertEqual(SARIFReporter.percentEncoded("a b/c:d%e#f?g"), "a%20b/c%3Ad%25e%23f%3Fg")
    XCTAssertEqual(SARIFReporter.percentEncoded("Ü😀\n~._-"), "%C3%9C%F0%9F%98%80%0A~._-")
    XCTAssertEqual(SARIFReporter.uri(for: "/abs/x y.swift").uri, "file:///abs/x%20y.swift")
    XCTAssertNil(SARIFReporter.uri(for: "/abs/x.swift").baseID, "absolute URIs need no base")
  }

  // MARK: Fingerprints

  func test_blankLineAbove_keepsFingerprints() throws {
    let before = try lint(Self.cartSource)
    let shifted = Self.cartSource.replacingOccurrences(
      of: "import XCTest\n", with: "import XCTest\n\n// A comment added later.\n")
    let after = try lint(shifted)
    XCTAssertEqual(before.findings.count, 3, "two in one test, one in the other")
    XCTAssertEqual(
      after.findings.map(\.line), before.findings.map { $0.line + 2 }, "findings moved down")

    XCTAssertEqual(
      try Self.sarifFingerprints(before), try Self.sarifFingerprints(after), "SARIF stable")
    XCTAssertEqual(
      try Self.gitlabFingerprints(before), try Self.gitlabFingerprints(after), "GitLab stable")
  }

  func test_reindentedFile_keepsFingerprints() throws {
    let before = try lint(Self.cartSource)
    let reindented = Self.cartSource.replacingOccurrences(of: "\n  ", with: "\n    ")
    let after = try lint(reindented)
    XCTAssertNotEqual(after.findings.map(\.column), before.findings.map(\.column), "moved right")
    XCTAssertEqual(try Self.sarifFingerprints(before), try Self.sarifFingerprints(after))
  }

  func test_identicalFindings_getDistinctFingerprints() throws {
    let result = try lint(Self.cartSource)
    let first = result.findings[0]
    let second = result.findings[1]
    XCTAssertEqual(
      [first.ruleID, first.test, first.snippet], [second.ruleID, second.test, second.snippet],
      "the source has two identical findings in one test")
    for fingerprints in [try Self.sarifFingerprints(result), try Self.gitlabFingerprints(result)] {
      XCTAssertEqual(fingerprints.count, 3)
      XCTAssertEqual(Set(fingerprints).count, 3, "unique: \(fingerprints)")
    }
  }

  func test_secondIdenticalFinding_addsOneFingerprint() throws {
    let before = try lint(Self.cartSource)
    let added = Self.cartSource.replacingOccurrences(
      of: "    XCTAssert(cart.count == 2)\n",
      with: "    XCTAssert(cart.count == 2)\n    XCTAssert(cart.count == 2)\n")
    let after = try lint(added)
    let old = Set(try Self.gitlabFingerprints(before))
    let new = Set(try Self.gitlabFingerprints(after))
    XCTAssertTrue(old.isSubset(of: new), "old findings keep their fingerprints")
    XCTAssertEqual(new.subtracting(old).count, 1, "exactly the added finding is new")
  }

  func test_fingerprintOrder_ignoresInputOrder() {
    let findings = Self.duplicateFindings
    let forward = FindingFingerprint.fingerprints(of: findings)
    let backward = FindingFingerprint.fingerprints(of: findings.reversed())
    XCTAssertEqual(forward, backward.reversed(), "occurrences count in line order")
    XCTAssertEqual(FindingFingerprint.fnv1a64([]), 0xcbf2_9ce4_8422_2325, "FNV-1a offset basis")
    XCTAssertNotEqual(
      FindingFingerprint.fingerprint(["ab", "c"]), FindingFingerprint.fingerprint(["a", "bc"]),
      "fields are length-prefixed")
  }

  // MARK: GitHub

  func test_githubAnnotation_matchesWorkflowCommand() {
    let finding = Finding(
      ruleID: "missing_assertion", severity: .error, message: "add 50% more, a:b\nnext",
      path: "Tests/A, B:C.swift", line: 3, column: 7)
    let warning = Finding(
      ruleID: "generic_xctassert", severity: .warning, message: "use 'XCTAssertEqual'",
      path: "Tests/A.swift", line: 4, column: 1)
    let result = LintResult(findings: [finding, warning], errors: [], files: [], rules: [])
    XCTAssertEqual(
      GitHubReporter().render(result),
      "::error file=Tests/A%2C B%3AC.swift,line=3,col=7,title=missing_assertion::"
        + "add 50%25 more, a:b%0Anext\n"
        + "::warning file=Tests/A.swift,line=4,col=1,title=generic_xctassert::"
        + "use 'XCTAssertEqual'\n")
  }

  func test_hostileGitHubOutput_cannotInjectCommands() throws {
    for limit in [10, 1, 0] {
      let result = Self.hostileResult
      let output = GitHubReporter(annotationLimit: limit).render(result)
      XCTAssertTrue(output.hasSuffix("\n"), "ends with a newline")
      XCTAssertFalse(
        output.unicodeScalars.contains {
          $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}"
            || ($0.value < 0x20 && $0 != "\n" && $0 != "\t")
        }, "no line breaks but LF, no controls")

      var commands: [RunnerCommand] = []
      for line in output.split(separator: "\n").map(String.init) {
        guard let command = Self.runnerCommand(line) else { continue }
        XCTAssertTrue(line.hasPrefix("::\(command.name) "), "commands are ours: \(line)")
        commands.append(command)
      }
      let annotations = result.findings.count + result.errors.count
      let annotated = min(annotations, limit * 2)
      let notices = annotated < annotations ? 1 : 0
      XCTAssertEqual(commands.count, annotated + notices, "no injected command (limit \(limit))")
      XCTAssertEqual(commands.filter { $0.name == "notice" }.count, notices)
      for command in commands where command.name != "notice" {
        XCTAssertEqual(Set(command.properties.keys), ["file", "line", "col", "title"])
      }
      if limit == 10 {
        let injected = try XCTUnwrap(commands.first { $0.properties["title"] == "rule<&>\"'" })
        XCTAssertEqual(injected.data, "::error::%0Ainjected\n::warning::x", "data round-trips")
        XCTAssertEqual(injected.properties["file"], Self.hostilePath, "path round-trips")
      }
    }
  }

  func test_moreThanTenPerSeverity_printsNoticeAndPlainLines() {
    var findings: [Finding] = []
    for line in 1...15 { findings.append(Self.finding(.error, line: line)) }
    for line in 16...27 { findings.append(Self.finding(.warning, line: line)) }
    let result = LintResult(findings: findings, errors: [], files: ["A.swift"], rules: [])
    let lines = GitHubReporter().render(result).split(separator: "\n")
    XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 10)
    XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, 10)
    let notices = lines.filter { $0.hasPrefix("::notice ") }
    XCTAssertEqual(notices.count, 1)
    XCTAssertTrue(notices.first?.contains("7 more findings") == true, "\(notices)")
    let plain = lines.filter { !$0.hasPrefix("::") }
    XCTAssertEqual(
      plain,
      (11...15).map { "A.swift:\($0):1: error: finding \($0) (some_rule)" }
        + (26...27).map { "A.swift:\($0):1: warning: finding \($0) (some_rule)" })
  }

  func test_stepSummary_countsFindingsPerRule() {
    let summary = GitHubReporter.stepSummary(Self.normalResult)
    XCTAssertEqual(
      summary,
      """
      ### testlint

      3 findings (1 error, 2 warnings) in 3 files; 1 file could not be read

      | Rule | Errors | Warnings | Total |
      | --- | ---: | ---: | ---: |
      | [`generic_xctassert`](\(ToolInfo.rulesURL)generic_xctassert.md) | 1 | 0 | 1 |
      | [`missing_assertion`](\(ToolInfo.rulesURL)missing_assertion.md) | 0 | 1 | 1 |
      | [`test_naming`](\(ToolInfo.rulesURL)test_naming.md) | 0 | 1 | 1 |
      | **Total** | 1 | 2 | 3 |

      """)
  }

  func test_stepSummaryFile_getsAppended() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-summary-\(UUID().uuidString).md")
    defer { try? FileManager.default.removeItem(at: url) }
    let environment = [GitHubStepSummary.variable: url.path]
    let result = Self.normalResult
    XCTAssertNil(GitHubStepSummary.append(result, reporters: ["text"], environment: environment))
    XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), "only for github")
    XCTAssertNil(GitHubStepSummary.append(result, reporters: ["github"], environment: environment))
    XCTAssertNil(GitHubStepSummary.append(result, reporters: ["github"], environment: environment))
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    XCTAssertEqual(text, GitHubReporter.stepSummary(result) + GitHubReporter.stepSummary(result))
  }

  func test_githubReporterInCLI_appendsStepSummary() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.cartSource.utf8).write(to: directory.appendingPathComponent("CartTests.swift"))
    let summary = directory.appendingPathComponent("summary.md")
    try Data("# Earlier step\n".utf8).write(to: summary)

    setenv(GitHubStepSummary.variable, summary.path, 1)
    defer { unsetenv(GitHubStepSummary.variable) }
    var stdout = ""
    var stderr = ""
    let code = TestLintCLI.run(
      ["--reporter", "github", "--quiet", "CartTests.swift"], workingDirectory: directory.path,
      stdout: &stdout, stderr: &stderr)
    XCTAssertEqual(code, .success, "warnings only: \(stderr)")
    XCTAssertTrue(stdout.hasPrefix("::warning file=CartTests.swift,line=5,col=5,"), stdout)
    let text = String(decoding: try Data(contentsOf: summary), as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("# Earlier step\n### testlint\n"), "appended: \(text)")
    XCTAssertTrue(text.contains("| 0 | 3 | 3 |"), "three warnings counted: \(text)")
  }

  // MARK: GitLab

  func test_gitlabIssues_haveRequiredFields() throws {
    for result in [Self.normalResult, Self.hostileResult, Self.duplicateResult] {
      let data = Data(GitLabReporter().render(result).utf8)
      let issues = try XCTUnwrap(
        JSONSerialization.jsonObject(with: data) as? [[String: Any]], "an array of issues")
      XCTAssertEqual(issues.count, result.findings.count + result.errors.count)
      for issue in issues {
        XCTAssertNotNil(issue["description"] as? String, "description")
        XCTAssertNotNil(issue["check_name"] as? String, "check_name")
        XCTAssertTrue(
          ["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String),
          "severity: \(String(describing: issue["severity"]))")
        let location = try XCTUnwrap(issue["location"] as? [String: Any], "location")
        XCTAssertNotNil(location["path"] as? String, "path")
        let begin = try XCTUnwrap((location["lines"] as? [String: Any])?["begin"] as? Int)
        XCTAssertGreaterThanOrEqual(begin, 1)
      }
      let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
      XCTAssertEqual(Set(fingerprints).count, issues.count, "unique fingerprints")
    }
  }

  func test_hostileGitLab_roundTripsMessages() throws {
    let data = Data(GitLabReporter().render(Self.hostileResult).utf8)
    let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    XCTAssertEqual(
      issues.compactMap { $0["description"] as? String },
      Self.hostileResult.findings.map(\.message) + Self.hostileResult.errors.map(\.message))
    XCTAssertEqual(
      issues.compactMap { ($0["location"] as? [String: Any])?["path"] as? String },
      Self.hostileResult.findings.map(\.path) + Self.hostileResult.errors.map(\.path))
  }

  // MARK: Checkstyle

  func test_checkstyleOutput_isWellFormed() throws {
    for result in [Self.normalResult, Self.hostileResult, Self.duplicateResult] {
      let xml = CheckstyleReporter().render(result)
      let run = try xmllint(["--noout", "-"], input: xml)
      XCTAssertEqual(run.status, 0, "xmllint rejected the report:\n\(run.error)\n\(xml)")
      let count = try xmllint(["--xpath", "count(//error)", "-"], input: xml).output
      XCTAssertEqual(
        count.trimmingCharacters(in: .whitespacesAndNewlines),
        String(result.findings.count + result.errors.count))
    }
  }

  func test_checkstyleFiles_areSortedWithRealColumns() throws {
    let xml = CheckstyleReporter().render(Self.normalResult)
    let names = try xmllint(["--xpath", "//file/@name", "-"], input: xml).output
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(
      names,
      [
        #"name="Tests/App Tests/Login+Tests.swift""#, #"name="Tests/App Tests/Profile.swift""#,
        #"name="Tests/Broken/Unreadable.swift""#, #"name="Tests/CoreTests/Über.swift""#,
      ])
    XCTAssertTrue(
      xml.contains(
        #"<error line="20" column="5" severity="error" message="use &apos;XCTAssertEqual&apos; "#),
      xml)
  }

  func test_hostileCheckstyle_roundTripsMessage() throws {
    let xml = CheckstyleReporter().render(Self.hostileResult)
    let run = try xmllint(["--xpath", "string((//error)[1]/@message)", "-"], input: xml)
    XCTAssertEqual(run.status, 0, run.error)
    let message = run.output.hasSuffix("\n") ? String(run.output.dropLast()) : run.output
    XCTAssertEqual(message, Self.xmlVisible(Self.hostileText), "the first finding's message")
  }
}

// MARK: - Results under test

private extension CIReporterTests {
  static let loginPath = "Tests/App Tests/Login+Tests.swift"
  static let profilePath = "Tests/App Tests/Profile.swift"
  static let parserPath = "Tests/CoreTests/Über.swift"
  static let unreadablePath = "Tests/Broken/Unreadable.swift"

  /// Page text the golden SARIF uses, so rule page edits do not churn the golden files.
  static let pages = [
    "missing_assertion": """
      # missing_assertion

      A test contains no assertion.

      ## Why

      A test without an assertion passes whatever the code does.

      ## Examples

      ```swift triggers
      func \u{2193}test_a_b() {}
      ```
      """
  ]

  /// Findings in two files (one path with a space and a `+`, one with non-ASCII), a clean file,
  /// an unreadable file, and a finding whose rule is not among the run's rules.
  static let normalResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .warning,
        message: "add an assertion to 'test_login_succeeds'", path: loginPath, line: 12,
        column: 8, test: "LoginTests.test_login_succeeds", suite: "LoginTests",
        snippet: "func test_login_succeeds() {"),
      Finding(
        ruleID: "generic_xctassert", severity: .error,
        message: "use 'XCTAssertEqual' instead of 'XCTAssert(a == b)'", path: loginPath,
        line: 20, column: 5, test: "LoginTests.test_logout_clearsSession", suite: "LoginTests",
        snippet: "XCTAssert(session == nil)"),
      Finding(
        ruleID: "test_naming", severity: .warning,
        message: "rename 'testParse' to 'test_<condition>_<expectedResult>'", path: parserPath,
        line: 0, column: 0, suite: "ÜberTests", snippet: "func testParse() {"),
    ],
    errors: [Diagnostic(path: unreadablePath, message: "cannot read file: permission denied")],
    files: [loginPath, profilePath, parserPath],
    rules: [
      RuleDescription(
        id: "generic_xctassert", summary: "flags XCTAssert(a == b)", defaultSeverity: .warning),
      RuleDescription(
        id: "missing_assertion", summary: "a test asserts nothing", defaultSeverity: .error),
    ])

  /// Everything that breaks naive escaping, in one string.
  static let hostileText =
    "]]> <script>alert('x')</script> & \"quoted\" 'single' back\\slash \\u0041 ##[error]legacy"
    + "\nsecond line\r\nthird\rfourth\ttab \u{1}\u{1B}[31mred\u{1B}[0m ::error file=x::pwned"
    + " %0A%0D%25 😀👩‍👩‍👧 \u{2028}\u{85}\u{FFFE}\u{0}end"

  static let hostilePath = "Tests/]]><script>&\"'\\ %0A::error, x=1.swift"
  static let hostileBreakPath = "Tests/line\nbreak\r\u{1B}😀 \u{FFFD}.swift"
  /// Sorts first and starts, after its spaces, like a workflow command.
  static let commandPath = "  ::error file=a.swift::injected.swift"

  /// Messages, test names, rule ids and paths that try to escape their format.
  static let hostileResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .warning, message: hostileText, path: commandPath,
        line: 1, column: 1, test: "Suite<T>.test_\"x\"\n\u{1B}]]>&", suite: "Suite<T>",
        snippet: hostileText),
      Finding(
        ruleID: "rule<&>\"'", severity: .error, message: "::error::%0Ainjected\n::warning::x",
        path: hostilePath, line: 2, column: 3, test: nil, snippet: "::error::x"),
      Finding(
        ruleID: "generic_xctassert", severity: .error, message: hostileText,
        path: hostileBreakPath, line: 40, column: 2, test: "😀Suite.test_\\\u{1}",
        suite: "😀Suite", snippet: "XCTAssert(\"\u{0}\")"),
      Finding(
        ruleID: "generic_xctassert", severity: .warning, message: "\n::error::second",
        path: hostileBreakPath, line: 41, column: 2, test: "😀Suite.test_\\\u{1}",
        suite: "😀Suite", snippet: "XCTAssert(\"\u{0}\")"),
    ],
    errors: [Diagnostic(path: "Tests/<bad>&\u{1}.swift", line: 1, column: 1, message: hostileText)],
    files: [" \t", commandPath, hostilePath, hostileBreakPath],
    rules: [])

  /// Four findings with the same identity in two paths, and an error.
  static let duplicateResult = LintResult(
    findings: duplicateFindings,
    errors: [
      Diagnostic(path: "a.b.swift", message: "partially unreadable"),
      Diagnostic(path: "a.b.swift", message: "partially unreadable"),
    ],
    files: ["a.b.swift", "a/b.swift"],
    rules: [])

  static let duplicateFindings = [
    finding(.warning, line: 3, path: "a.b.swift"), finding(.warning, line: 3, path: "a/b.swift"),
    finding(.warning, line: 5, path: "a/b.swift"), finding(.warning, line: 9, path: "a/b.swift"),
  ]

  /// A `some_rule` finding at `line`:1 whose identity is the same wherever it is.
  static func finding(_ severity: Severity, line: Int, path: String = "A.swift") -> Finding {
    Finding(
      ruleID: "some_rule", severity: severity, message: "finding \(line)", path: path,
      line: line, column: 1, test: "T.test_a_b", suite: "T", snippet: "same()")
  }

  /// Two identical `generic_xctassert` findings in one test, one more in another.
  static let cartSource = """
    import XCTest

    final class CartTests: XCTestCase {
      func test_total_isTen() {
        XCTAssert(cart.total == 10)
        XCTAssert(cart.total == 10)
      }

      func test_items_areCounted() {
        XCTAssert(cart.count == 2)
      }
    }

    """
}

// MARK: - Helpers

private extension CIReporterTests {
  /// A workflow command as GitHub's runner parses it.
  struct RunnerCommand {
    var name: String
    var properties: [String: String]
    var data: String
  }

  /// The reports of `result`, keyed by golden file name.
  static func outputs(of result: LintResult, named prefix: String) -> [(String, String)] {
    [
      ("\(prefix).sarif", SARIFReporter(pages: pages).render(result)),
      ("\(prefix).github.txt", GitHubReporter().render(result)),
      ("\(prefix).summary.md", GitHubReporter.stepSummary(result)),
      ("\(prefix).gitlab.json", GitLabReporter().render(result)),
      ("\(prefix).checkstyle.xml", CheckstyleReporter().render(result)),
    ]
  }

  /// Lints `source` in memory as `Tests/CartTests.swift` with every default rule.
  func lint(_ source: String) throws -> LintResult {
    let rules = RuleRegistry.all.filter { !$0.description.isOptIn }.map { type in
      ConfiguredRule(
        type, severity: type.description.defaultSeverity,
        options: RuleOptions(defaultsOf: type.description))
    }
    let engine = LintEngine(rules: rules, testBaseClasses: [], threads: 1)
    let bytes = Array(source.utf8)
    let entry = FileEntry(path: "/virtual/CartTests.swift", displayPath: "Tests/CartTests.swift")
    let result = engine.run([entry]) { _ in bytes }
    XCTAssertEqual(result.errors, [], "the source reads")
    return result
  }

  static func sarifRun(_ sarif: String) throws -> [String: Any] {
    let log = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any], "an object")
    XCTAssertEqual(log["version"] as? String, "2.1.0")
    let runs = try XCTUnwrap(log["runs"] as? [[String: Any]], "runs")
    XCTAssertEqual(runs.count, 1, "one run")
    return try XCTUnwrap(runs.first)
  }

  static func sarifFingerprints(_ result: LintResult) throws -> [String] {
    let run = try sarifRun(SARIFReporter().render(result))
    let results = try XCTUnwrap(run["results"] as? [[String: Any]], "results")
    return try results.map { result in
      let fingerprints = try XCTUnwrap(result["partialFingerprints"] as? [String: String])
      return try XCTUnwrap(fingerprints["testlint/v1"], "fingerprint key")
    }
  }

  static func gitlabFingerprints(_ result: LintResult) throws -> [String] {
    let data = Data(GitLabReporter().render(result).utf8)
    let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return issues.compactMap { $0["fingerprint"] as? String }
  }

  /// What GitHub's runner runs for one output line: `ActionCommand.TryParseV2` (a `::` command
  /// after leading whitespace), else the legacy `TryParse` (`##[command]` anywhere).
  static func runnerCommand(_ line: String) -> RunnerCommand? {
    let registered: Set<String> = [
      "set-env", "set-output", "save-state", "add-mask", "add-path", "add-matcher",
      "remove-matcher", "debug", "warning", "error", "notice", "group", "endgroup", "echo",
      "stop-commands",
    ]
    let trimmed = String(line.drop { $0.isWhitespace })
    let afterKey = trimmed.index(trimmed.startIndex, offsetBy: 2, limitedBy: trimmed.endIndex)
    if trimmed.hasPrefix("::"), let afterKey,
      let end = trimmed.range(of: "::", range: afterKey..<trimmed.endIndex)
    {
      let info = trimmed[afterKey..<end.lowerBound]
      let name = String(info.prefix { $0 != " " })
      if registered.contains(name) {
        var properties: [String: String] = [:]
        for pair in info.drop(while: { $0 != " " }).dropFirst().split(separator: ",") {
          let parts = pair.split(separator: "=", maxSplits: 1)
          if parts.count == 2 {
            properties[String(parts[0])] = unescape(
              String(parts[1]),
              [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")])
          }
        }
        let data = unescape(
          String(trimmed[end.upperBound...]), [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")])
        return RunnerCommand(name: name, properties: properties, data: data)
      }
    }
    if let prefix = line.range(of: "##["),
      let close = line[prefix.upperBound...].firstIndex(of: "]")
    {
      let name = String(line[prefix.upperBound..<close].prefix { $0 != " " })
      if registered.contains(name) { return RunnerCommand(name: name, properties: [:], data: "") }
    }
    return nil
  }

  static func unescape(_ text: String, _ mappings: [(String, String)]) -> String {
    mappings.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
  }

  /// `text` with the characters XML cannot carry written as `XMLEscaping` writes them.
  static func xmlVisible(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...0x10FFFF: output.unicodeScalars.append(scalar)
      default: output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return output
  }

  /// Validates a SARIF log against the schema with Python's `jsonschema`; status 0 means valid.
  func sarifValidation(of sarif: String) throws -> (status: Int32, output: String) {
    let script = """
      import json, sys
      try:
          import jsonschema
      except ImportError:
          sys.exit(3)
      schema = json.load(open(sys.argv[1], encoding="utf-8"))
      log = json.loads(sys.stdin.buffer.read().decode("utf-8"))
      cls = jsonschema.validators.validator_for(schema)
      errors = list(cls(schema, format_checker=jsonschema.FormatChecker()).iter_errors(log))
      for error in errors[:20]:
          print(list(error.absolute_path), error.message)
      sys.exit(1 if errors else 0)
      """
    let hint = "python3 with jsonschema not found; install it with 'pip install jsonschema'"
    let schema = try ExternalRequirements.schema("sarif-schema-2.1.0.json")
    let run = try tool("python3", ["-c", script, schema.path], input: sarif, hint: hint)
    if run.status == 3 { throw ExternalRequirements.missing(hint) }
    return (run.status, run.output + run.error)
  }

  func xmllint(_ arguments: [String], input: String) throws -> (
    status: Int32, output: String, error: String
  ) {
    try tool(
      "xmllint", arguments, input: input,
      hint: "xmllint not found; install it with 'apt-get install libxml2-utils'")
  }

  /// Runs a tool found on `PATH` with `input` on standard input.
  func tool(
    _ name: String, _ arguments: [String], input: String, hint: String
  ) throws -> (status: Int32, output: String, error: String) {
    let executable = try ExternalRequirements.executable(name, hint: hint)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Write from another thread so a tool that answers before reading everything cannot
    // deadlock us on a full pipe.
    let data = Data(input.utf8)
    let writer = Thread {
      stdin.fileHandleForWriting.write(data)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = ErrorBox()
    let readerDone = DispatchSemaphore(value: 0)
    let reader = Thread {
      errorData.data = error.fileHandleForReading.readDataToEndOfFile()
      readerDone.signal()
    }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    readerDone.wait()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData.data, as: UTF8.self)
    )
  }

}

/// Standard error read on another thread.
private final class ErrorBox: @unchecked Sendable {
  var data = Data()
}
