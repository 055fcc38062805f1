import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

@testable import TestLintCore

/// The command line as a user sees it: exit codes, what goes to standard output and error,
/// report files, configuration lookup. Every test runs `TestLintCLI.run` in-process in a
/// temporary folder.
final class CLITests: XCTestCase {
  static let badNameMessage =
    "name 'testLoad' in the form 'test_<condition>_<expectedResult>', such as "
    + "'test_load_<expectedResult>'"
  static let noAssertionMessage =
    "test 'test_load_showsTitle' asserts nothing; check its outcome with an 'XCTAssert' call or "
    + "wait for an expectation"

  // MARK: Exit codes

  func test_cleanFiles_exitWithZero() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/CleanTests.swift", Source.clean())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(output.stderr, "testlint: 0 findings (0 errors, 0 warnings) in 1 file\n")
  }

  func test_warningsOnly_exitWithZero() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_errorFinding_exitsWithOne() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      "EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n")
    XCTAssertEqual(output.stderr, "testlint: 1 finding (1 error, 0 warnings) in 1 file\n")
  }

  func test_warningsWithStrict_exitWithOne() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    XCTAssertEqual(sandbox.run(["--strict"]).code, .findings)
    try sandbox.write("NameTests.swift", Source.clean("NameTests"))
    XCTAssertEqual(sandbox.run(["--strict"]).code, .success)
  }

  func test_unknownOption_suggestsClosestOption() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["--strcit"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(output.stdout, "", "nothing is linted after a usage error")
    XCTAssertEqual(
      output.stderr,
      "testlint: error: unknown option '--strcit'; did you mean '--strict'?\n"
        + "run 'testlint --help' for usage\n")
  }

  func test_optionWithoutValue_exitsWithUsageError() throws {
    let sandbox = try Sandbox(self)
    for arguments in [["--config"], ["--reporter"], ["--threads", "0"], ["--threads", "many"]] {
      let output = sandbox.run(arguments)
      XCTAssertEqual(output.code, .failure, "\(arguments)")
      XCTAssertTrue(output.stderr.hasPrefix("testlint: error: "), "\(arguments): \(output.stderr)")
    }
  }

  func test_unknownOnlyRule_suggestsClosestRule() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["--only-rule", "missing_asertion"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(
      output.stderr,
      "testlint: error: unknown rule 'missing_asertion' in '--only-rule'; "
        + "did you mean 'missing_assertion'?\n")
  }

  func test_unknownReporter_suggestsClosestReporter() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CleanTests.swift", Source.clean())
    let output = sandbox.run(["--reporter", "jsno"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(output.stdout, "")
    XCTAssertTrue(output.stderr.contains("unknown reporter 'jsno'; did you mean 'json'?"), output.stderr)
  }

  func test_malformedConfig_reportsPositionAndSuggestion() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write(
      ".lint.yml",
      """
      version: 1
      disabled_rule: [api_mock_seeding]
      test_name_format:
        max_segment: 4
        severity: eror
      only_rules: [missing_asertion]

      """)
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(output.stdout, "", "a broken configuration lints nothing")
    XCTAssertEqual(
      output.stderr,
      """
      .lint.yml:2:1: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?
      .lint.yml:4:3: error: unknown option 'max_segment' for rule 'test_name_format'; did you mean 'max_segments'?
      .lint.yml:5:13: error: invalid severity 'eror' for rule 'test_name_format'; expected 'off', 'warning' or 'error'; did you mean 'error'?
      .lint.yml:6:14: error: unknown rule 'missing_asertion'; did you mean 'missing_assertion'?

      """)
  }

  func test_yamlOutsideSubset_exitsWithPositionedError() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CleanTests.swift", Source.clean())
    try sandbox.write(".lint.yml", "included: [\"Tests/**\"\nexcluded: []\n")
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .failure)
    let firstLine = output.stderr.split(separator: "\n").first.map(String.init) ?? ""
    XCTAssertNotNil(
      firstLine.range(of: #"^\.lint\.yml:\d+:\d+: error: "#, options: .regularExpression), firstLine)
  }

  func test_missingPath_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["Missing.swift", "EmptyTests.swift"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(
      output.stdout,
      "EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n")
    XCTAssertTrue(
      output.stderr.hasPrefix("Missing.swift:1:1: error: cannot open: no such file or directory\n"),
      output.stderr)
    XCTAssertTrue(output.stderr.contains("1 file problem"), output.stderr)
  }

  func test_misspeltCommand_suggestsCommand() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/CleanTests.swift", Source.clean())
    let output = sandbox.run(["invetory", "Tests"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(
      output.stderr.hasPrefix(
        "invetory:1:1: error: cannot open: no such file or directory; "
          + "did you mean the command 'inventory'?\n"),
      output.stderr)
    let rule = sandbox.run(["rule", "missing_assertion"])
    XCTAssertTrue(rule.stderr.contains("did you mean the command 'rules'?"), rule.stderr)
    let folder = sandbox.run(["Test"])
    XCTAssertEqual(
      folder.stderr.split(separator: "\n").first, "Test:1:1: error: cannot open: no such file or directory",
      "a missing folder far from every command gets no hint")
  }

  func test_invalidUTF8_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("A/BadTests.swift", bytes: Array("let a = \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
    try sandbox.write("B/NameTests.swift", Source.badName())
    let output = sandbox.run(["--reporter", "json"])
    XCTAssertEqual(output.code, .failure)
    let json = try JSONFile(output.stdout)
    XCTAssertEqual(json.findings.map(\.file), ["B/NameTests.swift"])
    XCTAssertEqual(json.errors.map(\.file), ["A/BadTests.swift"])
    XCTAssertEqual(json.errors.first?.line, 1)
    XCTAssertTrue(
      output.stderr.hasPrefix("A/BadTests.swift:1:10: error: cannot read file: "), output.stderr)
  }

  func test_nulByte_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("A/NulTests.swift", bytes: Array("import XCTest\nlet a = 1".utf8) + [0] + [10])
    try sandbox.write("B/NameTests.swift", Source.badName())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(
      output.stdout, "B/NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
    XCTAssertTrue(
      output.stderr.hasPrefix("A/NulTests.swift:2:10: error: cannot read file: "), output.stderr)
    XCTAssertTrue(output.stderr.contains("NUL"), output.stderr)
  }

  func test_unterminatedString_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("BrokenTests.swift", "import XCTest\nlet title = \"unterminated\n")
    try sandbox.write("NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
    XCTAssertEqual(output.stderr, "BrokenTests.swift:2:13: error: unterminated string literal\n")
  }

  // MARK: Text output

  func test_textOutput_isSortedByPathLineColumnRule() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "b/LaterTests.swift",
      """
      import XCTest
      final class LaterTests: XCTestCase {
        func testB() { XCTAssert(x == 1) }
        func testA() {}
      }

      """)
    try sandbox.write("a/EarlierTests.swift", Source.badName("EarlierTests"))
    try sandbox.write("a.swift", Source.badName("TopTests"))
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(
      output.stdout,
      """
      a.swift:3:13: warning: rename 'a.swift' to 'TopTests.swift' after the test class it holds (test_file_name)
      a.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)
      a/EarlierTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)
      b/LaterTests.swift:3:8: warning: name 'testB' in the form 'test_<condition>_<expectedResult>', such as 'test_b_<expectedResult>' (test_name_format)
      b/LaterTests.swift:3:18: warning: use 'XCTAssertEqual' instead of 'XCTAssert' with '==' (generic_xctassert)
      b/LaterTests.swift:4:8: error: test 'testA' is empty; write the test or delete it (missing_assertion)
      b/LaterTests.swift:4:8: warning: name 'testA' in the form 'test_<condition>_<expectedResult>', such as 'test_a_<expectedResult>' (test_name_format)

      """)
  }

  func test_pathsOutsideWorkingDirectory_stayRelativeToIt() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("App/Tests/NameTests.swift", Source.badName())
    try sandbox.write("App/Sources/.keep", "")
    let output = sandbox.run(["--quiet", "../Tests", "./../Tests/NameTests.swift"], in: "App/Sources")
    XCTAssertEqual(
      output.stdout,
      "\(sandbox.root)/App/Tests/NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n",
      "a file outside the working directory is printed with its absolute path, once")
    let inside = sandbox.run(["--quiet", "./Tests//NameTests.swift"], in: "App")
    XCTAssertEqual(
      inside.stdout, "Tests/NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_absolutePaths_printEveryFileFromRoot() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet", "--absolute-paths", "Tests", "--reporter", "text"])
    XCTAssertEqual(
      output.stdout,
      "\(sandbox.root)/Tests/NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n",
      "the build-tool plugin runs testlint in a folder Xcode picks; its diagnostics need full paths")
    XCTAssertEqual(output.code, .success)
  }

  func test_workingDirectoryWithTrailingSlash_printsSamePaths() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/NameTests.swift", Source.badName())
    try sandbox.write(".lint.yml", "test_name_format:\n  severity: eror\n")
    var stdout = ""
    var stderr = ""
    let code = TestLintCLI.run(
      ["Tests"], workingDirectory: sandbox.root + "/", stdout: &stdout, stderr: &stderr)
    XCTAssertEqual(code, .failure)
    XCTAssertTrue(stderr.hasPrefix(".lint.yml:2:13: error: invalid severity 'eror'"), stderr)
  }

  // MARK: Reporters

  // testlint:disable:next indiscrete_test - one behaviour: every documented key of the JSON report
  func test_jsonReporter_hasDocumentedShape() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/EmptyTests.swift", Source.noAssertion())
    try sandbox.write("Tests/CleanTests.swift", Source.clean())
    try sandbox.write("Tests/BrokenTests.swift", "let a = \"open\n")
    let output = sandbox.run(["--reporter", "json", "--quiet"])
    XCTAssertEqual(output.code, .failure)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    XCTAssertEqual(object.keys.sorted(), ["errors", "files", "findings", "tool", "version"])
    XCTAssertEqual(object["version"] as? Int, 1)
    let tool = try XCTUnwrap(object["tool"] as? [String: Any])
    XCTAssertEqual(tool["name"] as? String, "testlint")
    XCTAssertEqual(tool["version"] as? String, ToolInfo.version)
    XCTAssertEqual(object["files"] as? Int, 3)
    let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
    XCTAssertEqual(findings.count, 1)
    let finding = try XCTUnwrap(findings.first)
    XCTAssertEqual(
      finding.keys.sorted(), ["column", "file", "line", "message", "rule", "severity", "test"])
    XCTAssertEqual(finding["rule"] as? String, "missing_assertion")
    XCTAssertEqual(finding["severity"] as? String, "error")
    XCTAssertEqual(finding["message"] as? String, Self.noAssertionMessage)
    XCTAssertEqual(finding["file"] as? String, "Tests/EmptyTests.swift")
    XCTAssertEqual(finding["line"] as? Int, 4)
    XCTAssertEqual(finding["column"] as? Int, 8)
    XCTAssertEqual(finding["test"] as? String, "EmptyTests.test_load_showsTitle")
    let errors = try XCTUnwrap(object["errors"] as? [[String: Any]])
    XCTAssertEqual(errors.count, 1)
    XCTAssertEqual(errors.first?["file"] as? String, "Tests/BrokenTests.swift")
    XCTAssertEqual(errors.first?["line"] as? Int, 1)
    XCTAssertEqual(errors.first?["column"] as? Int, 9)
    XCTAssertEqual(errors.first?["message"] as? String, "unterminated string literal")
  }

  func test_severalReporters_writeEveryReport() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write("CleanTests.swift", Source.clean())
    let output = sandbox.run([
      "--reporter", "json:reports/out.json", "--reporter", "junit:out.xml", "--reporter", "text",
    ])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      "EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n",
      "only the text report goes to standard output")
    let json = try JSONFile(try XCTUnwrap(sandbox.read("reports/out.json"), "json report written"))
    XCTAssertEqual(json.findings.map(\.rule), ["missing_assertion"])
    XCTAssertEqual(json.files, 2)
    let xml = try XCTUnwrap(sandbox.read("out.xml"), "junit report written")
    XCTAssertTrue(xml.hasPrefix("<?xml"), xml)
    XCTAssertTrue(xml.contains("missing_assertion"), xml)
    XCTAssertTrue(XMLParser(data: Data(xml.utf8)).parse(), "the junit report is well-formed XML")
  }

  func test_textReporterToFile_leavesStdoutEmpty() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["--reporter", "text:lint.txt", "--quiet"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(
      sandbox.read("lint.txt"),
      "EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n")
  }

  func test_reportToUnwritablePath_exitsWithTwo() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CleanTests.swift", Source.clean())
    try sandbox.write("taken", "a file, not a folder")
    let output = sandbox.run(["--reporter", "json:taken/out.json", "--quiet"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.hasPrefix("taken/out.json:1:1: error: cannot write report"), output.stderr)
  }

  func test_quiet_suppressesSummaryOnly() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write("NameTests.swift", Source.badName())
    let loud = sandbox.run([])
    XCTAssertEqual(loud.stderr, "testlint: 2 findings (1 error, 1 warning) in 2 files\n")
    let quiet = sandbox.run(["--quiet"])
    XCTAssertEqual(quiet.stderr, "")
    XCTAssertEqual(quiet.stdout, loud.stdout)
    XCTAssertEqual(quiet.code, .findings)
  }

  func test_noSwiftFiles_warnsAndExitsWithZero() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("README.md", "# nothing to lint\n")
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertTrue(output.stderr.contains("no Swift files to lint"), output.stderr)
  }

  // MARK: Configuration

  func test_configInParentFolder_isUsed() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "test_name_format: off\n")
    try sandbox.write("App/Tests/NameTests.swift", Source.badName())
    let output = sandbox.run([], in: "App/Tests")
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "", "the parent's configuration turned the rule off")
  }

  func test_nearestConfig_winsOverParent() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "test_name_format: off\n")
    try sandbox.write("App/.lint.yml", "test_name_format: error\n")
    try sandbox.write("App/NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet"], in: "App")
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: error: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_configOption_overridesNearestFile() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "test_name_format: off\n")
    try sandbox.write("ci/strict.yml", "test_name_format:\n  severity: error\n")
    try sandbox.write("NameTests.swift", Source.badName())
    let output = sandbox.run(["--config", "ci/strict.yml", "--quiet"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: error: \(Self.badNameMessage) (test_name_format)\n")
    let missing = sandbox.run(["--config", "ci/none.yml"])
    XCTAssertEqual(missing.code, .failure)
    XCTAssertTrue(missing.stderr.hasPrefix("ci/none.yml:1:1: error: cannot read file"), missing.stderr)
  }

  func test_includedAndExcludedGlobs_selectFiles() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      ".lint.yml",
      """
      included: ["Tests/**"]
      excluded:
        - "**/Generated/**"
        - "Tests/Legacy"

      """)
    try sandbox.write("Sources/AppTests.swift", Source.badName("AppTests"))
    try sandbox.write("Tests/Unit/Deep/NameTests.swift", Source.badName())
    try sandbox.write("Tests/Unit/Generated/MockTests.swift", Source.badName("MockTests"))
    try sandbox.write("Tests/Legacy/Old/OldTests.swift", Source.badName("OldTests"))
    try sandbox.write("Tests/TopTests.swift", Source.badName("TopTests"))
    let output = sandbox.run(["--quiet", "--reporter", "json"])
    let json = try JSONFile(output.stdout)
    XCTAssertEqual(json.findings.map(\.file), ["Tests/TopTests.swift", "Tests/Unit/Deep/NameTests.swift"])
    XCTAssertEqual(json.files, 2)
  }

  func test_parentConfigGlobs_applyFromSubfolder() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "included: [\"Tests/**\"]\nexcluded: [\"Tests/Generated/**\"]\n")
    try sandbox.write("Tests/Generated/MockTests.swift", Source.badName("MockTests"))
    try sandbox.write("Tests/Unit/NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet"], in: "Tests")
    XCTAssertEqual(
      output.stdout,
      "Unit/NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n",
      "globs are relative to the configuration's folder, paths to the working directory")
    let deeper = sandbox.run(["--quiet", ".."], in: "Tests/Unit")
    XCTAssertEqual(
      deeper.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_explicitFile_lintedUnlessExcluded() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "included: [Tests]\nexcluded: [\"**/Generated/**\"]\n")
    try sandbox.write("Sources/AppTests.swift", Source.badName("AppTests"))
    try sandbox.write("Tests/Generated/MockTests.swift", Source.badName("MockTests"))
    let output = sandbox.run(
      ["--quiet", "Sources/AppTests.swift", "Tests/Generated/MockTests.swift"])
    XCTAssertEqual(
      output.stdout,
      "Sources/AppTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n",
      "a named file is linted outside 'included' but never when 'excluded' (README)")
  }

  func test_disabledRules_silenceThoseRules() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "disabled_rules: [test_name_format, missing_assertion]\n")
    try sandbox.write("NameTests.swift", Source.badName())
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "")
  }

  func test_ruleSeverity_changesReportedSeverity() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write(
      ".lint.yml", "missing_assertion:\n  severity: warning\ntest_name_format:\n  severity: error\n")
    let swapped = sandbox.run(["--quiet"])
    XCTAssertEqual(swapped.code, .findings)
    XCTAssertEqual(
      swapped.stdout,
      """
      EmptyTests.swift:4:8: warning: \(Self.noAssertionMessage) (missing_assertion)
      NameTests.swift:4:8: error: \(Self.badNameMessage) (test_name_format)

      """)
    try sandbox.write(".lint.yml", "missing_assertion:\n  severity: off\ntest_name_format: warning\n")
    let relaxed = sandbox.run(["--quiet"])
    XCTAssertEqual(relaxed.code, .success)
    XCTAssertEqual(
      relaxed.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_ruleOption_changesWhatIsReported() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName(test: "test_user_logsIn_withToken_showsHome"))
    XCTAssertEqual(sandbox.run(["--quiet"]).stdout.components(separatedBy: "(test_name_format)").count, 2)
    try sandbox.write(".lint.yml", "test_name_format: {max_segments: 4}\n")
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "")
  }

  func test_onlyRules_runsOnlyListedRules() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write(".lint.yml", "only_rules: [test_name_format]\n")
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
  }

  func test_onlyRuleFlag_overridesConfiguration() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write(".lint.yml", "test_name_format:\n  severity: off\nonly_rules: [missing_assertion]\n")
    let output = sandbox.run(["--quiet", "--only-rule", "test_name_format"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      output.stdout, "NameTests.swift:4:8: warning: \(Self.badNameMessage) (test_name_format)\n")
    let both = sandbox.run(["--quiet", "--only-rule", "test_name_format", "--only-rule=missing_assertion"])
    XCTAssertEqual(both.code, .findings)
    XCTAssertEqual(both.stdout.split(separator: "\n").count, 2, both.stdout)
  }

  func test_testBaseClasses_makeSubclassesTestCases() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "FeatureTests.swift",
      """
      import SharedTestKit

      final class FeatureTests: ExternalBase {
        func testSomething() {}
      }

      """)
    XCTAssertEqual(sandbox.run(["--quiet"]).stdout, "", "ExternalBase is unknown: not a test class")
    try sandbox.write(".lint.yml", "test_base_classes: [ExternalBase]\n")
    let output = sandbox.run(["--quiet", "--reporter", "json"])
    XCTAssertEqual(output.code, .findings)
    let json = try JSONFile(output.stdout)
    XCTAssertEqual(json.findings.map(\.rule), ["missing_assertion", "test_name_format"])
    XCTAssertEqual(json.findings.map(\.test), ["FeatureTests.testSomething", "FeatureTests.testSomething"])
  }

  // MARK: Files

  func test_hiddenFolders_areSkipped() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".build/checkouts/Dep/Tests/DepTests.swift", Source.noAssertion("DepTests"))
    try sandbox.write(".git/hooks/HookTests.swift", Source.noAssertion("HookTests"))
    try sandbox.write("Tests/.Hidden.swift", Source.noAssertion("HiddenTests"))
    try sandbox.write("Tests/CleanTests.swift", Source.clean())
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stderr, "testlint: 0 findings (0 errors, 0 warnings) in 1 file\n")
  }

  func test_symlinkLoop_doesNotHang() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/EmptyTests.swift", Source.noAssertion())
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tests/loop"), withDestinationPath: sandbox.path("Tests"))
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tests/Up.swift"), withDestinationPath: sandbox.root)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tests/Self.swift"), withDestinationPath: sandbox.path("Tests/Self.swift"))
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      "Tests/EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n")
  }

  func test_sameFileTwice_isLintedOnce() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["--quiet", "Tests/EmptyTests.swift", "Tests", "./Tests/EmptyTests.swift"])
    XCTAssertEqual(output.stdout.split(separator: "\n").count, 1, output.stdout)
  }

  // MARK: Subcommands

  func test_inventory_listsEveryTestAsJSON() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "Tests/MixedTests.swift",
      """
      import Testing
      import XCTest

      final class LoginTests: XCTestCase {
        func test_login_succeeds() {
          XCTAssertTrue(true)
          XCTAssertEqual(1, 1)
        }
        func helper() {}
      }

      @Test func parsesDate() {
        #expect(1 == 1)
      }

      """)
    let output = sandbox.run(["inventory", "Tests"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      output.stdout,
      """
      {
        "version": 1,
        "tests": [
          {
            "file": "Tests/MixedTests.swift",
            "suite": "LoginTests",
            "name": "test_login_succeeds",
            "framework": "xctest",
            "line": 5,
            "assertions": 2
          },
          {
            "file": "Tests/MixedTests.swift",
            "suite": null,
            "name": "parsesDate",
            "framework": "swift-testing",
            "line": 12,
            "assertions": 1
          }
        ]
      }

      """)
  }

  func test_inventory_marksPendingQuickExamples() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "Tests/CartSpec.swift",
      """
      import Quick
      import Nimble

      final class CartSpec: QuickSpec {
        override class func spec() {
          describe("a cart") {
            it("totals") { expect(1) == 1 }
            xit("clears") { cart.clear() }
            pending("merges carts") { cart.merge() }
          }
          xdescribe("checkout") {
            it("pays") { expect(2) == 2 }
          }
          xcontext("offline") {
            it("queues") { cart.queue() }
          }
        }
      }

      """)
    let output = sandbox.run(["inventory", "Tests"])
    XCTAssertEqual(output.code, .success)
    let root = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let tests = try XCTUnwrap(root["tests"] as? [[String: Any]])
    var pending: [String: Bool] = [:]
    for test in tests {
      pending[try XCTUnwrap(test["name"] as? String)] = test["pending"] as? Bool ?? false
    }
    XCTAssertEqual(
      pending,
      [
        "a cart, totals": false, "a cart, clears": true, "a cart, merges carts": true,
        "checkout, pays": true, "offline, queues": true,
      ])
    // A running example's entry is as before: `assertions` is its last key.
    XCTAssertTrue(
      output.stdout.contains("\"line\": 7,\n      \"assertions\": 1\n    }"), output.stdout)
    XCTAssertTrue(
      output.stdout.contains("\"assertions\": 0,\n      \"pending\": true\n    }"), output.stdout)
  }

  func test_inventory_followsConfiguration() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "excluded: [Generated]\ntest_base_classes: [ExternalBase]\n")
    try sandbox.write("Generated/MockTests.swift", Source.clean("MockTests"))
    try sandbox.write(
      "FeatureTests.swift", "final class FeatureTests: ExternalBase {\n  func test_feature_works() {}\n}\n")
    let output = sandbox.run(["inventory"])
    XCTAssertEqual(output.code, .success)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
    XCTAssertEqual(tests.compactMap { $0["file"] as? String }, ["FeatureTests.swift"])
    XCTAssertEqual(tests.compactMap { $0["assertions"] as? Int }, [0])
    try sandbox.write(".lint.yml", "exclude: [Generated]\n")
    let broken = sandbox.run(["inventory"])
    XCTAssertEqual(broken.code, .failure)
    XCTAssertEqual(broken.stdout, "")
    XCTAssertTrue(
      broken.stderr.hasPrefix(".lint.yml:1:1: error: unknown key 'exclude'; did you mean 'excluded'?"),
      broken.stderr)
  }

  func test_inventoryOfMissingPath_exitsWithTwo() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CleanTests.swift", Source.clean())
    let output = sandbox.run(["inventory", "Nope", "CleanTests.swift"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stdout.contains("\"test_load_showsTitle\""), output.stdout)
    XCTAssertTrue(output.stderr.hasPrefix("Nope:1:1: error: cannot open"), output.stderr)
  }

  func test_rules_printsTableOfEveryRule() throws {
    let sandbox = try Sandbox(self)
    let output = sandbox.run(["rules"])
    XCTAssertEqual(output.code, .success)
    let lines = output.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first?.split(separator: " "), ["id", "severity", "opt-in", "summary"])
    XCTAssertEqual(
      lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) },
      RuleRegistry.descriptions.map(\.id).sorted())
    XCTAssertTrue(
      lines.contains { $0.hasPrefix("missing_assertion") && $0.contains(" error ") }, output.stdout)
  }

  func test_rulesWithID_printsRulePage() throws {
    let sandbox = try Sandbox(self)
    let output = sandbox.run(["rules", "missing_assertion"])
    XCTAssertEqual(output.code, .success)
    XCTAssertTrue(output.stdout.hasPrefix("# missing_assertion\n"), output.stdout)
    XCTAssertTrue(output.stdout.contains("## Why"), output.stdout)
    XCTAssertTrue(output.stdout.contains("```swift triggers"), output.stdout)
  }

  func test_rulesWithUnknownID_suggestsClosest() throws {
    let sandbox = try Sandbox(self)
    let typo = sandbox.run(["rules", "generic_xctasert"])
    XCTAssertEqual(typo.code, .failure)
    XCTAssertEqual(typo.stdout, "")
    XCTAssertTrue(
      typo.stderr.hasPrefix(
        "testlint: error: unknown rule 'generic_xctasert'; did you mean 'generic_xctassert'?\n"),
      typo.stderr)
    let nope = sandbox.run(["rules", "nope"])
    XCTAssertEqual(nope.code, .failure)
    XCTAssertTrue(nope.stderr.hasPrefix("testlint: error: unknown rule 'nope'"), nope.stderr)
    XCTAssertTrue(nope.stderr.contains("testlint rules"), "points to the list: \(nope.stderr)")
  }

  func test_version_printsSemanticVersion() throws {
    let sandbox = try Sandbox(self)
    for arguments in [["version"], ["--version"]] {
      let output = sandbox.run(arguments)
      XCTAssertEqual(output.code, .success)
      XCTAssertEqual(output.stdout, ToolInfo.version + "\n")
      XCTAssertNotNil(output.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression))
    }
  }

  func test_help_printsUsageAndExitCodes() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    for arguments in [["--help"], ["-h"], ["lint", "--help"]] {
      let output = sandbox.run(arguments)
      XCTAssertEqual(output.code, .success, "\(arguments)")
      XCTAssertEqual(output.stderr, "", "\(arguments)")
      for word in ["USAGE", "--reporter", "--strict", "--only-rule", "--config", "EXIT CODES"] {
        XCTAssertTrue(output.stdout.contains(word), "\(arguments): \(word)")
      }
    }
  }

  func test_pathNamedLikeCommand_afterDoubleDash_isLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("rules/EmptyTests.swift", Source.noAssertion())
    let output = sandbox.run(["--quiet", "--", "rules"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      "rules/EmptyTests.swift:4:8: error: \(Self.noAssertionMessage) (missing_assertion)\n")
  }
}

