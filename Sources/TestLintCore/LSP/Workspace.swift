/// The language server's view of the file system: the workspace folders, the configuration
/// each document sees, and an index of the files around it. Reads files (through `FileWalker`
/// and `TestLintCLI.loadConfiguration`) only when a document is first linted under a folder and
/// when files change; linting a buffer afterwards touches no disk.
struct Workspace: Sendable {
  /// What linting one document gave.
  enum Outcome: Sendable {
    /// The findings, with the model and linter they came from.
    case linted(LintedDocument)
    /// The configuration excludes the file: nothing to report.
    case excluded
    /// The document's configuration does not load; the problems are in `.lint.yml`.
    case configurationError(path: String, ConfigurationError)
  }

  /// The workspace folders (absolute paths), from `rootUri` / `workspaceFolders`.
  var folders: [String]
  /// Threads for indexing a folder.
  var threads: Int
  /// The configuration file each folder uses (nil: none, the defaults), by folder.
  private var configurationPaths: [String: String?] = [:]
  /// Loaded configurations by file path ("" for the defaults).
  private var configurations: [String: Result<Configuration, ConfigurationError>] = [:]
  /// Indexes by configuration path and root.
  private var indexes: [String: WorkspaceIndex] = [:]

  /// Creates a workspace over folders.
  init(folders: [String], threads: Int) {
    self.folders = folders
    self.threads = threads
  }

  /// Lints a document's current text as the file at `path`; a buffer with no file
  /// (`untitled:`) as a new file in the first workspace folder, or alone when there is none.
  mutating func lint(_ document: TextDocument, path: String?) -> Outcome {
    guard let path = path ?? folders.first.map({ $0 + "/Untitled.swift" }) else {
      return lintAlone(document)
    }
    let directory = FileWalker.parentDirectory(path)
    let configurationPath: String?
    if let known = configurationPaths[directory] {
      configurationPath = known
    } else {
      configurationPath = TestLintCLI.findConfiguration(from: directory)
      configurationPaths[directory] = configurationPath
    }
    let key = configurationPath ?? ""
    let loaded: Result<Configuration, ConfigurationError>
    if let cached = configurations[key] {
      loaded = cached
    } else {
      loaded = TestLintCLI.loadConfiguration(
        configurationPath, workingDirectory: folder(of: path) ?? directory)
      configurations[key] = loaded
    }
    let configuration: Configuration
    switch loaded {
    case .success(let value): configuration = value
    case .failure(let error): return .configurationError(path: configurationPath ?? "", error)
    }

    let filter = Self.filter(configuration)
    guard filter(path, true) else { return .excluded }
    // The files around it, as with `--stdin-path`: the configuration's folder, else the
    // workspace folder that holds the file; never more than that workspace folder (a
    // `.lint.yml` in a home folder must not make it index the home folder). A file outside
    // both is linted alone rather than with the whole folder it happens to be in (`/tmp`).
    let workspaceFolder = folder(of: path)
    var root = configuration.directory != "." ? configuration.directory : workspaceFolder
    if let workspaceFolder, let candidate = root,
      FileWalker.relativePath(candidate, to: workspaceFolder) == nil
    {
      root = workspaceFolder
    }
    let display = folder(of: path).flatMap { FileWalker.relativePath(path, to: $0) } ?? path
    let matcher = Self.assertionMatcher(configuration)
    var index: WorkspaceIndex
    let indexKey = key + "\u{0}" + (root ?? "")
    let roots = Set(["XCTestCase"] + configuration.testBaseClasses)
    if let root {
      index =
        indexes[indexKey]
        ?? WorkspaceIndex(
          root: root, filter: filter, matcher: matcher, roots: roots,
          assumption: configuration.baseAssumption, threads: threads)
    } else {
      index = WorkspaceIndex(
        filter: filter, matcher: matcher, roots: roots, assumption: configuration.baseAssumption)
    }
    indexes[indexKey] = nil  // keeps `index` uniquely referenced while it is mutated
    defer { if root != nil { indexes[indexKey] = index } }
    return .linted(
      Self.lint(document, path: path, display: display, configuration: configuration, index: &index) {
        other in workspaceFolder.flatMap { FileWalker.relativePath(other, to: $0) } ?? other
      })
  }

