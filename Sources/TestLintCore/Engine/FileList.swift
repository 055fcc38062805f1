#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A run's files, held compactly: a run keeps its list until it ends, and a large tree's paths
/// are most of what it keeps for each file.
///
/// The walk's files (nearly every file of a run) are packed: their display paths back to back
/// in one buffer of bytes, where each ends in one array, their stamps in another, and the one
/// folder their paths to open start with (the path is that folder's text followed by the
/// display path; none for the files of a run outside the working directory, whose display paths
/// are their paths). That is about the display path's length plus 8 bytes a file (24 with
/// stamps), where an array of `FileEntry` holds 64 bytes and a string of 32 bytes or more for
/// each. Any other entry (a path that is neither, one changed after it was added) is kept as it
/// is. An entry is made when it is read.
public struct FileList: RandomAccessCollection, Sendable, Equatable {
  /// The display paths of the packed entries, back to back.
  private var bytes: [UInt8] = []
  /// Where each entry's display path ends in `bytes` (an entry not packed adds no bytes).
  private var ends: [Int] = []
  /// Whether the packed entries have stamps (all, or none: the walk gives every file one or
  /// none); then `stamps` holds one for each entry.
  private var stamped = false
  private var stamps: [FileStamp] = []
  /// The folder text (ending in `/`, or empty) every packed entry's path starts with; nil
  /// before the first.
  private var folder: String?
  /// The entries not packed, by index.
  private var others: [Int: FileEntry] = [:]
  /// Whether every display path is packed and ASCII (then paths compare as their bytes).
  private var packedASCII = true

  /// An empty list.
  public init() {}

  /// The list of `entries`, in their order.
  public init(_ entries: some Sequence<FileEntry>) {
    ends.reserveCapacity(entries.underestimatedCount)
    for entry in entries { append(entry) }
    trim()
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { ends.count }

  /// Adds `entry` at the end.
  public mutating func append(_ entry: FileEntry) {
    let index = ends.count
    if index == 0 { stamped = entry.stamp != nil }
    if let folder = entry.folder, (entry.stamp != nil) == stamped, self.folder == nil || folder == self.folder {
      self.folder = folder
      let start = bytes.count
      bytes.append(contentsOf: entry.displayPath.utf8)
      if packedASCII { packedASCII = bytes[start...].allSatisfy { $0 < 0x80 } }
      if let stamp = entry.stamp { stamps.append(stamp) }
    } else {
      others[index] = entry
      packedASCII = false
      if stamped { stamps.append(FileStamp(size: 0, modified: 0)) }
    }
    ends.append(bytes.count)
  }

  /// The list sorted by display path (`<` of the strings; entries of equal paths in their
  /// order), without making an entry.
  func sortedByDisplayPath() -> FileList {
    if indices.dropFirst().allSatisfy({ !displayPath($0, precedes: $0 - 1) }) { return self }
    let order = indices.sorted(by: inPathOrder)
    var sorted = FileList()
    sorted.stamped = stamped
    sorted.folder = folder
    sorted.packedASCII = packedASCII
    sorted.bytes.reserveCapacity(bytes.count)
    sorted.ends.reserveCapacity(count)
    if stamped { sorted.stamps.reserveCapacity(count) }
    for index in order {
      if !others.isEmpty, let other = others[index] { sorted.others[sorted.count] = other }
      sorted.bytes.append(contentsOf: bytes[packedRange(index)])
      sorted.ends.append(sorted.bytes.count)
      if stamped { sorted.stamps.append(stamps[index]) }
    }
    return sorted
  }

  /// Keeps the list's storage to what it holds (the walk's appends leave room for more).
  mutating func trim() {
    func fit<Element>(_ array: inout [Element]) {
      if array.capacity > array.count + array.count / 8 { array = array.withUnsafeBufferPointer { Array($0) } }
    }
    fit(&bytes)
    fit(&ends)
    fit(&stamps)
  }

  /// The entry at `position`; setting one keeps it as it is given.
  public subscript(position: Int) -> FileEntry {
    get {
      if !others.isEmpty, let other = others[position] { return other }
      let displayPath = packedPath(position)
      let stamp = stamped ? stamps[position] : nil
      // Paths that are their display paths (the files of a run outside the working directory).
      guard let folder, !folder.isEmpty else {
        return FileEntry(path: displayPath, displayPath: displayPath, stamp: stamp)
      }
      return FileEntry(folder: folder, displayPath: displayPath, stamp: stamp)
    }
    set {
      others[position] = newValue
      packedASCII = false
    }
  }

  /// The display path of the entry at `position`.
  func displayPath(_ position: Int) -> String {
    if !others.isEmpty, let other = others[position] { return other.displayPath }
    return packedPath(position)
  }

  /// Calls `body` with the UTF-8 bytes of the display path of the entry at `position`.
  func withDisplayPath<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if !others.isEmpty, let other = others[position] {
      var path = other.displayPath
      return path.withUTF8(body)
    }
    return withPackedPath(position, body)
  }

  /// Calls `body` with the UTF-8 bytes of a path of the entry at `position` whose last
  /// component is the file's name (`FileEntry.nameSource`).
  func withNameSource<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if !others.isEmpty, let other = others[position] {
      var name = other.nameSource
      return name.withUTF8(body)
    }
    return withPackedPath(position, body)
  }

  /// Whether the display path at `first` sorts before the one at `second` (`<` of the strings).
  func displayPath(_ first: Int, precedes second: Int) -> Bool {
    compare(first, second) { $0 < $1 } ?? (displayPath(first) < displayPath(second))
  }

  /// Whether the entry at `first` comes before the one at `second` in path order: by display
  /// path, entries of equal paths in their order (a stable sort's order).
  func inPathOrder(_ first: Int, _ second: Int) -> Bool {
    displayPath(first, precedes: second) || first < second && !displayPath(second, precedes: first)
  }

  /// Whether the display paths at `first` and `second` are equal strings.
  func displayPath(_ first: Int, equals second: Int) -> Bool {
    compare(first, second) { $0 == $1 } ?? (displayPath(first) == displayPath(second))
  }

  /// `order` of the two display paths' bytes compared (negative, zero or positive) when both
  /// are ASCII, whose strings compare as their bytes do; nil otherwise.
  private func compare(_ first: Int, _ second: Int, _ order: (Int, Int) -> Bool) -> Bool? {
    withDisplayPath(first) { a in
      withDisplayPath(second) { b in
        guard packedASCII || Self.isASCII(a) && Self.isASCII(b) else { return nil }
        let shared = Swift.min(a.count, b.count)
        let compared = shared == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, shared))
        return order(compared != 0 ? compared : a.count - b.count, 0)
      }
    }
  }

  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 }
  }

  private func packedRange(_ position: Int) -> Range<Int> {
    (position == 0 ? 0 : ends[position - 1])..<ends[position]
  }

  private func withPackedPath<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = packedRange(position)
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  private func packedPath(_ position: Int) -> String {
    withPackedPath(position) { String(decoding: $0, as: UTF8.self) }
  }

  public static func == (lhs: FileList, rhs: FileList) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
