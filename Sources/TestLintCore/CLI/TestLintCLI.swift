#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole command-line program as a function, so tests run it in-process.
public enum TestLintCLI {
  /// The name of the configuration file looked for in the working directory and its parents.
  public static let configurationFileName = ".lint.yml"

  /// Runs testlint with `arguments` (without the program name) and returns the exit code.
  /// Output goes to `stdout` and `stderr`; report files named with `--reporter NAME:FILE` are
  /// written to disk.
  /// `standardInput` is read only with `--stdin-path`.
  public static func run(
    _ arguments: [String], workingDirectory: String = FileWalker.currentDirectory(),
    standardInput: () -> [UInt8] = { [] }, stdout: inout String, stderr: inout String
  ) -> ExitCode {
    run(
      arguments, workingDirectory: workingDirectory, standardInput: standardInput,
      output: { stdout += $0 }, stderr: &stderr)
  }

  /// Runs testlint as `run(_:workingDirectory:standardInput:stdout:stderr:)` does, passing
  /// standard output to `output` in pieces as they are ready: a long report is written while
  /// it is rendered, never held whole (`ReportPass`).
  public static func run(
    _ arguments: [String], workingDirectory: String = FileWalker.currentDirectory(),
    standardInput: () -> [UInt8] = { [] }, output: (String) -> Void, stderr: inout String
  ) -> ExitCode {
    // Normalized once ("/tmp/x/" and "/tmp/x/./" become "/tmp/x") so that every path derived
    // from it (the configuration's, the files') is printed relative to it the same way.
    let workingDirectory =
      workingDirectory.hasPrefix("/")
      ? FileWalker.absolutePath(workingDirectory, workingDirectory: "/") : workingDirectory
    let parsed: Arguments
    do {
      parsed = try Arguments.parse(arguments)
    } catch {
      stderr += "testlint: error: \(error.message)\nrun 'testlint --help' for usage\n"
      return .failure
    }
    switch parsed.command {
    case .help:
      output(Help.text)
      return .success
    case .version:
      output(ToolInfo.version + "\n")
      return .success
    case .rules:
      var text = ""
      defer { output(text) }
      return rules(parsed, stdout: &text, stderr: &stderr)
    case .lsp:
      var text = ""
      defer { output(text) }
      return languageServer(parsed, standardInput: standardInput, stdout: &text, stderr: &stderr)
    case .lint, .inventory:
      return lint(
        parsed, workingDirectory: workingDirectory, standardInput: standardInput, output: output,
        stderr: &stderr)
    case .baseline:
      // `testlint baseline prune FILE [PATHS...]`
      guard parsed.paths.first == "prune", parsed.paths.count >= 2 else {
        stderr += "testlint: error: usage: testlint baseline prune FILE [PATHS...]\n"
        return .failure
      }
      var arguments = parsed
      arguments.command = .lint
      arguments.baselinePath = parsed.paths[1]
      arguments.paths = Array(parsed.paths.dropFirst(2))
      return lint(
        arguments, workingDirectory: workingDirectory, standardInput: standardInput,
        output: output, stderr: &stderr, pruneBaseline: true)
    }
  }

  // MARK: rules

  static func rules(_ arguments: Arguments, stdout: inout String, stderr: inout String) -> ExitCode {
    let descriptions = RuleRegistry.descriptions
    guard let id = arguments.paths.first else {
      stdout += RuleTable.render(descriptions)
      return .success
    }
    guard let page = RulePages.pages[id] else {
      var message = "testlint: error: unknown rule '\(id)'"
      if let close = Suggestion.closest(to: id, in: descriptions.map(\.id)) {
        message += "; did you mean '\(close)'?"
      }
      stderr += message + "\nrun 'testlint rules' for the list\n"
      return .failure
    }
    stdout += page + "\n"
    return .success
  }

  // MARK: lsp

  /// `testlint lsp` in-process: the whole of `standardInput` is the client's messages and the
  /// replies are returned at once. The executable streams instead (`LanguageServerLoop`).
  static func languageServer(
    _ arguments: Arguments, standardInput: () -> [UInt8], stdout: inout String, stderr: inout String
  ) -> ExitCode {
    if let path = arguments.paths.first {
      stderr += "testlint: error: 'lsp' takes no paths, not '\(path)'; it reads the editor's messages on standard input\n"
      return .failure
    }
    let log = LogBuffer()
    var server = LanguageServer(threads: arguments.threads ?? processorCount()) { log.append($0) }
    for message in server.receive(standardInput()) { stdout += String(decoding: message, as: UTF8.self) }
    stderr += log.text
    return server.exitCode == 0 ? .success : .findings
  }

