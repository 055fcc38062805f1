import Foundation
import XCTest

/// Golden files of the reporter tests, in `Fixtures/Reporters/`. Run the tests with
/// `TESTLINT_UPDATE_GOLDEN=1` to rewrite them after an intended change, then review the diff.
enum GoldenFile {
  /// The folder holding the golden files.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Reporters")

  /// Asserts that each `(file name, output)` pair matches its golden file.
  static func assertMatches(
    _ outputs: [(String, String)], file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for (name, output) in outputs {
      XCTAssertEqual(
        output, try contents(name, updatingTo: output),
        "output differs from Fixtures/Reporters/\(name); if intended, rerun with "
          + "TESTLINT_UPDATE_GOLDEN=1 and review the diff", file: file, line: line)
    }
  }

  /// The golden file's contents; with `TESTLINT_UPDATE_GOLDEN=1`, writes `output` there first.
  static func contents(_ name: String, updatingTo output: String) throws -> String {
    try contents(
      name, updating: ProcessInfo.processInfo.environment["TESTLINT_UPDATE_GOLDEN"] == "1" ? output : nil)
  }

  /// The golden file's contents, after writing `output` there if given.
  static func contents(_ name: String, updating output: String?) throws -> String {
    let url = folder.appendingPathComponent(name)
    if let output {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(output.utf8).write(to: url)
    }
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }
}
