import Synchronization

/// Lints a set of files: learns what the whole run declares (the class hierarchy and the
/// assertion helpers), then checks each file concurrently.
public struct LintEngine: Sendable {
  /// The enabled rules.
  public var rules: [ConfiguredRule]
  /// Base classes declared outside the run (`test_base_classes`).
  public var testBaseClasses: [String]
  /// Whether (and how) base classes declared in none of the run's files are taken for test
  /// bases (`assume_test_bases`); nil, the engine's default, takes none.
  public var baseAssumption: BaseAssumption?
  /// Worker threads (at least 1).
  public var threads: Int
  /// Bytes of file models kept from the first pass of `fixes` and `inventory` to skip reading
  /// and scanning a file twice; beyond it files are read again, so memory stays bounded on large
  /// trees. (`run` keeps no model: it lints each file as soon as it is scanned.)
  /// (A model takes about `modelBytesPerSourceByte` times its file's size.)
  public var modelCacheBytes: Int = 48 << 20
  /// How much memory a file model takes per byte of source, measured (tokens, line table,
  /// declarations, calls).
  static let modelBytesPerSourceByte = 6
  /// What counts as an assertion when learning which helpers of the run assert.
  public var assertionMatcher = AssertionMatcher()
  /// Counts the assertions of each test for `LintResult.tests` (the configured
  /// `missing_assertion`; its defaults when nil).
  public var assertionCounter: MissingAssertionRule?
  /// Whether `run` lists the tests (`LintResult.tests`); the reporters that print the suite's
  /// health and the result cache read them, the others not, so they can be left out.
  public var collectsTests = true
  /// Whether findings keep their test, suite and snippet (baselines, fingerprints, the cache
  /// and most reporters read them); without, they are nil, nil and "" (the `text` reporter and
  /// the summary need none of them, and the run holds less).
  public var keepsFindingDetails = true
  /// Bytes of encoded findings held in memory until the report; the rest wait in a temporary
  /// file (`FindingStore`), so memory does not grow with what a large tree has to report.
  public var findingMemoryBytes = 4 << 20
  /// The folder of that temporary file; nil for `TMPDIR`, else `/tmp`.
  public var spillDirectory: String?
  /// Bytes of the next cache's records made at a time (about: a batch ends with the file that
  /// reaches them).
  var cacheBatchBytes = 1 << 20

  /// Creates an engine.
  public init(rules: [ConfiguredRule], testBaseClasses: [String], threads: Int) {
    self.rules = rules
    self.testBaseClasses = testBaseClasses
    self.threads = max(1, threads)
  }

  /// Reads files from disk.
  public static let readFromDisk: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = {
    entry throws(Diagnostic) in try FileWalker.contents(of: entry)
  }

