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
  /// When set (and the run has no cache), only the findings of the first this many files in
  /// path order keep their details; the others' are found again, by linting the file once
  /// more, for the few a report lists (`EncodedLintResult.details`): the `html` page shows the
  /// details of at most `--report-limit` files, the first with findings.
  public var detailsFiles: Int?
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
  ///
  /// The run's stages (`LintRun` lists them; each says what it reads and writes), after the
  /// walk that made `files`.
  func encodedRun(
    _ files: FileList, only: Set<Int>? = nil, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (result: EncodedLintResult, cache: CacheUpdate?) {
    let run = LintRun(engine: self, files: files, only: only, cache: cache, load: load)
    let firstPass = FirstPassStage.run(run)
    let settle = SettleStage.run(run, facts: firstPass.facts)
    RelintStage.run(run, settled: settle.settled, again: settle.again)
    RelintStage.run(run, settled: settle.settled, again: settle.recount, testsOnly: true)
    let result = ReportStage.run(run, settled: settle.settled, orderLost: firstPass.orderLost)
    guard let cache else { return (result, nil) }
    return (result, NextCache(run, cache: cache, unchanged: settle.unchanged).update(ruleIDs: run.codec.ruleIDs))
  }

  /// The memory of each run-long array of a value per file (`PagedArray`): the runs go through
  /// them in order, or in two ascending runs, so four pages of 64 KB are the pages in use.
  var pageMemoryBytes: Int { min(findingMemoryBytes, 256 << 10) }

  /// Where the run's classes and `test...` functions wait until it settles (`RunFacts`): read
  /// back only then, so little of it stays in memory.
  func waitingStore() -> FindingStore {
    FindingStore(memoryBytes: min(findingMemoryBytes, 1 << 20), chunkBytes: 256 << 10, directory: spillDirectory)
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
