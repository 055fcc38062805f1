/// One run of `LintEngine.encodedRun`: its inputs, and where its stages keep what they learn of
/// each file until the report. Made once, before the first stage; every stage reads it.
///
/// A run goes through these stages, each a type in its own file that says what it reads and
/// writes (`docs/ARCHITECTURE.md` draws them):
/// 1. walk: `FileWalker.collect` (called by the CLI) finds the files, a `FileList`;
/// 2. `FirstPassStage`: reads, scans and lints each file once, with what it declares and what
///    the files read before it published standing for the run's facts;
/// 3. `SettleStage`: settles what the whole run knows (class hierarchy, asserting helpers),
///    checks the cache's results against it, and picks the files whose results assumed
///    otherwise;
/// 4. `RelintStage`: lints those files again with the settled facts;
/// 5. `ReportStage`: places each file's results in path order for the reporters
///    (`EncodedLintResult`); with a cache, `NextCache` writes the next one as the report goes.
struct LintRun: Sendable {
  /// The engine's configuration (rules, threads, memory budgets).
  let engine: LintEngine
  /// The engine's rules, `missing_assertion` counting into `tally`.
  let rules: [ConfiguredRule]
  /// What `missing_assertion` sees over the run, for its note (`MissingAssertionTally`).
  let tally: MissingAssertionTally
  /// The files, in the walk's (path) order: a file's index in it is its number in every stage.
  let files: FileList
  /// The files linted and reported (an editor's file); nil for all. The others inform the run.
  let only: Set<Int>?
  /// The result cache read, if any.
  let cache: ResultCache?
  /// Reads a file's bytes.
  let load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  /// Encodes each file's findings on the worker that finds them.
  let codec: FindingCodec
  /// The files below this index keep their findings' details (when the codec keeps any); the
  /// others are linted without them (`LintEngine.detailsFiles`).
  let detailsBelow: Int
  /// The encoded findings of every file, until the report.
  let store: FindingStore
  /// With a cache, what the next one needs of each file read (its declarations and tests,
  /// encoded) waits here, so that memory does not grow with the tree.
  let records: FindingStore
  /// Each file's record of pass 1 (its results, what they assumed), until the run ends; a
  /// second lint's results replace pass 1's.
  let passes: FirstPasses
  /// With a cache, where each file's declarations are, its hash and its digest, in pages.
  let cachedPasses: CachedPasses
  /// The paths of the run, for a rule that reads them (empty otherwise).
  let runFiles: Set<String>
  /// The classes every test class rests on: `XCTestCase` and `test_base_classes`.
  let roots: Set<String>
  /// Counts each test's assertions for the tests listed.
  let counter: MissingAssertionRule
  /// Whether the tests are listed: for the report that reads them, and for the cache.
  let listsTests: Bool
  /// By file, the calls pass 1's counts of its tests left out, the run not having settled
  /// them (`HelperNames.PendingCall`): `RelintStage.recount` adds those that count. The calls
  /// wait in `records` (`PendingCalls`), paged out as the tests are: held in arrays until the
  /// run settled, they were 28 MB of a markdown run's 74 MB of heap on the parity corpus.
  /// With them, the names whose being an assumed base (`TestDiscovery.restsOnAssumedBase`)
  /// would change the counts: then the tests are counted again from the file.
  let pendingCounts = Locked([Int: (calls: FindingStore.Location, bases: [String])]())

  init(
    engine: LintEngine, files: FileList, only: Set<Int>?, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) {
    self.engine = engine
    let tally = MissingAssertionTally()
    self.tally = tally
    rules = engine.rules.map { $0.tallying(into: tally) }
    self.files = files
    self.only = only
    self.cache = cache
    self.load = load
    codec = FindingCodec(
      ruleIDs: rules.map(\.id), keepsDetails: engine.keepsFindingDetails || cache != nil)
    // Only in a walk's path order is a file's index its place in the report.
    if cache == nil, engine.keepsFindingDetails, let limit = engine.detailsFiles,
      files.indices.dropFirst().allSatisfy({ !files.displayPath($0, precedes: $0 - 1) })
    {
      detailsBelow = max(0, limit)
    } else {
      detailsBelow = .max
    }
    store = FindingStore(memoryBytes: engine.findingMemoryBytes, directory: engine.spillDirectory)
    records = FindingStore(memoryBytes: engine.findingMemoryBytes, directory: engine.spillDirectory)
    listsTests = engine.collectsTests || cache != nil
    // Hashing every path costs a run's start a few milliseconds per 10,000 files, before any
    // worker starts: only for a rule that reads them.
    runFiles = rules.contains { $0.rule.readsRunFiles } ? Set(files.map(\.displayPath)) : []
    counter = engine.assertionCounter
      ?? MissingAssertionRule(options: RuleOptions(defaultsOf: MissingAssertionRule.description))
    roots = Set(["XCTestCase"] + engine.testBaseClasses)
    cachedPasses = CachedPasses(
      count: cache == nil ? 0 : files.count, memoryBytes: engine.pageMemoryBytes,
      directory: engine.spillDirectory)
    passes = FirstPasses(
      count: files.count, memoryBytes: engine.pageMemoryBytes, directory: engine.spillDirectory)
  }

