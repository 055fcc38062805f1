import Foundation
import TestLintCore
import XCTest

/// Golden-file, round-trip and schema tests for the reporters and their JSON and XML writers.
///
/// Golden files live in `Fixtures/Reporters/`; run with `TESTLINT_UPDATE_GOLDEN=1` to rewrite
/// them after an intended change, then review the diff.
final class ReporterTests: XCTestCase {
  // MARK: Golden files

  func test_normalResult_matchesGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.normalResult, named: "normal"))
  }

  func test_hostileResult_matchesGoldenFiles() throws {
    try GoldenFile.assertMatches(Self.outputs(of: Self.hostileResult, named: "hostile"))
  }

  func test_emptyResult_matchesGoldenFiles() throws {
    let result = LintResult(findings: [], errors: [], files: [], rules: [])
    XCTAssertEqual(TextReporter().render(result), "", "no findings, no text")
    try GoldenFile.assertMatches(Self.outputs(of: result, named: "empty"))
  }

  // MARK: Text

  func test_hostileMessages_keepOneLinePerFinding() {
    let result = Self.hostileResult
    let output = TextReporter().render(result)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, result.findings.count + 1, "one line per finding, then empty")
    XCTAssertEqual(lines.last, "", "output ends with a newline")
    for line in lines.dropLast() {
      XCTAssertFalse(line.contains { $0.isNewline }, "no line break inside: \(line)")
      XCTAssertFalse(
        line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" },
        "no control characters: \(line)")
    }
  }

  func test_textLine_controlAtEveryPosition_escapedAsAlone() {
    // The message is checked eight bytes at a time: a character to replace at any place of a
    // word, in a later word or in the tail, is replaced as in a short message; other text,
    // non-ASCII included, is kept as it is.
    let specials: [(String, String)] = [
      ("\n", " "), ("\r\n", " "), ("\u{7}", "\\u{7}"), ("\u{7F}", "\\u{7F}"), ("\u{85}", " "),
      ("\u{2028}", " "), ("\u{2029}", " "), ("\t", "\t"), ("\u{E9}", "\u{E9}"), ("\u{2014}", "\u{2014}"), ("~", "~"),
    ]
    for (special, shown) in specials {
      for position in 0..<20 {
        let before = String(repeating: "a", count: position)
        let message = before + special + "bcdefghij"
        let finding = Finding(ruleID: "r", severity: .warning, message: message, path: "A.swift", line: 1, column: 1)
        let result = LintResult(findings: [finding], errors: [], files: ["A.swift"], rules: [])
        XCTAssertEqual(
          TextReporter().render(result), "A.swift:1:1: warning: \(before)\(shown)bcdefghij (r)\n",
          "\(special.unicodeScalars.map(\.value)) after \(position)")
      }
    }
  }

  func test_textLine_matchesEditorFormat() {
    let finding = Finding(
      ruleID: "missing_assertion", severity: .error, message: "add an assertion",
      path: "Tests/A.swift", line: 3, column: 7)
    let result = LintResult(findings: [finding], errors: [], files: ["Tests/A.swift"], rules: [])
    XCTAssertEqual(
      TextReporter().render(result),
      "Tests/A.swift:3:7: error: add an assertion (missing_assertion)\n")
  }

  func test_textLine_namesEachSeverityByItsRawValue() {
    for severity in Severity.allCases {
      let finding = Finding(
        ruleID: "sleep_in_test", severity: severity, message: "m", path: "A.swift", line: 1, column: 2)
      let result = LintResult(findings: [finding], errors: [], files: ["A.swift"], rules: [])
      XCTAssertEqual(TextReporter().render(result), "A.swift:1:2: \(severity.rawValue): m (sleep_in_test)\n")
    }
  }

  // MARK: JSON

  // testlint:disable:next indiscrete_test - one behaviour: every field of every entry round-trips
  func test_hostileMessages_produceValidJSON() throws {
    let result = Self.hostileResult
    let data = Data(JSONReporter().render(result).utf8)
    let document = try XCTUnwrap(
      JSONSerialization.jsonObject(with: data) as? [String: Any], "top level is an object")
    XCTAssertEqual(document["version"] as? Int, 1)
    XCTAssertEqual(document["files"] as? Int, result.files.count)

    let findings = try XCTUnwrap(document["findings"] as? [[String: Any]], "findings array")
    XCTAssertEqual(findings.count, result.findings.count)
    for (json, finding) in zip(findings, result.findings) {
      XCTAssertEqual(json["rule"] as? String, finding.ruleID)
      XCTAssertEqual(json["severity"] as? String, finding.severity.rawValue)
      XCTAssertEqual(json["message"] as? String, finding.message)
      XCTAssertEqual(json["file"] as? String, finding.path)
      XCTAssertEqual(json["line"] as? Int, finding.line)
      XCTAssertEqual(json["column"] as? Int, finding.column)
      if let test = finding.test {
        XCTAssertEqual(json["test"] as? String, test)
      } else {
        XCTAssertTrue(json["test"] is NSNull, "a finding outside a test has test: null")
      }
    }

    let errors = try XCTUnwrap(document["errors"] as? [[String: Any]], "errors array")
    XCTAssertEqual(errors.count, result.errors.count)
    for (json, error) in zip(errors, result.errors) {
      XCTAssertEqual(json["file"] as? String, error.path)
      XCTAssertEqual(json["message"] as? String, error.message)
    }
  }

  func test_jsonObject_keepsInsertionOrder() {
    let value = JSONValue.object([
      ("z", .int(1)), ("a", .array([.bool(true), .null, .double(1.5)])), ("m", .object([])),
    ])
    XCTAssertEqual(value.serialized(pretty: false), #"{"z":1,"a":[true,null,1.5],"m":{}}"#)
    XCTAssertEqual(
      value.serialized(pretty: true),
      "{\n  \"z\": 1,\n  \"a\": [\n    true,\n    null,\n    1.5\n  ],\n  \"m\": {}\n}")
  }

  func test_deeplyNestedPrettyJSON_indentsEveryLevel() {
    var value = JSONValue.int(1)
    for _ in 0..<40 { value = .array([value]) }
    let expected = (0...80).map { index in
      let depth = index <= 40 ? index : 80 - index
      return String(repeating: "  ", count: depth) + (index < 40 ? "[" : index == 40 ? "1" : "]")
    }
    XCTAssertEqual(
      value.serialized(pretty: true), expected.joined(separator: "\n"), "two spaces a level")
  }

  func test_literalKeysAndValues_matchEscapedOnes() {
    var literal = ReportWriter()
    literal.jsonBeginObject()
    literal.jsonKey("$schema")
    literal.jsonString("2.1.0")
    literal.jsonEndObject()
    let escaped = JSONValue.object([("$schema", .string("2.1.0"))]).serialized(pretty: true)
    XCTAssertEqual(literal.text, escaped)
  }

  func test_fingerprint_hashesDocumentedFields() {
    let withSuite = Finding(
      ruleID: "r", severity: .warning, message: "m", path: "p.swift", line: 2, column: 1,
      test: "T.t", suite: "T", snippet: "x()")
    var withoutSuite = withSuite
    withoutSuite.suite = nil
    withoutSuite.test = nil
    let expected = [
      ["v1", "r", "p.swift", "+T", "+T.t", "x()", "0"],
      ["v1", "r", "p.swift", "+T", "+T.t", "x()", "1"],
      ["v1", "r", "p.swift", "-", "-", "x()", "0"],
    ].map(FindingFingerprint.fingerprint)
    XCTAssertEqual(FindingFingerprint.fingerprints(of: [withSuite, withSuite, withoutSuite]), expected)
  }

  func test_jsonString_escapesPerRFC8259() {
    let value = JSONValue.string("\"\\/\n\r\t\u{0}\u{1}\u{1F}\u{7F}é😀\u{2028}")
    XCTAssertEqual(
      value.serialized(pretty: false),
      #""\"\\/\n\r\t\u0000\u0001\u001F\#u{7F}é😀\u2028""#)
  }

  func test_nonFiniteDouble_serializesAsNull() {
    let value = JSONValue.array([.double(.nan), .double(.infinity), .double(-0.25)])
    XCTAssertEqual(value.serialized(pretty: false), "[null,null,-0.25]")
  }

  // MARK: XML escaping

  func test_xmlAttribute_escapesMarkupAndWhitespace() {
    XCTAssertEqual(
      XMLEscaping.attribute("a&b<c>d\"e'f\tg\nh\r"),
      "a&amp;b&lt;c&gt;d&quot;e&apos;f&#9;g&#10;h&#13;")
  }

  func test_xmlText_keepsTabAndNewline() {
    XCTAssertEqual(XMLEscaping.text("]]>\ta\nb\r\nc"), "]]&gt;\ta\nb&#13;\nc")
  }

  func test_disallowedXMLCharacters_becomeVisibleEscapes() {
    XCTAssertEqual(
      XMLEscaping.text("\u{0}\u{1}\u{B}\u{1B}\u{FFFE}\u{FFFF}\u{FFFD}😀é"),
      "\\u{0}\\u{1}\\u{B}\\u{1B}\\u{FFFE}\\u{FFFF}\u{FFFD}😀é")
  }

  // MARK: JUnit

  func test_normalJUnit_validatesAgainstSchema() throws {
    let xml = JUnitReporter().render(Self.normalResult)
    let run = try schemaValidation(of: xml)
    XCTAssertEqual(run.status, 0, "xmllint rejected the report:\n\(run.error)\n\(xml)")
  }

  func test_hostileJUnit_validatesAgainstSchema() throws {
    let xml = JUnitReporter().render(Self.hostileResult)
    let run = try schemaValidation(of: xml)
    XCTAssertEqual(run.status, 0, "xmllint rejected the report:\n\(run.error)\n\(xml)")
  }

  func test_duplicateFindings_validateAgainstSchema() throws {
    let xml = JUnitReporter().render(Self.duplicateResult)
    let run = try schemaValidation(of: xml)
    XCTAssertEqual(run.status, 0, "xmllint rejected the report:\n\(run.error)\n\(xml)")
  }

  func test_hostileMessage_survivesXMLParsing() throws {
    let xml = JUnitReporter().render(Self.hostileResult)
    let message = try xpath("string((//failure)[1]/@message)", in: xml)
    let expected = Self.hostileText
      .replacingOccurrences(of: "\u{0}", with: "\\u{0}")
      .replacingOccurrences(of: "\u{1}", with: "\\u{1}")
      .replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
      .replacingOccurrences(of: "\u{FFFE}", with: "\\u{FFFE}")
    XCTAssertEqual(message, expected, "attribute value round-trips, tab/LF/CR included")
  }

  func test_sameRuleAndPosition_getUniqueTestcaseNames() {
    let xml = JUnitReporter().render(Self.duplicateResult)
    let cases = Self.testcaseIdentities(in: xml)
    XCTAssertEqual(cases.count, 5, "1 finding and 1 error in a.b.swift, 3 in a/b.swift")
    XCTAssertEqual(Set(cases.map { "\($0.classname)|\($0.name)" }).count, cases.count)
    XCTAssertEqual(
      cases.map(\.name),
      [
        "missing_assertion at 3:5", "error at 1:1", "missing_assertion at 3:5",
        "missing_assertion at 3:5 (2)", "missing_assertion at 3:5 (3)",
      ])
    XCTAssertEqual(cases.map(\.classname), ["a.b", "a.b", "a.b (2)", "a.b (2)", "a.b (2)"])
  }

  func test_findingsOutOfPositionOrder_getUniqueTestcaseNames() {
    let findings = [(3, 5), (1, 1), (3, 5)].map { line, column in
      Finding(ruleID: "a", severity: .warning, message: "m", path: "a.swift", line: line, column: column)
    }
    let result = LintResult(findings: findings, errors: [], files: ["a.swift"], rules: [])
    let names = Self.testcaseIdentities(in: JUnitReporter().render(result)).map(\.name)
    XCTAssertEqual(names, ["a at 3:5", "a at 1:1", "a at 3:5 (2)"])
  }

  func test_junitCounts_matchFindingsAndErrors() {
    let xml = JUnitReporter().render(Self.normalResult)
    let suites = xml.split(separator: "\n").filter { $0.hasPrefix("  <testsuite ") }
    XCTAssertEqual(suites.count, 4, "three linted files plus the unreadable one")
    let counts = suites.map { line in
      ["tests", "failures", "errors", "skipped"].map { Self.attribute($0, in: String(line)) }
    }
    XCTAssertEqual(
      counts,
      [
        ["2", "2", "0", "0"], ["1", "0", "0", "0"], ["1", "0", "1", "0"], ["1", "1", "0", "0"],
      ])
  }

  func test_injectedTimestamp_appearsOnEverySuite() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let reporter = JUnitReporter(timestamp: JUnitReporter.timestamp(for: date))
    XCTAssertEqual(reporter.timestamp, "2023-11-14T22:13:20")
    let xml = reporter.render(Self.normalResult)
    XCTAssertEqual(xml.components(separatedBy: "timestamp=\"2023-11-14T22:13:20\"").count, 5)
  }
}

