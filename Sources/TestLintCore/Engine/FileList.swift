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
///
/// The walk's list of a large tree keeps its paths and stamps in pages (`pagedOut`, `InOrder`):
/// 1 MB of them in memory, the rest in a temporary file; only where each path ends stays (4
/// bytes a file: paths are read often, and with the ends in pages too, a path took two locks and
/// the 4x tree's run was 3% slower).
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
  /// `bytes` and `stamps` moved to pages, which go to a temporary file beyond a budget
  /// (`pagedOut`, `InOrder`); nil while they are in the arrays.
  private var pages: Pages?
  /// With `pages`, where each display path ends.
  private var pagedEnds: [UInt32] = []

  private final class Pages: Sendable {
    let bytes: PagedArray<UInt8>
    let stamps: PagedArray<FileStamp>?

    /// Empty pages, added to a batch at a time (`Batch`); two thirds of the memory for the
    /// paths, a third for the stamps.
    init(stamped: Bool, memoryBytes: Int, directory: String?) {
      let share = Swift.max(1, memoryBytes / 3)
      bytes = PagedArray(count: 0, filler: 0, memoryBytes: 2 * share, directory: directory)
      stamps =
        stamped
        ? PagedArray(count: 0, filler: FileStamp(size: 0, modified: 0), memoryBytes: share, directory: directory)
        : nil
    }
  }

  /// Entries on their way to pages: the arrays hold a batch at a time, and every path's end.
  private struct Batch {
    let pages: Pages
    var bytes: [UInt8] = []
    var stamps: [FileStamp] = []
    var ends: [UInt32] = []

    init(_ pages: Pages) {
      self.pages = pages
      bytes.reserveCapacity(FileList.batchBytes + 512)
    }

    /// Whether a path of `count` bytes more still ends where 4 bytes can tell.
    func fits(_ count: Int) -> Bool { pages.bytes.count + bytes.count + count <= Int(UInt32.max) }

    /// Adds an entry's display path (none for an entry not packed; `fits`) and its stamp (with
    /// stamps).
    mutating func add(_ path: UnsafeBufferPointer<UInt8>, stamp: FileStamp?) {
      bytes.append(contentsOf: path)
      ends.append(UInt32(pages.bytes.count + bytes.count))
      if let stamp { stamps.append(stamp) }
      if bytes.count >= FileList.batchBytes { flush() }
    }

    /// Writes the batch to the pages.
    mutating func flush() {
      bytes.withUnsafeBufferPointer { pages.bytes.append(contentsOf: $0) }
      stamps.withUnsafeBufferPointer { pages.stamps?.append(contentsOf: $0) }
      bytes.removeAll(keepingCapacity: true)
      stamps.removeAll(keepingCapacity: true)
    }
  }

  /// Whether the packed entries take more than `threshold` bytes in the arrays, and their
  /// paths' ends fit in 4 bytes.
  private func pageable(beyond threshold: Int) -> Bool {
    let size = bytes.count + ends.count * MemoryLayout<Int>.stride + stamps.count * MemoryLayout<FileStamp>.stride
    return size > threshold && bytes.count <= Int(UInt32.max)
  }

  /// An empty list.
  public init() {}

  /// The list of `entries`, in their order.
  public init(_ entries: some Sequence<FileEntry>) {
    ends.reserveCapacity(entries.underestimatedCount)
    for entry in entries { append(entry) }
    trim()
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { pages == nil ? ends.count : pagedEnds.count }

  /// Makes room for `entries` more entries of `bytes` bytes of display paths in all.
  mutating func reserveCapacity(entries: Int, bytes byteCount: Int, stamped: Bool) {
    ends.reserveCapacity(ends.count + entries)
    bytes.reserveCapacity(bytes.count + byteCount)
    if stamped { stamps.reserveCapacity(stamps.count + entries) }
  }

  /// Whether `entry` is packed when added (its path the list's folder and its display path,
  /// its stamp there or not as the others'); sets the folder, for the first.
  private mutating func packs(_ entry: FileEntry) -> Bool {
    guard let folder = entry.folder, (entry.stamp != nil) == stamped, self.folder == nil || folder == self.folder
    else { return false }
    self.folder = folder
    return true
  }

  /// Adds `entry` at the end.
  public mutating func append(_ entry: FileEntry) {
    if pages != nil { self = pagedIn() }
    let index = ends.count
    if index == 0 { stamped = entry.stamp != nil }
    if packs(entry) {
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
  /// order), without making an entry; its packed entries written to pages as they come (never
  /// a second copy of them in memory) when they take more than `pagingThreshold` bytes
  /// (`pagedOut`).
  func sortedByDisplayPath(
    pagingThreshold: Int = .max, memoryBytes: Int = pageMemoryBytes, directory: String? = nil
  ) -> FileList {
    if indices.dropFirst().allSatisfy({ !displayPath($0, precedes: $0 - 1) }) {
      return pagedOut(threshold: pagingThreshold, memoryBytes: memoryBytes, directory: directory)
    }
    return reordered(
      indices.sorted(by: inPathOrder), pageMemory: pages == nil && pageable(beyond: pagingThreshold) ? memoryBytes : nil,
      directory: directory)
  }

  /// The list's entries in `order`, their packed entries in arrays, or in pages with
  /// `pageMemory` bytes of them in memory.
  private func reordered(_ order: [Int], pageMemory: Int?, directory: String?) -> FileList {
    var sorted = FileList()
    sorted.stamped = stamped
    sorted.folder = folder
    sorted.packedASCII = packedASCII
    var batch = pageMemory.map { Batch(Pages(stamped: stamped, memoryBytes: $0, directory: directory)) }
    batch?.ends.reserveCapacity(count)
    if batch == nil {
      sorted.bytes.reserveCapacity(bytes.count)
      sorted.ends.reserveCapacity(count)
      if stamped { sorted.stamps.reserveCapacity(count) }
    }
    for (position, index) in order.enumerated() {
      if !others.isEmpty, let other = others[index] { sorted.others[position] = other }
      if batch != nil {
        add(index, to: &batch!)
        continue
      }
      withPackedPath(index) { path in
        sorted.bytes.append(contentsOf: path)
        sorted.ends.append(sorted.bytes.count)
      }
      if stamped { sorted.stamps.append(stamp(index)) }
    }
    if let batch { sorted.takePages(batch) }
    return sorted
  }

  /// Adds the packed entry at `index` (its path and stamp) to `batch`.
  private func add(_ index: Int, to batch: inout Batch) {
    withPackedPath(index) { batch.add($0, stamp: stamped ? stamp(index) : nil) }
  }

  /// Takes the pages `batch` wrote, and where its paths end, as its packed entries.
  private mutating func takePages(_ batch: consuming Batch) {
    batch.flush()
    pages = batch.pages
    bytes = []
    ends = []
    stamps = []
    pagedEnds = batch.ends
    trim()
  }

  /// Makes a list of entries given in display-path order (the walk's): the list those entries
  /// sorted make (`sortedByDisplayPath`), but never held whole in memory. Once its packed
  /// entries take more than `pagingThreshold` bytes, they go to pages as they come (`pagedOut`),
  /// where each path ends staying in memory.
  struct InOrder {
    private var list = FileList()
    private var batch: Batch?
    private var count = 0
    private let pagingThreshold: Int
    private let memoryBytes: Int
    private let directory: String?

    init(
      pagingThreshold: Int = FileList.pagingThreshold, memoryBytes: Int = FileList.pageMemoryBytes,
      directory: String? = nil
    ) {
      self.pagingThreshold = pagingThreshold
      self.memoryBytes = memoryBytes
      self.directory = directory
    }

    /// Adds `entry`, which sorts after the entries added before it.
    mutating func append(_ entry: FileEntry) {
      count += 1
      guard batch != nil else {
        list.append(entry)
        if list.pageable(beyond: pagingThreshold) { startPages() }
        return
      }
      if batch!.fits(entry.displayPath.utf8.count), list.packs(entry) {
        var path = entry.displayPath
        path.withUTF8 { path in
          if list.packedASCII { list.packedASCII = FileList.isASCII(path) }
          batch!.add(path, stamp: entry.stamp)
        }
      } else {
        list.others[count - 1] = entry
        list.packedASCII = false
        batch!.add(UnsafeBufferPointer(start: nil, count: 0), stamp: list.stamped ? FileStamp(size: 0, modified: 0) : nil)
      }
    }

    /// The entries so far go to pages, and the ones after as they come.
    private mutating func startPages() {
      var batch = Batch(Pages(stamped: list.stamped, memoryBytes: memoryBytes, directory: directory))
      for index in list.indices { list.add(index, to: &batch) }
      self.batch = batch
      list.bytes = []
      list.ends = []
      list.stamps = []
    }

    /// The list.
    consuming func finish() -> FileList {
      if let batch { list.takePages(batch) } else { list.trim() }
      return list
    }
  }

  /// Memory for a paged list's pages, by default.
  static let pageMemoryBytes = 1 << 20
  /// Bytes of packed entries beyond which the walk's list goes to pages.
  static let pagingThreshold = 2 << 20
  /// Bytes of paths written to pages at a time.
  private static let batchBytes = 16 << 10

  /// The list with its packed entries in pages that go to a temporary file in `directory`
  /// (nil for `TMPDIR`, else `/tmp`) beyond `memoryBytes`, when they take more than
  /// `threshold` bytes; else the list as it is. A run keeps its list until it ends, and a large
  /// tree's paths were the most of what it kept for each file (50 bytes a file).
  func pagedOut(threshold: Int = pagingThreshold, memoryBytes: Int = pageMemoryBytes, directory: String? = nil) -> FileList {
    guard pages == nil, pageable(beyond: threshold) else { return self }
    return reordered(Array(indices), pageMemory: memoryBytes, directory: directory)
  }

  /// Whether the packed entries are in pages.
  var isPaged: Bool { pages != nil }

  /// Whether some page of the packed entries could not be read back from the temporary file.
  var pagesLost: Bool {
    guard let pages else { return false }
    return pages.bytes.lostPages || pages.stamps?.lostPages == true
  }

  /// The list with its packed entries back in the arrays (to add to it).
  private func pagedIn() -> FileList {
    guard let pages else { return self }
    var list = self
    list.pages = nil
    list.bytes = pages.bytes.withValues(in: 0..<pages.bytes.count) { Array($0) }
    list.ends = pagedEnds.map(Int.init)
    list.pagedEnds = []
    list.stamps = pages.stamps.map { stamps in stamps.withValues(in: 0..<stamps.count) { Array($0) } } ?? []
    return list
  }

  /// Keeps the list's storage to what it holds (the walk's appends leave room for more).
  mutating func trim() {
    func fit<Element>(_ array: inout [Element]) {
      if array.capacity > array.count + array.count / 8 { array = array.withUnsafeBufferPointer { Array($0) } }
    }
    fit(&bytes)
    fit(&ends)
    fit(&stamps)
    fit(&pagedEnds)
  }

  /// The entry at `position`; setting one keeps it as it is given.
  public subscript(position: Int) -> FileEntry {
    get {
      if !others.isEmpty, let other = others[position] { return other }
      let displayPath = packedPath(position)
      let stamp = stamped ? stamp(position) : nil
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
    if pages != nil {
      return (position == 0 ? 0 : Int(pagedEnds[position - 1]))..<Int(pagedEnds[position])
    }
    return (position == 0 ? 0 : ends[position - 1])..<ends[position]
  }

  private func withPackedPath<Result>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let range = packedRange(position)
    if let pages { return pages.bytes.withValues(in: range, body) }
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// The stamp of the entry at `position` (of a list whose entries have stamps).
  private func stamp(_ position: Int) -> FileStamp {
    pages?.stamps?[position] ?? stamps[position]
  }

  private func packedPath(_ position: Int) -> String {
    withPackedPath(position) { String(decoding: $0, as: UTF8.self) }
  }

  public static func == (lhs: FileList, rhs: FileList) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
