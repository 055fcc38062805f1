import Foundation
import TestLintCore
import XCTest

/// Baselines, `--changed-since`, `--shard` and `--max-warnings`: adopting testlint on legacy code.
final class CIGateTests: XCTestCase {
  static let legacy = """
    import XCTest

    final class LegacyTests: XCTestCase {
      func testOne() {
        XCTAssert(a == b)
      }

      func testTwo() {
        XCTAssert(c == d)
      }
    }

    """

  func test_baselinedFindings_areNotReported() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    let written = sandbox.run(["--write-baseline", "baseline.json"])
    XCTAssertEqual(written.code, .success)
    let output = sandbox.run(["--baseline", "baseline.json"])
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(output.code, .success)
  }

  func test_unrelatedEdits_keepFindingsBaselined() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    let edited = Self.legacy
      .replacingOccurrences(of: "import XCTest\n", with: "import XCTest\nimport Foundation\n\n// added\n")
      .replacingOccurrences(of: "    XCTAssert(c == d)", with: "        XCTAssert(c  ==  d)")
      .replacingOccurrences(of: "func testOne()", with: "func testOneRenamed()")
    try sandbox.write("LegacyTests.swift", edited)
    let output = sandbox.run(["--baseline", "baseline.json", "--only-rule", "generic_xctassert"])
    // testOne was renamed: its finding is now in another test, so it is new; testTwo's stays
    // baselined although it moved down and was re-indented.
    XCTAssertEqual(
      output.stdout,
      "LegacyTests.swift:8:5: warning: use 'XCTAssertEqual' instead of 'XCTAssert' with '==' (generic_xctassert)\n")
  }

  func test_secondIdenticalViolation_isReported() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    try sandbox.write(
      "LegacyTests.swift",
      Self.legacy.replacingOccurrences(of: "    XCTAssert(c == d)\n", with: "    XCTAssert(c == d)\n    XCTAssert(c == d)\n"))
    let output = sandbox.run(["--baseline", "baseline.json", "--only-rule", "generic_xctassert"])
    XCTAssertEqual(
      output.stdout,
      "LegacyTests.swift:10:5: warning: use 'XCTAssertEqual' instead of 'XCTAssert' with '==' (generic_xctassert)\n")
  }

  func test_strictBaseline_failsOnStaleEntries() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    try sandbox.write("LegacyTests.swift", Self.legacy.replacingOccurrences(of: "XCTAssert(a == b)", with: "XCTAssertEqual(a, b)"))
    let output = sandbox.run(["--baseline", "baseline.json", "--baseline-strict"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertTrue(
      output.stderr.contains(
        "baseline.json:1:1: error: 1 baselined 'generic_xctassert' finding(s) in LegacyTests.swift in 'LegacyTests.testOne' no longer occur"),
      output.stderr)
  }

  func test_prune_removesStaleEntries() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    try sandbox.write("LegacyTests.swift", Self.legacy.replacingOccurrences(of: "XCTAssert(a == b)", with: "XCTAssertEqual(a, b)"))
    let pruned = sandbox.run(["baseline", "prune", "baseline.json"])
    XCTAssertEqual(pruned.code, .success)
    let strict = sandbox.run(["--baseline", "baseline.json", "--baseline-strict"])
    XCTAssertEqual(strict.code, .success, strict.stderr)
    let text = try XCTUnwrap(sandbox.read("baseline.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let entries = try XCTUnwrap(json["findings"] as? [[String: Any]])
    XCTAssertEqual(
      entries.filter { $0["rule"] as? String == "generic_xctassert" }.compactMap { $0["test"] as? String },
      ["LegacyTests.testTwo"])
  }

  func test_baselineFile_isSortedVersionedJSON() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("B/LegacyTests.swift", Self.legacy)
    try sandbox.write("A/LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    let text = try XCTUnwrap(sandbox.read("baseline.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(json["version"] as? Int, 1)
    let entries = try XCTUnwrap(json["findings"] as? [[String: Any]])
    let keys = entries.map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["test"] ?? "")" }
    XCTAssertEqual(keys, keys.sorted())
    XCTAssertFalse(text.contains("\"line\""), "never keyed on line numbers")
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    XCTAssertEqual(sandbox.read("baseline.json"), text, "rewriting gives the same bytes")
  }

  func test_missingBaseline_isError() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    let output = sandbox.run(["--baseline", "nope.json"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("nope.json"), output.stderr)
  }

  func test_changedSince_reportsChangedLinesOnly() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    try git(sandbox, ["init", "-q"])
    try git(sandbox, ["add", "."])
    try git(sandbox, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "legacy"])
    try sandbox.write("LegacyTests.swift", Self.legacy.replacingOccurrences(of: "XCTAssert(c == d)", with: "XCTAssert(c != d)"))
    try sandbox.write("NewTests.swift", "import XCTest\nfinal class NewTests: XCTestCase {\n  func test_a_b() { XCTAssert(x) }\n}\n")
    let lines = sandbox.run(["--changed-since", "HEAD", "--only-rule", "generic_xctassert"])
    XCTAssertEqual(
      lines.stdout,
      """
      LegacyTests.swift:9:5: warning: use 'XCTAssertNotEqual' instead of 'XCTAssert' with '!=' (generic_xctassert)
      NewTests.swift:3:21: warning: use a specific assertion such as 'XCTAssertTrue', or give 'XCTAssert' a message (generic_xctassert)

      """)
    let files = sandbox.run(["--changed-since", "HEAD", "--changed-files-only", "--only-rule", "generic_xctassert"])
    XCTAssertEqual(files.stdout.split(separator: "\n").count, 3)
  }

  func test_diffHeaderWithSpace_keepsWholePath() {
    let diff = "+++ b/My Tests/Login Tests.swift\t\n@@ -1,0 +2,2 @@\n"
    let changes = GitChanges.parse(diff: diff, root: "/repo")
    XCTAssertTrue(changes.contains(path: "/repo/My Tests/Login Tests.swift", line: 3))
    XCTAssertFalse(changes.contains(path: "/repo/My Tests/Login Tests.swift", line: 4))
  }

  func test_changedSinceOutsideGit_isError() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    let output = sandbox.run(["--changed-since", "HEAD"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("needs a git repository"), output.stderr)
  }

  func test_unknownRevision_isError() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    try git(sandbox, ["init", "-q"])
    let output = sandbox.run(["--changed-since", "no-such-branch"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("unknown revision 'no-such-branch'"), output.stderr)
  }

  func test_shards_partitionTheFiles() throws {
    let sandbox = try Sandbox(self)
    for index in 0..<12 {
      try sandbox.write("T\(index)Tests.swift", Self.legacy.replacingOccurrences(of: "LegacyTests", with: "T\(index)Tests"))
    }
    let all = Set(sandbox.run([]).stdout.split(separator: "\n"))
    var union: [Substring] = []
    for shard in 1...3 {
      union += sandbox.run(["--shard", "\(shard)/3"]).stdout.split(separator: "\n")
    }
    XCTAssertEqual(union.count, all.count, "no finding is reported by two shards")
    XCTAssertEqual(Set(union), all)
  }

  func test_maxWarnings_failsAboveLimit() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    XCTAssertEqual(sandbox.run(["--max-warnings", "4"]).code, .success)
    let over = sandbox.run(["--max-warnings", "3"])
    XCTAssertEqual(over.code, .findings)
    XCTAssertTrue(over.stderr.contains("4 warnings exceed '--max-warnings 3'"), over.stderr)
  }
}

