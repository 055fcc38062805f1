import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `testlint --fix` killed (SIGKILL) at any moment leaves every file either as it was or fully
/// fixed, never half-written, and no stray visible file: each file is written to a hidden
/// temporary file and renamed over the original.
final class KillDuringFixTests: XCTestCase {
  func test_killAtAnyMoment_leavesOriginalOrFixedFiles() throws {
    let binary = try builtTestlint()
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("testlint-kill-\(UUID())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let originals = Self.files(count: 80)

    // The fully fixed version of every file, and how long an uninterrupted run takes.
    let reference = root.appendingPathComponent("reference")
    try Self.write(originals, to: reference)
    let started = Date()
    XCTAssertEqual(try Self.runToEnd(binary, in: reference), 0)
    let duration = Date().timeIntervalSince(started)
    var fixed: [String: Data] = [:]
    for name in originals.keys {
      fixed[name] = try Data(contentsOf: reference.appendingPathComponent(name))
      XCTAssertNotEqual(fixed[name], originals[name], "\(name) has something to fix")
    }

    for trial in 0..<8 {
      let folder = root.appendingPathComponent("trial\(trial)")
      try Self.write(originals, to: folder)
      try Self.runAndKill(binary, in: folder, trial: trial, duration: duration, first: originals["Feature0Tests.swift"])
      for (name, content) in originals {
        let now = try Data(contentsOf: folder.appendingPathComponent(name))
        XCTAssertTrue(
          now == content || now == fixed[name],
          "trial \(trial): \(name) is neither the original nor the fixed file")
      }
      let visible = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { !$0.hasPrefix(".") }
      XCTAssertEqual(Set(visible), Set(originals.keys), "trial \(trial): no stray files")
    }
  }
}

extension KillDuringFixTests {
  /// Test files with fixable assertions, about 8 KB each.
  static func files(count: Int) -> [String: Data] {
    var result: [String: Data] = [:]
    for index in 0..<count {
      var text = "import XCTest\n\nfinal class Feature\(index)Tests: XCTestCase {\n"
      for test in 0..<60 {
        text += "  func test_case\(test)_holds() { XCTAssert(value\(test) == \(index)) }\n"
      }
      result["Feature\(index)Tests.swift"] = Data((text + "}\n").utf8)
    }
    return result
  }

  static func write(_ files: [String: Data], to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, content) in files { try content.write(to: folder.appendingPathComponent(name)) }
  }

  /// Starts `testlint --fix` in `folder` and kills it (SIGKILL): trials 0-3 at a fraction of an
  /// uninterrupted run's `duration`, trials 4-7 right after the first file was replaced (so in
  /// the middle of the writes), a little later each time.
  static func runAndKill(_ binary: URL, in folder: URL, trial: Int, duration: TimeInterval, first original: Data?) throws {
    let process = try startFix(binary, in: folder)
    // testlint:disable sleep_in_test - a real process is killed at a moment in wall time
    if trial < 4 {
      usleep(UInt32(duration * 1_000_000 * Double(trial + 1) / 5))
    } else {
      let first = folder.appendingPathComponent("Feature0Tests.swift")
      let deadline = Date().addingTimeInterval(duration * 3)
      while Date() < deadline, (try? Data(contentsOf: first)) == original { usleep(500) }
      usleep(UInt32(15_000 * (trial - 4)))
    }
    // testlint:enable sleep_in_test
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  static func runToEnd(_ binary: URL, in folder: URL) throws -> Int32 {
    let process = try startFix(binary, in: folder)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Starts `testlint --fix` on `folder` with two threads, output discarded.
  static func startFix(_ binary: URL, in folder: URL) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--fix", "--quiet", "--threads", "2", "."]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}
