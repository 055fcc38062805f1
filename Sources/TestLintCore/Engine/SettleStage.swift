#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stage 3 of a run: settles what the whole run knows once every file is in (the class
/// hierarchy, which helpers assert), and decides each file's results: those pass 1 speculated
/// when what they assumed holds (most files), the cache's when they were computed with the same
/// facts, or a second lint (`RelintStage`).
///
/// Reads: pass 1's facts (`RunFacts`, whose tables it releases as it settles them) and records
/// (`LintRun.passes`); with a cache, each file's declarations (`LintRun.cachedPasses`, the old
/// cache's records, `LintRun.records`) and the folders' file names.
/// Writes: with a cache, each file's digest of the facts its results depend on to its
/// `LintRun.cachedPasses` entry, and the cache's results, where they hold, to its
/// `LintRun.passes` record.
/// Returns the settled facts, the files to lint again and the files whose cache entry stays as
/// it is.
struct SettleStage: Sendable {
  /// What settling hands to the next stages.
  struct Output {
    /// What the whole run declares.
    let settled: RunFacts.Settled
    /// The files whose results are a second lint's, in the list's order.
    let again: [Int]
    /// The files whose results hold but whose tests' counts took an answer that turned: their
    /// tests are counted again (`RelintStage.recount`).
    let recount: [Int]
    /// Files whose cache entry stays as it is: same stamp, and its results reused.
    let unchanged: Bits
  }

  /// Settles the run after pass 1.
  static func run(_ run: LintRun, facts: RunFacts) -> Output {
    // Pass 1's records stay in `passes`, where the cache's results go below.
    let settled = facts.settled(roots: run.roots, releasing: true)
    // The digests serve the cache only: each file's goes to its `CachedPass` (0 for a file
    // with none: a digest that is 0 leaves the file's results out of the next cache, which then
    // lints it again).
    if let cache = run.cache {
      CacheDigests(run: run, cache: cache, settled: settled).computeAll()
    }
    // Each file's results are in `passes`: those pass 1 speculated when they hold (most
    // files), the cache's, or those of a second lint, which replace them (for a file that could
    // not be read, its error).
    var unchanged = Bits(count: run.files.count)
    var again: [Int] = []
    var recount: [Int] = []
    for index in run.files.indices {
      if !run.isLinted(index) { continue }
      let pass = run.passes[index]
      if pass.error != nil { continue }
      if pass.speculated?.fromCache == true {
        // The cache's results (in `passes`, where pass 1 put them).
        if run.cachedPasses[index].sameStamp { unchanged[index] = true }
      } else if pass.speculated == nil || !pass.speculation.holds(settled, file: index) {
        again.append(index)
      } else if !pass.speculation.inventory.holds(settled) {
        recount.append(index)
      }
    }
    if getenv("TESTLINT_RELINT_STATS") != nil {
      let line = Array("relinted \(again.count), recounted \(recount.count)\n".utf8)
      _ = write(2, line, line.count)
    }
    return Output(settled: settled, again: again, recount: recount, unchanged: unchanged)
  }
}

/// With a cache, the digest of the settled facts each file's results depend on (its
/// `CachedPass.dependencies`); a file whose cached results were computed with the same has them
/// as its results.
private struct CacheDigests: Sendable {
  let run: LintRun
  let cache: ResultCache
  let settled: RunFacts.Settled
  /// Each folder's digest of the names of the files in it, by its path's key.
  let siblingDigests: [UInt64: UInt64]
  /// Cached findings name rules by index: only a cache of the same rules has results to reuse.
  let cachedResultsUsable: Bool

  init(run: LintRun, cache: ResultCache, settled: RunFacts.Settled) {
    self.run = run
    self.cache = cache
    self.settled = settled
    cachedResultsUsable = cache.ruleIDs == run.codec.ruleIDs
    // Rules may look at the files beside a file (`test_file_name`): their names are a
    // dependency of its cached results. Hashed as the files come (in path order), a hash
    // per folder, not a list of every path; each folder by its path's key (16 bytes, not
    // its path's string).
    var siblings: [UInt64: UInt64] = [:]
    for file in run.files {
      let path = file.path
      let folder = ResultCache.key(of: FileWalker.parentDirectory(path))
      siblings[folder] = ResultCache.fnv1a(path, from: siblings[folder] ?? ResultCache.fnvOffsetBasis, separated: true)
    }
    siblingDigests = siblings
  }

  /// Each file's digest, on the run's threads.
  func computeAll() {
    let cachedPasses = run.cachedPasses
    Parallel.forEach(count: run.files.count, threads: run.engine.threads) { index, _ in
      var pass = cachedPasses[index]
      pass.dependencies = digest(index, pass)
      cachedPasses[index] = pass
    }
  }

  /// File `index`'s digest; its cached results go to its pass when they were computed with
  /// the same.
  private func digest(_ index: Int, _ pass: CachedPass) -> UInt64 {
    let file = run.files[index]
    var record: ResultCache.Record?
    let names: (typeReferences: [String], calledNames: [String])?
    switch pass.record {
    case .old(let offset, let length)?:
      record = cache.record(at: offset, length: length, of: file.path)
      names = record.flatMap { ResultCache.dependencyNames($0.bytes[$0.declarations]) }
    case .fresh(let location)?:
      names = run.records.withBytes(location) { ResultCache.dependencyNames(Array($0)[...]) } ?? nil
    case nil:
      names = nil
    }
    guard let names else { return 0 }
    let digest = ResultCache.dependencies(
      typeReferences: names.typeReferences, calledNames: names.calledNames, discovery: settled.discovery,
      assertingHelpers: settled.assertingHelpers)
      ^ (siblingDigests[ResultCache.key(of: FileWalker.parentDirectory(file.path))] ?? 0)
    // Cached results computed with the same facts are the file's results.
    if cachedResultsUsable, run.isLinted(index), pass.dependencies == digest,
      let stored = record?.decodedResults(), stored.dependencies == digest,
      let reused = PerFile(
        stored: stored, path: file.displayPath, file: index, codec: run.codec, store: run.store,
        listsTests: run.collectsTests, testStore: run.records)
    {
      run.passes[index].speculated = reused
    }
    return digest
  }
}