extension CIGateTests {
  func git(_ sandbox: Sandbox, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", sandbox.root] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
  }
}

extension CIGateTests {
  func test_strictBaselineWithDuplicateEntries_reportsEachStaleFindingOnce() throws {
    // Two branches' baselines merged by hand: the same entry listed twice counts twice, once.
    let sandbox = try Sandbox(self)
    try sandbox.write("LegacyTests.swift", Self.legacy)
    _ = sandbox.run(["--write-baseline", "baseline.json"])
    let text = try XCTUnwrap(sandbox.read("baseline.json"))
    var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var entries = try XCTUnwrap(json["findings"] as? [[String: Any]])
    let one = try XCTUnwrap(entries.first { $0["test"] as? String == "LegacyTests.testOne" && $0["rule"] as? String == "generic_xctassert" })
    entries.append(one)
    json["findings"] = entries
    let merged = try JSONSerialization.data(withJSONObject: json)
    try sandbox.write("baseline.json", String(decoding: merged, as: UTF8.self))
    try sandbox.write("LegacyTests.swift", Self.legacy.replacingOccurrences(of: "XCTAssert(a == b)", with: "XCTAssertEqual(a, b)"))
    let output = sandbox.run(["--baseline", "baseline.json", "--baseline-strict"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stderr.split(separator: "\n").filter { $0.contains("'generic_xctassert'") },
      [
        "baseline.json:1:1: error: 2 baselined 'generic_xctassert' finding(s) in LegacyTests.swift in 'LegacyTests.testOne' no longer occur; run 'testlint baseline prune baseline.json'"
      ])
  }
}
