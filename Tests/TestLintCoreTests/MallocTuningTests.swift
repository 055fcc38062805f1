import TestLintCore
import XCTest

/// When a run starts itself again with glibc's malloc tuned (`MallocTuning`).
final class MallocTuningTests: XCTestCase {
  private func wants(
    _ arguments: [String], environment: [String: String] = [:], directories: Set<String> = ["Tests"]
  ) -> Bool {
    MallocTuning.wantsRestart(
      arguments, environment: { environment[$0] }, isDirectory: { directories.contains($0) })
  }

  func test_treeRuns_restart() {
    XCTAssertTrue(wants([]), "the configured paths")
    XCTAssertTrue(wants(["Tests"]), "a folder")
    XCTAssertTrue(wants(["--reporter", "json", "--threads", "2", "Tests"]))
    XCTAssertTrue(wants(["Tests/**/*Tests.swift"]), "a glob")
    XCTAssertTrue(wants(["inventory", "Tests"]))
    XCTAssertTrue(wants((0..<40).map { "File\($0)Tests.swift" }), "many files")
  }

  func test_editorAndSmallRuns_doNotRestart() {
    XCTAssertFalse(wants(["FooTests.swift"]), "one file")
    XCTAssertFalse(wants(["ATests.swift", "BTests.swift"]), "a few files")
    XCTAssertFalse(wants(["--stdin-path", "Tests/FooTests.swift"]), "standard input")
    XCTAssertFalse(wants(["lsp"]))
    XCTAssertFalse(wants(["version"]))
    XCTAssertFalse(wants(["rules"]))
    XCTAssertFalse(wants(["--help"]))
    XCTAssertFalse(wants(["--no-such-option", "Tests"]), "an error to report, not a run")
  }

  func test_environment_decides() {
    XCTAssertFalse(wants(["Tests"], environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=1"]), "the user's own")
    XCTAssertFalse(wants(["Tests"], environment: ["TESTLINT_MALLOC_TUNED": "1"]), "already restarted")
    XCTAssertFalse(wants(["Tests"], environment: [MallocTuning.switchVariable: "0"]), "turned off")
    XCTAssertTrue(wants(["Tests"], environment: [MallocTuning.switchVariable: "1"]))
  }
}
