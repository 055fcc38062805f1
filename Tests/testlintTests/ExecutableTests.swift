import Foundation
import XCTest

/// Runs the built `testlint` binary as a user would: exit codes, stdout and stderr kept apart.
final class ExecutableTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-exe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: directory)
    directory = nil
    try super.tearDownWithError()
  }

  func test_errorFinding_exitsWithOne() throws {
    try write("FooTests.swift", "import XCTest\nfinal class FooTests: XCTestCase {\n  func test_a_b() {}\n}\n")
    let result = try run([])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stdout,
      "FooTests.swift:3:8: error: test 'test_a_b' is empty; write the test or delete it (missing_assertion)\n")
    XCTAssertTrue(result.stderr.contains("1 finding"), result.stderr)
  }

  func test_cleanFile_exitsWithZero() throws {
    try write(
      "FooTests.swift",
      "import XCTest\nfinal class FooTests: XCTestCase {\n  func test_a_b() { XCTAssertEqual(1, 1) }\n}\n")
    let result = try run(["--quiet"])
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(result.stderr, "")
  }

  func test_unreadableInput_exitsWithTwoAndLintsRest() throws {
    try write("BadTests.swift", "let a = \"unterminated\n")
    try write("GoodTests.swift", "import XCTest\nfinal class GoodTests: XCTestCase {\n  func testX() { XCTFail() }\n}\n")
    let result = try run(["--reporter", "json"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("BadTests.swift:1:9: error: unterminated string literal"), result.stderr)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
    XCTAssertEqual(findings.map { $0["rule"] as? String }, ["test_name_format"])
  }

  func test_version_printsSemver() throws {
    let result = try run(["version"])
    XCTAssertEqual(result.status, 0)
    XCTAssertNotNil(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), result.stdout)
  }
}

extension ExecutableTests {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }

  /// The `testlint` binary built next to the test bundle.
  func binary() throws -> URL {
    var folder = Bundle.main.bundleURL
    for _ in 0..<3 {
      let candidate = folder.appendingPathComponent("testlint")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    throw XCTSkip("the testlint binary is not built next to the tests")
  }

  func run(_ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}
