/// Pass 1's order of the files: those that look like they declare base classes and helpers
/// first (`LintEngine.mayDeclareBases`), each part in the list's order. In pages
/// (`PagedArray`): the early files from the front, the later ones from the back, read backwards
/// (nothing to reverse).
struct PassOrder: Sendable {
  private let indices: PagedArray<Int>
  /// How many early files.
  private let front: Int

  init(_ files: FileList, memoryBytes: Int, directory: String?) {
    indices = PagedArray(count: files.count, filler: 0, memoryBytes: memoryBytes, directory: directory)
    var front = 0
    var back = files.count
    for index in files.indices {
      if files.withNameSource(index, LintEngine.mayDeclareBases(fileName:)) {
        indices[front] = index
        front += 1
      } else {
        back -= 1
        indices[back] = index
      }
    }
    self.front = front
  }

  var count: Int { indices.count }

  /// The file read at `position`.
  subscript(position: Int) -> Int {
    position < front ? indices[position] : indices[indices.count - 1 - (position - front)]
  }

  /// Whether some of the order could not be read back from the temporary file.
  var lostPages: Bool { indices.lostPages }
}

extension LintEngine {
  /// Whether a file's name suggests base classes or helpers rather than tests (its name does
  /// not end in `Tests`, `Test`, `Spec` or `Specs`, or starts with `Base` and a capital, as
  /// `BaseBackendTests.swift`, which holds the class other test classes inherit from): pass 1
  /// reads such files first.
  static func mayDeclareBases(_ entry: FileEntry) -> Bool {
    // Over the name's bytes (the suffixes are ASCII), read in place: no path put together, no
    // array of suffixes per file.
    let utf8 = entry.nameSource.utf8
    return utf8.withContiguousStorageIfAvailable { mayDeclareBases(fileName: $0) }
      ?? Array(utf8).withUnsafeBufferPointer { mayDeclareBases(fileName: $0) }
  }

  /// The endings of test files' names (before `.swift`).
  private static let testFileSuffixes: [StaticString] = ["Tests", "Test", "Spec", "Specs"]

  /// `mayDeclareBases` of the path whose bytes these are.
  static func mayDeclareBases(fileName path: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = path.startIndex
    if let slash = path.lastIndex(of: UInt8(ascii: "/")) { start = slash + 1 }
    var end = path.endIndex
    if end - start >= 6, path[(end - 6)..<end].elementsEqual(".swift".utf8) { end -= 6 }
    let name = UnsafeBufferPointer(rebasing: path[start..<end])
    if name.count > 4, name.starts(with: "Base".utf8), name[4] >= UInt8(ascii: "A"), name[4] <= UInt8(ascii: "Z") {
      return true
    }
    for suffix in testFileSuffixes {
      let count = suffix.utf8CodeUnitCount
      if name.count >= count,
        suffix.withUTF8Buffer({ name[(name.count - count)...].elementsEqual($0) })
      {
        return false
      }
    }
    return true
  }
}
