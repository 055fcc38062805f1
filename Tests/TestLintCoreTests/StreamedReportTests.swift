import Foundation
import TestLintCore
import XCTest

/// Every report is written in one pass over the findings, file by file (`ReportPass`): the
/// bytes must be those the reporters wrote when they rendered the whole decoded result.
///
/// The golden outputs in `Fixtures/Reporters/stream/` are those of the binary from before
/// streaming (main at 2797ec5) on the tree below: a report of up to 4 KB as a file, a larger
/// one as its size and FNV-1a hash in `digests.txt` (a failure writes the output beside the
/// sandbox for `diff`). To write them again from a binary, run this suite with
/// `TESTLINT_REFERENCE_BINARY=/path/to/testlint`.
final class StreamedReportTests: XCTestCase {
  /// Reporters whose output this suite pins (the health reports have goldens of their own).
  static let reporters = ["text", "json", "sarif", "gitlab", "checkstyle", "junit", "junit-gitlab", "github"]

  /// Two rules with short pages, one made an error by the tree's `.lint.yml`, so the SARIF
  /// rule list stays short.
  static let rules = ["--only-rule", "generic_xctassert", "--only-rule", "test_name_format"]

  func test_baselineAndChangedLines_everyReporterEqualsTheWholeResultRender() throws {
    let sandbox = try Sandbox(self)
    try writeTree(sandbox, edited: false)
    XCTAssertEqual(sandbox.run(["--no-cache", "--write-baseline", "base.json"] + Self.rules).code, .failure)
    try git(sandbox, ["init", "-q"])
    try git(sandbox, ["add", "."])
    try git(sandbox, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "tree"])
    try writeTree(sandbox, edited: true)

    let reference = ProcessInfo.processInfo.environment["TESTLINT_REFERENCE_BINARY"]
    var digests: [String] = []
    for reporter in Self.reporters {
      for (name, filter) in [
        ("all", []), ("baseline", ["--baseline", "base.json", "--baseline-strict"]),
        ("changed", ["--changed-since", "HEAD", "--changed-files-only"]),
      ] {
        let arguments = ["--no-cache", "--reporter", reporter] + filter + Self.rules
        let golden = "stream/\(name).\(reporter).txt"
        if let reference {
          let expected = try Self.runReference(reference, arguments, in: sandbox.root)
          if expected.utf8.count <= 4_096 {
            _ = try GoldenFile.contents(golden, updating: expected)
          } else {
            digests.append("\(golden) \(Self.digest(expected))")
          }
        }
        let output = Self.normalized(sandbox.run(arguments).stdout)
        let url = GoldenFile.folder.appendingPathComponent(golden)
        if FileManager.default.fileExists(atPath: url.path) {
          try GoldenFile.assertMatches([(golden, output)])
        } else {
          let recorded = try Self.recordedDigests(writing: reference == nil ? nil : digests)
          XCTAssertEqual(
            Self.digest(output), recorded[golden],
            "\(golden) differs from the reference; the output is in \(sandbox.root).\(name).\(reporter)")
          if Self.digest(output) != recorded[golden] {
            try Data(output.utf8).write(to: URL(fileURLWithPath: "\(sandbox.root).\(name).\(reporter)"))
          }
        }
      }
    }
  }

  func test_severalReporters_shareOnePassAndEachWritesItsOwnReport() throws {
    let sandbox = try Sandbox(self)
    try writeTree(sandbox, edited: true)
    var alone: [String: String] = [:]
    for reporter in Self.reporters {
      alone[reporter] = Self.normalized(sandbox.run(["--no-cache", "--reporter", reporter] + Self.rules).stdout)
    }
    var arguments = ["--no-cache", "--reporter", "text"] + Self.rules
    for reporter in Self.reporters where reporter != "text" { arguments += ["--reporter", "\(reporter):out/\(reporter)"] }
    let together = sandbox.run(arguments)
    XCTAssertEqual(Self.normalized(together.stdout), alone["text"])
    for reporter in Self.reporters where reporter != "text" {
      XCTAssertEqual(Self.normalized(sandbox.read("out/\(reporter)") ?? ""), alone[reporter], reporter)
    }
  }
}

