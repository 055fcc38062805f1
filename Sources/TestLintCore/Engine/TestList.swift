/// The tests a run listed (`LintEngine.collectsTests`), read back file by file in the order of
/// `LintResult.tests` (file, line, name) from where the run encoded them (`LintRun.records`,
/// `ResultCache.encodeTests`), so the health reports count them as they stream, not from a
/// list of every test held in memory.
///
/// Held: where each file's tests are (16 bytes a file with tests, in pages as the run's other
/// per-file records) and the store, which keeps its bytes in memory up to a budget and the
/// rest in a temporary file. A run of the 4x synthetic tree held its whole list (1.4 million
/// `InventoryEntry` values and their names) until the report: 577 MB of peak RSS for `markdown`.
struct TestList: Sendable {
  /// A file with tests: its index in the run's `FileList` and where its tests are.
  private struct Entry: BitwiseCopyable {
    var file: Int
    var tests: FindingStore.Location
  }

  /// The files with tests, in path order (files of equal display paths in their list's order).
  private let entries: PagedArray<Entry>?
  /// Where the tests are encoded.
  private let store: FindingStore?
  /// The run's files, for their display paths.
  private let files: FileList
  /// The threads the list may be read back on (`parts`).
  let threads: Int

  /// No tests.
  static let empty = TestList(entries: nil, store: nil, files: FileList(), threads: 1)

  private init(entries: PagedArray<Entry>?, store: FindingStore?, files: FileList, threads: Int) {
    self.entries = entries
    self.store = store
    self.files = files
    self.threads = max(1, threads)
  }

  /// The tests at `tests(index)` of each file of `files` for which `lists(index)` holds, kept
  /// in `store`; `memoryBytes` of where they are kept in memory, the rest in a temporary file in
  /// `directory`.
  init(
    files: FileList, store: FindingStore, memoryBytes: Int, directory: String?, threads: Int = 1,
    tests: (Int) -> FindingStore.Location?
  ) {
    // A walk's files come in path order: checked, not sorted again.
    let inOrder = files.indices.dropFirst().allSatisfy { !files.displayPath($0, precedes: $0 - 1) }
    let order = inOrder ? Array(files.indices) : files.indices.sorted(by: files.inPathOrder)
    var found: [Entry] = []
    let entries = PagedArray(
      count: 0, filler: Entry(file: 0, tests: .empty), memoryBytes: memoryBytes, directory: directory)
    for index in order {
      guard let location = tests(index), location.count > 0 else { continue }
      found.append(Entry(file: index, tests: location))
      if found.count == 4_096 {
        found.withUnsafeBufferPointer { entries.append(contentsOf: $0) }
        found.removeAll(keepingCapacity: true)
      }
    }
    found.withUnsafeBufferPointer { entries.append(contentsOf: $0) }
    self.init(entries: entries, store: store, files: files, threads: threads)
  }

  /// Calls `body` with each file's tests in turn, sorted by line and name (the tests of files
  /// of equal display paths together), in path order; false when some could not be read back
  /// from the temporary file (the others are still read).
  @discardableResult
  func forEachFile(_ body: ([InventoryEntry]) -> Void) -> Bool {
    forEachFile(in: 0..<(entries?.count ?? 0), body)
  }

  /// The list cut into at most `count` runs of its files in order (never between files of
  /// equal display paths), for `forEachFile(in:_:)` on several threads.
  func parts(_ count: Int) -> [Range<Int>] {
    guard let entries, entries.count > 0 else { return [] }
    let size = max(1, (entries.count + max(1, count) - 1) / max(1, count))
    var parts: [Range<Int>] = []
    var start = 0
    var end = size
    while end < entries.count {
      // A cut between files of equal display paths moves on to the next other path.
      if let before = entries.value(at: end - 1), let after = entries.value(at: end),
        files.displayPath(before.file, equals: after.file)
      {
        end += 1
        continue
      }
      parts.append(start..<end)
      start = end
      end = start + size
    }
    parts.append(start..<entries.count)
    return parts
  }

  /// `forEachFile(_:)` of the files at `positions` of the list (one of `parts`).
  @discardableResult
  func forEachFile(in positions: Range<Int>, _ body: ([InventoryEntry]) -> Void) -> Bool {
    guard let entries, let store, entries.count > 0 else { return true }
    var complete = true
    var group: [InventoryEntry] = []
    var previous: Int?
    func flush() {
      guard !group.isEmpty else { return }
      body(group.sorted { ($0.line, $0.name) < ($1.line, $1.name) })
      group.removeAll(keepingCapacity: true)
    }
    for position in positions.clamped(to: 0..<entries.count) {
      guard let entry = entries.value(at: position) else {
        complete = false
        continue
      }
      if let previous, !files.displayPath(previous, equals: entry.file) { flush() }
      previous = entry.file
      let path = files.displayPath(entry.file)
      let decoded = store.withBytes(entry.tests) { ResultCache.decodeTests(Array($0)[...], path: path) }
      guard let decoded, let tests = decoded else {
        complete = false
        continue
      }
      group += tests
    }
    flush()
    return complete
  }

  /// Every test, in the order of `LintResult.tests`.
  var all: [InventoryEntry] {
    var tests: [InventoryEntry] = []
    forEachFile { tests += $0 }
    return tests
  }
}