// MARK: - Results under test

private extension ReporterTests {
  static let loginPath = "Tests/AppTests/LoginTests.swift"
  static let profilePath = "Tests/AppTests/ProfileTests.swift"
  static let parserPath = "Tests/CoreTests/ParserTests.swift"
  static let unreadablePath = "Tests/Broken/Unreadable.swift"

  /// Several findings across files, one clean file and one unreadable file.
  static let normalResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .warning,
        message: "add an assertion to 'test_login_succeeds'", path: loginPath, line: 12,
        column: 8, test: "LoginTests.test_login_succeeds"),
      Finding(
        ruleID: "generic_xctassert", severity: .error,
        message: "use 'XCTAssertEqual' instead of 'XCTAssert(a == b)'", path: loginPath,
        line: 20, column: 5, test: "LoginTests.test_logout_clearsSession"),
      Finding(
        ruleID: "test_naming", severity: .warning,
        message: "rename 'testParse' to 'test_<condition>_<expectedResult>'", path: parserPath,
        line: 7, column: 8),
    ],
    errors: [Diagnostic(path: unreadablePath, message: "cannot read file: permission denied")],
    files: [loginPath, profilePath, parserPath],
    rules: [
      RuleDescription(
        id: "generic_xctassert", summary: "flags XCTAssert(a == b)", defaultSeverity: .warning)
    ])

  /// Everything that breaks naive escaping, in one string.
  static let hostileText =
    "]]> <script>alert('x')</script> & \"quoted\" 'single' back\\slash \\u0041"
    + "\nsecond line\r\nthird\rfourth\ttab \u{1}\u{1B}[31mred\u{1B}[0m ::error file=x::pwned"
    + " %0A%0D 😀👩‍👩‍👧 \u{2028}\u{85}\u{FFFE}\u{0}end"

  static let hostilePath = "Tests/]]><script>&\"'\\ %0A::error.swift"
  static let hostileBreakPath = "Tests/line\nbreak\u{1B}😀.swift"
  static let blankPath = " \t"

  /// Messages, test names, rule ids and paths that try to escape their format.
  static let hostileResult = LintResult(
    findings: [
      Finding(
        ruleID: "missing_assertion", severity: .warning, message: hostileText, path: hostilePath,
        line: 1, column: 1, test: "Suite<T>.test_\"x\"\n\u{1B}]]>&"),
      Finding(
        ruleID: "rule<&>\"'", severity: .error, message: "::error::%0Ainjected\n::warning::x",
        path: hostilePath, line: 2, column: 3, test: nil),
      Finding(
        ruleID: "generic_xctassert", severity: .error, message: hostileText,
        path: hostileBreakPath, line: 40, column: 2, test: "😀Suite.test_\\\u{1}"),
    ],
    errors: [Diagnostic(path: "Tests/<bad>&\u{1}.swift", line: 1, column: 1, message: hostileText)],
    files: [blankPath, hostilePath, hostileBreakPath],
    rules: [])

  /// Same rule at the same position three times, and two paths with the same class name.
  static let duplicateResult = LintResult(
    findings: [
      duplicate(message: "four", path: "a.b.swift"), duplicate(message: "one", path: "a/b.swift"),
      duplicate(message: "three", path: "a/b.swift"), duplicate(message: "two", path: "a/b.swift"),
    ],
    errors: [Diagnostic(path: "a.b.swift", message: "partially unreadable")],
    files: ["a.b.swift", "a/b.swift"],
    rules: [])

  /// A `missing_assertion` finding at 3:5.
  static func duplicate(message: String, path: String) -> Finding {
    Finding(
      ruleID: "missing_assertion", severity: .warning, message: message, path: path, line: 3,
      column: 5)
  }
}

