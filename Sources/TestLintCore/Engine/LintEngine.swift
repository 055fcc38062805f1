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
    // What `missing_assertion` sees over the run, for its note (`MissingAssertionTally`).
    let tally = MissingAssertionTally()
    let rules = self.rules.map { $0.tallying(into: tally) }
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
            checkCallees: misses.recordedChecks, file: index)
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
    var result = EncodedLintResult(
      findings: findings, errors: errors.sorted(), files: linted, rules: descriptions.sorted { $0.id < $1.id },
      tests: InventoryEntry.sorted(tests), assumedBases: settled.assumed)
    result.missingAssertionNote = tally.note()
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

  /// The fixed content of every file a fix applies to: (file index, original, fixed, fixes).
  public func fixes(
    _ files: [FileEntry], only: Set<Int>? = nil,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> [FixedFile] {
    fixes(FileList(files), only: only, load: load)
  }

  /// `fixes(_:only:load:)` of a packed list.
  public func fixes(
    _ files: FileList, only: Set<Int>? = nil,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> [FixedFile] {
    let run = prepare(files, load: load)
    let fixer = Fixer(
      linter: FileLinter(
        rules: rules, discovery: run.discovery, assertingHelpers: run.assertingHelpers,
        runFiles: rules.contains { $0.rule.readsRunFiles } ? Set(files.map(\.displayPath)) : []))
    let results = Parallel.map(count: files.count, threads: threads) { index -> FixedFile? in
      if let only, !only.contains(index) { return nil }
      guard run.scanned[index]?.error == nil, let original = try? load(files[index]) else { return nil }
      let fixed = fixer.fix(path: files[index].displayPath, bytes: original)
      guard fixed.applied > 0, fixed.bytes != original else { return nil }
      return FixedFile(file: files[index], original: original, fixed: fixed.bytes, applied: fixed.applied)
    }
    return results.compactMap { $0 }
  }

  /// Every test of the files, with its assertion count as `missing_assertion` counts it.
  public func inventory(
    _ files: [FileEntry], matcher: MissingAssertionRule,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (tests: [InventoryEntry], errors: [Diagnostic]) {
    inventory(FileList(files), matcher: matcher, load: load)
  }

  /// `inventory(_:matcher:load:)` of a packed list.
  public func inventory(
    _ files: FileList, matcher: MissingAssertionRule,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (tests: [InventoryEntry], errors: [Diagnostic]) {
    let found = inventoryRun(files, matcher: matcher, load: load)
    return (found.tests, found.errors)
  }

  /// `inventory(_:matcher:load:)`, with the bases the run assumed (`BaseAssumption`).
  func inventoryRun(
    _ files: FileList, matcher: MissingAssertionRule,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (tests: [InventoryEntry], errors: [Diagnostic], assumed: AssumedBases) {
    let run = prepare(files, load: load)
    let perFile = Parallel.map(count: files.count, threads: threads) {
      index -> ([InventoryEntry], Diagnostic?) in
      switch run.model(index, files: files, load: load) {
      case .failure(let error): return ([], error)
      case .success(let model):
        let context = RuleContext(
          model: model, discovery: run.discovery, assertingHelpers: run.assertingHelpers)
        return (Self.inventory(context, counter: matcher), nil)
      }
    }
    return (InventoryEntry.sorted(perFile.flatMap(\.0)), perFile.compactMap(\.1).sorted(), run.settled.assumed)
  }

  /// The tests of one file with their assertion counts.
  static func inventory(_ context: RuleContext, counter: MissingAssertionRule) -> [InventoryEntry] {
    let model = context.model
    return context.tests.map { test in
      var entry = InventoryEntry(
        file: model.source.path, suite: test.suite,
        name: (test.groups + [test.name]).joined(separator: ", "), framework: test.framework,
        line: model.source.line(of: test.nameOffset),
        assertions: counter.assertionCount(of: test, in: context), pending: test.isPending)
      if test.framework == .xctest, let owner = model.functions[test.function].owner {
        entry.assumedBase = context.discovery.restsOnAssumedBase(owner, in: model)
      }
      return entry
    }
  }

  /// The memory of each run-long array of a value per file (`PagedArray`): the runs go through
  /// them in order, or in two ascending runs, so four pages of 64 KB are the pages in use.
  private var pageMemoryBytes: Int { min(findingMemoryBytes, 256 << 10) }

  /// Where the run's classes and `test...` functions wait until it settles (`RunFacts`): read
  /// back only then, so little of it stays in memory.
  private func waitingStore() -> FindingStore {
    FindingStore(memoryBytes: min(findingMemoryBytes, 1 << 20), chunkBytes: 256 << 10, directory: spillDirectory)
  }

  /// Pass 1: reads and scans every file for what the run declares.
  private func prepare(
    _ files: FileList, load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> PreparedRun {
    let budget = ModelBudget(bytes: modelCacheBytes)
    let facts = RunFacts(
      waiting: waitingStore(), entryMemoryBytes: pageMemoryBytes, directory: spillDirectory,
      assumption: baseAssumption)
    let scanned = Parallel.map(count: files.count, threads: threads) { index -> PreparedRun.File? in
      let entry = files[index]
      do throws(Diagnostic) {
        let bytes = try load(entry)
        let source = try SourceFile(path: entry.displayPath, bytes: bytes)
        let model = Scanner.scan(source)
        let keep = budget.reserve(bytes.count * Self.modelBytesPerSourceByte)
        facts.add(
          ResultCache.declarations(
            of: model, matcher: assertionMatcher, forCache: false, assumingBases: baseAssumption != nil))
        return keep ? PreparedRun.File(model: model) : nil
      } catch {
        return PreparedRun.File(error: error)
      }
    }
    return PreparedRun(
      settled: facts.settled(roots: Set(["XCTestCase"] + testBaseClasses), releasing: true), scanned: scanned)
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

/// A file `--fix` would change.
public struct FixedFile: Sendable {
  /// The file.
  public var file: FileEntry
  /// Its bytes as read.
  public var original: [UInt8]
  /// Its bytes with the fixes applied.
  public var fixed: [UInt8]
  /// How many fixes were applied.
  public var applied: Int
}

/// One test as `testlint inventory` lists it.
public struct InventoryEntry: Sendable, Hashable {
  /// The file's display path.
  public var file: String
  /// The suite (type) name, nil for a free function.
  public var suite: String?
  /// The test's name.
  public var name: String
  /// The framework.
  public var framework: TestFramework
  /// Line of the test's name.
  public var line: Int
  /// Assertions found in it (helpers included), as `missing_assertion` counts them.
  public var assertions: Int
  /// A pending Quick example (`xit`, `pending(...)`, inside `xdescribe` / `xcontext`): it does
  /// not run.
  public var pending: Bool
  /// Whether its class rests on a base the run assumed is a test base (`BaseAssumption`).
  public var assumedBase = false

  /// Creates an entry.
  public init(
    file: String, suite: String?, name: String, framework: TestFramework, line: Int, assertions: Int,
    pending: Bool = false
  ) {
    self.file = file
    self.suite = suite
    self.name = name
    self.framework = framework
    self.line = line
    self.assertions = assertions
    self.pending = pending
  }

  /// Sorted by file, line and name.
  public static func sorted(_ entries: [InventoryEntry]) -> [InventoryEntry] {
    entries.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
  }
}

/// Memory for models kept from pass 1 to pass 2, shared by the workers: first come, first
/// kept, so memory stays bounded whatever the tree's size (which files are kept changes only
/// how often a file is read, never the results).
private final class ModelBudget: Sendable {
  private let remaining: Atomic<Int>

  init(bytes: Int) { remaining = Atomic(bytes) }

  /// Takes `bytes` from the budget when they are there.
  func reserve(_ bytes: Int) -> Bool {
    var current = remaining.load(ordering: .relaxed)
    while current >= bytes {
      let (exchanged, original) = remaining.compareExchange(
        expected: current, desired: current - bytes, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
    return false
  }
}

/// What pass 1 learnt about the run, and of each file.
private struct PreparedRun: Sendable {
  let settled: RunFacts.Settled
  /// Each file's model when kept, or why it could not be read; nil for the others (8 bytes a
  /// file).
  let scanned: [File?]

  final class File: Sendable {
    let model: FileModel?
    let error: Diagnostic?

    init(model: FileModel) {
      self.model = model
      error = nil
    }

    init(error: Diagnostic) {
      model = nil
      self.error = error
    }
  }
  var discovery: TestDiscovery { settled.discovery }
  var assertingHelpers: HelperNames { settled.assertingHelpers }

  /// The model of file `index`: kept from pass 1, or read and scanned again.
  func model(
    _ index: Int, files: FileList, load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> Result<FileModel, Diagnostic> {
    if let error = scanned[index]?.error { return .failure(error) }
    if let kept = scanned[index]?.model { return .success(kept) }
    return LintEngine.scan(files[index], load: load)
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

  /// A file read and scanned.
  fileprivate static func scan(
    _ entry: FileEntry, load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> Result<FileModel, Diagnostic> {
    do throws(Diagnostic) {
      let source = try SourceFile(path: entry.displayPath, bytes: try load(entry))
      return .success(Scanner.scan(source))
    } catch {
      return .failure(error)
    }
  }
}

/// What pass 1 learnt of one file. A run holds one per file until pass 1 ends, so what few
/// files have (a kept model, a problem) is kept aside, not in every one; what only a run with a
/// cache keeps is in `CachedPasses`.
private struct FirstPass: Sendable {
  /// The file's results linted with its own declarations standing for the run's.
  var speculated: PerFile?
  /// What those results assumed about the rest of the run.
  var speculation = Speculation.Unsettled()
  /// Why the file could not be read, if it could not.
  var error: Diagnostic?

  /// Where a file's declarations are, for the cache.
  enum Source: Sendable {
    /// In its record in the cache that was read (`ResultCache.Slot`'s offset and length).
    case old(offset: Int, length: Int)
    /// Encoded by this run, in its store.
    case fresh(FindingStore.Location)
  }

  /// A file read (its results set after).
  init() {}

  /// A file that could not be read.
  init(error: Diagnostic) {
    self.error = error
  }
}

/// Pass 1's record of each file, kept until the run ends: in pages that go to a temporary
/// file beyond a budget (`PagedArray`), 40 bytes a file (the findings' block, the speculation
/// and which of the rest there is); what few files have (problems, tests, an error) aside, by
/// index. So the memory a run holds does not grow with its files (an array of `FirstPass`
/// held 56 bytes for each: 5.4 MB over 95,911 files).
private final class FirstPasses: Sendable {
  private struct Record {
    var findings = FindingBlock.empty(file: 0)
    /// `hasResults`, `fromCache`, `hasAside`.
    var flags: UInt8 = 0
    var speculation = Speculation.Unsettled()

    static let hasResults: UInt8 = 1
    static let fromCache: UInt8 = 2
    static let hasAside: UInt8 = 4
  }

  /// One reference a file (most files have none).
  private final class Aside: Sendable {
    let results: PerFile.Aside?
    let error: Diagnostic?

    init(results: PerFile.Aside?, error: Diagnostic?) {
      self.results = results
      self.error = error
    }
  }

  private let records: PagedArray<Record>
  private let aside = Locked([Int: Aside]())

  init(count: Int, memoryBytes: Int, directory: String?) {
    records = PagedArray(count: count, filler: Record(), memoryBytes: memoryBytes, directory: directory)
  }

  /// The file's pass (a record the temporary file could not give back reads as none: the run
  /// reports that once, `lostPages`).
  subscript(index: Int) -> FirstPass {
    get {
      let record = records[index]
      let kept = record.flags & Record.hasAside == 0 ? nil : aside.withLock { $0[index] }
      var pass = FirstPass()
      pass.speculation = record.speculation
      pass.error = kept?.error
      if record.flags & Record.hasResults != 0 {
        pass.speculated = PerFile(
          findings: record.findings, fromCache: record.flags & Record.fromCache != 0, aside: kept?.results)
      }
      return pass
    }
    set {
      var record = Record(speculation: newValue.speculation)
      if let results = newValue.speculated {
        record.findings = results.findings
        record.flags |= Record.hasResults | (results.fromCache ? Record.fromCache : 0)
      }
      let results = newValue.speculated?.aside
      if results != nil || newValue.error != nil {
        record.flags |= Record.hasAside
        let kept = Aside(results: results, error: newValue.error)
        aside.withLock { $0[index] = kept }
      }
      if records.exchange(at: index, with: record).flags & Record.hasAside != 0, record.flags & Record.hasAside == 0 {
        aside.withLock { $0[index] = nil }
      }
    }
  }

  /// Whether some record could not be read back from the temporary file.
  var lostPages: Bool { records.lostPages }
}

/// Pass 1's order of the files: those that look like they declare base classes and helpers
/// first (`LintEngine.mayDeclareBases`), each part in the list's order. In pages
/// (`PagedArray`): the early files from the front, the later ones from the back, read backwards
/// (nothing to reverse).
private struct PassOrder: Sendable {
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

/// A file's record in a batch of the next cache: where a worker made it, none (a file the
/// cache does not keep), or left for the next batch.
private enum MadeRecord: Sendable {
  case made(worker: Int, bytes: Range<Int>, stamp: FileStamp, hash: UInt64)
  case notKept
  case later
}

/// What a run with a cache keeps of each file read in pass 1: 64 bytes. (Its stamp is the
/// list's, kept aside for the rare entry without one: `CachedPasses.stamp`.)
private struct CachedPass: Sendable {
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
private final class CachedPasses: Sendable {
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

/// One file's results: its findings encoded (`FindingBlock`), its problems and tests.
///
/// A run holds one per file until it ends (in pass 1's records), so what most files do not have
/// (problems, tests for the health reports) is held aside, one reference, nil for most files:
/// 56 bytes a file, not 128.
private struct PerFile: Sendable {
  var findings: FindingBlock
  /// Whether the results are the cache's (its record keeps them as they are).
  var fromCache = false
  private var box: Box?

  /// The rarer parts, for `FirstPasses` to keep aside (nil for most files).
  typealias Aside = Box
  var aside: Aside? { box }

  /// Results with the rarer parts `aside` holds.
  init(findings: FindingBlock, fromCache: Bool, aside: Aside?) {
    self.findings = findings
    self.fromCache = fromCache
    box = aside
  }

  /// The rarer parts of the results.
  fileprivate struct Extras: Sendable {
    var errors: [Diagnostic] = []
    var tests: [InventoryEntry] = []

    var isEmpty: Bool { errors.isEmpty && tests.isEmpty }
  }

  /// `Extras` behind a reference, never changed once made (a change makes a new one).
  final class Box: Sendable {
    let extras: Extras
    init(_ extras: Extras) { self.extras = extras }
  }

  private var extras: Extras {
    get { box?.extras ?? Extras() }
    set { box = newValue.isEmpty ? nil : Box(newValue) }
  }

  var errors: [Diagnostic] {
    get { extras.errors }
    set { extras.errors = newValue }
  }
  var tests: [InventoryEntry] {
    get { extras.tests }
    set { extras.tests = newValue }
  }

  init(findings: FindingBlock, errors: [Diagnostic], tests: [InventoryEntry]) {
    self.findings = findings
    self.extras = Extras(errors: errors, tests: tests)
  }

  /// Cached results of a file, with its current display path; nil when they do not read back.
  init?(
    stored: ResultCache.StoredResults, path: String, file: Int, codec: FindingCodec, store: FindingStore, listsTests: Bool
  ) {
    guard stored.findings.withUnsafeBufferPointer({ codec.forEach($0) { _ in } }) else { return nil }
    let location = stored.findings.isEmpty ? .empty : store.keep(Array(stored.findings))
    findings = FindingBlock(
      file: file, location: location, count: stored.count, errors: stored.errors, hasOwnPaths: false)
    fromCache = true
    var extras = Extras()
    extras.errors = stored.problems.map { problem in
      var copy = problem
      copy.path = path
      return copy
    }
    if listsTests {
      guard let tests = ResultCache.decodeTests(stored.tests, path: path) else { return nil }
      extras.tests = tests
    }
    self.extras = extras
  }
}
