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

  /// What the health reports' figures count of one test (`HealthSummary.TestFigures`), read
  /// without making its strings: its framework, its assertions, and whether its name reads
  /// `test_<condition>_<expectedResult>` (asked only of XCTest names that start `test_`).
  struct Counted {
    var framework: TestFramework
    var assertions: Int
    var conventionalName: Bool
  }

  /// `forEachFile(in:_:)` for counting: each file's tests are first read without their
  /// strings (`Counted`, in no particular order); only a file with a test without assertions,
  /// while `wantsWhole()` says the tests without assertions are still being listed, is
  /// decoded whole and sorted for `whole`. The rest go to `counted`. Reading back the
  /// strings of every test (1.4 million on the 4x synthetic tree) only to count them was a
  /// tenth of what a health report's run costs beyond `text`'s. With `done`, stops before the
  /// next path once it holds.
  @discardableResult
  func forEachFile(
    in positions: Range<Int>, conventional: (String) -> Bool, wantsWhole: () -> Bool,
    whole: ([InventoryEntry]) -> Void, counted: ([Counted]) -> Void, until done: () -> Bool = { false }
  ) -> Bool {
    guard let entries, let store, entries.count > 0 else { return true }
    var complete = true
    // The current path's entries that read back (its files of equal display paths).
    var group: [Entry] = []
    var counts: [Counted] = []
    func flush() {
      guard let first = group.first else { return }
      defer {
        group.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
      }
      if counts.contains(where: { $0.assertions == 0 }), wantsWhole() {
        let path = files.displayPath(first.file)
        var tests: [InventoryEntry] = []
        for entry in group {
          let decoded = store.withBytes(entry.tests) { ResultCache.decodeTests(Array($0)[...], path: path) }
          guard let decoded, let decodedTests = decoded else {
            complete = false
            continue
          }
          tests += decodedTests
        }
        if !tests.isEmpty { whole(tests.sorted { ($0.line, $0.name) < ($1.line, $1.name) }) }
        return
      }
      counted(counts)
    }
    var previous: Int?
    for position in positions.clamped(to: 0..<entries.count) {
      guard let entry = entries.value(at: position) else {
        complete = false
        continue
      }
      if let previous, !files.displayPath(previous, equals: entry.file) {
        flush()
        // Stops between paths once `done` says so.
        if done() { return complete }
      }
      previous = entry.file
      let read = store.withBytes(entry.tests) { bytes in
        Self.count(bytes, conventional: conventional, into: &counts)
      }
      if read == true { group.append(entry) } else { complete = false }
    }
    flush()
    return complete
  }

  /// Appends to `counts` the tests `ResultCache.encodeTests` wrote in `bytes`; false (and
  /// `counts` as it was) where `ResultCache.decodeTests` would find them damaged.
  private static func count(
    _ bytes: UnsafeBufferPointer<UInt8>, conventional: (String) -> Bool, into counts: inout [Counted]
  ) -> Bool {
    if bytes.isEmpty { return true }
    let start = counts.count
    var position = 0
    func int() -> Int? { ByteReader.int(in: bytes, at: &position) }
    /// A string's bytes' range, passed over.
    func string() -> Range<Int>? {
      guard let length = int(), length >= 0, length <= bytes.count - position else { return nil }
      defer { position += length }
      return position..<(position + length)
    }
    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
      range.count == text.utf8CodeUnitCount
        && (0..<range.count).allSatisfy { bytes[range.lowerBound + $0] == text.utf8Start[$0] }
    }
    func fail() -> Bool {
      counts.removeSubrange(start...)
      return false
    }
    guard let count = int(), count >= 0, count <= bytes.count else { return false }
    for _ in 0..<count {
      guard let flag = int() else { return fail() }
      if flag != 0, string() == nil { return fail() }
      guard let name = string(), let frameworkName = string() else { return fail() }
      let framework: TestFramework
      if equals(frameworkName, "xctest") {
        framework = .xctest
      } else if equals(frameworkName, "swift-testing") {
        framework = .swiftTesting
      } else if equals(frameworkName, "quick") {
        framework = .quick
      } else {
        return fail()
      }
      guard int() != nil, let assertions = int(), let pending = int(), pending == 0 || pending == 1 else {
        return fail()
      }
      // A name whose bytes do not start `test_` does not either as a string (decoding can
      // only turn bytes that are not UTF-8 into U+FFFD).
      var isConventional = false
      if framework == .xctest, equals(name.prefix(5), "test_") {
        isConventional = conventional(String(decoding: bytes[name], as: UTF8.self))
      }
      counts.append(Counted(framework: framework, assertions: assertions, conventionalName: isConventional))
    }
    return position == bytes.count ? true : fail()
  }

  /// Every test, in the order of `LintResult.tests`.
  var all: [InventoryEntry] {
    var tests: [InventoryEntry] = []
    forEachFile { tests += $0 }
    return tests
  }
}