  /// A buffer with no file and no folder: the default configuration, nothing around it, and no
  /// file name (so `test_file_name` has nothing to compare).
  private func lintAlone(_ document: TextDocument) -> Outcome {
    let configuration = Configuration()
    var index = WorkspaceIndex(
      filter: { _, _ in true }, matcher: Self.assertionMatcher(configuration), roots: ["XCTestCase"],
      assumption: configuration.baseAssumption)
    return .linted(
      Self.lint(
        document, path: "/Untitled", display: "Untitled", configuration: configuration,
        index: &index))
  }

  /// Lints a buffer as the file at `path` (shown as `display`) with what `index` holds of
  /// the files around it; `displayOf` shows their paths as `display` shows this one.
  private static func lint(
    _ document: TextDocument, path: String, display: String, configuration: Configuration,
    index: inout WorkspaceIndex, displayOf: (String) -> String = { $0 }
  ) -> LintedDocument {
    // A buffer that is not UTF-8 text cannot come from an editor; lint it as text anyway.
    let source =
      (try? SourceFile(path: display, bytes: document.bytes))
      ?? SourceFile(path: display, text: document.text)
    let model = Scanner.scan(source)
    let context = index.context(for: path, buffer: index.contribution(of: model))
    let rules = configuration.enabledRules(RuleRegistry.descriptions).compactMap {
      entry -> ConfiguredRule? in
      guard let type = RuleRegistry.rule(id: entry.description.id) else { return nil }
      return ConfiguredRule(type, severity: entry.severity, options: entry.options)
    }
    let helpers = context.helpers
    // The workspace's files, as a run's (`test_file_name`'s `require_subject_beside`).
    var runFiles: Set<String> = []
    if rules.contains(where: { $0.rule.readsRunFiles }) {
      runFiles = index.runFiles(display: displayOf)
      runFiles.insert(display)
    }
    var linter = DocumentLinter(rules: rules, discovery: context.discovery, assertingHelpers: helpers)
    linter.runFiles = runFiles
    return LintedDocument(
      findings: linter.lint(model), model: model,
      linter: FileLinter(
        rules: rules, discovery: context.discovery, assertingHelpers: helpers, runFiles: runFiles))
  }

  /// The configured `missing_assertion`'s idea of an assertion (for helper summaries).
  private static func assertionMatcher(_ configuration: Configuration) -> AssertionMatcher {
    MissingAssertionRule(
      options: RuleOptions(
        defaultsOf: MissingAssertionRule.description,
        configured: configuration.ruleSettings[MissingAssertionRule.description.id]?.options ?? [:])
    ).matcher
  }

  /// A file changed, appeared or went away (nil): updates the indexes that hold it. `model`
  /// is its content scanned, when the caller has it (a saved buffer just linted); else it is
  /// scanned from `bytes`, once, and only when some index holds the file.
  /// Returns whether any index changed.
  @discardableResult
  mutating func fileChanged(_ path: String, bytes: [UInt8]?, model: FileModel? = nil) -> Bool {
    var changed = false
    var scanned = model
    for key in Array(indexes.keys) {
      guard var index = indexes[key], index.covers(path) else { continue }
      if scanned == nil, let bytes, let source = try? SourceFile(path: path, bytes: bytes) {
        scanned = Scanner.scan(source)
      }
      indexes[key] = nil
      let before = index.contributions[path]
      index.update(path, model: scanned)
      changed = changed || index.contributions[path] != before
      indexes[key] = index
    }
    return changed
  }

  /// A `.lint.yml` changed: forgets every configuration and index; the next lint reloads them.
  mutating func configurationChanged() {
    configurationPaths = [:]
    configurations = [:]
    indexes = [:]
  }

  /// The innermost workspace folder that holds `path`.
  func folder(of path: String) -> String? {
    folders.filter { FileWalker.relativePath(path, to: $0) != nil }.max { $0.count < $1.count }
  }

  /// The configuration's `included` / `excluded`, as the command line applies them.
  static func filter(_ configuration: Configuration) -> @Sendable (String, Bool) -> Bool {
    let directory = configuration.directory
    let included = configuration.included.map(Glob.init)
    let excluded = configuration.excluded.map(Glob.init)
    return { path, isExplicit in
      // Globs are relative to the configuration's folder; they say nothing about files outside it.
      guard directory != ".", let relative = FileWalker.relativePath(path, to: directory) else {
        return true
      }
      if excluded.contains(where: { $0.matches(relative) }) { return false }
      if isExplicit || included.isEmpty { return true }
      return included.contains { $0.matches(relative) }
    }
  }
}