extension StreamedReportTests {
  func test_reportLimit_capsTheHTMLListButNotItsCounts() throws {
    let sandbox = try Sandbox(self)
    try writeTree(sandbox, edited: false)
    let arguments = ["--no-cache", "--reporter", "html"] + Self.rules
    let whole = sandbox.run(arguments).stdout
    let limited = sandbox.run(arguments + ["--report-limit", "3"])
    XCTAssertEqual(limited.code, .failure)
    func rows(_ page: String) -> Int { page.components(separatedBy: "<tr class=\"finding\"").count - 1 }
    XCTAssertGreaterThan(rows(whole), 3)
    XCTAssertEqual(rows(limited.stdout), 3)
    // The headline counts every finding whatever the list shows.
    func headline(_ page: String) -> Substring? {
      page.split(separator: "\n").first { $0.contains("class=\"headline\"") }
    }
    XCTAssertEqual(headline(limited.stdout), headline(whole))
    XCTAssertTrue(limited.stdout.contains("more file"), "the files cut off are counted")
  }

  func test_reportLimitNotANumber_isAUsageError() throws {
    let sandbox = try Sandbox(self)
    let output = sandbox.run(["--report-limit", "many"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("'--report-limit' takes a whole number, not 'many'"), output.stderr)
  }
}

private extension StreamedReportTests {
  /// 30 test files in five folders whose names sort differently as strings and as paths
  /// (`a.b` before `a/`), a finding repeated up to three times in a test, a clean file every
  /// sixth, one file that is not UTF-8; `edited` adds copies of findings, removes others and
  /// adds a file, as a branch would after the baseline. Test names off the convention are
  /// errors, so errors and warnings interleave.
  func writeTree(_ sandbox: Sandbox, edited: Bool) throws {
    try sandbox.write(".lint.yml", "version: 1\ntest_name_format:\n  severity: error\n")
    let folders = ["Unit", "UI/Screens", "a/B", "Ünïcode", "a.b"]
    for index in 0..<30 {
      let path = folders[index % 5] + "/Feature\(index)Tests.swift"
      guard index % 6 != 5 else {
        try sandbox.write(path, Source.clean("Feature\(index)Tests"))
        continue
      }
      var copies = index % 3 + 1
      if edited, index % 5 == 0 { copies += 1 }
      var lines = ["import XCTest", "", "final class Feature\(index)Tests: XCTestCase {"]
      lines.append(index % 3 == 0 ? "  func testLoad\(index)() {" : "  func test_load_\(index)() {")
      lines += Array(repeating: "    XCTAssert(value == \(index))", count: copies)
      lines.append("  }")
      if !(edited && index % 7 == 0) {
        lines += ["  func testWait\(index)() {", "    XCTAssertEqual(value, 1)", "  }"]
      }
      lines.append("}")
      try sandbox.write(path, lines.joined(separator: "\n") + "\n")
    }
    try sandbox.write("Broken/NotUTF8Tests.swift", bytes: [0x66, 0x75, 0x6E, 0x63, 0xFF, 0xFE, 0x0A])
    if edited {
      try sandbox.write("a.b/AddedTests.swift", Source.badName("AddedTests"))
    }
  }

  /// JUnit's timestamp is the run's time.
  static func normalized(_ report: String) -> String {
    report.replacingOccurrences(
      of: #"timestamp="[0-9T:-]+""#, with: #"timestamp="T""#, options: .regularExpression)
  }

  /// The reference binary's output (normalized).
  static func runReference(_ binary: String, _ arguments: [String], in folder: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return normalized(String(decoding: data, as: UTF8.self))
  }

  /// `size fnv1a64-hex` of a report.
  static func digest(_ text: String) -> String {
    "\(text.utf8.count) " + String(FindingFingerprint.fnv1a64([text]), radix: 16)
  }

  /// The digests of the larger golden outputs, by golden name; `writing` replaces them first.
  static func recordedDigests(writing lines: [String]?) throws -> [String: String] {
    let text = try GoldenFile.contents(
      "stream/digests.txt", updating: lines.map { $0.joined(separator: "\n") + "\n" })
    var digests: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { digests[String(parts[0])] = String(parts[1]) }
    }
    return digests
  }

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
