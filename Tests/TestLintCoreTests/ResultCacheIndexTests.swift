import Foundation
import XCTest

@testable import TestLintCore

/// The cache's index as a run holds it: keys sorted in memory, slots in pages.
final class ResultCacheIndexTests: XCTestCase {
  /// A cache of `count` records written to `folder`, the record of key 7 written again last
  /// (with another stamp); returns each key's expected stamp, in the order written.
  func writeCache(_ folder: String, count: Int) -> [(key: UInt64, stamp: FileStamp)] {
    let writer = ResultCache.Writer(folder: folder, key: "k", ruleIDs: ["a"])
    var written: [(key: UInt64, stamp: FileStamp)] = []
    func add(_ key: UInt64, _ stamp: FileStamp) {
      writer.add(key: key, stamp: stamp, contentHash: key ^ 0xFF, record: [UInt8(key % 251), 1, 2][...])
      written.append((key, stamp))
    }
    for index in 0..<count {
      add(UInt64(index) &* 0x9E37_79B9_7F4A_7C15, FileStamp(size: index, modified: index * 3))
    }
    add(7 &* 0x9E37_79B9_7F4A_7C15, FileStamp(size: -1, modified: -1))
    XCTAssertNil(writer.finish().failure)
    return written
  }

  func test_pagedIndex_findsEverySlotInAnyOrder() throws {
    // 20,000 records: the index (over 500 KB) is read in parts, its slots (960 KB) kept in
    // 64 KB of pages, the others in a temporary file.
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 20_000)
    let cache = ResultCache.load(folder: folder, key: "k", memoryBytes: 64 << 10)
    XCTAssertEqual(cache.count, 20_000, "the key written twice counts once")
    XCTAssertEqual(cache.index.slotCount, 20_001)
    let expected = Dictionary(written.map { ($0.key, $0.stamp) }, uniquingKeysWith: { $1 })
    XCTAssertEqual(expected[7 &* 0x9E37_79B9_7F4A_7C15], FileStamp(size: -1, modified: -1))
    // In the file's order, then backwards (pages read back from the temporary file).
    for key in written.map(\.key) + written.map(\.key).reversed() {
      let slot = try XCTUnwrap(cache.index.slot(for: key))
      XCTAssertEqual(slot.key, key)
      XCTAssertEqual(slot.stamp, expected[key])
      XCTAssertEqual(slot.contentHash, key ^ 0xFF)
    }
    XCTAssertNil(cache.index.slot(for: 12345))
  }

  func test_forEachSlot_visitsTheSlotsFoundInFileOrder() throws {
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 3_000)
    let cache = ResultCache.load(folder: folder, key: "k", memoryBytes: 64 << 10)
    var visited: [(number: Int, key: UInt64, stamp: FileStamp)] = []
    cache.index.forEachSlot { visited.append(($0, $1.key, $1.stamp)) }
    // The first record of key 7 (number 7) is replaced by the last one.
    let kept = written.indices.filter { $0 != 7 }
    XCTAssertEqual(visited.map(\.number), kept)
    XCTAssertEqual(visited.map(\.key), kept.map { written[$0].key })
    XCTAssertEqual(visited.map(\.stamp), kept.map { written[$0].stamp })
  }

  func test_loadedCache_encodesAsTheOneInMemory() throws {
    let folder = try Sandbox(self).root
    _ = writeCache(folder, count: 3_000)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + ResultCache.fileName)))
    let loaded = ResultCache.load(folder: folder, key: "k", memoryBytes: 64 << 10)
    let decoded = try XCTUnwrap(ResultCache.decode(bytes, key: "k"))
    XCTAssertEqual(loaded.encoded(), decoded.encoded())
    XCTAssertEqual(ResultCache.decode(loaded.encoded(), key: "k")?.count, 3_000)
  }

  func test_cacheWrittenInSmallBatches_isTheSame() throws {
    // Batches of a byte: each ends with its first file, the others its workers made are made
    // again in the next one.
    let sandbox = try Sandbox(self)
    for index in 0..<40 {
      try sandbox.write(
        "F\(index)Tests.swift",
        "import XCTest\nfinal class F\(index)Tests: XCTestCase {\n"
          + String(repeating: "  func test_a_\(index)() {}\n", count: index % 5))
    }
    let files = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }.files
    let rules = RuleRegistry.all.map { type in
      ConfiguredRule(type, severity: type.description.defaultSeverity, options: RuleOptions(defaultsOf: type.description))
    }
    var caches: [[UInt8]] = []
    for batchBytes in [1 << 20, 1] {
      var engine = LintEngine(rules: rules, testBaseClasses: [], threads: 2)
      engine.cacheBatchBytes = batchBytes
      let run = engine.encodedRun(FileList(files), cache: ResultCache(key: "k"))
      let folder = sandbox.root + "/cache\(batchBytes)"
      XCTAssertNil(try XCTUnwrap(run.cache).save(folder: folder))
      caches.append(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + ResultCache.fileName))))
    }
    XCTAssertTrue(caches[1] == caches[0], "the same bytes, records in the same order: \(caches.map(\.count))")
    XCTAssertEqual(ResultCache.decode(caches[1], key: "k")?.count, 40)
  }

  func test_bits_setAndCount() {
    var bits = Bits(count: 130)
    for index in [0, 63, 64, 129] { bits[index] = true }
    bits[63] = false
    XCTAssertEqual((0..<130).filter { bits[$0] }, [0, 64, 129])
    XCTAssertEqual(bits.trueCount, 3)
  }
}
