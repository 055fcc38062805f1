import TestLintCore
import XCTest

/// `--stdin-path PATH`: an editor sends the unsaved buffer; testlint lints it as if it were PATH.
final class StandardInputTests: XCTestCase {
  static let buffer = "final class FooTests: BaseTestCase {\n  func testX() {}\n}\n"

  func test_stdinBuffer_usesBaseClassFromFilesAround() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Support/Base.swift", "import XCTest\nclass BaseTestCase: XCTestCase {}\n")
    try sandbox.write("Tests/FooTests.swift", "// the saved version differs\n")
    let output = run(sandbox, ["--stdin-path", "Tests/FooTests.swift"], input: Self.buffer)
    XCTAssertEqual(
      output.stdout,
      """
      Tests/FooTests.swift:2:8: error: test 'testX' is empty; write the test or delete it (missing_assertion)
      Tests/FooTests.swift:2:8: warning: name 'testX' in the form 'test_<condition>_<expectedResult>', such as 'test_x_<expectedResult>' (test_name_format)

      """)
    XCTAssertEqual(output.code, .findings)
  }

  func test_stdinPathExcluded_yieldsNothing() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "excluded: [\"Generated/**\"]\n")
    let output = run(sandbox, ["--stdin-path", "Generated/FooTests.swift"], input: Self.buffer)
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(output.code, .success)
  }

  func test_configurationOfStdinPath_isUsed() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("App/.lint.yml", "test_name_format: off\ntest_base_classes: [BaseTestCase]\n")
    let output = run(sandbox, ["--stdin-path", "App/Tests/FooTests.swift", "--reporter", "json"], input: Self.buffer)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
    XCTAssertEqual(findings.map { $0["rule"] as? String }, ["missing_assertion"])
    XCTAssertEqual(findings.map { $0["file"] as? String }, ["App/Tests/FooTests.swift"])
  }

  func test_fixWithStdin_printsFixedText() throws {
    let sandbox = try Sandbox(self)
    let input = "import XCTest\nfinal class ATests: XCTestCase {\n  func test_a_b() { XCTAssert(a == b) }\n}\n"
    let output = run(sandbox, ["--fix", "--stdin-path", "ATests.swift"], input: input)
    XCTAssertEqual(output.stdout, input.replacingOccurrences(of: "XCTAssert(a == b)", with: "XCTAssertEqual(a, b)"))
    XCTAssertNil(sandbox.read("ATests.swift"), "nothing is written to disk")
  }

  func test_stdinWithPaths_isUsageError() throws {
    let sandbox = try Sandbox(self)
    let output = run(sandbox, ["--stdin-path", "A.swift", "Tests"], input: Self.buffer)
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("give no other paths"), output.stderr)
  }
}

extension StandardInputTests {
  func run(_ sandbox: Sandbox, _ arguments: [String], input: String) -> Sandbox.Output {
    var stdout = ""
    var stderr = ""
    let code = TestLintCLI.run(
      arguments, workingDirectory: sandbox.root, standardInput: { Array(input.utf8) }, stdout: &stdout,
      stderr: &stderr)
    return Sandbox.Output(code: code, stdout: stdout, stderr: stderr)
  }
}
