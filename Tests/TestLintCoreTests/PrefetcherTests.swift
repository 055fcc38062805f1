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
    let entries = Array(
      repeating: FileEntry(path: "/nonexistent.swift", displayPath: "x.swift") as FileEntry?,
      count: Prefetcher.minimumFiles - 1)
    XCTAssertNil(Prefetcher(entries: entries, load: LintEngine.readFromDisk))
  }

  func test_pipesMissingFilesAndSkippedEntries_handedOverAsALoadWouldGive() throws {
    let pipe = folder.appendingPathComponent("Pipe.swift").path
    XCTAssertEqual(mkfifo(pipe, 0o600), 0)
    var paths: [String?] = [pipe, nil, folder.appendingPathComponent("Missing.swift").path]
    for index in 0..<100 {
      let path = folder.appendingPathComponent("F\(index).swift").path
      try "let x = \(index)\n".write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let entries = paths.map { $0.map { FileEntry(path: $0, displayPath: $0) } }
    let loaded = expectation(description: "the reader read the first files")
    let counter = LoadCounter()
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: entries) { entry throws(Diagnostic) in
        defer { if counter.add() == 10 { loaded.fulfill() } }
        return try LintEngine.readFromDisk(entry)
      })
    wait(for: [loaded], timeout: 10)
    // It hands over what reading the file gives: the error for the pipe and the missing file,
    // the bytes otherwise.
    for (position, entry) in entries.enumerated() {
      guard let ahead = prefetcher.take(position), let entry else { continue }
      switch (ahead, Result { () throws(Diagnostic) in try LintEngine.readFromDisk(entry) }) {
      case (.success(let bytes), .success(let expected)): XCTAssertEqual(bytes, expected)
      case (.failure(let error), .failure(let expected)): XCTAssertEqual(error, expected)
      default: XCTFail("the reader got another answer for \(entry.path)")
      }
    }
    let start = Date()
    prefetcher.stop()
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func test_workersNeverArriving_readerWaitsOneWindowAheadAndStops() throws {
    let entries = (0..<500).map { FileEntry(path: "/nonexistent/\($0).swift", displayPath: "\($0).swift") as FileEntry? }
    let counter = LoadCounter()
    let beyond = expectation(description: "the reader read more than a window ahead")
    beyond.isInverted = true
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: entries) { entry throws(Diagnostic) in
        if counter.add() > Prefetcher.window { beyond.fulfill() }
        return []
      })
    wait(for: [beyond], timeout: 0.3)
    prefetcher.stop()
    XCTAssertLessThanOrEqual(counter.value, Prefetcher.window)
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

/// Counts calls from the reader thread.
private final class LoadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  @discardableResult
  func add() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
  var value: Int { lock.withLock { count } }
}
