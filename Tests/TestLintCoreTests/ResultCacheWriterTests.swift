import Foundation
import XCTest

@testable import TestLintCore

final class ResultCacheWriterTests: XCTestCase {
  func test_writtenCacheWithALargeIndex_isTheCacheWrittenToMemory() throws {
    // 20,000 records: their index (over 600 KB) waits in a temporary file, in chunks.
    let folder = try Sandbox(self).root
    let onDisk = ResultCache.Writer(folder: folder, key: "k", ruleIDs: ["a", "b"])
    let inMemory = ResultCache.Writer(key: "k", ruleIDs: ["a", "b"])
    for index in 0..<20_000 {
      for writer in [onDisk, inMemory] {
        writer.add(
          key: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, stamp: FileStamp(size: index, modified: index * 1_000_003),
          contentHash: UInt64(index), record: [UInt8(index % 256), 7])
      }
    }
    XCTAssertNil(onDisk.finish().failure)
    let written = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + ResultCache.fileName)))
    XCTAssertEqual(written, inMemory.finish().bytes)
    XCTAssertEqual(ResultCache.decode(written, key: "k")?.count, 20_000)
  }
}
