import Foundation
import XCTest

@testable import TestLintCore

/// The cache's index as a run holds it: keys sorted in memory, slots in pages.
final class ResultCacheIndexTests: XCTestCase {
  /// The build these tests' writers name (stamp and hash 0): the running test binary is not it.
  static let writersBuild = BuildIdentity(stamp: 0) { 0 }

  /// A cache of `count` records written to `folder`, the record of key 7 written again last
  /// (with another stamp); returns each key's expected stamp, in the order written.
  func writeCache(_ folder: String, count: Int) -> [(key: UInt64, stamp: FileStamp)] {
    let writer = ResultCache.Writer(folder: folder, key: "k", ruleIDs: ["a"])
    var written: [(key: UInt64, stamp: FileStamp)] = []
    func add(_ key: UInt64, _ stamp: FileStamp) {
      // A record that passes its checksum (a copy of the cache keeps only those).
      let record = [UInt8(key % 251), 1, 2].withUnsafeBufferPointer { declarations in
        ResultCache.record(path: "p", declarations: declarations, results: .init(start: nil, count: 0))
      }
      writer.add(key: key, stamp: stamp, contentHash: key ^ 0xFF, record: record[...])
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
    // 256 KB of pages (the least), the others in a temporary file.
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 20_000)
    let cache = ResultCache.load(folder: folder, key: "k", build: Self.writersBuild, memoryBytes: 64 << 10)
    XCTAssertEqual(cache.count, 20_000, "the key written twice counts once")
    XCTAssertEqual(cache.index.slotCount, 20_001)
    XCTAssertGreaterThan(cache.index.storedPages, 0)
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

  func test_pagedIndex_holdsWhatWasWritten() throws {
    // In the order of the keys: each key's last slot.
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 20_000)
    let cache = ResultCache.load(folder: folder, key: "k", build: Self.writersBuild, memoryBytes: 64 << 10)
    let expected = Dictionary(written.map { ($0.key, $0.stamp) }, uniquingKeysWith: { $1 })
    var held: [(UInt64, FileStamp)] = []
    cache.index.forEachSlotByKey { held.append(($0.key, $0.stamp)) }
    XCTAssertEqual(held.map(\.0), expected.keys.sorted())
    XCTAssertEqual(held.map(\.1), expected.keys.sorted().map { expected[$0]! })
    XCTAssertEqual(ResultCache.decode(cache.encoded(), key: "k")?.count, 20_000)
  }

  func test_unevenKeys_areAllFound() throws {
    // Keys bunched at both ends of their range and the extremes: the guesses from a key's
    // value fall far off, the halving that follows still finds it.
    let writer = ResultCache.Writer(key: "k", ruleIDs: [])
    let keys: [UInt64] = [0, UInt64.max] + (1...3_000).map { UInt64($0) } + (1...3_000).map { UInt64.max - UInt64($0) * 7 }
    for key in keys {
      writer.add(key: key, stamp: FileStamp(size: 1, modified: 2), contentHash: key, record: [1][...])
    }
    let cache = try XCTUnwrap(ResultCache.decode(writer.finish().bytes, key: "k"))
    for key in keys { XCTAssertEqual(cache.index.slot(for: key)?.contentHash, key) }
    for key in [3_001, UInt64.max - 8, UInt64.max / 2, UInt64.max - 1] { XCTAssertNil(cache.index.slot(for: key), "\(key)") }
    XCTAssertNil(ResultCache(key: "k").index.slot(for: 0), "an empty index")
  }

