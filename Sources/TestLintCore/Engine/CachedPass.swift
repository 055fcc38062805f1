/// What a run with a cache keeps of each file read in pass 1: 64 bytes. (Its stamp is the
/// list's, kept aside for the rare entry without one: `CachedPasses.stamp`.)
struct CachedPass: Sendable {
  /// Its content hash.
  var hash: UInt64 = 0
  /// The digest of the run's facts its results depend on: in pass 1, the one its cached
  /// results were computed with (0 for none: a digest that is 0 then only fails to match,
  /// which `ResultCache.Record.decodedResults` checks again); once the run's facts are
  /// settled, this run's (0 for none: its results are then left out of the next cache).
  var dependencies: UInt64 = 0
  /// Where its declarations are.
  var record: FirstPass.Source?
  /// Whether the list gave the file the size and modification time the cache has for it
  /// (then, when its cached results are reused, its entry stays as it is).
  var sameStamp = false
  /// Where the tests of its results are encoded for the cache (pass 1's, or a second lint's).
  var cachedTests: FindingStore.Location?

  init(record: FirstPass.Source? = nil, hash: UInt64 = 0, dependencies: UInt64? = nil,
    cachedTests: FindingStore.Location? = nil) {
    self.record = record
    self.hash = hash
    self.dependencies = dependencies ?? 0
    self.cachedTests = cachedTests
  }
}

/// The `CachedPass` of each file of a run with a cache (64 bytes a file), in pages as pass 1's
/// records (`FirstPasses`). Each file's is written by the worker that reads it, read once pass
/// 1 is over.
final class CachedPasses: Sendable {
  private let passes: PagedArray<CachedPass>
  /// The stamps of the files read that the list has none for (only a list not made by the
  /// walk): their size, and no time.
  private let unstamped = Locked([Int: FileStamp]())

  init(count: Int, memoryBytes: Int, directory: String?) {
    passes = PagedArray(count: count, filler: CachedPass(), memoryBytes: memoryBytes, directory: directory)
  }

  /// The file's pass; a file whose page the temporary file could not give back has none (its
  /// results are left out of the next cache, which reads the file again).
  subscript(index: Int) -> CachedPass {
    get { passes[index] }
    set { passes[index] = newValue }
  }

  /// Whether some pass could not be read back from the temporary file.
  var lostPages: Bool { passes.lostPages }

  /// Keeps the stamp file `index` was read with, when `entry` (its entry in the list) has none.
  func keepStamp(_ stamp: FileStamp, of index: Int, entry: FileEntry) {
    if entry.stamp == nil { unstamped.withLock { $0[index] = stamp } }
  }

  /// The stamp of file `index` for the next cache: the list's, else the one it was read with.
  func stamp(of index: Int, entry: FileEntry) -> FileStamp {
    entry.stamp ?? unstamped.withLock { $0[index] } ?? FileStamp(size: 0, modified: 0)
  }
}
