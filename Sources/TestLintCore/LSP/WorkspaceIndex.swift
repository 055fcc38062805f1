/// What the files of one workspace folder declare that matters to every file in it: classes
/// with their superclasses (which classes are test cases), assertion helpers, and what tells
/// which undeclared bases are assumed to be test bases (`BaseAssumption`) and which checks the
/// workspace declares. This is pass 1 of a `LintEngine` run, kept per file between requests, so
/// linting the buffer on screen scans only the buffer; a saved or changed file updates its own
/// entry. What the run settles from it is settled the way `RunFacts.settled` does, through the
/// same `AssumedBaseFacts`, so the server sees what a command-line run of the folder sees.
struct WorkspaceIndex: Sendable {
  /// What one file declares.
  struct Contribution: Sendable, Equatable {
    var hierarchy = ClassHierarchy()
    var helpers: [HelperSummary] = []
    /// The bases of its classes that may be assumed (`ResultCache.Declarations.baseCandidates`).
    var baseCandidates: [String] = []
    /// The names it declares that tell an assumption wrong, and its checks
    /// (`ResultCache.Declarations.declaredNames`).
    var declaredNames: [String] = []

    static func == (lhs: Contribution, rhs: Contribution) -> Bool {
      lhs.hierarchy.superclasses == rhs.hierarchy.superclasses && lhs.helpers == rhs.helpers
        && lhs.baseCandidates == rhs.baseCandidates && lhs.declaredNames == rhs.declaredNames
    }

    /// Adds another file's contribution (what `AssumedBaseFacts.add` reads adds up: counts of
    /// candidates, unions of names, lists of helpers).
    mutating func merge(_ other: Contribution) {
      hierarchy.merge(other.hierarchy)
      helpers.append(contentsOf: other.helpers)
      baseCandidates.append(contentsOf: other.baseCandidates)
      declaredNames.append(contentsOf: other.declaredNames)
    }
  }

  /// What the files settle for the one being linted.
  struct Context: Sendable {
    /// Which classes are test cases, and which rest on assumed bases.
    var discovery: TestDiscovery
    /// The functions that assert, and the checks the workspace declares.
    var helpers: HelperNames
  }

  /// The folder whose files are indexed (nil: none).
  let root: String?
  /// Decides which files belong (the configuration's `included` / `excluded`).
  let filter: @Sendable (String, Bool) -> Bool
  /// What counts as an assertion when summarising helpers.
  let matcher: AssertionMatcher
  /// Base classes whose subclasses are test cases (`XCTestCase` and `test_base_classes`).
  let roots: Set<String>
  /// Which undeclared bases are taken for test bases (nil: `assume_test_bases: false`).
  let assumption: BaseAssumption?
  /// Each file's contribution by absolute path.
  private(set) var contributions: [String: Contribution] = [:]
  /// The contributions of every file but one, merged: the context of the file being edited.
  private var mergedExcluding: (path: String, merged: Contribution)?
  /// The display paths of the indexed files (`runFiles`), kept until a file comes or goes.
  private var displayPaths: Set<String>?
  /// The last answer of `context`, reused while the buffer declares the same things.
  private var lastContext: (path: String, buffer: Contribution, context: Context)?

  /// Indexes the files under `root` that `filter` accepts, reading them with `load`.
  init(
    root: String, filter: @escaping @Sendable (String, Bool) -> Bool, matcher: AssertionMatcher,
    roots: Set<String>, assumption: BaseAssumption?, threads: Int,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = LintEngine.readFromDisk
  ) {
    self.root = root
    self.filter = filter
    self.matcher = matcher
    self.roots = roots
    self.assumption = assumption
    let files = FileWalker.collect([root], workingDirectory: root, filter: filter).files
    let found = Parallel.map(count: files.count, threads: threads) { index -> Contribution? in
      guard let bytes = try? load(files[index]) else { return nil }
      return Self.contribution(
        path: files[index].displayPath, bytes: bytes, matcher: matcher, assumption: assumption)
    }
    for (file, contribution) in zip(files, found) {
      if let contribution { contributions[file.path] = contribution }
    }
  }

  /// An index of no files (a file outside every workspace folder is linted alone).
  init(
    filter: @escaping @Sendable (String, Bool) -> Bool, matcher: AssertionMatcher,
    roots: Set<String>, assumption: BaseAssumption?
  ) {
    self.root = nil
    self.filter = filter
    self.matcher = matcher
    self.roots = roots
    self.assumption = assumption
  }

  /// Whether a file belongs to this index.
  func covers(_ path: String) -> Bool {
    guard let root else { return false }
    return FileWalker.relativePath(path, to: root) != nil && path.hasSuffix(".swift")
      && filter(path, false)
  }

