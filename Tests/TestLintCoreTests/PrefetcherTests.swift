#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import XCTest

@testable import TestLintCore

/// The read-ahead thread of pass 1: it never blocks on odd files, stops when asked, and a run
/// with it reports what a run without it reports.
final class PrefetcherTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
    folder = nil
    try super.tearDownWithError()
  }

  func test_fewFiles_startNoThread() {
    XCTAssertNil(Prefetcher(paths: Array(repeating: "/nonexistent.swift", count: Prefetcher.minimumFiles - 1)))
  }

  func test_pipesMissingFilesAndSkippedEntries_stopPromptly() throws {
    let pipe = folder.appendingPathComponent("Pipe.swift").path
    XCTAssertEqual(mkfifo(pipe, 0o600), 0)
    var paths: [String?] = [pipe, nil, folder.appendingPathComponent("Missing.swift").path]
    paths += (0..<200).map { folder.appendingPathComponent("F\($0).swift").path }
    let prefetcher = try XCTUnwrap(Prefetcher(paths: paths))
    // The workers never get past the first files: the thread waits one window ahead and
    // still ends when stopped (a pipe without a writer does not hold it either).
    let start = Date()
    prefetcher.stop()
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func test_runOfManyFiles_findsWhatEachFileHolds() throws {
    var entries: [FileEntry] = []
    for index in 0..<150 {
      let path = folder.appendingPathComponent("Sample\(index)Tests.swift").path
      let body = index % 3 == 0 ? "func testNothing\(index)() {}" : "func test_a\(index)_b() { XCTAssertTrue(true) }"
      try "import XCTest\n\nfinal class Sample\(index)Tests: XCTestCase {\n  \(body)\n}\n"
        .write(toFile: path, atomically: true, encoding: .utf8)
      entries.append(FileEntry(path: path, displayPath: "Sample\(index)Tests.swift"))
    }
    let engine = LintEngine(
      rules: [ConfiguredRule(MissingAssertionRule.self, severity: .warning, options: RuleOptions(defaultsOf: MissingAssertionRule.description))],
      testBaseClasses: [], threads: 2)
    let result = engine.run(entries)
    XCTAssertEqual(result.errors, [])
    XCTAssertEqual(result.findings.map(\.path), (0..<150).filter { $0 % 3 == 0 }.map { "Sample\($0)Tests.swift" }.sorted())
  }
}
