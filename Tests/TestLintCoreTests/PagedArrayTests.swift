import Dispatch
import XCTest

@testable import TestLintCore

/// What a run keeps per file, in pages that go to a temporary file beyond a budget.
final class PagedArrayTests: XCTestCase {
  private struct Record: Equatable {
    var number: Int
    var flag: UInt8
  }

  func test_valuesReadBackAsWritten_withPagesInTheFile() {
    // Pages of 4 records, 4 in memory: 250 pages, most of them in the file.
    let array = PagedArray(
      count: 1000, filler: Record(number: -1, flag: 0), memoryBytes: 0,
      pageBytes: 4 * MemoryLayout<Record>.stride)
    XCTAssertEqual(array.perPage, 4)
    var expected = Array(repeating: Record(number: -1, flag: 0), count: 1000)
    // Two ascending runs (pass 1's order), then changes here and there.
    let order = Array(stride(from: 0, to: 1000, by: 3)) + (0..<1000).filter { $0 % 3 != 0 }
    for index in order {
      array[index] = Record(number: index * 7, flag: UInt8(index % 200))
      expected[index] = array[index]
    }
    for index in stride(from: 999, to: 0, by: -37) {
      array[index] = Record(number: -index, flag: 1)
      expected[index] = Record(number: -index, flag: 1)
    }
    XCTAssertGreaterThan(array.storedPages, 200)
    XCTAssertEqual((0..<1000).map { array.value(at: $0) }, expected)
  }

  func test_pagesTheFileCannotGiveBack_areToldLost() {
    let array = PagedArray(count: 100, filler: -1, memoryBytes: 0, pageBytes: 4 * MemoryLayout<Int>.stride)
    for index in 0..<100 { array[index] = index }
    array.closeFileForTesting()
    // The last pages written are still in memory; the first went to the file.
    XCTAssertEqual(array.value(at: 99), 99)
    XCTAssertNil(array.value(at: 0))
    XCTAssertEqual(array[0], -1, "the filler")
    XCTAssertNil(array.value(at: 1), "a lost page stays lost")
    XCTAssertNil(array.withReadValues(in: 0..<2) { Array($0) })
    XCTAssertEqual(array.withReadValues(in: 98..<100) { Array($0) }, [98, 99])
  }

  func test_unsetValues_areTheFiller() {
    let array = PagedArray(count: 10, filler: Record(number: 5, flag: 9), memoryBytes: 1 << 20)
    array[3] = Record(number: 1, flag: 1)
    XCTAssertEqual(array[2], Record(number: 5, flag: 9))
    XCTAssertEqual(array[3], Record(number: 1, flag: 1))
    XCTAssertEqual(array.storedPages, 0, "within the budget: no file")
  }

  func test_pagesMadeInTheMemoryOfPagesStored_startAsTheFiller() {
    // A page goes to the file and its memory makes the next page: none of its values show
    // through, in a page never set or in one read back.
    let array = PagedArray(count: 200, filler: -1, memoryBytes: 0, pageBytes: 4 * MemoryLayout<Int>.stride)
    for index in 0..<40 { array[index] = index }
    XCTAssertEqual((100..<140).map { array[$0] }, Array(repeating: -1, count: 40))
    array[150] = 7
    XCTAssertEqual((0..<40).map { array[$0] }, Array(0..<40))
    XCTAssertEqual((148..<152).map { array[$0] }, [-1, -1, 7, -1])
  }

  func test_withoutATemporaryFile_pagesStayInMemory() {
    let array = PagedArray(
      count: 100, filler: 0, memoryBytes: 0, pageBytes: 2 * MemoryLayout<Int>.stride,
      directory: "/nonexistent/folder")
    for index in 0..<100 { array[index] = index * index }
    XCTAssertEqual((0..<100).map { array[$0] }, (0..<100).map { $0 * $0 })
    XCTAssertEqual(array.storedPages, 0)
  }

  func test_threadsWritingTheirOwnIndices_readBackWhatEachWrote() {
    let array = PagedArray(count: 20_000, filler: 0, memoryBytes: 0, pageBytes: 256)
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for index in stride(from: worker, to: 20_000, by: 4) { array[index] = index + 1 }
    }
    XCTAssertEqual((0..<20_000).map { array[$0] }, (1...20_000).map { $0 })
  }

  func test_smallArrayGrownByAppends_keepsItsValuesAcrossPages() {
    // Pages of 8 values: the array starts smaller than a page, is set and read, then grows
    // past its first page and on to several, the values set before kept.
    let array = PagedArray(count: 3, filler: -1, memoryBytes: 0, pageBytes: 8 * MemoryLayout<Int>.stride)
    array[1] = 10
    XCTAssertEqual((0..<3).map { array[$0] }, [-1, 10, -1])
    var expected = [-1, 10, -1]
    for batch in [[20, 21], [30, 31, 32, 33], Array(100..<130)] {
      batch.withUnsafeBufferPointer { array.append(contentsOf: $0) }
      expected += batch
      array[0] = expected.count
      expected[0] = expected.count
      XCTAssertEqual((0..<array.count).map { array[$0] }, expected)
    }
    XCTAssertEqual(array.withValues(in: 2..<12) { Array($0) }, Array(expected[2..<12]))
  }
}
