/// Stage 2 of a run (after the walk): pass 1. Each file is read (or, when the cache holds it
/// unchanged, its record there taken instead), scanned and linted once, with what it declares
/// plus what the files read before it published standing for what the whole run declares; its
/// model is dropped at once, so memory does not grow with the tree.
///
/// Reads: the run's files (`LintRun.files`, in `PassOrder`), `only`, the cache, the rules.
/// Writes: each file's pass-1 record to `LintRun.passes` (its results, what they assumed of the
/// rest of the run, or why it could not be read) and its findings to `LintRun.store`; with a
/// cache, its `LintRun.cachedPasses` entry and its declarations and tests to `LintRun.records`.
/// Returns what the files declare (`RunFacts`, for `SettleStage`).
///
/// What only this stage needs (the order, the names files publish for the others, the
/// prefetcher) is dropped when it ends, before the run holds the most.
struct FirstPassStage: Sendable {
  /// What pass 1 hands to the next stages.
  struct Output {
    /// What every file declares: the class hierarchy, the helpers, what each file assumed.
    let facts: RunFacts
    /// Whether pass 1's order lost a page to the temporary file.
    let orderLost: Bool
  }

  let run: LintRun
  /// Where the files' declarations go (`SettleStage` settles them).
  private let facts: RunFacts
  /// What the files read so far published (base classes, asserting helpers) for the others.
  private let known = KnownFacts()
  /// Lints a file with its own speculation (`Speculation.discovery`) standing for the run's.
  private let linter: FileLinter
  /// Each worker's sets for what every file's speculation starts from.
  private let workerRoots: [(tests: Set<String>, specs: Set<String>)]
  /// Reads files ahead of the workers.
  private let prefetcher: Prefetcher?

  /// Runs pass 1 over the run's files.
  static func run(_ run: LintRun) -> Output {
    let engine = run.engine
    let files = run.files
    let cache = run.cache
    let facts = RunFacts(
      waiting: engine.waitingStore(), entryMemoryBytes: engine.pageMemoryBytes, directory: engine.spillDirectory,
      assumption: engine.baseAssumption)
    // Files that look like they declare base classes and helpers first, so that the files
    // using them find them known and are linted once.
    // Each name is looked at once (a stable partition, not a sort whose comparisons re-read
    // both names: that cost 13% of a run on real code).
    // One array in pages (`PassOrder`), the early files from the front and the later ones
    // from the back: not two lists and their concatenation.
    let order = PassOrder(files, memoryBytes: engine.pageMemoryBytes, directory: engine.spillDirectory)
    // A thread reads ahead of the workers (not the files the cache answers for); not in a
    // run limited to one thread, which then uses one.
    let prefetcher = engine.threads < 2 ? nil : Prefetcher(count: order.count) { position in
      let entry = files[order[position]]
      if let stamp = entry.stamp, cache?.slot(for: entry.path)?.stamp == stamp { return nil }
      return entry.path
    }
    let stage = FirstPassStage(run: run, facts: facts, prefetcher: prefetcher)
    // Each file's result goes to its place in `files` (the order only decides when it is read).
    Parallel.forEach(count: files.count, threads: engine.threads) { position, worker in
      let index = order[position]
      run.passes[index] = stage.pass(index, worker: worker, position: position)
    }
    prefetcher?.stop()
    return Output(facts: facts, orderLost: order.lostPages)
  }

  private init(run: LintRun, facts: RunFacts, prefetcher: Prefetcher?) {
    self.run = run
    self.facts = facts
    self.prefetcher = prefetcher
    linter = FileLinter(
      rules: run.rules, discovery: TestDiscovery(testCaseClasses: run.roots), runFiles: run.runFiles
    ).keeping(details: run.codec.keepsDetails)
    // Each worker has sets of its own for what every file's speculation starts from: shared
    // ones had their reference counts written by both threads for every file, a cache line
    // passed back and forth between the cores.
    workerRoots = (0..<Parallel.workers(count: run.files.count, threads: run.engine.threads)).map { _ in
      (tests: Set(Array(run.roots)), specs: Set(Array(TestDiscovery.quickRoots)))
    }
  }

  /// Pass 1 of file `index`, read by `worker` at `position` of the order.
  private func pass(_ index: Int, worker: Int, position: Int) -> FirstPass {
    let entry = run.files[index]
    let cache = run.cache
    let cachedPasses = run.cachedPasses
    let engine = run.engine
    do throws(Diagnostic) {
      prefetcher?.starting(position)
      let read = try Self.read(entry, cache: cache, load: run.load)
      if cache != nil { cachedPasses.keepStamp(read.stamp, of: index, entry: entry) }
      if let (reused, declarations) = read.reused {
        cachedPasses[index] = reused
        facts.add(declarations)
        return FirstPass()
      }
      let (bytes, hash) = (read.bytes, read.hash)
      let model = Scanner.scan(try SourceFile(path: entry.displayPath, bytes: bytes))
      var declarations = ResultCache.declarations(
        of: model, matcher: engine.assertionMatcher, forCache: cache != nil, sorted: cache != nil,
        assumption: engine.baseAssumption)
      let record = cache == nil ? nil : FirstPass.Source.fresh(run.records.keep(ResultCache.encode(declarations)))
      guard run.isLinted(index) else {
        if let record { cachedPasses[index] = CachedPass(record: record, hash: hash) }
        facts.add(declarations)
        return FirstPass()
      }
      let guess = Speculation(
        declarations, roots: workerRoots[worker].tests, specRoots: workerRoots[worker].specs, known: known,
        assumption: facts.assumption)
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
        runFiles: run.runFiles)
      let (results, tests) = run.lint(context, file: index, entry: entry, with: linter)
      if let record {
        cachedPasses[index] = CachedPass(record: record, hash: hash, cachedTests: tests)
      }
      var pass = FirstPass()
      pass.speculated = results
      pass.speculation = facts.add(
        declarations, types: guess.unsettledTypes, ownTypes: guess.ownTypes, callees: misses.recorded,
        checkCallees: misses.recordedChecks, inventoryCallees: misses.recordedForInventory, file: index)
      return pass
    } catch {
      return FirstPass(error: error)
    }
  }
}

extension FirstPassStage {
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
