import XCTest

@testable import TestLintCore

final class FileListTests: XCTestCase {
  func test_entries_readBackAsAdded_packedOrNot() {
    let stamp = FileStamp(size: 12, modified: 34)
    let entries = [
      FileEntry(folder: "/work/", displayPath: "A/FooTests.swift", stamp: stamp),
      FileEntry(folder: "/work/", displayPath: "\u{E9}/B.swift", stamp: FileStamp(size: 1, modified: 2)),
      // Another folder, no stamp, a path that is its display path, a path of its own.
      FileEntry(folder: "/elsewhere/", displayPath: "C.swift", stamp: stamp),
      FileEntry(folder: "/work/", displayPath: "D.swift", stamp: nil),
      FileEntry(path: "/abs/E.swift", displayPath: "/abs/E.swift", stamp: stamp),
      FileEntry(path: "/work/F.swift", displayPath: "F.swift", stamp: stamp),
      FileEntry(folder: "/work/", displayPath: "G.swift", stamp: stamp),
    ]
    let list = FileList(entries)
    XCTAssertEqual(list.count, entries.count)
    XCTAssertEqual(Array(list), entries)
    XCTAssertEqual(list.map(\.path), entries.map(\.path))
    XCTAssertEqual(list.map(\.stamp), entries.map(\.stamp))
    XCTAssertEqual(list.indices.map(list.displayPath), entries.map(\.displayPath))
    XCTAssertEqual(
      list.indices.map { list.withNameSource($0) { String(decoding: $0, as: UTF8.self) } },
      entries.map(\.nameSource))
  }

  func test_pagedList_readsBackAsTheArrays() {
    // 1.5 MB of paths (some not ASCII, some not packed), in pages mostly in the temporary file.
    for stamped in [true, false] {
      var entries: [FileEntry] = []
      for index in 0..<16_000 {
        let folder = "Module\(index % 97)/Group\(index % 13)/\(index % 5 == 0 ? "\u{E9}" : "")"
        let stamp = stamped ? FileStamp(size: index, modified: index * 3) : nil
        entries.append(FileEntry(folder: "/work/", displayPath: folder + "File\(index * 7919 % 16_000)Tests.swift", stamp: stamp))
      }
      entries[10] = FileEntry(path: "/elsewhere/X.swift", displayPath: "X.swift", stamp: entries[10].stamp)
      let list = FileList(entries)
      let sorted = list.sortedByDisplayPath()
      let paged = list.sortedByDisplayPath(pagingThreshold: 0, memoryBytes: 0)
      XCTAssertTrue(paged.isPaged)
      XCTAssertFalse(sorted.isPaged)
      XCTAssertEqual(Array(paged), Array(sorted))
      XCTAssertEqual(Array(paged), entries.sorted { $0.displayPath < $1.displayPath })
      XCTAssertEqual(paged.indices.map(paged.displayPath), sorted.indices.map(sorted.displayPath))
      XCTAssertEqual(
        paged.indices.dropFirst().filter { paged.displayPath($0 - 1, precedes: $0) }.count, paged.count - 1)
      XCTAssertEqual(Array(sorted.pagedOut(threshold: 0, memoryBytes: 0)), Array(sorted))
      // Added to, a paged list reads its entries back into arrays first.
      var grown = paged
      grown.append(FileEntry(folder: "/work/", displayPath: "Z.swift", stamp: stamped ? FileStamp(size: 1, modified: 1) : nil))
      XCTAssertFalse(grown.isPaged)
      XCTAssertEqual(Array(grown.prefix(paged.count)), Array(paged))
      XCTAssertEqual(grown.last?.displayPath, "Z.swift")
    }
  }

