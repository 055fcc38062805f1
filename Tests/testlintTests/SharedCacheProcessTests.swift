import Foundation
import XCTest

/// The built `testlint` binary, several at once or several builds, over one result cache: every
/// report is the report of a run without the cache.
final class SharedCacheProcessTests: XCTestCase {
  var directory: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-shared-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: directory)
    directory = nil
    try super.tearDownWithError()
  }

  /// Four folders: a base class and a helper in `A`, subclasses and callers in the others, so
  /// that a file's results depend on which folders a run lints with it.
  func writeTree(round: Int) throws {
    let base = round % 2 == 0 ? "XCTestCase" : "NSObject"
    try write("T/A/Base.swift", "import XCTest\nclass SharedBase: \(base) {}\n")
    try write(
      "T/A/Helpers.swift",
      round % 3 == 2
        ? "func checkAll(_ value: Int) { print(value) }\n"
        : "import XCTest\nfunc checkAll(_ value: Int) { XCTAssertTrue(value > 0) }\n")
    for folder in ["A", "B", "C", "D"] {
      for index in 0..<4 {
        let name = "\(folder)\(index)Tests"
        let tests = (0...(index + round) % 3).map { "  func test_case\($0)_\(round % 2 == 0 ? "works" : "fails")() { checkAll(\($0)) }\n" }
        try write(
          "T/\(folder)/\(name).swift",
          "import XCTest\nfinal class \(name): SharedBase {\n" + tests.joined() + "  func testOld\(index)() {}\n}\n")
      }
    }
  }

  func test_eightProcessesSharingOneCache_reportAsWithoutIt() throws {
    let cache = directory.appendingPathComponent("cache").path
    // Overlapping trees: each process lints two or three of the four folders.
    let trees: [[String]] = [
      ["T/A", "T/B"], ["T/B", "T/C"], ["T/C", "T/D"], ["T/D", "T/A"],
      ["T/A", "T/B", "T/C"], ["T/B", "T/D"], ["T"], ["T/C", "T/A"],
    ]
    for round in 0..<3 {
      try writeTree(round: round)
      let expected = try runTogether(trees.map { ["--reporter", "json", "--no-cache"] + $0 })
      // Twice per round: the first reads the cache the round before left, the second this one's.
      for pass in 0..<2 {
        let outputs = try runTogether(trees.map { ["--reporter", "json", "--cache-path", cache] + $0 })
        for (index, output) in outputs.enumerated() {
          let context = "round \(round), pass \(pass), process \(index) \(trees[index])"
          XCTAssertEqual(output.status, expected[index].status, context)
          XCTAssertEqual(output.stdout, expected[index].stdout, context)
          XCTAssertFalse(output.stderr.contains("testlint: warning:"), "\(context): \(output.stderr)")
        }
      }
    }
    // The cache left is whole: read alone, it answers as a run without it, silently.
    let last = try run(["--reporter", "json", "--cache-path", cache, "T"])
    XCTAssertEqual(last.stdout, try run(["--reporter", "json", "--no-cache", "T"]).stdout)
    XCTAssertFalse(last.stderr.contains("testlint: warning:"), last.stderr)
    let left = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
    XCTAssertEqual(left, [".gitignore", "results.bin"], "no temporary file is left behind")
  }

  func test_anotherBuildOfTheSameVersion_doesNotReuseTheFirstsResults() throws {
    // Two builds that differ in one message, as a plugin pinned to a branch is rebuilt from a
    // newer commit with the same version.
    let original = try builtTestlint()
    var bytes = try Data(contentsOf: original)
    let at = try XCTUnwrap(bytes.range(of: Data("write the test or delete it".utf8)), "the message is in the binary")
    bytes.replaceSubrange(at, with: Data("write the test or DELETE it".utf8))
    let first = directory.appendingPathComponent("first/testlint")
    let second = directory.appendingPathComponent("second/testlint")
    try FileManager.default.createDirectory(at: first.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: second.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: original, to: first)
    try bytes.write(to: second)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: second.path)
    try write("FooTests.swift", "import XCTest\nfinal class FooTests: XCTestCase {\n  func test_a_b() {}\n}\n")
    let arguments = ["--cache-path", "cache", "FooTests.swift"]
    let old = try run(arguments, binary: first)
    XCTAssertTrue(old.stdout.contains("write the test or delete it"), old.stdout)
    let new = try run(arguments, binary: second)
    XCTAssertEqual(new.stdout, try run(["--no-cache", "FooTests.swift"], binary: second).stdout)
    XCTAssertTrue(new.stdout.contains("write the test or DELETE it"), "the new build's finding: \(new.stdout)")
    // And back: the first build does not take the second's results either.
    XCTAssertEqual(try run(arguments, binary: first).stdout, old.stdout)
  }
}

extension SharedCacheProcessTests {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  func write(_ name: String, _ text: String) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func run(_ arguments: [String], binary: URL? = nil) throws -> Output {
    try runTogether([arguments], binary: binary)[0]
  }

  /// Starts one process per list of arguments, all at once, and waits for all of them; their
  /// output goes to files (a pipe left unread could stall a process).
  func runTogether(_ argumentLists: [[String]], binary: URL? = nil) throws -> [Output] {
    let executable = try binary ?? builtTestlint()
    var started: [(process: Process, out: URL, err: URL, handles: [FileHandle])] = []
    for (index, arguments) in argumentLists.enumerated() {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = directory
      let out = directory.appendingPathComponent("out-\(index)")
      let err = directory.appendingPathComponent("err-\(index)")
      _ = FileManager.default.createFile(atPath: out.path, contents: nil)
      _ = FileManager.default.createFile(atPath: err.path, contents: nil)
      let handles = [try FileHandle(forWritingTo: out), try FileHandle(forWritingTo: err)]
      process.standardOutput = handles[0]
      process.standardError = handles[1]
      try process.run()
      started.append((process, out, err, handles))
    }
    return try started.map { process, out, err, handles in
      process.waitUntilExit()
      for handle in handles { try handle.close() }
      return Output(
        status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
  }
}
