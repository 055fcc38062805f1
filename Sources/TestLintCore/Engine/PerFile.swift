/// One file's results: its findings encoded (`FindingBlock`), its problems and tests.
///
/// A run holds one per file until it ends (in pass 1's records), so what most files do not have
/// (problems) is held aside, one reference, nil for most files: 56 bytes a file, not 128. Its
/// tests, when the run lists them, are encoded (`ResultCache.encodeTests`) in the run's
/// `LintRun.records`, which pages them out beyond a budget as the findings' store does: the
/// test list of a large tree is not held in memory until the report (`TestList`).
struct PerFile: Sendable {
  var findings: FindingBlock
  /// Where its tests are encoded in `LintRun.records` (empty when the run does not list them).
  var tests = FindingStore.Location.empty
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

    var isEmpty: Bool { errors.isEmpty }
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

  init(findings: FindingBlock, errors: [Diagnostic], tests: FindingStore.Location = .empty) {
    self.findings = findings
    self.tests = tests
    self.extras = Extras(errors: errors)
  }

  /// Cached results of a file, with its current display path; nil when they do not read back.
  /// With `listsTests`, its tests are kept in `testStore` (the run's `LintRun.records`).
  init?(
    stored: ResultCache.StoredResults, path: String, file: Int, codec: FindingCodec, store: FindingStore,
    listsTests: Bool, testStore: FindingStore
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
      guard ResultCache.decodeTests(stored.tests, path: path) != nil else { return nil }
      tests = testStore.keep(Array(stored.tests))
    }
    self.extras = extras
  }
}
