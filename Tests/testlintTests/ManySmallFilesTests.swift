import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tree of 100 MB in 10,000 small test files, linted by the built binary: every file linted,
/// the documented exit code, and memory and CPU time bounded: each file is read, scanned and
/// linted, then its model dropped, so memory follows the findings, not the source.
final class ManySmallFilesTests: XCTestCase {
  /// Files in the tree, in folders of 500.
  static let fileCount = 10_000
  /// Bytes of each file, about.
  static let fileSize = 10_240
  /// Peak resident memory of the run. Measured (debug build, 2 threads): 86 MB; the engine
  /// that kept file models up to a 48 MB budget took about twice as much.
  static let memoryBound = 150 << 20
  /// CPU seconds of the run (user + system, all threads). Measured (debug build): 12.5 s.
  static let cpuBound = 90.0

  func test_hundredMegabytesOfSmallFiles_lintedInBoundedMemory() throws {
    let (binary, root, tree, total) = try Self.binaryAndTree()
    defer { try? FileManager.default.removeItem(at: root) }
    XCTAssertGreaterThanOrEqual(total, 100_000_000)

    let report = root.appendingPathComponent("report.json")
    let errors = root.appendingPathComponent("stderr.txt")
    let run = try Self.run(
      binary, ["--quiet", "--no-cache", "--threads", "2", "--reporter", "json:" + report.path, "."],
      in: tree, stderr: errors)

    let stderr = try String(contentsOf: errors, encoding: .utf8)
    XCTAssertEqual(run.status, 0, "warnings only: \(stderr)")
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    XCTAssertEqual(json["files"] as? Int, Self.fileCount, "every file linted")
    XCTAssertEqual((json["errors"] as? [Any])?.count, 0)
    let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
    XCTAssertEqual(
      [findings.count, Set(findings.compactMap { $0["file"] as? String }).count],
      [2 * Self.fileCount, Self.fileCount], "a bad name and a generic assert in each file")
    XCTAssertLessThan(run.peakBytes, Self.memoryBound, "peak resident memory of the run")
    XCTAssertLessThan(run.cpuSeconds, Self.cpuBound, "CPU time of the run")
  }

  /// With the result cache (on by default): the run that writes it and the one that reads it
  /// report the same, in the same bound. (The cache is read and written record by record; when
  /// it held every file's results in memory, these runs took about twice the bound.)
  func test_hundredMegabytesOfSmallFiles_cachedInBoundedMemory() throws {
    let (binary, root, tree, _) = try Self.binaryAndTree()
    defer { try? FileManager.default.removeItem(at: root) }
    let cache = root.appendingPathComponent("cache").path
    var runs: [(usage: Usage, report: Data)] = []
    for step in ["writes", "reads"] {
      let report = root.appendingPathComponent("report-\(step).json")
      let usage = try Self.run(
        binary, ["--quiet", "--cache-path", cache, "--threads", "2", "--reporter", "json:" + report.path, "."],
        in: tree, stderr: root.appendingPathComponent("stderr-\(step).txt"))
      runs.append((usage, try Data(contentsOf: report)))
    }
    XCTAssertEqual(runs.map(\.usage.status), [0, 0])
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: runs[0].report) as? [String: Any])
    XCTAssertEqual((json["findings"] as? [Any])?.count, 2 * Self.fileCount, "a bad name and a generic assert in each file")
    XCTAssertEqual(runs[1].report, runs[0].report, "the cache's results are the results")
    XCTAssertLessThan(runs.map(\.usage.peakBytes).max() ?? 0, Self.memoryBound, "peak resident memory")
  }
}