  /// Records a file's new content, scanned (nil: it was deleted or is no longer readable).
  mutating func update(_ path: String, model: FileModel?) {
    let new = model.map(contribution(of:))
    guard contributions[path] != new else { return }
    if (contributions[path] == nil) != (new == nil) { displayPaths = nil }
    contributions[path] = new
    mergedExcluding = nil
    lastContext = nil
  }

  /// The display paths (`display` of each absolute path) of the indexed files: a run's files,
  /// as `test_file_name`'s `require_subject_beside` reads them (`RuleContext.runFiles`).
  mutating func runFiles(display: (String) -> String) -> Set<String> {
    if let displayPaths { return displayPaths }
    let paths = Set(contributions.keys.map(display))
    displayPaths = paths
    return paths
  }

  /// What one file's scanned model declares, as pass 1 of a run reads it
  /// (`ResultCache.declarations`).
  func contribution(of model: FileModel) -> Contribution {
    Self.contribution(of: model, matcher: matcher, assumption: assumption)
  }

  /// `contribution(of:)` with this matcher and assumption.
  static func contribution(of model: FileModel, matcher: AssertionMatcher, assumption: BaseAssumption?)
    -> Contribution
  {
    let declarations = ResultCache.declarations(
      of: model, matcher: matcher, forCache: false, sorted: false, assumption: assumption)
    var hierarchy = ClassHierarchy()
    hierarchy.add(declarations.classes)
    return Contribution(
      hierarchy: hierarchy, helpers: declarations.helpers, baseCandidates: declarations.baseCandidates,
      declaredNames: declarations.declaredNames)
  }

  /// Test discovery and asserting helpers for the file at `path` whose buffer declares
  /// `buffer`: the other files come from the index, that file from its buffer.
  mutating func context(for path: String, buffer: Contribution) -> Context {
    if let last = lastContext, last.path == path, last.buffer == buffer { return last.context }
    if mergedExcluding?.path != path {
      var merged = Contribution()
      for (other, contribution) in contributions where other != path { merged.merge(contribution) }
      mergedExcluding = (path, merged)
    }
    var all = mergedExcluding?.merged ?? Contribution()
    all.merge(buffer)
    let context = Self.settle(all, roots: roots, assumption: assumption)
    lastContext = (path, buffer, context)
    return context
  }

  /// What the files settle, as `RunFacts.settled` does for a run: the bases assumed (through
  /// `AssumedBaseFacts`, which the run uses) are roots as the certain ones are; a function that
  /// calls a check no file declares asserts; a call of a check no file declares may count as
  /// an assertion (`HelperNames.declaresNone`).
  static func settle(_ all: Contribution, roots: Set<String>, assumption: BaseAssumption?) -> Context {
    // Without an assumption, the facts still tell which checks the files declare.
    let facts = AssumedBaseFacts(assumption ?? BaseAssumption(suffixes: []))
    facts.add(
      ResultCache.Declarations(
        classes: [], helpers: all.helpers, typeReferences: [], calledNames: [],
        baseCandidates: all.baseCandidates, declaredNames: all.declaredNames))
    let checks = facts.settled(certain: roots, superclasses: all.hierarchy.superclasses(of:))
    let assumedBases = Set(checks.bases.map(\.name))
    let classes = all.hierarchy.testCaseClasses(
      roots: roots.union(assumedBases), specRoots: TestDiscovery.quickRoots)
    var discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
    discovery.baseAssumption = facts.assumption
    if !assumedBases.isEmpty {
      discovery.assumedBases = all.hierarchy.testCaseClasses(roots: assumedBases)
      discovery.declaredChecks = checks.declaredChecks
    }
    // The helpers that call a check no file declares assert, bases assumed or not.
    var helpers = all.helpers
    if !checks.checkCallers.isEmpty {
      for index in helpers.indices
      where !helpers[index].asserts && checks.checkCallers.contains(NameKey(helpers[index].name)) {
        helpers[index].asserts = true
        helpers[index].callees = []
      }
    }
    let asserting = AssertionMatcher.assertingHelperNames(helpers)
    return Context(
      discovery: discovery,
      helpers: HelperNames(
        keys: Set(asserting.map(NameKey.init)),
        declaredChecks: Set(checks.declaredChecks.map(NameKey.init))))
  }
}

extension WorkspaceIndex {
  fileprivate static func contribution(
    path: String, bytes: [UInt8], matcher: AssertionMatcher, assumption: BaseAssumption?
  ) -> Contribution? {
    guard let source = try? SourceFile(path: path, bytes: bytes) else { return nil }
    return contribution(of: Scanner.scan(source), matcher: matcher, assumption: assumption)
  }
}
