import Foundation

/// The whole command-line program as a function, so tests run it in-process.
public enum TestLintCLI {
  /// The name of the configuration file looked for in the working directory and its parents.
  public static let configurationFileName = ".lint.yml"

  /// Runs testlint with `arguments` (without the program name) and returns the exit code.
  /// Output goes to `stdout` and `stderr`; report files named with `--reporter NAME:FILE` are
  /// written to disk.
  public static func run(
    _ arguments: [String], workingDirectory: String = FileWalker.currentDirectory(),
    stdout: inout String, stderr: inout String
  ) -> ExitCode {
    let parsed: Arguments
    do {
      parsed = try Arguments.parse(arguments)
    } catch {
      stderr += "testlint: error: \(error.message)\nrun 'testlint --help' for usage\n"
      return .failure
    }
    switch parsed.command {
    case .help:
      stdout += Help.text
      return .success
    case .version:
      stdout += ToolInfo.version + "\n"
      return .success
    case .rules:
      return rules(parsed, stdout: &stdout, stderr: &stderr)
    case .lint, .inventory:
      return lint(parsed, workingDirectory: workingDirectory, stdout: &stdout, stderr: &stderr)
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

  // MARK: lint and inventory

  static func lint(
    _ arguments: Arguments, workingDirectory: String, stdout: inout String, stderr: inout String
  ) -> ExitCode {
    // Configuration.
    let configuration: Configuration
    switch loadConfiguration(arguments.configPath, workingDirectory: workingDirectory) {
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
      reporters.append((reporter, request.path))
    }

    // Files.
    let configDirectory = FileWalker.absolutePath(configuration.directory, workingDirectory: workingDirectory)
    let included = configuration.included.map(Glob.init)
    let excluded = configuration.excluded.map(Glob.init)
    let collected = FileWalker.collect(
      arguments.paths.isEmpty ? ["."] : arguments.paths, workingDirectory: workingDirectory
    ) { path, isExplicit in
      // Globs are relative to the configuration's folder; they say nothing about files outside it.
      guard let relative = FileWalker.relativePath(path, to: configDirectory) else { return true }
      if excluded.contains(where: { $0.matches(relative) }) { return false }
      if isExplicit || included.isEmpty { return true }
      return included.contains { $0.matches(relative) }
    }

    var engine = LintEngine(
      rules: configured, testBaseClasses: configuration.testBaseClasses,
      threads: arguments.threads ?? processorCount())
    let missingAssertion = MissingAssertionRule(
      options: RuleOptions(
        defaultsOf: MissingAssertionRule.description,
        configured: configuration.ruleSettings[MissingAssertionRule.description.id]?.options ?? [:]))
    engine.assertionMatcher = missingAssertion.matcher
    engine.assertionCounter = missingAssertion

    if arguments.command == .inventory {
      let inventory = engine.inventory(collected.files, matcher: missingAssertion)
      stdout += InventoryFormat.render(inventory.tests)
      let errors = (collected.errors + inventory.errors).sorted()
      for error in errors { stderr += error.formatted + "\n" }
      return errors.isEmpty ? .success : .failure
    }

    var result = engine.run(collected.files)
    result.errors = (collected.errors + result.errors).sorted()
    for error in result.errors { stderr += error.formatted + "\n" }

    var status: ExitCode = .success
    for (reporter, path) in reporters {
      let output = reporter.render(result)
      if let path {
        let target = FileWalker.absolutePath(path, workingDirectory: workingDirectory)
        if let failure = write(output, to: target) {
          stderr += "\(path):1:1: error: cannot write report: \(failure)\n"
          status = .failure
        }
      } else {
        stdout += output
      }
    }
    if let failure = GitHubStepSummary.append(
      result, reporters: reporters.map { type(of: $0.reporter).name },
      environment: ProcessInfo.processInfo.environment)
    {
      stderr += "testlint: error: cannot write the GitHub step summary: \(failure)\n"
      status = .failure
    }
    if collected.files.isEmpty, !arguments.quiet {
      stderr += "testlint: warning: no Swift files to lint\n"
    }
    if !arguments.quiet { stderr += summary(result) }
    if status == .failure || !result.errors.isEmpty { return .failure }
    let failing = result.findings.contains { $0.severity == .error || arguments.strict }
    return failing ? .findings : .success
  }

  /// Reads `--config FILE`, or the nearest `.lint.yml` up from the working directory, or the
  /// defaults when there is none.
  static func loadConfiguration(
    _ explicitPath: String?, workingDirectory: String
  ) -> Result<Configuration, ConfigurationError> {
    let path: String
    if let explicitPath {
      path = FileWalker.absolutePath(explicitPath, workingDirectory: workingDirectory)
    } else if let found = findConfiguration(from: workingDirectory) {
      path = found
    } else {
      return .success(Configuration())
    }
    let display = FileWalker.relativePath(path, to: workingDirectory) ?? path
    let entry = FileEntry(path: path, displayPath: display)
    let bytes: [UInt8]
    do {
      bytes = try FileWalker.contents(of: entry)
    } catch {
      return .failure(ConfigurationError(diagnostics: [error]))
    }
    let text: String
    do {
      text = try SourceFile(path: display, bytes: bytes).text(0..<bytes.count)
    } catch {
      return .failure(ConfigurationError(diagnostics: [error]))
    }
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    do {
      return .success(
        try Configuration.parse(
          text, path: display, directory: directory.isEmpty ? "/" : directory,
          rules: RuleRegistry.descriptions))
    } catch {
      return .failure(error)
    }
  }

  static func findConfiguration(from directory: String) -> String? {
    var current = directory
    while true {
      let candidate = (current == "/" ? "" : current) + "/" + configurationFileName
      if FileManager.default.fileExists(atPath: candidate) { return candidate }
      guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
      current = slash == current.startIndex ? "/" : String(current[..<slash])
    }
  }

  static func summary(_ result: LintResult) -> String {
    let errors = result.findings.filter { $0.severity == .error }.count
    let warnings = result.findings.count - errors
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    var text = "testlint: \(plural(result.findings.count, "finding"))"
    text += " (\(plural(errors, "error")), \(plural(warnings, "warning"))) in \(plural(result.files.count, "file"))"
    if !result.errors.isEmpty { text += "; \(plural(result.errors.count, "file problem"))" }
    return text + "\n"
  }

  static func write(_ text: String, to path: String) -> String? {
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      return nil
    } catch {
      return error.localizedDescription.lowercased()
    }
  }

  static func processorCount() -> Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount)
  }
}