  /// Whether file `index` is linted and reported (not left out by `only`).
  func isLinted(_ index: Int) -> Bool { only?.contains(index) ?? true }

  /// Whether the run lists the tests in its results (`LintEngine.collectsTests`).
  var collectsTests: Bool { engine.collectsTests }

  /// The results of a file read and scanned: its findings encoded into `store`, its problems and
  /// (when the run keeps them) where its tests are; and where its tests are encoded in
  /// `records` (for the cache, when listed).
  func lint(_ context: RuleContext, file index: Int, entry: FileEntry, with linter: FileLinter) -> (
    results: PerFile, tests: FindingStore.Location
  ) {
    let result = (index < detailsBelow ? linter : linter.keeping(details: false)).lint(context)
    // What the inventory asks of the run beyond what the rules asked is its own dependency
    // (`HelperNames.Misses`): a turned answer there makes the run count the tests again
    // (`RelintStage.recount`), not lint the file again.
    context.assertingHelpers.beginInventory()
    var pending: [HelperNames.PendingCall] = []
    let tests = listsTests ? LintEngine.inventory(context, counter: counter, pending: &pending) : []
    // In a class on a base the run assumed, the count reads names as checks too: such a file's
    // tests are counted again from the file if its counts turn (a rare case).
    if !pending.isEmpty, !context.tests.contains(where: { context.discovery.assumesChecks(in: $0, model: context.model) }) {
      let bases = Self.namesAboveTests(context)
      let calls = PendingCalls.keep(pending, in: records)
      pendingCounts.withLock { $0[index] = (calls, bases) }
    }
    let encodedTests = listsTests ? records.keep(ResultCache.encodeTests(tests)) : .empty
    let results = PerFile(
      findings: codec.encode(result.findings, path: entry.displayPath, file: index, store: store),
      errors: result.problems, tests: collectsTests ? encodedTests : .empty)
    return (results, encodedTests)
  }

  /// The names `TestDiscovery.restsOnAssumedBase` looks up for the XCTest tests' classes: a
  /// class there on a base the settled run assumes counts names read as checks, and its tests
  /// list it (`InventoryEntry.assumedBase`), which pass 1 did not know.
  static func namesAboveTests(_ context: RuleContext) -> [String] {
    let model = context.model
    var names: Set<String> = []
    for test in context.tests where test.framework == .xctest {
      guard var current = model.functions[test.function].owner else { continue }
      for _ in 0..<8 {
        let declaration = model.types[current]
        let next: String
        if declaration.kind == .extension {
          next = declaration.simpleName
        } else if declaration.kind == .class, let first = declaration.firstInheritedName {
          next = first
        } else {
          break
        }
        names.insert(next)
        guard
          let found = model.types.indices.first(where: { model.types[$0].kind == .class && model.types[$0].simpleName == next }),
          found != current
        else { break }
        current = found
      }
    }
    return Array(names)
  }
}

/// A file's pending calls (`HelperNames.PendingCall`, plain values) as bytes in a store, for
/// `RelintStage.recount`: written once in pass 1, read at most once after the run settled.
enum PendingCalls {
  /// Keeps `calls` in `store`.
  static func keep(_ calls: [HelperNames.PendingCall], in store: FindingStore) -> FindingStore.Location {
    store.keep(calls.withUnsafeBytes { Array($0) })
  }

  /// The calls kept at `location`; nil when they cannot be read back.
  static func read(_ location: FindingStore.Location, from store: FindingStore) -> [HelperNames.PendingCall]? {
    let stride = MemoryLayout<HelperNames.PendingCall>.stride
    let calls = store.withBytes(location) { bytes -> [HelperNames.PendingCall]? in
      guard bytes.count % stride == 0 else { return nil }
      return [HelperNames.PendingCall](unsafeUninitializedCapacity: bytes.count / stride) { buffer, count in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(bytes))
        count = bytes.count / stride
      }
    }
    return calls ?? nil
  }
}