  // MARK: lint and inventory

  static func lint(
    _ arguments: Arguments, workingDirectory: String, standardInput: () -> [UInt8],
    output: (String) -> Void, stderr: inout String, pruneBaseline: Bool = false
  ) -> ExitCode {
    // With `--stdin-path`, the configuration is the one that file would see.
    let stdinPath = arguments.stdinPath.map { FileWalker.absolutePath($0, workingDirectory: workingDirectory) }
    let configuration: Configuration
    switch loadConfiguration(
      arguments.configPath, workingDirectory: workingDirectory,
      searchFrom: stdinPath.map(FileWalker.parentDirectory) ?? workingDirectory)
    {
    case .success(let loaded): configuration = loaded
    case .failure(let error):
      for diagnostic in error.diagnostics { stderr += diagnostic.formatted + "\n" }
      return .failure
    }

    // Rules.
    let descriptions = RuleRegistry.descriptions
    var enabled = configuration.enabledRules(descriptions)
    if !arguments.onlyRules.isEmpty {
      for id in arguments.onlyRules where RuleRegistry.rule(id: id) == nil {
        var message = "testlint: error: unknown rule '\(id)' in '--only-rule'"
        if let close = Suggestion.closest(to: id, in: descriptions.map(\.id)) {
          message += "; did you mean '\(close)'?"
        }
        stderr += message + "\n"
        return .failure
      }
      let wanted = Set(arguments.onlyRules)
      // `--only-rule` runs the named rules even when the configuration turns them off.
      enabled = descriptions.filter { wanted.contains($0.id) }.map { description in
        let setting = configuration.ruleSettings[description.id]
        return (
          description, setting?.severity ?? description.defaultSeverity,
          RuleOptions(defaultsOf: description, configured: setting?.options ?? [:])
        )
      }
    }
    let configured = enabled.compactMap { entry -> ConfiguredRule? in
      guard let type = RuleRegistry.rule(id: entry.description.id) else { return nil }
      return ConfiguredRule(type, severity: entry.severity, options: entry.options)
    }

    // Reporters.
    var reporters: [(reporter: any Reporter, path: String?)] = []
    for request in arguments.reporters.isEmpty ? [.init(name: "text", path: nil)] : arguments.reporters {
      guard let reporter = ReporterRegistry.make(request.name) else {
        var message = "testlint: error: unknown reporter '\(request.name)'"
        if let close = Suggestion.closest(to: request.name, in: ReporterRegistry.names) {
          message += "; did you mean '\(close)'?"
        }
        stderr += message + " (reporters: \(ReporterRegistry.names.joined(separator: ", ")))\n"
        return .failure
      }
      if let limit = arguments.reportLimit, var html = reporter as? HTMLReporter {
        html.limits.total = limit
        reporters.append((html, request.path))
        continue
      }
      reporters.append((reporter, request.path))
    }

    // Files.
    let configDirectory = FileWalker.absolutePath(configuration.directory, workingDirectory: workingDirectory)
    let included = configuration.included.map(Glob.init)
    let excluded = configuration.excluded.map(Glob.init)
    let filter = { (path: String, isExplicit: Bool) -> Bool in
      // No globs: every file (without making each path relative, a tenth of the walk).
      if excluded.isEmpty, included.isEmpty { return true }
      // Globs are relative to the configuration's folder; they say nothing about files outside it.
      guard let relative = FileWalker.relativePath(path, to: configDirectory) else { return true }
      if excluded.contains(where: { $0.matches(relative) }) { return false }
      if isExplicit || included.isEmpty { return true }
      return included.contains { $0.matches(relative) }
    }
    if stdinPath != nil, !arguments.paths.isEmpty {
      stderr += "testlint: error: '--stdin-path' lints standard input; give no other paths\n"
      return .failure
    }
    var collected: (files: FileList, errors: [Diagnostic])
    var only: Set<Int>?
    var load = LintEngine.readFromDisk
    if let stdinPath {
      let content = standardInput()
      let display = FileWalker.relativePath(stdinPath, to: workingDirectory) ?? stdinPath
      guard filter(stdinPath, true) else {
        // An excluded path yields nothing, as when linting it from disk.
        if arguments.fix { output(String(decoding: content, as: UTF8.self)) }
        return .success
      }
      // The files around it inform the run (test-class hierarchy, assertion helpers): those of
      // the configuration's folder, else of the working directory (an editor's project root)
      // when it holds the file, else of the file's own folder.
      let root =
        configuration.directory != "." ? configDirectory
        : FileWalker.relativePath(stdinPath, to: workingDirectory) != nil ? workingDirectory
        : FileWalker.parentDirectory(stdinPath)
      let context = FileWalker.collect([root], workingDirectory: workingDirectory, stamps: false, filter: filter)
      var files = FileList()
      for entry in context.files where entry.path != stdinPath { files.append(entry) }
      only = [files.count]
      files.append(FileEntry(path: stdinPath, displayPath: display))
      collected = (files, [])
      load = { entry throws(Diagnostic) in
        entry.path == stdinPath ? content : try FileWalker.contents(of: entry)
      }
    } else {
      // Only the result cache (not used with standard input) reads the files' stamps.
      collected = FileWalker.collect(
        arguments.paths.isEmpty ? ["."] : arguments.paths, workingDirectory: workingDirectory,
        stamps: !arguments.noCache, threads: arguments.threads ?? processorCount(), filter: filter)
    }

    if arguments.absolutePaths {
      for index in collected.files.indices {
        collected.files[index].displayPath = collected.files[index].path
      }
    }

    if let shard = arguments.shard {
      guard only == nil else {
        stderr += "testlint: error: '--shard' and '--stdin-path' do not go together\n"
        return .failure
      }
      // Every file still informs the run; each lints the files whose path hashes to its slice,
      // so a file stays in its shard when others come and go.
      only = Set(
        collected.files.indices.filter { index in
          FindingFingerprint.fnv1a64([collected.files[index].displayPath]) % UInt64(shard.count)
            == UInt64(shard.index - 1)
        })
    }
    var changes: GitChanges?
    if let revision = arguments.changedSince {
      do {
        changes = try GitChanges.since(revision, workingDirectory: workingDirectory)
      } catch {
        stderr += "testlint: error: \(error.message)\n"
        return .failure
      }
    }

    if arguments.command == .lint, let first = arguments.paths.first {
      collected.errors = collected.errors.map { commandHint($0, firstPath: first) }
    }

    // One file needs no thread pool, and asking how many processors there are reads cgroup
    // files: a tenth of a one-file run.
    var engine = LintEngine(
      rules: configured, testBaseClasses: configuration.testBaseClasses,
      threads: arguments.threads ?? (collected.files.count > 1 ? processorCount() : 1))
    let missingAssertion = MissingAssertionRule(
      options: RuleOptions(
        defaultsOf: MissingAssertionRule.description,
        configured: configuration.ruleSettings[MissingAssertionRule.description.id]?.options ?? [:]))
    engine.baseAssumption = configuration.baseAssumption
    engine.assertionMatcher = missingAssertion.matcher
    engine.assertionCounter = missingAssertion

    var status: ExitCode = .success
    if arguments.command == .inventory {
      let inventory = engine.inventoryRun(collected.files, matcher: missingAssertion)
      output(InventoryFormat.render(inventory.tests))
      if !arguments.quiet, let note = inventory.assumed.note() { stderr += note }
      let errors = (collected.errors + inventory.errors).sorted()
      for error in errors { stderr += error.formatted + "\n" }
      return errors.isEmpty ? .success : .failure
    }

    if arguments.fix, let index = only?.first {
      // `--fix` with standard input: the fixed text goes to standard output.
      let original = (try? load(collected.files[index])) ?? []
      let fixed = engine.fixes(collected.files, only: only, load: load).first?.fixed ?? original
      output(String(decoding: fixed, as: UTF8.self))
      return .success
    }

    if arguments.fix {
      let fixed = engine.fixes(collected.files)
      if arguments.dryRun {
        for file in fixed {
          output(
            UnifiedDiff.render(
              path: file.file.displayPath, old: String(decoding: file.original, as: UTF8.self),
              new: String(decoding: file.fixed, as: UTF8.self)))
        }
        if !arguments.quiet {
          stderr += "testlint: \(fixed.map(\.applied).reduce(0, +)) fixes in \(fixed.count) files (dry run, nothing written)\n"
        }
        return fixed.isEmpty ? .success : .findings
      }
      var fixFailed = false
      // A fix is written only inside the linted paths (as given, links resolved): a link in the
      // tree to a file elsewhere is linted but not rewritten.
      let roots = (arguments.paths.isEmpty ? ["."] : arguments.paths).map { path in
        let absolute = FileWalker.absolutePath(path, workingDirectory: workingDirectory)
        return FileWalker.realPath(absolute) ?? absolute
      }
      for file in fixed {
        do {
          try FileWalker.replaceContents(
            of: file.file, expected: file.original, with: file.fixed, within: roots)
        } catch {
          stderr += error.formatted + "\n"
          fixFailed = true
        }
      }
      if !arguments.quiet, !fixed.isEmpty {
        stderr += "testlint: applied \(fixed.map(\.applied).reduce(0, +)) fixes in \(fixed.count) files\n"
      }
      if fixFailed { status = .failure }
      // The walk's stamps of the rewritten files are stale: the cache must not take them as
      // unchanged (it would report what was just fixed); their content decides instead.
      let rewritten = Set(fixed.map(\.file.path))
      for index in collected.files.indices where rewritten.contains(collected.files[index].path) {
        collected.files[index].stamp = nil
      }
    }

    // The result cache: on by default for runs from disk (not standard input).
    var cachePath: String?
    if !arguments.noCache, arguments.stdinPath == nil {
      cachePath = arguments.cachePath.map { FileWalker.absolutePath($0, workingDirectory: workingDirectory) }
        ?? ((configuration.directory != "." ? configDirectory : workingDirectory) + "/.testlint-cache")
    }
    let cache = cachePath.map {
      ResultCache.load(folder: $0, key: Self.cacheKey(enabled, configuration: configuration))
    }
    // Only the suite-health reporters read the tests (the cache keeps its own copy).
    engine.collectsTests = reporters.contains { $0.reporter is MarkdownReporter || $0.reporter is HTMLReporter }
    // A finding's test, suite and snippet are kept only when something reads them.
    engine.keepsFindingDetails =
      pruneBaseline || arguments.writeBaselinePath != nil || arguments.baselinePath != nil
      || reporters.contains { $0.reporter.readsFindingDetails }
    // When only `html` reads them, only for the first files with findings it lists: the other
    // files' are left out, and found again for those it lists (`FindingDetails`).
    let readers = reporters.filter { $0.reporter.readsFindingDetails }.map(\.reporter)
    if engine.keepsFindingDetails, changes == nil, !pruneBaseline, arguments.writeBaselinePath == nil,
      arguments.baselinePath == nil, !readers.isEmpty, readers.allSatisfy({ $0 is HTMLReporter })
    {
      engine.detailsFiles = readers.compactMap { ($0 as? HTMLReporter)?.limits.total }.max()
    }
    // The baseline is read before the run: a baseline that cannot be read stops it.
    var baseline: Baseline?
    if let path = arguments.baselinePath {
      switch readBaseline(path, workingDirectory: workingDirectory) {
      case .success(let read): baseline = read
      case .failure(let problem):
        stderr += problem.formatted + "\n"
        return .failure
      }
    }
    let (encoded, update) = engine.encodedRun(collected.files, only: only, cache: cache, load: load)
    // A cache that answered for every file as it is stays as it is on disk.
    if let cachePath, let update, update.changed, let failure = update.save(folder: cachePath),
      !arguments.quiet
    {
      stderr += "testlint: warning: cannot write the cache in \(cachePath): \(failure)\n"
    }
    // Said once, whatever the quietness: a checksum failed somewhere in the cache.
    if let cachePath, cache?.isDamaged == true {
      stderr += "testlint: warning: the result cache in \(cachePath) was damaged: its damaged entries "
        + "were not used (those files were linted again) and it is rewritten\n"
    }
    var errors = (collected.errors + encoded.errors).sorted()
    if only != nil {
      // Problems of the files around the one on standard input are not its problems.
      let linted = Set(encoded.files.indices.map(encoded.files.displayPath))
      errors = errors.filter { linted.contains($0.path) }
    }
    for error in errors { stderr += error.formatted + "\n" }

    var include: (@Sendable (String, Int) -> Bool)?
    if let changes {
      let changedFilesOnly = arguments.changedFilesOnly
      include = { path, line in
        let absolute = FileWalker.absolutePath(path, workingDirectory: workingDirectory)
        return changedFilesOnly
          ? changes.contains(path: absolute) : changes.contains(path: absolute, line: line)
      }
    }
    let reported = withoutActuallyEscaping(output) { output in
      report(
        encoded, errors: errors, reporters: pruneBaseline ? [] : reporters, include: include,
        baseline: baseline, arguments: arguments, workingDirectory: workingDirectory,
        prune: pruneBaseline, threads: engine.threads, output: output, stderr: &stderr)
    }
    switch reported.status {
    case .failure: return .failure
    case .findings: status = .findings
    case .success: break
    }
    if pruneBaseline { return status }
    let totals = reported.totals
    let counts = (findings: totals.findings, errors: totals.errorFindings)
    for problem in totals.errors where !errors.contains(problem) { stderr += problem.formatted + "\n" }
    // The whole environment as a dictionary costs as much as linting a small file: read it only
    // when the summary may be written.
    let reporterNames = reporters.map { type(of: $0.reporter).name }
    if let failure = GitHubStepSummary.append(
      GitHubReporter.stepSummary(
        reported.ruleCounts ?? .init(), files: encoded.files.count, unreadable: totals.errors.count),
      reporters: reporterNames,
      environment: reporterNames.contains(GitHubReporter.name) ? ProcessInfo.processInfo.environment : [:])
    {
      stderr += "testlint: error: cannot write the GitHub step summary: \(failure)\n"
      status = .failure
    }
    if collected.files.isEmpty, !arguments.quiet, only == nil {
      stderr += "testlint: warning: no Swift files to lint\n"
    }
    // What the run assumed, once, before the summary (not in the reports).
    if !arguments.quiet, only == nil { stderr += (encoded.assumedBases.note() ?? "") + (encoded.missingAssertionNote ?? "") }
    if !arguments.quiet {
      stderr += summary(
        findings: counts.findings, errors: counts.errors, files: encoded.files.count,
        problems: totals.errors.count)
    }
    if status == .failure || !totals.errors.isEmpty { return .failure }
    if arguments.writeBaselinePath != nil { return .success }
    let failing = counts.errors > 0 || arguments.strict && counts.findings > 0
    let warnings = counts.findings - counts.errors
    if let limit = arguments.maxWarnings, warnings > limit {
      if !arguments.quiet { stderr += "testlint: \(warnings) warnings exceed '--max-warnings \(limit)'\n" }
      return .findings
    }
    return failing || status == .findings ? .findings : .success
  }

