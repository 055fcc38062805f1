// The writing side of the result cache's file (its format is described in ResultCacheFile.swift):
// `ResultCache.Writer` writes a cache record by record, `CacheUpdate` is what a run leaves for
// the next one.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

extension ResultCache {
  /// Writes a cache record by record: to a temporary file in the cache's folder, renamed over
  /// the cache when done, or to memory.
  public final class Writer {
    private var descriptor: Int32 = -1
    private var temporary: String?
    private var target: String?
    /// Bytes not yet written (all of them in memory).
    private var buffer = ByteWriter()
    private var written = 0
    /// The index's entries not yet kept in `indexStore` (all of them, for a writer to memory).
    private var index = ByteWriter()
    /// The index's entries (36 bytes a file), 256 KB in memory, the rest in a temporary file:
    /// written after the records, they are the only part of the cache that waited whole.
    private let indexStore: FindingStore?
    /// The checksum of the index's entries written so far.
    private var indexChecksum = Checksum()
    private var count = 0
    private var failure: String?
    private let toMemory: Bool

    /// A writer to memory (`finish()` returns the bytes).
    public init(key: String, build: Build = Build(stamp: 0, hash: 0), ruleIDs: [String]) {
      toMemory = true
      indexStore = nil
      header(key: key, build: build, ruleIDs: ruleIDs)
    }

    /// A writer of the cache in `folder` (created with a `.gitignore` that ignores it all), its
    /// index waiting in a temporary file in `spillDirectory` (nil for `TMPDIR`, else `/tmp`).
    public init(
      folder: String, key: String, build: Build = Build(stamp: 0, hash: 0), ruleIDs: [String],
      spillDirectory: String? = nil
    ) {
      toMemory = false
      indexStore = FindingStore(memoryBytes: 256 << 10, chunkBytes: 64 << 10, directory: spillDirectory)
      let target = folder + "/" + ResultCache.fileName
      self.target = target
      failure = FileWalker.makeCacheFolder(folder)
      if failure == nil {
        let temporary = target + ".tmp-\(getpid())"
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0 { failure = FileWalker.errorText() } else { self.temporary = temporary }
      }
      header(key: key, build: build, ruleIDs: ruleIDs)
    }

    deinit {
      if descriptor >= 0 { close(descriptor) }
      if let temporary { unlink(temporary) }
    }

    private func header(key: String, build: Build, ruleIDs: [String]) {
      buffer.bytes += ResultCache.magic
      buffer.string(key)
      buffer.u64(build.stamp)
      buffer.u64(build.hash)
      buffer.strings(ruleIDs)
      buffer.u64(ResultCache.checksum(of: buffer.bytes, upTo: buffer.bytes.count))
    }

    /// Adds the record of the file whose path has `key(of:)` `key`.
    func add(key: UInt64, stamp: FileStamp, contentHash: UInt64, record: ArraySlice<UInt8>) {
      index.u64(key)
      index.int(written + buffer.bytes.count)
      index.int(record.count)
      index.int(stamp.size)
      index.int(stamp.modified)
      index.u64(contentHash)
      count += 1
      if let indexStore, index.bytes.count >= 16 << 10 {
        indexChecksum.add(index.bytes)
        _ = indexStore.keep(index.bytes)
        index.bytes.removeAll(keepingCapacity: true)
      }
      buffer.bytes += record
      if !toMemory, buffer.bytes.count >= 1 << 20 { flush() }
    }

    /// Makes `finish` fail with `reason` (unless it fails already): the cache is not replaced.
    func fail(_ reason: String) {
      if failure == nil { failure = reason }
    }

    private func flush() {
      guard !toMemory, !buffer.bytes.isEmpty else { return }
      if failure == nil, !buffer.bytes.withUnsafeBytes({ FileWalker.writeAll(descriptor, $0) }) {
        failure = FileWalker.errorText()
      }
      written += buffer.bytes.count
      buffer.bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the cache: its bytes (to memory), or nil once it is in place, else why it is not.
    func finish() -> (bytes: [UInt8], failure: String?) {
      let indexStart = written + buffer.bytes.count
      indexChecksum.add(index.bytes)
      indexChecksum.add(UInt64(indexStart))
      indexChecksum.add(UInt64(count))
      var trailer = ByteWriter()
      trailer.u64(UInt64(indexStart))
      trailer.u64(UInt64(count))
      trailer.u64(indexChecksum.value)
      trailer.bytes += ResultCache.endMagic
      if toMemory {
        buffer.bytes += index.bytes
        buffer.bytes += trailer.bytes
        return (buffer.bytes, nil)
      }
      // The index is written from where it waits, not put together in memory first.
      flush()
      if let indexStore, !index.bytes.isEmpty { _ = indexStore.keep(index.bytes) }
      index = ByteWriter()
      let complete = indexStore?.forEachChunk { chunk in
        guard failure == nil else { return }
        if !chunk.withUnsafeBytes({ FileWalker.writeAll(descriptor, $0) }) { failure = FileWalker.errorText() }
      }
      if complete == false, failure == nil { failure = "cannot read back its index from a temporary file" }
      if failure == nil, !trailer.bytes.withUnsafeBytes({ FileWalker.writeAll(descriptor, $0) }) {
        failure = FileWalker.errorText()
      }
      if failure == nil, close(descriptor) != 0 { failure = FileWalker.errorText() }
      descriptor = -1
      if failure == nil, let temporary, let target, rename(temporary, target) != 0 {
        failure = FileWalker.errorText()
      }
      if failure == nil { temporary = nil }
      return ([], failure)
    }
  }
}

/// The cache a run leaves for the next: written record by record (`save`), from what the run
/// kept of each file and the records of the cache it read.
struct CacheUpdate {
  let key: String
  /// The build it is written by (the one the cache read was taken for).
  let build: ResultCache.Build
  let ruleIDs: [String]
  /// Whether it differs from the cache that was read, or that one must be replaced all the
  /// same (`ResultCache.mustBeWritten`); when not, it need not be written.
  let changed: Bool
  let write: (ResultCache.Writer) -> Void

  /// The next cache after `cache`; `changed` when its entries differ.
  init(after cache: ResultCache, ruleIDs: [String], changed: Bool, write: @escaping (ResultCache.Writer) -> Void) {
    key = cache.key
    build = cache.build
    self.ruleIDs = ruleIDs
    self.changed = changed || cache.mustBeWritten
    self.write = write
  }

  /// Writes it to `folder`; returns why it could not, if so.
  func save(folder: String) -> String? {
    let writer = ResultCache.Writer(folder: folder, key: key, build: build, ruleIDs: ruleIDs)
    write(writer)
    return writer.finish().failure
  }

  /// It, in memory.
  func inMemory() -> ResultCache? {
    let writer = ResultCache.Writer(key: key, build: build, ruleIDs: ruleIDs)
    write(writer)
    return ResultCache.decode(writer.finish().bytes, key: key)
  }
}
