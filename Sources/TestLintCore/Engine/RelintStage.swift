/// Stage 4 of a run: lints again, with what the run settled, the files whose pass-1 results
/// assumed otherwise (and those pass 1 did not lint); on 4,610 real test files, 64 are.
///
/// Reads: the settled facts, the files `SettleStage` picked, read and scanned again.
/// Writes: each file's results (or why it could not be read) to its `LintRun.passes` record,
/// replacing pass 1's; its findings to `LintRun.store`; with a cache, its tests to
/// `LintRun.records` and where they are to its `LintRun.cachedPasses` entry. In pages as pass
/// 1's: a tree where many files are linted again (copies of one another, whose classes are
/// declared twice) holds no more for it.
struct RelintStage: Sendable {
  /// Lints files `again` of the run with the `settled` facts; with `testsOnly`, only counts
  /// their tests again (their results held, the inventory's counts took an answer that turned:
  /// `SettleStage.Output.recount`).
  static func run(_ run: LintRun, settled: RunFacts.Settled, again: [Int], testsOnly: Bool = false) {
    // The counts' notes serve this stage only: the other files' are moot once it is over.
    defer { if testsOnly { run.pendingCounts.withLock { $0.removeAll() } } }
    if again.isEmpty { return }
    let linter = FileLinter(
      rules: run.rules, discovery: settled.discovery, assertingHelpers: settled.assertingHelpers,
      runFiles: run.runFiles
    ).keeping(details: run.codec.keepsDetails)
    Parallel.forEach(count: again.count, threads: run.engine.threads) { position, _ in
      let index = again[position]
      let entry = run.files[index]
      if testsOnly, recount(run, settled: settled, file: index, entry: entry) { return }
      // A file linted again: what its first counts left out is moot.
      run.pendingCounts.withLock { _ = $0.removeValue(forKey: index) }
      var results: PerFile
      var cachedTests: FindingStore.Location?
      switch LintEngine.scan(entry, load: run.load) {
      case .failure(let error): results = PerFile(findings: .empty(file: index), errors: [error])
      case .success(let model):
        let context = RuleContext(
          model: model, discovery: settled.discovery, assertingHelpers: settled.assertingHelpers,
          runFiles: run.runFiles)
        let tests: FindingStore.Location
        if testsOnly {
          tests = run.records.keep(ResultCache.encodeTests(LintEngine.inventory(context, counter: run.counter)))
          results = run.passes[index].speculated ?? PerFile(findings: .empty(file: index), errors: [])
          if run.collectsTests { results.tests = tests }
        } else {
          (results, tests) = run.lint(context, file: index, entry: entry, with: linter)
        }
        if run.cache != nil { cachedTests = tests }
      }
      store(run, file: index, results: results, cachedTests: cachedTests)
    }
  }

  /// Puts file `index`'s new `results` (when given) in `LintRun.passes`, and with a cache where
  /// its tests now are.
  private static func store(_ run: LintRun, file index: Int, results: PerFile?, cachedTests: FindingStore.Location?) {
    if let results {
      var pass = run.passes[index]
      pass.speculated = results
      run.passes[index] = pass
    }
    if run.cache != nil {
      var cached = run.cachedPasses[index]
      cached.cachedTests = cachedTests
      run.cachedPasses[index] = cached
    }
  }

  /// Adds to file `index`'s tests the calls pass 1's counts left out that count with the
  /// `settled` facts (`LintRun.pendingCounts`), without reading the file again; false when it
  /// cannot, then the tests are counted again from the file.
  private static func recount(_ run: LintRun, settled: RunFacts.Settled, file index: Int, entry: FileEntry) -> Bool {
    guard let (calls, bases) = run.pendingCounts.withLock({ $0.removeValue(forKey: index) }),
      !bases.contains(where: settled.discovery.assumedBases.contains),
      let pending = PendingCalls.read(calls, from: run.records)
    else { return false }
    guard var results = run.passes[index].speculated else { return false }
    // The file's tests, where pass 1 encoded them (for the report, or for the cache).
    guard let location = run.collectsTests ? results.tests : run.cachedPasses[index].cachedTests,
      let decoded = run.records.withBytes(location, { ResultCache.decodeTests(Array($0)[...], path: entry.displayPath) }),
      var tests = decoded
    else { return false }
    // A call asked about under several names counts once (`HelperNames.beginCall`).
    var callCounted = false
    for call in pending {
      guard Int(call.test) < tests.count, let counts = settled.assertingHelpers.settledCounts(call) else { return false }
      if !call.joinsPrevious { callCounted = false }
      if counts, !callCounted { tests[Int(call.test)].assertions += 1 }
      callCounted = callCounted || counts
    }
    let recounted = run.records.keep(ResultCache.encodeTests(tests))
    results.tests = recounted
    store(run, file: index, results: run.collectsTests ? results : nil, cachedTests: recounted)
    return true
  }
}