  /// `testlint invetory` and `testlint rule ID` read as paths that do not exist; the error
  /// for such a first path names the subcommand it is close to.
  static func commandHint(_ error: Diagnostic, firstPath: String) -> Diagnostic {
    guard error.path == firstPath, error.message.hasPrefix("cannot open:"),
      !firstPath.contains("/"), !firstPath.contains(".")
    else { return error }
    let commands = [Arguments.Command.inventory, .rules, .version].map(\.rawValue)
    let scored = commands.map { ($0, EditDistance.between($0, firstPath.lowercased())) }
    guard let best = scored.filter({ $0.1 <= 2 }).min(by: { $0.1 < $1.1 }) else { return error }
    var hinted = error
    hinted.message += "; did you mean the command '\(best.0)'?"
    return hinted
  }

  static func summary(_ result: LintResult) -> String {
    summary(
      findings: result.findings.count, errors: result.findings.filter { $0.severity == .error }.count,
      files: result.files.count, problems: result.errors.count)
  }

  /// `testlint: N findings (E errors, W warnings) in F files; P file problems`.
  static func summary(findings: Int, errors: Int, files: Int, problems: Int) -> String {
    let warnings = findings - errors
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    var text = "testlint: \(plural(findings, "finding"))"
    text += " (\(plural(errors, "error")), \(plural(warnings, "warning"))) in \(plural(files, "file"))"
    if problems > 0 { text += "; \(plural(problems, "file problem"))" }
    return text + "\n"
  }

  static func write(_ text: String, to path: String) -> String? {
    // Like ESLint's and Ruff's `--output-file`: the report's folder is created when missing.
    ReportFile.replace(path, with: Array(text.utf8), createFolder: true)
  }

  static func processorCount() -> Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount)
  }
}
