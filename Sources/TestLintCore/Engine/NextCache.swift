/// With a cache, the report's last part: the next cache (`CacheUpdate`), written after the
/// report. Each file read, in the run's order, has its record made on every thread a batch at a
/// time (the batch is all the next cache holds in memory); then come what the old cache held of
/// files not in this run.
///
/// Reads: the old cache, each file's `CachedPass` (its declarations, hash, stamp, digest and
/// tests) and results (`FirstPasses`, their findings in the run's store), which files are
/// unchanged. It holds only those, not the whole run, until the cache is written.
/// Writes: the next cache, through `ResultCache.Writer`.
struct NextCache: Sendable {
  let files: FileList
  let only: Set<Int>?
  let cache: ResultCache
  let passes: FirstPasses
  let cachedPasses: CachedPasses
  /// The run's encoded findings.
  let store: FindingStore
  /// The files' declarations and tests encoded by this run.
  let records: FindingStore
  /// Files whose cache entry stays as it is (`SettleStage.Output.unchanged`).
  let unchanged: Bits
  let threads: Int
  /// Bytes of records made at a time (`LintEngine.cacheBatchBytes`).
  let batchBytes: Int

  /// Of a run after its `SettleStage`.
  init(_ run: LintRun, cache: ResultCache, unchanged: Bits) {
    files = run.files
    only = run.only
    self.cache = cache
    passes = run.passes
    cachedPasses = run.cachedPasses
    store = run.store
    records = run.records
    self.unchanged = unchanged
    threads = run.engine.threads
    batchBytes = run.engine.cacheBatchBytes
  }

  /// The update that writes the next cache; `ruleIDs` are the run's rules.
  func update(ruleIDs: [String]) -> CacheUpdate {
    CacheUpdate(after: cache, ruleIDs: ruleIDs, changed: unchanged.trueCount < files.count) { writer in
      write(to: writer)
    }
  }

  /// Writes every record to `writer`.
  private func write(to writer: ResultCache.Writer) {
    // A worker appends the records it makes to a buffer of its own, kept from batch to
    // batch. An array made for each record and freed by the thread writing the cache went to
    // that thread's cache of free blocks (glibc's tcache, 1,024 blocks a size: `MallocTuning`),
    // which filled with the number of files (first run of the 4x tree: 37 MB against 29).
    // A batch holds about `cacheBatchBytes` of records (at most 512 files): once it does, the
    // workers leave the files after for the next batch. The records of real test code are a
    // few KB each with their findings (some over 100 KB), and 512 of them held 5-7 MB.
    let maxBatch = 512
    let buffers = (0..<Parallel.workers(count: maxBatch, threads: threads)).map { _ in Locked(ByteWriter()) }
    let batchTotal = AtomicCount()
    // The numbers of the old cache's slots of files in this run.
    var inRun = Bits(count: cache.index.slotCount)
    var start = 0
    while start < files.count {
      let first = start
      batchTotal.reset()
      let made = Parallel.map(count: min(maxBatch, files.count - start), threads: threads) {
        offset, worker -> MadeRecord in
        if offset > 0, batchTotal.value >= batchBytes { return .later }
        return buffers[worker].withLock { buffer in
          let begin = buffer.bytes.count
          guard let made = record(first + offset, to: &buffer) else { return .notKept }
          batchTotal.add(buffer.bytes.count - begin)
          return .made(worker: worker, bytes: begin..<buffer.bytes.count, stamp: made.stamp, hash: made.hash)
        }
      }
      // The files up to the first one left for later (a file after it made on another
      // thread is made again then).
      for made in made {
        if case .later = made { break }
        let key = ResultCache.key(of: files[start].path)
        start += 1
        if let number = cache.index.number(for: key) { inRun[number] = true }
        guard case .made(let worker, let bytes, let stamp, let hash) = made else { continue }
        buffers[worker].withLock { buffer in
          writer.add(key: key, stamp: stamp, contentHash: hash, record: buffer.bytes[bytes])
        }
      }
      // A buffer that one large file grew is let go.
      for buffer in buffers {
        buffer.withLock { buffer in
          if buffer.bytes.capacity > 2 * batchBytes { buffer = ByteWriter() } else { buffer.bytes.removeAll(keepingCapacity: true) }
        }
      }
    }
    let complete = cache.index.forEachSlot { number, slot in
      guard !inRun[number], let bytes = cache.recordBytes(slot)
      else { return }
      writer.add(key: slot.key, stamp: slot.stamp, contentHash: slot.contentHash, record: bytes[...])
    }
    // Entries the old cache's index cannot give back: the old cache stays as it is.
    if !complete { writer.fail("cannot read back part of the old cache's index from a temporary file") }
  }

  /// Appends the record of file `index` in the next cache to `buffer`; returns its stamp and
  /// content hash, or nil (and appends nothing) for a file it does not keep (one that could
  /// not be read).
  private func record(_ index: Int, to buffer: inout ByteWriter) -> (stamp: FileStamp, hash: UInt64)? {
    let file = files[index]
    let pass = cachedPasses[index]
    guard let source = pass.record else { return nil }
    let hash = pass.hash
    let stamp = cachedPasses.stamp(of: index, entry: file)
    var old: ResultCache.Record?
    if case .old(let offset, let length) = source {
      old = cache.record(at: offset, length: length, of: file.path)
      guard let old else { return nil }
      if unchanged[index] {
        buffer.bytes += old.bytes
        return (stamp, hash)
      }
    }
    // The file's results, unless `only` leaves it out (then it keeps those cached, if any),
    // and where their tests are encoded (in its `CachedPass`).
    let results = only?.contains(index) == false ? nil : passes[index].speculated
    let cachedTests = pass.cachedTests
    func withResults(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      guard let results else {
        if let old { old.bytes[old.results].withUnsafeBufferPointer(body) } else { body(.init(start: nil, count: 0)) }
        return
      }
      guard pass.dependencies != 0,
        results.errors.allSatisfy({ $0.path == file.displayPath }), !results.findings.hasOwnPaths,
        results.fromCache || cachedTests != nil
      else { return body(.init(start: nil, count: 0)) }
      if results.fromCache, let old { return old.bytes[old.results].withUnsafeBufferPointer(body) }
      let encoded = store.withBytes(results.findings.location) { findings in
        records.withBytes(cachedTests ?? .empty) { tests in
          ResultCache.StoredResults.encode(
            dependencies: pass.dependencies, count: results.findings.count, errors: results.findings.errors,
            findings: findings, problems: results.errors, tests: tests)
        }
      }
      guard let encoded, let encoded else { return body(.init(start: nil, count: 0)) }
      encoded.withUnsafeBufferPointer(body)
    }
    func withDeclarations(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
      switch source {
      case .old: old!.bytes[old!.declarations].withUnsafeBufferPointer(body)
      case .fresh(let location): return records.withBytes(location, body) != nil
      }
      return true
    }
    let complete = withDeclarations { declarations in
      withResults { results in
        ResultCache.appendRecord(path: file.path, declarations: declarations, results: results, to: &buffer)
      }
    }
    return complete ? (stamp, hash) : nil
  }
}

/// A file's record in a batch of the next cache: where a worker made it, none (a file the
/// cache does not keep), or left for the next batch.
private enum MadeRecord: Sendable {
  case made(worker: Int, bytes: Range<Int>, stamp: FileStamp, hash: UInt64)
  case notKept
  case later
}
