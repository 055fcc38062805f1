import Foundation
import XCTest

@testable import TestLintCore

/// The compact encoding of a run's findings (`FindingCodec`), where they wait for the report
/// (`FindingStore`, spilling to a temporary file) and the report streamed from them: none may
/// change a byte of any report.
final class FindingStoreTests: XCTestCase {
  // MARK: Encoding

  func test_codec_roundTripsEveryField() {
    let codec = FindingCodec(ruleIDs: ["missing_assertion", "sleep_in_test"], keepsDetails: true)
    let store = FindingStore(memoryBytes: 1 << 20)
    let findings = sampleFindings(path: "A/FooTests.swift")
    let block = codec.encode(findings, path: "A/FooTests.swift", file: 0, store: store)
    XCTAssertEqual(block.count, findings.count)
    XCTAssertEqual(block.errors, 2)
    XCTAssertTrue(block.hasOwnPaths)
    var decoded: [Finding] = []
    let read = store.withBytes(block.location) {
      codec.decode($0, path: "A/FooTests.swift", into: &decoded)
    }
    XCTAssertEqual(read, true)
    XCTAssertEqual(decoded, findings)
  }

  func test_codec_withoutDetails_dropsTestSuiteAndSnippet() {
    let codec = FindingCodec(ruleIDs: ["missing_assertion"], keepsDetails: false)
    let store = FindingStore(memoryBytes: 1 << 20)
    let findings = sampleFindings(path: "FooTests.swift")
    let block = codec.encode(findings, path: "FooTests.swift", file: 0, store: store)
    var decoded: [Finding] = []
    _ = store.withBytes(block.location) { codec.decode($0, path: "FooTests.swift", into: &decoded) }
    let expected = findings.map { finding in
      var copy = finding
      (copy.test, copy.suite, copy.snippet) = (nil, nil, "")
      return copy
    }
    XCTAssertEqual(decoded, expected)
  }

  func test_codec_cachedFindings_takeTheFilesPathAndOrder() {
    let codec = FindingCodec(ruleIDs: ["missing_assertion"], keepsDetails: true)
    let store = FindingStore(memoryBytes: 1 << 20)
    let late = Finding(ruleID: "missing_assertion", severity: .warning, message: "b", path: "Old.swift", line: 9, column: 1)
    let early = Finding(ruleID: "missing_assertion", severity: .warning, message: "a", path: "Old.swift", line: 2, column: 5)
    let block = codec.encode([late, early], path: "New.swift", file: 0, allOfFile: true, store: store)
    var decoded: [Finding] = []
    _ = store.withBytes(block.location) { codec.decode($0, path: "New.swift", into: &decoded) }
    XCTAssertFalse(block.hasOwnPaths)
    XCTAssertEqual(decoded.map(\.path), ["New.swift", "New.swift"])
    XCTAssertEqual(decoded.map(\.line), [2, 9])
  }

  func test_codec_truncatedBytes_areRejectedWithoutCrashing() {
    let codec = FindingCodec(ruleIDs: ["missing_assertion", "sleep_in_test"], keepsDetails: true)
    let store = FindingStore(memoryBytes: 1 << 20)
    let block = codec.encode(sampleFindings(path: "FooTests.swift"), path: "FooTests.swift", file: 0, store: store)
    let bytes = store.withBytes(block.location) { Array($0) } ?? []
    XCTAssertFalse(bytes.isEmpty)
    for end in [1, bytes.count / 2, bytes.count - 1] {
      var decoded: [Finding] = []
      let read = Array(bytes[..<end]).withUnsafeBufferPointer {
        codec.decode($0, path: "FooTests.swift", into: &decoded)
      }
      XCTAssertFalse(read, "decoding \(end) of \(bytes.count) bytes")
    }
  }

  // MARK: The temporary file

  func test_store_beyondItsBudget_writesChunksToAFileItRemoves() throws {
    let folder = try temporaryFolder()
    let store = FindingStore(memoryBytes: 100, chunkBytes: 64, directory: folder)
    let blocks = (0..<50).map { index in Array(repeating: UInt8(index), count: 10 + index % 7 * 13) }
    let locations = blocks.map { store.keep($0) }
    XCTAssertGreaterThan(store.spilledBytes, 0)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    for (bytes, location) in zip(blocks, locations) {
      XCTAssertEqual(store.withBytes(location) { Array($0) }, bytes)
    }
  }

  func test_store_chunkHeldByAReader_staysWhileItsStorageMakesTheNextChunk() throws {
    // The last chunk stays in memory, a reader holding it.
    let store = FindingStore(memoryBytes: 40, chunkBytes: 32, directory: try temporaryFolder())
    let first = (0..<3).map { index in [UInt8](repeating: UInt8(index + 1), count: 30) }
    for block in first { _ = store.keep(block) }
    var held: [ArraySlice<UInt8>] = []
    store.forEachChunk { held.append($0) }
    // Every chunk goes to the file; the later ones are made in the storage of those before.
    let later = (0..<6).map { index in [UInt8](repeating: UInt8(100 + index), count: 20 + index) }
    let locations = later.map { store.keep($0) }
    XCTAssertEqual(held.map(Array.init), first)
    XCTAssertEqual(locations.map { location in store.withBytes(location) { Array($0) } }, later)
    var all: [UInt8] = []
    store.forEachChunk { all += $0 }
    XCTAssertEqual(all, (first + later).flatMap { $0 })
  }

