import Synchronization

/// The runs of `--fix` and `testlint inventory`, apart from the report's (`encodedRun`'s
/// stages): one pass reads and scans every file for what the run declares (`prepare`), keeping
/// models within a memory budget (`ModelBudget`); then each file is fixed or its tests listed
/// with the settled facts, its model kept or read and scanned again.
extension LintEngine {
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
            of: model, matcher: assertionMatcher, forCache: false, assumption: baseAssumption))
        return keep ? PreparedRun.File(model: model) : nil
      } catch {
        return PreparedRun.File(error: error)
      }
    }
    return PreparedRun(
      settled: facts.settled(roots: Set(["XCTestCase"] + testBaseClasses), releasing: true), scanned: scanned)
  }

  /// A file read and scanned.
  static func scan(
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

/// Memory for models kept from pass 1 to pass 2, shared by the workers: first come, first
/// kept, so memory stays bounded whatever the tree's size (which files are kept changes only
/// how often a file is read, never the results).
final class ModelBudget: Sendable {
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
struct PreparedRun: Sendable {
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