extension ManySmallFilesTests {
  /// The built binary, and the tree written in a new folder (`root`, for the caller to
  /// remove) with its size in bytes; skipped under a sanitizer.
  static func binaryAndTree() throws -> (binary: URL, root: URL, tree: URL, bytes: Int) {
    let binary = try builtTestlint()
    if underSanitizer {
      throw XCTSkip("a sanitizer multiplies the binary's memory and time; the bounds are for plain builds")
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("testlint-many-\(UUID())")
    let tree = root.appendingPathComponent("Tests")
    do {
      return (binary, root, tree, try writeTree(at: tree))
    } catch {
      try? FileManager.default.removeItem(at: root)
      throw error
    }
  }

  /// Writes the tree; returns its size in bytes. Each file: an XCTestCase of about 11
  /// documented tests with long string literals, and one badly named test with `XCTAssert(==)`.
  static func writeTree(at tree: URL) throws -> Int {
    let doc = "  /// " + String(repeating: "Checks what the feature does when the input is at its limit, ", count: 2) + "\n"
    var total = 0
    for index in 0..<fileCount {
      var text = "import XCTest\n\nfinal class Feature\(index)Tests: XCTestCase {\n"
      var test = 0
      while text.utf8.count < fileSize - 200 {
        text += String(repeating: doc, count: 3)
        text += "  func test_case\(test)_holds() {\n    let value = makeValue(\(test))\n"
        text += "    XCTAssertEqual(value.title, \"\(String(repeating: "title \(test) ", count: 12))\")\n  }\n\n"
        test += 1
      }
      text += "  func testBadName() { XCTAssert(flag == \(index)) }\n}\n"
      let folder = tree.appendingPathComponent("Module\(index / 500)")
      if index % 500 == 0 { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
      let data = Data(text.utf8)
      try data.write(to: folder.appendingPathComponent("Feature\(index)Tests.swift"))
      total += data.count
    }
    return total
  }

  /// What one run of the binary took.
  struct Usage {
    var status: Int32
    /// Peak resident memory of the process.
    var peakBytes: Int
    /// User and system CPU time, all threads.
    var cpuSeconds: Double
  }

  /// Runs `binary` in `folder` (standard output discarded, standard error to a file) under GNU
  /// `time`, which forks and waits for it and so reports that process's own peak. `wait4` on a
  /// process spawned from this one does not: `posix_spawn` shares this process's memory until
  /// `exec`, and Linux carries that high-water mark into the child's `ru_maxrss`, so it read
  /// the test process's own peak (480 MB after the rest of the suite) instead of the binary's.
  static func run(_ binary: URL, _ arguments: [String], in folder: URL, stderr: URL) throws -> Usage {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else {
      throw XCTSkip("GNU time is not installed (Debian's package 'time'; .ci/run installs it)")
    }
    func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let usageFile = folder.deletingLastPathComponent().appendingPathComponent("usage.txt")
    let command =
      "cd \(quoted(folder.path)) && exec \(time) -f '%x %M %U %S' -o \(quoted(usageFile.path)) "
      + ([binary.path] + arguments).map(quoted).joined(separator: " ")
      + " >/dev/null 2>\(quoted(stderr.path))"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    try process.run()
    process.waitUntilExit()
    // The last line: exit status, peak resident kilobytes, user and system seconds.
    let text = try String(contentsOf: usageFile, encoding: .utf8)
    let fields = (text.split(separator: "\n").last ?? "").split(separator: " ")
    guard fields.count == 4, let status = Int32(fields[0]), let kilobytes = Int(fields[1]),
      let user = Double(fields[2]), let system = Double(fields[3])
    else { throw XCTSkip("unexpected output of time: \(text)") }
    return Usage(status: status, peakBytes: kilobytes * 1024, cpuSeconds: user + system)
  }

  /// Whether a sanitizer (`swift test --sanitize=...`) is linked into this process, and so into
  /// the binary built with it.
  static var underSanitizer: Bool {
    let process = dlopen(nil, RTLD_NOW)
    let symbols: [String] = ["__tsan_init", "__asan_init"]
    return symbols.contains { dlsym(process, $0) != nil }
  }
}