  /// Lints files whose bytes come from `load` (the disk by default; stdin or tests otherwise).
  ///
  /// With `only`, every file still informs the run (class hierarchy, assertion helpers) but only
  /// the files at those indices are linted and reported (an editor linting the file on screen).
  public func run(
    _ files: [FileEntry], only: Set<Int>? = nil,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> LintResult {
    run(files, only: only, cache: nil, load: load).result
  }

  /// `run(_:only:load:)` of a packed list (what `FileWalker.collect` finds).
  public func run(
    _ files: FileList, only: Set<Int>? = nil,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> LintResult {
    run(files, only: only, cache: nil, load: load).result
  }

  /// Lints files, reusing and refreshing a result cache (see `ResultCache`): a file whose
  /// content and cross-file dependencies are unchanged is not read again, nor linted.
  ///
  /// Each file is read, scanned and linted once, in pass 1, with what the file itself declares
  /// standing in for what the whole run declares; its model is dropped at once, so memory does
  /// not grow with the tree. Once every file is in, a file is linted again only when a fact it
  /// depends on (`Speculation`) turned out otherwise across the run.
  public func run(
    _ files: [FileEntry], only: Set<Int>? = nil, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (result: LintResult, cache: ResultCache?) {
    run(FileList(files), only: only, cache: cache, load: load)
  }

  /// `run(_:only:cache:load:)` of a packed list.
  public func run(
    _ files: FileList, only: Set<Int>? = nil, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (result: LintResult, cache: ResultCache?) {
    let (encoded, update) = encodedRun(files, only: only, cache: cache, load: load)
    return (encoded.decoded(threads: threads), update?.inMemory())
  }

  /// `run(_:only:cache:load:)` with the findings left encoded by file, for the report to
  /// decode or stream file by file; and, with a cache, the next cache to write.
  func encodedRun(
    _ files: FileList, only: Set<Int>? = nil, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (result: EncodedLintResult, cache: CacheUpdate?) {
    // Each file's findings are encoded where they are found, on the worker.
    let codec = FindingCodec(ruleIDs: rules.map(\.id), keepsDetails: keepsFindingDetails || cache != nil)
    let store = FindingStore(memoryBytes: findingMemoryBytes, directory: spillDirectory)
    // With a cache, what the next one needs of each file read (its declarations and tests,
    // encoded) waits here, so that memory does not grow with the tree.
    let records = FindingStore(memoryBytes: findingMemoryBytes, directory: spillDirectory)
    // Cached findings name rules by index: only a cache of the same rules has results to reuse.
    let cachedResultsUsable = cache?.ruleIDs == codec.ruleIDs
    // The tests are listed for the report that reads them, and for the cache.
    let listsTests = collectsTests || cache != nil
    // Hashing every path costs a run's start a few milliseconds per 10,000 files, before any
    // worker starts: only for a rule that reads them.
    let runFiles = rules.contains { $0.rule.readsRunFiles } ? Set(files.map(\.displayPath)) : []
    let counter = assertionCounter
      ?? MissingAssertionRule(options: RuleOptions(defaultsOf: MissingAssertionRule.description))
    let roots = Set(["XCTestCase"] + testBaseClasses)
    let local = FileLinter(rules: rules, discovery: TestDiscovery(testCaseClasses: roots), runFiles: runFiles)
      .keeping(details: codec.keepsDetails)
    let facts = RunFacts(
      waiting: waitingStore(), entryMemoryBytes: pageMemoryBytes, directory: spillDirectory,
      assumption: baseAssumption)
    // With a cache, where each file's declarations are and its hash, in pages.
    let cachedPasses = CachedPasses(
      count: cache == nil ? 0 : files.count, memoryBytes: pageMemoryBytes, directory: spillDirectory)
    // Each file's record of pass 1, until the run ends.
    let passes = FirstPasses(count: files.count, memoryBytes: pageMemoryBytes, directory: spillDirectory)
    // Whether pass 1's order lost a page to the temporary file.
    var orderLost = false
    // Pass 1. What only it needs (the order, the names files published for others, the
    // prefetcher) is dropped when it ends, before the run holds the most.
    do {
      let known = KnownFacts()
      // Files that look like they declare base classes and helpers first, so that the files
      // using them find them known and are linted once.
      // Each name is looked at once (a stable partition, not a sort whose comparisons re-read
      // both names: that cost 13% of a run on real code).
      // One array in pages (`PassOrder`), the early files from the front and the later ones
      // from the back: not two lists and their concatenation.
      let order = PassOrder(files, memoryBytes: pageMemoryBytes, directory: spillDirectory)
      // A thread reads ahead of the workers (not the files the cache answers for); not in a
      // run limited to one thread, which then uses one.
      let prefetcher = threads < 2 ? nil : Prefetcher(count: order.count) { position in
        let entry = files[order[position]]
        if let stamp = entry.stamp, cache?.slot(for: entry.path)?.stamp == stamp { return nil }
        return entry.path
      }
      // Each worker has sets of its own for what every file's speculation starts from: shared
      // ones had their reference counts written by both threads for every file, a cache line
      // passed back and forth between the cores.
      let workerRoots = (0..<Parallel.workers(count: files.count, threads: threads)).map { _ in
        (tests: Set(Array(roots)), specs: Set(Array(TestDiscovery.quickRoots)))
      }
      // Each file's result goes to its place in `files` (the order only decides when it is read).
      Parallel.forEach(count: files.count, threads: threads) { position, worker in
        let index = order[position]
        passes[index] = firstPass(index, worker: worker, position: position)
      }
      /// Pass 1 of file `index`.
      @Sendable func firstPass(_ index: Int, worker: Int, position: Int) -> FirstPass {
        let entry = files[index]
        do throws(Diagnostic) {
          prefetcher?.starting(position)
          let read = try Self.read(entry, cache: cache, load: load)
          if cache != nil { cachedPasses.keepStamp(read.stamp, of: index, entry: entry) }
          if let (reused, declarations) = read.reused {
            cachedPasses[index] = reused
            facts.add(declarations)
            return FirstPass()
          }
          let (bytes, hash) = (read.bytes, read.hash)
          let model = Scanner.scan(try SourceFile(path: entry.displayPath, bytes: bytes))
          let linted = only?.contains(index) ?? true
          var declarations = ResultCache.declarations(
            of: model, matcher: assertionMatcher, forCache: cache != nil, sorted: cache != nil,
            assumingBases: baseAssumption != nil)
          let record = cache == nil ? nil : FirstPass.Source.fresh(records.keep(ResultCache.encode(declarations)))
          guard linted else {
            if let record { cachedPasses[index] = CachedPass(record: record, hash: hash) }
            facts.add(declarations)
            return FirstPass()
          }
          let guess = Speculation(
            declarations, roots: workerRoots[worker].tests, specRoots: workerRoots[worker].specs, known: known)
          known.publish(guess, finalClasses: Self.finalClasses(of: model))
          if cache == nil {
            // Without a cache, the file's declarations serve the run's facts only, which need
            // what decides the hierarchy and the asserting helpers: a function that neither
            // asserts nor calls anything can never assert, and what a function that asserts
            // calls does not matter; nor what a function the file already knows to assert
            // (through its own helpers or settled ones) calls.
            declarations.helpers.removeAll { !$0.asserts && $0.callees.isEmpty }
            for index in declarations.helpers.indices
            where declarations.helpers[index].asserts
              || guess.assertingHelpers.contains(declarations.helpers[index].name)
            {
              declarations.helpers[index].asserts = true
              declarations.helpers[index].callees = []
            }
          }
          // The helpers the rules asked about and did not find are what the results assumed
          // does not assert (a name they never asked about cannot change them).
          let misses = HelperNames.Misses()
          let context = RuleContext(
            model: model, discovery: guess.discovery,
            assertingHelpers: HelperNames(guess.assertingHelpers).recordingMisses(in: misses, known: known),
            runFiles: runFiles)
          let result = local.lint(context)
          let tests = listsTests ? Self.inventory(context, counter: counter) : []
          if let record {
            cachedPasses[index] = CachedPass(
              record: record, hash: hash, cachedTests: records.keep(ResultCache.encodeTests(tests)))
          }
          var pass = FirstPass()
          pass.speculated = PerFile(
            findings: codec.encode(result.findings, path: entry.displayPath, file: index, store: store),
            errors: result.problems, tests: collectsTests ? tests : [])
          pass.speculation = facts.add(
            declarations, types: guess.unsettledTypes, ownTypes: guess.ownTypes, callees: misses.recorded,
            file: index)
          return pass
        } catch {
          return FirstPass(error: error)
        }
      }
      prefetcher?.stop()
      orderLost = order.lostPages
    }
    // What the run settles across files (pass 1's records stay in `passes`, where the cache's
    // results go below).
    let settled = facts.settled(roots: roots, releasing: true)
    // The digests serve the cache only: each file's goes to its `CachedPass` (0 for a file
    // with none: a digest that is 0 leaves the file's results out of the next cache, which then
    // lints it again).
    if let cache {
      // Rules may look at the files beside a file (`test_file_name`): their names are a
      // dependency of its cached results. Hashed as the files come (in path order), a hash
      // per folder, not a list of every path; each folder by its path's key (16 bytes, not
      // its path's string).
      var siblings: [UInt64: UInt64] = [:]
      for file in files {
        let path = file.path
        let folder = ResultCache.key(of: FileWalker.parentDirectory(path))
        siblings[folder] = ResultCache.fnv1a(path, from: siblings[folder] ?? ResultCache.fnvOffsetBasis, separated: true)
      }
      let siblingDigests = siblings
      /// File `index`'s digest; its cached results go to its pass when they were computed with
      /// the same.
      @Sendable func digest(_ index: Int, _ pass: CachedPass) -> UInt64 {
        let file = files[index]
        var record: ResultCache.Record?
        let names: (typeReferences: [String], calledNames: [String])?
        switch pass.record {
        case .old(let offset, let length)?:
          record = cache.record(at: offset, length: length, of: file.path)
          names = record.flatMap { ResultCache.dependencyNames($0.bytes[$0.declarations]) }
        case .fresh(let location)?:
          names = records.withBytes(location) { ResultCache.dependencyNames(Array($0)[...]) } ?? nil
        case nil:
          names = nil
        }
        guard let names else { return 0 }
        let digest = ResultCache.dependencies(
          typeReferences: names.typeReferences, calledNames: names.calledNames, discovery: settled.discovery,
          assertingHelpers: settled.assertingHelpers)
          ^ (siblingDigests[ResultCache.key(of: FileWalker.parentDirectory(file.path))] ?? 0)
        // Cached results computed with the same facts are the file's results.
        if cachedResultsUsable, only?.contains(index) ?? true, pass.dependencies == digest,
          let stored = record?.decodedResults(), stored.dependencies == digest,
          let reused = PerFile(
            stored: stored, path: file.displayPath, file: index, codec: codec, store: store,
            listsTests: collectsTests)
        {
          passes[index].speculated = reused
        }
        return digest
      }
      Parallel.forEach(count: files.count, threads: threads) { index, _ in
        var pass = cachedPasses[index]
        pass.dependencies = digest(index, pass)
        cachedPasses[index] = pass
      }
    }
    // Each file's results are in `passes`: those pass 1 speculated when they hold (most
    // files), the cache's, or those of a second lint, which replace them (for a file that could
    // not be read, its error).
    // Files whose cache entry stays as it is: same stamp, and its results reused.
    var unchanged = Bits(count: files.count)
    var again: [Int] = []
    for index in files.indices {
      if let only, !only.contains(index) { continue }
      let pass = passes[index]
      if pass.error != nil { continue }
      if pass.speculated?.fromCache == true {
        // The cache's results (in `passes`, where pass 1 put them).
        if cachedPasses[index].sameStamp { unchanged[index] = true }
      } else if pass.speculated == nil || !pass.speculation.holds(settled, file: index) {
        again.append(index)
      }
    }
    let linter = FileLinter(
      rules: rules, discovery: settled.discovery, assertingHelpers: settled.assertingHelpers,
      runFiles: runFiles
    ).keeping(details: codec.keepsDetails)
    // A second lint's results go to the file's pass (its tests for the cache to its
    // `CachedPass`), in pages as pass 1's: a tree where many files are linted again (copies of
    // one another, whose classes are declared twice) holds no more for it.
    let relint = again
    Parallel.forEach(count: relint.count, threads: threads) { position, _ in
      let index = relint[position]
      let entry = files[index]
      var results: PerFile
      var cachedTests: FindingStore.Location?
      switch Self.scan(entry, load: load) {
      case .failure(let error): results = PerFile(findings: .empty(file: index), errors: [error], tests: [])
      case .success(let model):
        let context = RuleContext(
          model: model, discovery: settled.discovery, assertingHelpers: settled.assertingHelpers,
          runFiles: runFiles)
        let result = linter.lint(context)
        let tests = listsTests ? Self.inventory(context, counter: counter) : []
        results = PerFile(
          findings: codec.encode(result.findings, path: entry.displayPath, file: index, store: store),
          errors: result.problems, tests: collectsTests ? tests : [])
        if cache != nil { cachedTests = records.keep(ResultCache.encodeTests(tests)) }
      }
      var pass = passes[index]
      pass.speculated = results
      passes[index] = pass
      if cache != nil {
        var cached = cachedPasses[index]
        cached.cachedTests = cachedTests
        cachedPasses[index] = cached
      }
    }
    // Each file's findings are sorted by its linter and encoded: placing the files in path
    // order places the findings in report order, with no sort of them all.
    // The results are read where they are (`passes`), not copied out per file. (A file without
    // findings has no place in the report.)
    var errors: [Diagnostic] = []
    var tests: [InventoryEntry] = []
    /// Calls `body` with the results of file `index` (its error, for a file that could not be
    /// read); not for a file `only` leaves out.
    func withResults(_ index: Int, _ body: (PerFile) -> Void) {
      if let only, !only.contains(index) { return }
      let pass = passes[index]
      if let error = pass.error {
        body(PerFile(findings: .empty(file: index), errors: [error], tests: []))
      } else if let results = pass.speculated {
        body(results)
      }
    }
    var withFindings = 0
    for index in files.indices { withResults(index) { if $0.findings.count > 0 { withFindings += 1 } } }
    // In pages, as the files' records (the report holds them until it is written).
    let blocks = PagedArray(
      count: withFindings, filler: FindingBlock.empty(file: 0), memoryBytes: FindingsByFile.blockMemoryBytes,
      directory: spillDirectory)
    var placed = 0
    for index in files.indices {
      withResults(index) { pass in
        if pass.findings.count > 0 {
          blocks[placed] = pass.findings
          placed += 1
        }
        errors.append(contentsOf: pass.errors)
        tests.append(contentsOf: pass.tests)
      }
    }
    let descriptions = rules.compactMap { RuleRegistry.rule(id: $0.id)?.description }
    let linted = only.map { indices in FileList(indices.sorted().map { files[$0] }) } ?? files
    let findings = FindingsByFile(blocks: blocks, codec: codec, store: store, files: files)
    // A page the temporary file could not give back (a failing disk) leaves results out: said
    // once for the run, as an error (exit code 2).
    if orderLost || passes.lostPages || cachedPasses.lostPages || blocks.lostPages || files.pagesLost
      || settled.entries.lostPages
    {
      errors.append(
        Diagnostic(
          path: FindingStore.temporaryFolder(spillDirectory),
          message: "cannot read back part of the run's records from a temporary file: results may be missing"))
    }
    let result = EncodedLintResult(
      findings: findings, errors: errors.sorted(), files: linted, rules: descriptions.sorted { $0.id < $1.id },
      tests: InventoryEntry.sorted(tests), assumedBases: settled.assumed)
    guard let cache else { return (result, nil) }
    let update = CacheUpdate(
      after: cache, ruleIDs: codec.ruleIDs, changed: unchanged.trueCount < files.count
    ) { [unchanged, threads, batchBytes = cacheBatchBytes] writer in
      /// Appends the record of file `index` in the next cache to `buffer`; returns its stamp and
      /// content hash, or nil (and appends nothing) for a file it does not keep (one that could
      /// not be read).
      @Sendable func record(_ index: Int, to buffer: inout ByteWriter) -> (stamp: FileStamp, hash: UInt64)? {
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
      // Each file read, in the run's order, its records made on every thread a batch at a time
      // (the batch is all the next cache holds in memory); then what the cache held of files
      // not in this run.
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
    return (result, update)
  }

  /// The memory of each run-long array of a value per file (`PagedArray`): the runs go through
  /// them in order, or in two ascending runs, so four pages of 64 KB are the pages in use.
  var pageMemoryBytes: Int { min(findingMemoryBytes, 256 << 10) }

  /// Where the run's classes and `test...` functions wait until it settles (`RunFacts`): read
  /// back only then, so little of it stays in memory.
  func waitingStore() -> FindingStore {
    FindingStore(memoryBytes: min(findingMemoryBytes, 1 << 20), chunkBytes: 256 << 10, directory: spillDirectory)
  }

  /// A file as pass 1 starts with it: when the cache holds it with the same size and
  /// modification time (then, once read, the same content), its record there and its
  /// declarations (`reused`); otherwise its bytes, their hash (0 without a cache) and its stamp.
  private static func read(
    _ entry: FileEntry, cache: ResultCache?, load: (FileEntry) throws(Diagnostic) -> [UInt8]
  ) throws(Diagnostic) -> (
    reused: (CachedPass, ResultCache.Declarations)?, bytes: [UInt8], hash: UInt64, stamp: FileStamp
  ) {
    let slot = cache?.slot(for: entry.path)
    /// The file's record, when it reads back.
    func reused(_ slot: ResultCache.Slot, sameStamp: Bool) -> (CachedPass, ResultCache.Declarations)? {
      guard let record = cache?.record(slot, of: entry.path), let declarations = record.decodedDeclarations()
      else { return nil }
      var pass = CachedPass(
        record: .old(offset: slot.offset, length: slot.length), hash: slot.contentHash,
        dependencies: record.resultsDependencies)
      pass.sameStamp = sameStamp
      return (pass, declarations)
    }
    // Unchanged size and modification time: trust the cache without reading the file.
    if let slot, let stamp = entry.stamp, slot.stamp == stamp, let found = reused(slot, sameStamp: true) {
      return (found, [], slot.contentHash, stamp)
    }
    let bytes = try load(entry)
    let hash = cache == nil ? 0 : ResultCache.hash(bytes)
    let stamp = entry.stamp ?? FileStamp(size: bytes.count, modified: 0)
    guard let slot, slot.contentHash == hash, let found = reused(slot, sameStamp: false) else {
      return (nil, bytes, hash, stamp)
    }
    return (found, bytes, hash, stamp)
  }

  /// The names of the final classes a file declares (`KnownFacts.publish` leaves them out).
  private static func finalClasses(of model: FileModel) -> [String] {
    var names: [String] = []
    for type in model.types where type.kind == .class && type.modifiers.contains("final") {
      names.append(type.simpleName)
    }
    return names
  }
}

extension LintEngine {
  /// The files' display paths, sorted. A walk's files come sorted already: checked in one pass,
  /// not sorted again (a copy of the array and, on 100,000 files, 1.7 million comparisons of
  /// strings at the end of the run, on one thread).
  static func sortedPaths(_ files: FileList) -> [String] {
    let paths = files.indices.map(files.displayPath)
    for index in files.indices.dropFirst() where files.displayPath(index, precedes: index - 1) {
      return paths.sorted()
    }
    return paths
  }
}

/// A file's record in a batch of the next cache: where a worker made it, none (a file the
/// cache does not keep), or left for the next batch.
private enum MadeRecord: Sendable {
  case made(worker: Int, bytes: Range<Int>, stamp: FileStamp, hash: UInt64)
  case notKept
  case later
}