  func test_store_withoutAWritableFolder_keepsEverythingInMemory() {
    let store = FindingStore(memoryBytes: 0, chunkBytes: 16, directory: "/nonexistent/testlint-spill")
    let blocks = (0..<20).map { index in [UInt8](repeating: UInt8(index), count: 12) }
    let locations = blocks.map { store.keep($0) }
    XCTAssertEqual(store.spilledBytes, 0)
    XCTAssertEqual(locations.map { location in store.withBytes(location) { Array($0) } }, blocks)
  }

  // MARK: Whole runs

  func test_runBeyondTheMemoryBudget_givesTheSameReport() throws {
    let sandbox = try Sandbox(self)
    for index in 0..<40 {
      try sandbox.write(
        ["Unit", "UI/Screens", "Deep/A/B"][index % 3] + "/Feature\(index)Tests.swift",
        "import XCTest\n\nfinal class Feature\(index)Tests: XCTestCase {\n"
          + "  func testLoad\(index)() { XCTAssert(value == \(index)) }\n"
          + "  func test_empty_\(index)() {\n    sleep(1)\n  }\n}\n")
    }
    let collected = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }
    let spill = try temporaryFolder()
    for threads in [1, 2] {
      let inMemory = LintEngine(rules: allRules(), testBaseClasses: [], threads: threads)
      var spilling = inMemory
      spilling.findingMemoryBytes = 0
      spilling.spillDirectory = spill
      let expected = inMemory.run(collected.files)
      let encoded = spilling.encodedRun(collected.files, cache: nil).result
      let decoded = encoded.decoded(threads: threads)
      XCTAssertEqual(decoded.findings, expected.findings)
      XCTAssertEqual(decoded.errors, expected.errors)
      XCTAssertGreaterThan(encoded.findings.store.spilledBytes, 0)
      XCTAssertGreaterThan(expected.findings.count, 40)
      let (streamed, counts) = ReportPass.render(encoded.findings, reporter: TextReporter(), threads: threads)
      XCTAssertEqual(streamed, TextReporter().render(expected))
      XCTAssertEqual(counts.findings, expected.findings.count)
      XCTAssertEqual(counts.errors, [])
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: spill), [])
    }
  }

  func test_textStream_filesOfOnePathAndForeignPaths_sortLikeOneSort() {
    let codec = FindingCodec(ruleIDs: ["missing_assertion", "sleep_in_test"], keepsDetails: false)
    let store = FindingStore(memoryBytes: 0, chunkBytes: 32)
    func finding(_ path: String, _ line: Int, _ rule: String = "missing_assertion") -> Finding {
      Finding(ruleID: rule, severity: .warning, message: "m\(line)", path: path, line: line, column: 1)
    }
    // Two files shown under one path (interleaved by line), one under another.
    let files = FileList(["B.swift", "A.swift", "B.swift", "C.swift"].map { FileEntry(path: $0, displayPath: $0) })
    let blocks = [
      codec.encode([finding("B.swift", 1), finding("B.swift", 7)], path: "B.swift", file: 0, store: store),
      codec.encode([finding("A.swift", 3, "sleep_in_test")], path: "A.swift", file: 1, store: store),
      codec.encode([finding("B.swift", 4)], path: "B.swift", file: 2, store: store),
    ]
    let merged = FindingsByFile(blocks: blocks, codec: codec, store: store, files: files)
    XCTAssertEqual(merged.groups.map(\.count), [1, 2])
    let sorted = merged.all(threads: 2).findings
    XCTAssertEqual(sorted.map { "\($0.path):\($0.line)" }, ["A.swift:3", "B.swift:1", "B.swift:4", "B.swift:7"])
    let streamed = ReportPass.render(merged, reporter: TextReporter(), threads: 2).text
    XCTAssertEqual(streamed, TextReporter().render(LintResult(findings: sorted, errors: [], files: [], rules: [])))
    // A finding naming another file than its own: everything is sorted together.
    let foreign = FindingsByFile(
      blocks: blocks + [codec.encode([finding("A.swift", 1)], path: "C.swift", file: 3, store: store)],
      codec: codec, store: store, files: files)
    XCTAssertTrue(foreign.sortsAll)
    XCTAssertEqual(foreign.all(threads: 1).findings.map(\.line), [1, 3, 1, 4, 7])
    let (kept, counts) = ReportPass.render(
      foreign, reporter: TextReporter(), threads: 1, include: { path, _ in path == "A.swift" })
    XCTAssertEqual(counts.findings, 2)
    XCTAssertEqual(kept.split(separator: "\n").map { String($0.prefix(9)) }, ["A.swift:1", "A.swift:3"])
  }

  func test_textStream_manySlices_isTheReport() {
    // 9,000 findings: five slices of about 2,048, rendered a slice per thread at a time.
    let codec = FindingCodec(ruleIDs: ["missing_assertion", "sleep_in_test"], keepsDetails: false)
    let store = FindingStore(memoryBytes: 1 << 20)
    let paths = (0..<3_000).map { "F\(100_000 + $0).swift" }
    let files = FileList(paths.map { FileEntry(path: $0, displayPath: $0) })
    var all: [Finding] = []
    let blocks = paths.indices.map { index -> FindingBlock in
      let findings = (1...3).map { line in
        Finding(
          ruleID: line == 2 ? "sleep_in_test" : "missing_assertion", severity: line == 3 ? .error : .warning,
          message: "m\(index)-\(line)", path: paths[index], line: line, column: 1)
      }
      all += findings
      return codec.encode(findings, path: paths[index], file: index, store: store)
    }
    let byFile = FindingsByFile(blocks: blocks, codec: codec, store: store, files: files)
    XCTAssertGreaterThan(byFile.slices.count, 4)
    let expected = TextReporter().render(LintResult(findings: all, errors: [], files: [], rules: []))
    for threads in [1, 2, 3] {
      let (streamed, counts) = ReportPass.render(byFile, reporter: TextReporter(), threads: threads)
      XCTAssertEqual(streamed, expected, "\(threads) threads")
      XCTAssertEqual(counts.findings, 9_000)
      XCTAssertEqual(counts.errorFindings, 3_000)
    }
  }

  func test_groups_ofManyFiles_someSharingAPath() {
    // 12,000 files with findings, a few shown under the path of the one before (another
    // spelling of one name): each group holds the blocks of one path, whatever pages they are in.
    let codec = FindingCodec(ruleIDs: ["missing_assertion"], keepsDetails: false)
    let store = FindingStore(memoryBytes: 1 << 20)
    var paths: [String] = []
    for index in 0..<12_000 {
      paths.append(index % 7 == 3 || index % 11 == 4 ? paths[index - 1] : "F\(100_000 + index).swift")
    }
    let files = FileList(paths.map { FileEntry(path: $0, displayPath: $0) })
    let blocks = paths.indices.map {
      FindingBlock(file: $0, location: .empty, count: 1 + $0 % 3, errors: $0 % 2, hasOwnPaths: false)
    }
    let byFile = FindingsByFile(blocks: blocks, codec: codec, store: store, files: files)
    var expected: [[Int]] = []
    for index in paths.indices {
      if index > 0, paths[index] == paths[index - 1] { expected[expected.count - 1].append(index) } else { expected.append([index]) }
    }
    XCTAssertEqual(byFile.groups.map { $0.map(\.file) }, expected)
    XCTAssertEqual(byFile.count, blocks.reduce(0) { $0 + $1.count })
    XCTAssertEqual(byFile.errors, blocks.reduce(0) { $0 + $1.errors })
    XCTAssertGreaterThan(byFile.groups.blocks.storedPages, 0, "the blocks' pages went to the file")
  }

  // MARK: Helpers

  private func sampleFindings(path: String) -> [Finding] {
    [
      Finding(
        ruleID: "missing_assertion", severity: .warning, message: "add an assertion to 'test_a'",
        path: path, line: 3, column: 8, test: "Suite.test_a", suite: "Suite", snippet: "func test_a() {"),
      Finding(
        ruleID: "sleep_in_test", severity: .error, message: "line\nbreak and \u{1B} escape é 🎉",
        path: path, line: 300_000, column: 1_234_567, test: nil, suite: "Outer.Inner", snippet: ""),
      Finding(
        ruleID: "not_a_run_rule", severity: .error, message: "", path: "Other/Place.swift", line: 1,
        column: 1, test: "free", suite: nil, snippet: "x"),
      Finding(
        ruleID: "missing_assertion", severity: .warning, message: String(repeating: "long ", count: 100),
        path: path, line: 128, column: 16_384, test: "", suite: "", snippet: "  spaced  "),
    ]
  }

  private func allRules() -> [ConfiguredRule] {
    RuleRegistry.descriptions.compactMap { description -> ConfiguredRule? in
      guard let type = RuleRegistry.rule(id: description.id) else { return nil }
      return ConfiguredRule(type, severity: description.defaultSeverity, options: RuleOptions(defaultsOf: description))
    }
  }

  /// An empty folder removed when the test ends.
  private func temporaryFolder() throws -> String {
    let folder = FileWalker.absolutePath(NSTemporaryDirectory(), workingDirectory: "/")
      + "/testlint-spill-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    return folder
  }
}
