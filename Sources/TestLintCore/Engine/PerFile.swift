/// One file's results: its findings encoded (`FindingBlock`), its problems and tests.
///
/// A run holds one per file until it ends (in pass 1's records), so what most files do not have
/// (problems, tests for the health reports) is held aside, one reference, nil for most files:
/// 56 bytes a file, not 128.
struct PerFile: Sendable {
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
  struct Extras: Sendable {
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
