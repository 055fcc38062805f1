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

  func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Output {
    let process = Process()
    process.executableURL = try builtTestlint()
    process.arguments = arguments
    if let environment { process.environment = environment }
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

/// The restart with glibc's malloc tuned (`MallocTuning`), seen from outside: a program testlint
/// runs (`git`, here a script that records its environment) gets the user's environment.
extension ExecutableTests {
  /// Lints the folder `Tests` with `--changed-since` and a fake `git` first on `PATH`; returns
  /// the environment `git` saw, one `NAME=value` per line.
  func environmentSeenByGit(extra: [String: String]) throws -> String {
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Tests"), withIntermediateDirectories: true)
    try write("Tests/FooTests.swift", "import XCTest\nfinal class FooTests: XCTestCase {\n  func testA() { XCTFail() }\n}\n")
    let record = directory.appendingPathComponent("git-environment").path
    try write("bin/git", "#!/bin/sh\nenv > '\(record)'\nexit 1\n")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: directory.appendingPathComponent("bin/git").path)
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = nil
    environment["TESTLINT_MALLOC_TUNING"] = nil
    environment["PATH"] = directory.appendingPathComponent("bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    for (name, value) in extra { environment[name] = value }
    let result = try run(["--changed-since", "HEAD", "Tests"], environment: environment)
    XCTAssertEqual(result.status, 2, "git failed: a usage error")
    return try String(contentsOfFile: record, encoding: .utf8)
  }

  func test_treeRun_childProgramsSeeTheUsersEnvironment() throws {
    let seen = try environmentSeenByGit(extra: [:])
    XCTAssertFalse(seen.contains("GLIBC_TUNABLES="), seen)
    XCTAssertFalse(seen.contains("TESTLINT_MALLOC_TUNED="), seen)
  }

  func test_usersOwnTunables_areLeftAsGiven() throws {
    let seen = try environmentSeenByGit(extra: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"])
    XCTAssertTrue(seen.contains("GLIBC_TUNABLES=glibc.malloc.arena_max=2\n"), seen)
  }

  func test_treeRun_reportsTheSameWithAndWithoutTuning() throws {
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("Tests"), withIntermediateDirectories: true)
    for index in 0..<5 {
      try write("Tests/Foo\(index)Tests.swift", "import XCTest\nfinal class Foo\(index)Tests: XCTestCase {\n  func testA() { XCTAssert(true) }\n  func test_a_b() {}\n}\n")
    }
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = nil
    environment["TESTLINT_MALLOC_TUNING"] = nil
    let tuned = try run(["--reporter", "json", "Tests"], environment: environment)
    environment["TESTLINT_MALLOC_TUNING"] = "0"
    let untuned = try run(["--reporter", "json", "Tests"], environment: environment)
    XCTAssertEqual(tuned.status, 1)
    XCTAssertEqual(tuned.status, untuned.status)
    XCTAssertEqual(tuned.stdout, untuned.stdout)
    XCTAssertEqual(tuned.stderr, untuned.stderr)
    XCTAssertTrue(tuned.stdout.contains("Foo4Tests.swift"), tuned.stdout)
  }
}