  func test_listMadeInOrder_isTheSortedList_inPagesBeyondItsThreshold() {
    for stamped in [true, false] {
      var entries: [FileEntry] = []
      for index in 0..<5_000 {
        let stamp = stamped ? FileStamp(size: index, modified: index * 3) : nil
        entries.append(FileEntry(folder: "/work/", displayPath: "M\(index % 7)/F\(index)Tests.swift", stamp: stamp))
      }
      // An entry not packed (another folder), one whose stamp is missing, and a path not ASCII.
      entries[10] = FileEntry(path: "/elsewhere/X.swift", displayPath: "X.swift", stamp: entries[10].stamp)
      entries[4_000].stamp = stamped ? nil : FileStamp(size: 1, modified: 1)
      entries[4_500].displayPath = "M\u{E9}/F.swift"
      let sorted = FileList(entries).sortedByDisplayPath()
      for threshold in [0, 40_000, .max] {
        var list = FileList.InOrder(pagingThreshold: threshold, memoryBytes: 0)
        for entry in sorted { list.append(entry) }
        let made = list.finish()
        XCTAssertEqual(made.isPaged, threshold != .max)
        XCTAssertEqual(Array(made), Array(sorted), "threshold \(threshold)")
        XCTAssertEqual(made.indices.map(made.displayPath), sorted.indices.map(sorted.displayPath))
        XCTAssertEqual(
          made.indices.dropFirst().filter { made.displayPath($0 - 1, precedes: $0) }.count,
          sorted.indices.dropFirst().filter { sorted.displayPath($0 - 1, precedes: $0) }.count)
      }
    }
  }

  func test_walkEntriesWithoutStamps_readBackWithout() {
    let entries = ["B.swift", "A/C.swift"].map { FileEntry(folder: "/w/", displayPath: $0, stamp: nil) }
    let list = FileList(entries)
    XCTAssertEqual(Array(list), entries)
    XCTAssertTrue(list.allSatisfy { $0.stamp == nil })
  }

  func test_filesOutsideTheWorkingDirectory_readBackAsAdded() {
    // Their display paths are their paths (a run over a folder elsewhere).
    let entries = ["/elsewhere/B.swift", "/elsewhere/A/C.swift"].map {
      FileEntry(path: $0, displayPath: $0, stamp: FileStamp(size: 3, modified: 4))
    }
    let list = FileList(entries)
    XCTAssertEqual(Array(list), entries)
    XCTAssertEqual(list.map(\.path), ["/elsewhere/B.swift", "/elsewhere/A/C.swift"])
    XCTAssertEqual(LintEngine.sortedPaths(list), ["/elsewhere/A/C.swift", "/elsewhere/B.swift"])
  }

  func test_settingAnEntry_keepsTheNewOne() {
    var list = FileList(["A.swift", "B.swift"].map { FileEntry(folder: "/w/", displayPath: $0, stamp: FileStamp(size: 1, modified: 1)) })
    list[1].stamp = nil
    list[0].displayPath = list[0].path
    XCTAssertEqual(list[0].displayPath, "/w/A.swift")
    XCTAssertEqual(list[0].path, "/w/A.swift")
    XCTAssertEqual(list.displayPath(0), "/w/A.swift")
    XCTAssertNil(list[1].stamp)
    XCTAssertEqual(list[1].path, "/w/B.swift")
  }

  func test_pathComparisons_areTheStrings() {
    // ASCII compared as bytes, and text that compares equal in other code points (a precomposed
    // and a decomposed accent; the Kelvin sign is not a K).
    let paths = [
      "a.swift", "a/b.swift", "a-b.swift", "A.swift", "ab.swift", "a", "", "\u{E9}.swift", "e\u{301}.swift",
      "K.swift", "\u{212A}.swift", "z.swift",
    ]
    let list = FileList(paths.map { FileEntry(folder: "/w/", displayPath: $0, stamp: nil) })
    for first in paths.indices {
      for second in paths.indices {
        XCTAssertEqual(
          list.displayPath(first, precedes: second), paths[first] < paths[second], "\(paths[first]) < \(paths[second])")
        XCTAssertEqual(
          list.displayPath(first, equals: second), paths[first] == paths[second], "\(paths[first]) == \(paths[second])")
      }
    }
    XCTAssertEqual(LintEngine.sortedPaths(list), paths.sorted())
  }
}
