/// What the files of one workspace folder declare that matters to every file in it: classes
/// with their superclasses (which classes are test cases) and assertion helpers. This is pass 1
/// of a `LintEngine` run, kept per file between requests, so linting the buffer on screen scans
/// only the buffer; a saved or changed file updates its own entry.
struct WorkspaceIndex: Sendable {
  /// What one file declares.
  struct Contribution: Sendable, Equatable {
    var hierarchy = ClassHierarchy()
    var helpers: [HelperSummary] = []

    static func == (lhs: Contribution, rhs: Contribution) -> Bool {
      lhs.hierarchy.superclasses == rhs.hierarchy.superclasses && lhs.helpers == rhs.helpers
    }
  }

  /// The folder whose files are indexed (nil: none).
  let root: String?
  /// Decides which files belong (the configuration's `included` / `excluded`).
  let filter: @Sendable (String, Bool) -> Bool
  /// What counts as an assertion when summarising helpers.
  let matcher: AssertionMatcher
  /// Base classes whose subclasses are test cases (`XCTestCase` and `test_base_classes`).
  let roots: Set<String>
  /// Each file's contribution by absolute path.
  private(set) var contributions: [String: Contribution] = [:]
  /// The contributions of every file but one, merged: the context of the file being edited.
  private var mergedExcluding: (path: String, merged: Contribution)?
  /// The last answer of `context`, reused while the buffer declares the same things.
  private var lastContext:
    (path: String, buffer: Contribution, discovery: TestDiscovery, helpers: Set<String>)?

  /// Indexes the files under `root` that `filter` accepts, reading them with `load`.
  init(
    root: String, filter: @escaping @Sendable (String, Bool) -> Bool, matcher: AssertionMatcher,
    roots: Set<String>, threads: Int,
    load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = LintEngine.readFromDisk
  ) {
    self.root = root
    self.filter = filter
    self.matcher = matcher
    self.roots = roots
    let files = FileWalker.collect([root], workingDirectory: root, filter: filter).files
    let found = Parallel.map(count: files.count, threads: threads) { index -> Contribution? in
      guard let bytes = try? load(files[index]) else { return nil }
      return Self.contribution(path: files[index].displayPath, bytes: bytes, matcher: matcher)
    }
    for (file, contribution) in zip(files, found) {
      if let contribution { contributions[file.path] = contribution }
    }
  }

  /// An index of no files (a file outside every workspace folder is linted alone).
  init(
    filter: @escaping @Sendable (String, Bool) -> Bool, matcher: AssertionMatcher,
    roots: Set<String>
  ) {
    self.root = nil
    self.filter = filter
    self.matcher = matcher
    self.roots = roots
  }

  /// Whether a file belongs to this index.
  func covers(_ path: String) -> Bool {
    guard let root else { return false }
    return FileWalker.relativePath(path, to: root) != nil && path.hasSuffix(".swift")
      && filter(path, false)
  }

  /// Records a file's new content, scanned (nil: it was deleted or is no longer readable).
  mutating func update(_ path: String, model: FileModel?) {
    let new = model.map { Self.contribution(of: $0, matcher: matcher) }
    guard contributions[path] != new else { return }
    contributions[path] = new
    mergedExcluding = nil
    lastContext = nil
  }

  /// What one file's scanned model declares.
  static func contribution(of model: FileModel, matcher: AssertionMatcher) -> Contribution {
    var hierarchy = ClassHierarchy()
    hierarchy.add(model)
    return Contribution(hierarchy: hierarchy, helpers: matcher.helperSummaries(in: model))
  }

  /// Test discovery and asserting helpers for the file at `path` whose buffer declares
  /// `buffer`: the other files come from the index, that file from its buffer.
  mutating func context(for path: String, buffer: Contribution) -> (
    discovery: TestDiscovery, helpers: Set<String>
  ) {
    if let last = lastContext, last.path == path, last.buffer == buffer {
      return (last.discovery, last.helpers)
    }
    if mergedExcluding?.path != path {
      var merged = Contribution()
      for (other, contribution) in contributions where other != path {
        merged.hierarchy.merge(contribution.hierarchy)
        merged.helpers.append(contentsOf: contribution.helpers)
      }
      mergedExcluding = (path, merged)
    }
    var all = mergedExcluding?.merged ?? Contribution()
    all.hierarchy.merge(buffer.hierarchy)
    all.helpers.append(contentsOf: buffer.helpers)
    let classes = all.hierarchy.testCaseClasses(roots: roots, specRoots: TestDiscovery.quickRoots)
    let discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
    let helpers = AssertionMatcher.assertingHelperNames(all.helpers)
    lastContext = (path, buffer, discovery, helpers)
    return (discovery, helpers)
  }
}

extension WorkspaceIndex {
  fileprivate static func contribution(path: String, bytes: [UInt8], matcher: AssertionMatcher)
    -> Contribution?
  {
    guard let source = try? SourceFile(path: path, bytes: bytes) else { return nil }
    return contribution(of: Scanner.scan(source), matcher: matcher)
  }
}
