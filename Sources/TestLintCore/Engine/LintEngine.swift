import Synchronization

/// Lints a set of files: learns what the whole run declares (the class hierarchy and the
/// assertion helpers), then checks each file concurrently.
public struct LintEngine: Sendable {
  /// The enabled rules.
  public var rules: [ConfiguredRule]
  /// Base classes declared outside the run (`test_base_classes`).
  public var testBaseClasses: [String]
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
    let (encoded, updated, _) = encodedRun(files, only: only, cache: cache, load: load)
    return (encoded.decoded(threads: threads), updated)
  }

  /// `run(_:only:cache:load:)` with the findings left encoded by file, for the report to
  /// decode or stream file by file; and whether the cache changed (when not, it need not be
  /// written again).
  func encodedRun(
    _ files: [FileEntry], only: Set<Int>? = nil, cache: ResultCache?,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> (result: EncodedLintResult, cache: ResultCache?, cacheChanged: Bool) {
    // Each file's findings are encoded where they are found, on the worker.
    let codec = FindingCodec(ruleIDs: rules.map(\.id), keepsDetails: keepsFindingDetails || cache != nil)
    let store = FindingStore(memoryBytes: findingMemoryBytes, directory: spillDirectory)
    // Hashing every path costs a run's start a few milliseconds per 10,000 files, before any
    // worker starts: only for a rule that reads them.
    let runFiles = rules.contains { $0.rule.readsRunFiles } ? Set(files.map(\.displayPath)) : []
    let counter = assertionCounter
      ?? MissingAssertionRule(options: RuleOptions(defaultsOf: MissingAssertionRule.description))
    let roots = Set(["XCTestCase"] + testBaseClasses)
    let local = FileLinter(rules: rules, discovery: TestDiscovery(testCaseClasses: roots), runFiles: runFiles)
      .keeping(details: codec.keepsDetails)
    let known = KnownFacts()
    let facts = RunFacts()
    // Files that look like they declare base classes and helpers first, so that the files
    // using them find them known and are linted once.
    // Each name is looked at once (a stable partition, not a sort whose comparisons re-read
    // both names: that cost 13% of a run on real code).
    // One array, the early files from the front and the later ones from the back (reversed
    // after): not two lists and their concatenation, alive for the whole run.
    let order = [Int](unsafeUninitializedCapacity: files.count) { buffer, count in
      var front = 0
      var back = files.count
      for index in files.indices {
        if Self.mayDeclareBases(files[index]) {
          buffer[front] = index
          front += 1
        } else {
          back -= 1
          buffer[back] = index
        }
      }
      buffer[front...].reverse()
      count = files.count
    }
    // A thread reads ahead of the workers (not the files the cache answers for); not in a
    // run limited to one thread, which then uses one.
    let prefetcher = threads < 2 ? nil : Prefetcher(count: order.count) { position in
      let entry = files[order[position]]
      if let stamp = entry.stamp, cache?.entries[entry.path]?.stamp == stamp { return nil }
      return entry.path
    }
    // Each file's result goes to its place in `files` (the order only decides when it is read).
    let first = Parallel.map(count: files.count, threads: threads, placing: order) { position -> FirstPass in
      let index = order[position]
      let entry = files[index]
      do throws(Diagnostic) {
        prefetcher?.starting(position)
        let read = try Self.read(entry, cache: cache, load: load)
        if let reused = read.reused {
          if let declarations = reused.declarations { facts.add(declarations) }
          return reused
        }
        let (bytes, hash, stamp) = (read.bytes, read.hash, read.stamp)
        let model = Scanner.scan(try SourceFile(path: entry.displayPath, bytes: bytes))
        let linted = only?.contains(index) ?? true
        var declarations = ResultCache.declarations(
          of: model, matcher: assertionMatcher, forCache: cache != nil, sorted: cache != nil)
        guard linted else {
          facts.add(declarations)
          return FirstPass(
            declarations: cache == nil ? nil : declarations, hash: hash, stamp: stamp, model: nil,
            error: nil, cached: nil)
        }
        let guess = Speculation(declarations, roots: roots, known: known)
        known.publish(guess)
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
        var pass = FirstPass(
          declarations: cache == nil ? nil : declarations, hash: hash, stamp: stamp, model: nil,
          error: nil, cached: nil)
        // The helpers the rules asked about and did not find are what the results assumed
        // does not assert (a name they never asked about cannot change them).
        let misses = HelperNames.Misses()
        let context = RuleContext(
          model: model, discovery: guess.discovery,
          assertingHelpers: HelperNames(guess.assertingHelpers).recordingMisses(in: misses, known: known),
          runFiles: runFiles)
        let result = local.lint(context)
        pass.speculated = PerFile(
          findings: codec.encode(result.findings, path: entry.displayPath, store: store),
          errors: result.problems,
          tests: collectsTests ? Self.inventory(context, counter: counter) : [])
        pass.speculation = Speculation.Unsettled(
          entries: facts.add(declarations, types: guess.unsettledTypes, callees: misses.recorded))
        return pass
      } catch {
        return FirstPass(
          declarations: nil, hash: nil, stamp: nil, model: nil, error: error, cached: nil)
      }
    }
    prefetcher?.stop()
    let run = prepared(first, facts: facts)
    // The digests serve the cache only (without one, no array of them: 16 bytes a file).
    var digests: [UInt64?] = []
    if cache != nil {
      // Rules may look at the files beside a file (`test_file_name`): their names are a
      // dependency of its cached results.
      var folders: [String: [String]] = [:]
      for file in files { folders[FileWalker.parentDirectory(file.path), default: []].append(file.path) }
      let siblings = folders.mapValues { FindingFingerprint.fnv1a64($0.sorted()) }
      digests = files.indices.map { index -> UInt64? in
        run.passes[index].declarations.map {
          ResultCache.dependencies(
            of: $0, discovery: run.discovery, assertingHelpers: run.assertingHelpers)
            ^ (siblings[FileWalker.parentDirectory(files[index].path)] ?? 0)
        }
      }
    }
    let dependencies = digests
    /// The digest of file `index`'s dependencies (nil without a cache).
    @Sendable func dependency(_ index: Int) -> UInt64? { dependencies.isEmpty ? nil : dependencies[index] }
    let answers = run.settled
    let holds = Parallel.map(count: files.count, threads: threads) { index in
      first[index].speculation?.holds(answers) == true
    }
    // Each file's results: those pass 1 speculated when they hold (most files; read from
    // `first` where they are, not copied), else the ones `decided` holds: an error, cached
    // results or a second lint.
    var decided: [Int: PerFile] = [:]
    // Files whose cache entry stays as it is: same stamp, and its results reused.
    var unchanged = Set<Int>()
    var again: [Int] = []
    for index in files.indices {
      let path = files[index].displayPath
      if let only, !only.contains(index) {
        continue
      } else if let error = first[index].error {
        decided[index] = PerFile(findings: .empty(path: path), errors: [error], tests: [])
      } else if let reused = first[index].cachedDependencies, reused == dependency(index),
        let cached = first[index].cachedResults
      {
        decided[index] = PerFile(results: cached, path: path, codec: codec, store: store)
        if let stamp = files[index].stamp, cache?.entries[files[index].path]?.stamp == stamp {
          unchanged.insert(index)
        }
      } else if first[index].speculated != nil, holds[index] {
        continue
      } else {
        again.append(index)
      }
    }
    /// The results of file `index` (nil for a file `only` leaves out).
    func results(_ index: Int) -> PerFile? {
      if let only, !only.contains(index) { return nil }
      if let pass = decided[index] { return pass }
      var speculated = first[index].speculated
      speculated?.dependencies = dependency(index)
      return speculated
    }
    let linter = FileLinter(
      rules: rules, discovery: run.discovery, assertingHelpers: run.assertingHelpers,
      runFiles: runFiles
    ).keeping(details: codec.keepsDetails)
    let relint = again
    let relinted = Parallel.map(count: relint.count, threads: threads) { position -> PerFile in
      let index = relint[position]
      let path = files[index].displayPath
      switch run.model(index, files: files, load: load) {
      case .failure(let error): return PerFile(findings: .empty(path: path), errors: [error], tests: [])
      case .success(let model):
        let context = RuleContext(
          model: model, discovery: run.discovery, assertingHelpers: run.assertingHelpers,
          runFiles: runFiles)
        let result = linter.lint(context)
        var pass = PerFile(
          findings: codec.encode(result.findings, path: path, store: store), errors: result.problems,
          tests: collectsTests ? Self.inventory(context, counter: counter) : [])
        pass.dependencies = dependency(index)
        return pass
      }
    }
    for (position, index) in again.enumerated() { decided[index] = relinted[position] }
    // Each file's findings are sorted by its linter and encoded: placing the files in path
    // order places the findings in report order, with no sort of them all.
    // The results are read where they are (`first`, or `decided` for the few others), not
    // copied out per file. (A file without findings has no place in the report.)
    var blocks: [FindingBlock] = []
    var errors: [Diagnostic] = []
    var tests: [InventoryEntry] = []
    /// Calls `body` with the results of file `index` where they are (`results(_:)` without the
    /// copy and the digest); not for a file `only` leaves out.
    func withResults(_ index: Int, _ body: (PerFile) -> Void) {
      if let only, !only.contains(index) { return }
      if !decided.isEmpty, let pass = decided[index] { return body(pass) }
      if first[index].speculated != nil { body(first[index].speculated!) }
    }
    var withFindings = 0
    for index in files.indices { withResults(index) { if $0.findings.count > 0 { withFindings += 1 } } }
    blocks.reserveCapacity(withFindings)
    for index in files.indices {
      withResults(index) { pass in
        if pass.findings.count > 0 { blocks.append(pass.findings) }
        errors.append(contentsOf: pass.errors)
        tests.append(contentsOf: pass.tests)
      }
    }
    let descriptions = rules.compactMap { RuleRegistry.rule(id: $0.id)?.description }
    let linted = only.map { indices in indices.sorted().map { files[$0] } } ?? files
    let result = EncodedLintResult(
      findings: FindingsByFile(blocks: blocks, codec: codec, store: store), errors: errors.sorted(),
      files: linted.map(\.displayPath).sorted(), rules: descriptions.sorted { $0.id < $1.id },
      tests: InventoryEntry.sorted(tests))
    guard var updated = cache else { return (result, nil, false) }
    var changed = false
    for (index, file) in files.enumerated() where !unchanged.contains(index) {
      changed = true
      let pass = run.passes[index]
      guard let declarations = pass.declarations, let hash = pass.hash, let stamp = file.stamp ?? pass.stamp
      else {
        updated.entries[file.path] = nil
        continue
      }
      var entry = ResultCache.Entry(
        stamp: stamp, contentHash: hash, declarations: declarations, results: nil)
      if let pass = results(index), let dependencies = pass.dependencies,
        pass.errors.allSatisfy({ $0.path == file.displayPath })
      {
        var problems: [Diagnostic] = []
        let findings = result.findings.findings(of: [pass.findings], problems: &problems)
        entry.results = problems.isEmpty
          ? ResultCache.Results(
            dependencies: dependencies, findings: findings, problems: pass.errors, tests: pass.tests)
          : nil
      } else if let cached = pass.cachedResults, only?.contains(index) == false {
        entry.results = cached
      }
      updated.entries[file.path] = entry
    }
    return (result, updated, changed)
  }

  /// The fixed content of every file a fix applies to: (file index, original, fixed, fixes).
  public func fixes(
    _ files: [FileEntry], only: Set<Int>? = nil,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = readFromDisk
  ) -> [FixedFile] {
    let run = prepare(files, load: load)
    let fixer = Fixer(
      linter: FileLinter(
        rules: rules, discovery: run.discovery, assertingHelpers: run.assertingHelpers,
        runFiles: rules.contains { $0.rule.readsRunFiles } ? Set(files.map(\.displayPath)) : []))
    let results = Parallel.map(count: files.count, threads: threads) { index -> FixedFile? in
      if let only, !only.contains(index) { return nil }
      guard run.passes[index].error == nil, let original = try? load(files[index]) else { return nil }
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
    return (InventoryEntry.sorted(perFile.flatMap(\.0)), perFile.compactMap(\.1).sorted())
  }

  /// The tests of one file with their assertion counts.
  static func inventory(_ context: RuleContext, counter: MissingAssertionRule) -> [InventoryEntry] {
    let model = context.model
    return context.tests.map { test in
      InventoryEntry(
        file: model.source.path, suite: test.suite,
        name: (test.groups + [test.name]).joined(separator: ", "), framework: test.framework,
        line: model.source.line(of: test.nameOffset),
        assertions: counter.assertionCount(of: test, in: context))
    }
  }

  /// Pass 1: reads and scans every file for what the run declares.
  private func prepare(
    _ files: [FileEntry], load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8],
    cache: ResultCache? = nil
  ) -> PreparedRun {
    let budget = ModelBudget(bytes: modelCacheBytes)
    let facts = RunFacts()
    let first = Parallel.map(count: files.count, threads: threads) { index -> FirstPass in
      let entry = files[index]
      do throws(Diagnostic) {
        let read = try Self.read(entry, cache: cache, load: load)
        if let reused = read.reused {
          if let declarations = reused.declarations { facts.add(declarations) }
          return reused
        }
        let (bytes, hash, stamp) = (read.bytes, read.hash, read.stamp)
        let source = try SourceFile(path: entry.displayPath, bytes: bytes)
        let model = Scanner.scan(source)
        let keep = budget.reserve(bytes.count * Self.modelBytesPerSourceByte)
        let declarations = ResultCache.declarations(
          of: model, matcher: assertionMatcher, forCache: cache != nil)
        facts.add(declarations)
        return FirstPass(
          declarations: cache == nil ? nil : declarations, hash: hash,
          stamp: stamp, model: keep ? model : nil, error: nil, cached: nil)
      } catch {
        return FirstPass(
          declarations: nil, hash: nil, stamp: nil, model: nil, error: error, cached: nil)
      }
    }
    return prepared(first, facts: facts)
  }

  /// A file as pass 1 starts with it: what the cache holds for it when its size and
  /// modification time (then, once read, its content) are unchanged (`reused`); otherwise its
  /// bytes, their hash (0 without a cache) and its stamp.
  private static func read(
    _ entry: FileEntry, cache: ResultCache?, load: (FileEntry) throws(Diagnostic) -> [UInt8]
  ) throws(Diagnostic) -> (reused: FirstPass?, bytes: [UInt8], hash: UInt64, stamp: FileStamp) {
    let cached = cache?.entries[entry.path]
    // Unchanged size and modification time: trust the cache without reading the file.
    if let cached, let stamp = entry.stamp, cached.stamp == stamp {
      let reused = FirstPass(
        declarations: cached.declarations, hash: cached.contentHash, stamp: stamp, model: nil,
        error: nil, cached: cached)
      return (reused, [], cached.contentHash, stamp)
    }
    let bytes = try load(entry)
    let hash = cache == nil ? 0 : ResultCache.hash(bytes)
    let stamp = entry.stamp ?? FileStamp(size: bytes.count, modified: 0)
    guard let cached, cached.contentHash == hash else { return (nil, bytes, hash, stamp) }
    let reused = FirstPass(
      declarations: cached.declarations, hash: hash, stamp: stamp, model: nil, error: nil,
      cached: cached)
    return (reused, bytes, hash, stamp)
  }

  /// Whether a file's name suggests base classes or helpers rather than tests (its name does
  /// not end in `Tests`, `Test`, `Spec` or `Specs`): pass 1 reads such files first.
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
  private static func mayDeclareBases(fileName path: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = path.startIndex
    if let slash = path.lastIndex(of: UInt8(ascii: "/")) { start = slash + 1 }
    var end = path.endIndex
    if end - start >= 6, path[(end - 6)..<end].elementsEqual(".swift".utf8) { end -= 6 }
    let name = UnsafeBufferPointer(rebasing: path[start..<end])
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

  /// What the run declares, from what pass 1 learnt of each file (its declarations are in
  /// `facts`).
  private func prepared(_ first: [FirstPass], facts: RunFacts) -> PreparedRun {
    PreparedRun(settled: facts.settled(roots: Set(["XCTestCase"] + testBaseClasses)), passes: first)
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

  /// Creates an entry.
  public init(
    file: String, suite: String?, name: String, framework: TestFramework, line: Int, assertions: Int
  ) {
    self.file = file
    self.suite = suite
    self.name = name
    self.framework = framework
    self.line = line
    self.assertions = assertions
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
  let passes: [FirstPass]
  var discovery: TestDiscovery { settled.discovery }
  var assertingHelpers: HelperNames { settled.assertingHelpers }

  /// The model of file `index`: kept from pass 1, or read and scanned again.
  func model(
    _ index: Int, files: [FileEntry], load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> Result<FileModel, Diagnostic> {
    if let error = passes[index].error { return .failure(error) }
    if let kept = passes[index].model { return .success(kept) }
    let entry = files[index]
    do throws(Diagnostic) {
      let source = try SourceFile(path: entry.displayPath, bytes: try load(entry))
      return .success(Scanner.scan(source))
    } catch {
      return .failure(error)
    }
  }
}

/// What pass 1 learnt of one file. A run holds one per file until pass 1 ends, so what few
/// files have (a kept model, a problem, cached results) and what only a run with a cache keeps
/// (the declarations, with the content hash and stamp) is kept aside, not in every one.
private struct FirstPass: Sendable {
  /// The file's results linted with its own declarations standing for the run's.
  var speculated: PerFile?
  /// What those results assumed about the rest of the run.
  var speculation: Speculation.Unsettled?
  private let rare: Rare?

  private final class Rare: Sendable {
    let declarations: ResultCache.Declarations?
    let hash: UInt64?
    let stamp: FileStamp?
    let model: FileModel?
    let error: Diagnostic?
    let cached: ResultCache.Entry?

    init(
      declarations: ResultCache.Declarations?, hash: UInt64?, stamp: FileStamp?, model: FileModel?,
      error: Diagnostic?, cached: ResultCache.Entry?
    ) {
      self.declarations = declarations
      self.hash = hash
      self.stamp = stamp
      self.model = model
      self.error = error
      self.cached = cached
    }
  }

  var declarations: ResultCache.Declarations? { rare?.declarations }
  var hash: UInt64? { rare?.hash }
  var stamp: FileStamp? { rare?.stamp }
  var model: FileModel? { rare?.model }
  var error: Diagnostic? { rare?.error }
  /// The results the cache holds for the file (decoded on each call).
  var cachedResults: ResultCache.Results? { rare?.cached?.results }
  /// What they were computed with (without decoding them).
  var cachedDependencies: UInt64? { rare?.cached?.resultsDependencies }

  /// `hash` and `stamp` are kept only with `declarations` (the cache reads the three together).
  init(
    declarations: ResultCache.Declarations?, hash: UInt64?, stamp: FileStamp?, model: FileModel?,
    error: Diagnostic?, cached: ResultCache.Entry?
  ) {
    rare =
      declarations == nil && model == nil && error == nil && cached == nil
      ? nil
      : Rare(
        declarations: declarations, hash: hash, stamp: stamp, model: model, error: error,
        cached: cached)
  }
}

/// One file's results: its findings encoded (`FindingBlock`), its problems and tests.
private struct PerFile: Sendable {
  var findings: FindingBlock
  var errors: [Diagnostic]
  var tests: [InventoryEntry]
  var dependencies: UInt64?

  init(findings: FindingBlock, errors: [Diagnostic], tests: [InventoryEntry]) {
    self.findings = findings
    self.errors = errors
    self.tests = tests
  }

  /// Cached results of a file, with its current display path.
  init(results: ResultCache.Results, path: String, codec: FindingCodec, store: FindingStore) {
    findings = codec.encode(results.findings, path: path, allOfFile: true, store: store)
    errors = results.problems.map { problem in
      var copy = problem
      copy.path = path
      return copy
    }
    tests = results.tests.map { test in
      var copy = test
      copy.file = path
      return copy
    }
    dependencies = results.dependencies
  }
}