// MARK: - Helpers

private extension ReporterTests {
  /// The three reports of `result`, keyed by golden file name (`prefix.txt` and so on).
  static func outputs(of result: LintResult, named prefix: String) -> [(String, String)] {
    [
      ("\(prefix).txt", TextReporter().render(result)),
      ("\(prefix).json", JSONReporter().render(result)),
      ("\(prefix).xml", JUnitReporter().render(result)),
    ]
  }

  /// Runs `xmllint --noout --schema junit.xsd` on `xml`; status 0 means valid.
  func schemaValidation(of xml: String) throws -> (status: Int32, error: String) {
    let url = try temporaryFile(xml, suffix: ".xml")
    defer { try? FileManager.default.removeItem(at: url) }
    let schema = try ExternalRequirements.schema("junit.xsd")
    let run = try xmllint(["--noout", "--schema", schema.path, url.path])
    return (run.status, run.error)
  }

  /// Evaluates an XPath expression over `xml` with xmllint.
  func xpath(_ expression: String, in xml: String) throws -> String {
    let url = try temporaryFile(xml, suffix: ".xml")
    defer { try? FileManager.default.removeItem(at: url) }
    let run = try xmllint(["--xpath", expression, url.path])
    XCTAssertEqual(run.status, 0, "xmllint --xpath failed: \(run.error)")
    return run.output.hasSuffix("\n") ? String(run.output.dropLast()) : run.output
  }

  /// Runs xmllint; fails under CI and skips elsewhere when it is missing.
  func xmllint(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let executable = try ExternalRequirements.executable(
      "xmllint", hint: "xmllint not found; install it with 'apt-get install libxml2-utils'")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  func temporaryFile(_ contents: String, suffix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-\(UUID().uuidString)\(suffix)")
    try Data(contents.utf8).write(to: url)
    return url
  }

  /// `(classname, name)` of every `testcase`, in document order. Attribute values never hold a
  /// raw `"` (the reporter escapes it), so a plain scan is exact.
  static func testcaseIdentities(in xml: String) -> [(classname: String, name: String)] {
    xml.split(separator: "\n").filter { $0.hasPrefix("    <testcase ") }.map { line in
      (attribute("classname", in: String(line)), attribute("name", in: String(line)))
    }
  }

  /// The raw value of attribute `name` in one tag line, or "" when absent.
  static func attribute(_ name: String, in line: String) -> String {
    guard let start = line.range(of: " \(name)=\"") else { return "" }
    let rest = line[start.upperBound...]
    return String(rest.prefix { $0 != "\"" })
  }
}