  func test_forEachSlot_visitsTheSlotsFoundInFileOrder() throws {
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 3_000)
    let cache = ResultCache.load(folder: folder, key: "k", build: Self.writersBuild, memoryBytes: 64 << 10)
    var visited: [(number: Int, key: UInt64, stamp: FileStamp)] = []
    XCTAssertTrue(cache.index.forEachSlot { visited.append(($0, $1.key, $1.stamp)) })
    // The first record of key 7 (number 7) is replaced by the last one.
    let kept = written.indices.filter { $0 != 7 }
    XCTAssertEqual(visited.map(\.number), kept)
    XCTAssertEqual(visited.map(\.key), kept.map { written[$0].key })
    XCTAssertEqual(visited.map(\.stamp), kept.map { written[$0].stamp })
  }

  func test_lostPages_readAsNoSlot() throws {
    let folder = try Sandbox(self).root
    let written = writeCache(folder, count: 20_000)
    let cache = ResultCache.load(folder: folder, key: "k", build: Self.writersBuild, memoryBytes: 64 << 10)
    cache.index.closeFileForTesting()
    // The first pages went to the temporary file, the last ones are in memory.
    XCTAssertNil(cache.index.slot(for: written[0].key))
    XCTAssertEqual(cache.index.slot(for: written[19_999].key)?.stamp, written[19_999].stamp)
    var visited = 0
    XCTAssertFalse(cache.index.forEachSlot { _, _ in visited += 1 })
    XCTAssertGreaterThan(visited, 0)
    XCTAssertLessThan(visited, 20_000)
  }

  func test_damagedLargeIndex_isNoCache() throws {
    // An index of several parts (over 64 KB), damaged in its count, its length or its middle.
    let writer = ResultCache.Writer(key: "k", ruleIDs: [])
    for index in 0..<5_000 {
      writer.add(
        key: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, stamp: FileStamp(size: index, modified: index),
        contentHash: 1, record: [2][...])
    }
    let bytes = writer.finish().bytes
    XCTAssertEqual(ResultCache.decode(bytes, key: "k")?.count, 5_000)
    func withCount(_ count: UInt64) -> [UInt8] {
      var damaged = bytes
      for offset in 0..<8 { damaged[damaged.count - 16 + offset] = UInt8(truncatingIfNeeded: count >> UInt64(offset * 8)) }
      return damaged
    }
    // Where the index starts: the first 8 bytes of the last 24.
    let indexStart = bytes[(bytes.count - 24)..<(bytes.count - 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
    XCTAssertGreaterThan(bytes.count - 24 - indexStart, 100_000, "an index of two parts and more")
    XCTAssertLessThan(indexStart, bytes.count - 70_000, "the cut is in the index")
    var longer = bytes
    longer.insert(0, at: bytes.count - 24)
    var cut = bytes
    cut.removeSubrange((bytes.count - 70_000)..<(bytes.count - 69_990))
    let cases: [(String, [UInt8])] = [
      ("one entry less", withCount(4_999)), ("one entry more", withCount(5_001)),
      ("a byte before the end", longer), ("ten bytes cut from the middle", cut),
    ]
    for (name, damaged) in cases { XCTAssertNil(ResultCache.decode(damaged, key: "k"), name) }
  }

  func test_lostOldIndex_keepsTheOldCache() throws {
    // The old cache's entries of files not in the run cannot be read back: the next cache
    // would lose them, so it is not written and the old one stays.
    let sandbox = try Sandbox(self)
    let folder = sandbox.root + "/cache"
    _ = writeCache(folder, count: 20_000)
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + ResultCache.fileName))
    let cache = ResultCache.load(folder: folder, key: "k", build: Self.writersBuild, memoryBytes: 64 << 10)
    cache.index.closeFileForTesting()
    try sandbox.write("ATests.swift", "import XCTest\nfinal class ATests: XCTestCase {}\n")
    let files = FileWalker.collect(["ATests.swift"], workingDirectory: sandbox.root) { _, _ in true }.files
    let engine = LintEngine(rules: [], testBaseClasses: [], threads: 2)
    let update = try XCTUnwrap(engine.encodedRun(FileList(files), cache: cache).cache)
    XCTAssertEqual(update.save(folder: folder), "cannot read back part of the old cache's index from a temporary file")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + ResultCache.fileName)), before)
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