/// The JSON report, decoded with the shape the README documents.
struct JSONFile: Decodable {
  struct Finding: Decodable {
    var rule: String
    var severity: String
    var message: String
    var file: String
    var line: Int
    var column: Int
    var test: String?
  }

  struct Problem: Decodable {
    var file: String
    var line: Int
    var column: Int
    var message: String
  }

  var version: Int
  var files: Int
  var findings: [Finding]
  var errors: [Problem]

  init(_ text: String) throws {
    self = try JSONDecoder().decode(JSONFile.self, from: Data(text.utf8))
  }
}

extension CLITests {
  func test_inventory_countsTheTestBodyOnceWhenItsHelperCallsItAgain() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "RetryTests.swift",
      """
      import XCTest
      final class RetryTests: XCTestCase {
        func test_retry_succeeds() {
          XCTAssertTrue(ready)
          retry()
        }
        func retry() {
          XCTAssertTrue(done)
          if again { test_retry_succeeds() }
        }
      }

      """)
    let output = sandbox.run(["inventory"])
    XCTAssertEqual(output.code, .success)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
    XCTAssertEqual(tests.compactMap { $0["assertions"] as? Int }, [2], "its own and the helper's")
  }
}

extension CLITests {
  func test_summary_countsErrorsAndWarningsApart() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try sandbox.write("NameTests.swift", Source.badName())
    try sandbox.write("OtherNameTests.swift", Source.badName("OtherNameTests"))
    let output = sandbox.run([])
    XCTAssertEqual(output.stderr, "testlint: 3 findings (1 error, 2 warnings) in 3 files\n")
  }
}
