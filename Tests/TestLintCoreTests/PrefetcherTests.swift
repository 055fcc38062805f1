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
    XCTAssertNil(Prefetcher(entries: entries))
  }

  func test_pipesMissingFilesAndFolders_neitherBlockNorAreRead() throws {
    let pipe = folder.appendingPathComponent("Pipe.swift").path
    XCTAssertEqual(mkfifo(pipe, 0o600), 0)
    let file = folder.appendingPathComponent("A.swift").path
    try "let x = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
    let missing = folder.appendingPathComponent("Missing.swift").path
    for sample in [false, true] {
      XCTAssertEqual(Prefetcher.startReading(pipe, sample: sample), .skipped)
      XCTAssertEqual(Prefetcher.startReading(missing, sample: sample), .skipped)
      XCTAssertEqual(Prefetcher.startReading(folder.path, sample: true), .skipped)
    }
    XCTAssertEqual(Prefetcher.startReading(file, sample: false), .started)
    // Just written: in memory.
    XCTAssertEqual(Prefetcher.startReading(file, sample: true), .inMemory)
    let entries = [pipe, nil, missing, folder.path, file].map { $0.map { FileEntry(path: $0, displayPath: $0) } }
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: Array(repeating: entries, count: 30).flatMap { $0 }))
    for position in 0..<150 { prefetcher.starting(position) }
    let start = Date()
    prefetcher.stop()
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

  func test_workersNeverArriving_readerAsksOneWindowAheadAndStops() throws {
    let entries = Self.missing(2000)
    let asked = try askUntilAWindowAhead(entries) { _, _ in .started }
    XCTAssertEqual(asked.paths, (0..<Prefetcher.window).map { "/nonexistent/\($0).swift" })
    XCTAssertEqual(asked.samples, stride(from: 0, to: Prefetcher.window, by: Prefetcher.sampleInterval).map { $0 })
  }

  func test_workersAtTheEndFirst_readerStops() throws {
    // The workers take every file (the cache answers for them) while the reader asks for its
    // first one.
    let entries = Self.missing(100)
    let asked = Asked()
    let asking = DispatchSemaphore(value: 0)
    let taken = DispatchSemaphore(value: 0)
    let more = expectation(description: "the reader asked for a file the workers had taken")
    more.isInverted = true
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: entries) { path, sample in
        if asked.add(path, sample: sample) == 1 {
          asking.signal()
          taken.wait()
        } else {
          more.fulfill()
        }
        return .started
      })
    asking.wait()
    for position in entries.indices { prefetcher.starting(position) }
    taken.signal()
    // Meanwhile the reader goes on, finds the workers at the end, and ends.
    wait(for: [more], timeout: 0.1)
    prefetcher.stop()
    XCTAssertEqual(asked.paths, ["/nonexistent/0.swift"], "nothing after the workers")
  }

  func test_filesInMemory_onlySampled() throws {
    let entries = Self.missing(2000)
    let asked = Asked()
    let unsampled = expectation(description: "the reader asked for a file it did not sample")
    unsampled.isInverted = true
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: entries) { path, sample in
        _ = asked.add(path, sample: sample)
        if !sample { unsampled.fulfill() }
        return .inMemory
      })
    wait(for: [unsampled], timeout: 0.3)
    prefetcher.stop()
    XCTAssertEqual(asked.samples, stride(from: 0, to: Prefetcher.window, by: Prefetcher.sampleInterval).map { $0 })
  }

  func test_sampleThatWaits_hasEveryFileAskedFor() throws {
    let entries = Self.missing(2000)
    // The sample at 32 waited (the disk): every file after it is asked for, until 8 samples
    // in a row did not.
    let asked = try askUntilAWindowAhead(entries) { path, sample in
      sample && path == "/nonexistent/32.swift" ? .started : sample ? .inMemory : .started
    }
    let everyFile = 33..<(32 + Prefetcher.sampleInterval * Prefetcher.warmRun + 1)
    XCTAssertEqual(
      asked.paths, [0, 16, 32].map { "/nonexistent/\($0).swift" } + everyFile.map { "/nonexistent/\($0).swift" }
        + stride(from: everyFile.upperBound + Prefetcher.sampleInterval - 1, to: Prefetcher.window, by: Prefetcher.sampleInterval)
        .map { "/nonexistent/\($0).swift" })
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

/// What the reader thread asked for, in order.
private final class Asked: @unchecked Sendable {
  private let lock = NSLock()
  private var asked: [(path: String, sample: Bool)] = []

  /// Records one file; how many so far.
  func add(_ path: String, sample: Bool) -> Int {
    lock.withLock {
      asked.append((path, sample))
      return asked.count
    }
  }

  var paths: [String] { lock.withLock { asked.map(\.path) } }

  /// The positions of the samples (from the paths' numbers).
  var samples: [Int] {
    lock.withLock { asked.filter(\.sample).compactMap { Int($0.path.dropFirst("/nonexistent/".count).dropLast(6)) } }
  }
}

extension PrefetcherTests {
  /// Entries of files that do not exist, `/nonexistent/0.swift` on.
  static func missing(_ count: Int) -> [FileEntry?] {
    (0..<count).map { FileEntry(path: "/nonexistent/\($0).swift", displayPath: "\($0).swift") }
  }

  /// Runs a prefetcher on `entries` whose workers never arrive, answering with `outcome`,
  /// until it would ask for a file more than a window ahead (which must not happen); what it
  /// asked for.
  fileprivate func askUntilAWindowAhead(
    _ entries: [FileEntry?], outcome: @escaping @Sendable (String, Bool) -> Prefetcher.Outcome
  ) throws -> Asked {
    let asked = Asked()
    let beyond = expectation(description: "the reader asked for more than a window ahead")
    beyond.isInverted = true
    let prefetcher = try XCTUnwrap(
      Prefetcher(entries: entries) { path, sample in
        if asked.add(path, sample: sample) > Prefetcher.window { beyond.fulfill() }
        return outcome(path, sample)
      })
    wait(for: [beyond], timeout: 0.3)
    prefetcher.stop()
    return asked
  }
}
