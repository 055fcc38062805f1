/// The end of a lint run: the reports, written in one pass over the findings, and the
/// baselines (`--baseline`, `--baseline-strict`, `--write-baseline`, `baseline prune`).
extension TestLintCLI {
  /// What the report pass leaves for the summary and the exit code.
  struct Reported {
    /// `.failure` when a report or baseline could not be written, `.findings` when
    /// `--baseline-strict` found stale entries.
    var status: ExitCode = .success
    var totals: ReportTotals
    /// The `github` job summary's counts, when a `github` report was written.
    var ruleCounts: GitHubReporter.RuleCounts?
  }

  /// Writes every report of `reporters` (to its file, or to `output`) in one pass over the
  /// run's findings, filtered by `include` and `baseline`; then the baselines.
  static func report(
    _ encoded: EncodedLintResult, errors: [Diagnostic],
    reporters: [(reporter: any Reporter, path: String?)], include: (@Sendable (String, Int) -> Bool)?,
    baseline: Baseline?, arguments: Arguments, workingDirectory: String, prune: Bool, threads: Int,
    output: @escaping (String) -> Void, stderr: inout String
  ) -> Reported {
    func relative(to baselinePath: String) -> (String) -> String {
      let folder = FileWalker.parentDirectory(baselinePath)
      return { path in
        let absolute = FileWalker.absolutePath(path, workingDirectory: workingDirectory)
        return FileWalker.relativePath(absolute, to: folder) ?? absolute
      }
    }
    let baselineTarget = arguments.baselinePath.map { FileWalker.absolutePath($0, workingDirectory: workingDirectory) }
    let writtenTarget = arguments.writeBaselinePath.map { FileWalker.absolutePath($0, workingDirectory: workingDirectory) }

    var pass = ReportPass()
    pass.include = include
    pass.details = encoded.details
    if let writtenTarget { pass.written = (Baseline.Counter(), relative(to: writtenTarget)) }
    if let baseline, let baselineTarget {
      if prune {
        pass.pruned = (Baseline.Counter(only: baseline), relative(to: baselineTarget))
      } else {
        pass.baseline = (Baseline.Matcher(baseline), relative(to: baselineTarget))
      }
    }
    if reporters.contains(where: { type(of: $0.reporter).name == GitHubReporter.name }) {
      pass.ruleCounts = GitHubReporter.RuleCounts()
    }

    var targets: [ReportPass.Target] = []
    for (reporter, path) in reporters {
      guard let path else {
        targets.append(
          .init(reporter: reporter, output: ReportWriter { output(String(decoding: $0, as: UTF8.self)) }))
        continue
      }
      let file = ReportFile.Stream(
        FileWalker.absolutePath(path, workingDirectory: workingDirectory), createFolder: true)
      targets.append(.init(reporter: reporter, output: ReportWriter { file.write($0) }, file: file))
    }
    var header = ReportHeader(rules: encoded.rules, errors: errors, fileCount: encoded.files.count)
    header.testList = encoded.tests
    var reported = Reported(
      totals: pass.run(encoded.findings, header: header, targets: &targets, threads: threads))
    reported.ruleCounts = pass.ruleCounts
    for (target, request) in zip(targets, reporters) {
      if let failure = target.file?.finish(), let path = request.path {
        stderr += "\(path):1:1: error: cannot write report: \(failure)\n"
        reported.status = .failure
      }
    }

    if let written = pass.written, let path = arguments.writeBaselinePath, let writtenTarget {
      let counted = written.counter.baseline
      if let failure = write(counted.serialized(), to: writtenTarget) {
        stderr += "\(path):1:1: error: cannot write baseline: \(failure)\n"
        reported.status = .failure
      } else if !arguments.quiet {
        let count = counted.entries.map(\.count).reduce(0, +)
        stderr += "testlint: wrote \(count) findings to the baseline \(path)\n"
      }
    }
    guard let baseline, let path = arguments.baselinePath, let baselineTarget else { return reported }
    if let pruned = pass.pruned {
      let kept = pruned.counter.pruned(baseline)
      if let failure = write(kept.serialized(), to: baselineTarget) {
        stderr += "\(path):1:1: error: cannot write baseline: \(failure)\n"
        reported.status = .failure
        return reported
      }
      let removed = baseline.entries.map(\.count).reduce(0, +) - kept.entries.map(\.count).reduce(0, +)
      if !arguments.quiet { stderr += "testlint: pruned \(removed) findings from the baseline \(path)\n" }
      return reported
    }
    let stale = pass.baseline?.matcher.stale ?? []
    guard arguments.baselineStrict, !stale.isEmpty else { return reported }
    for entry in stale {
      let place = entry.test.map { " in '\($0)'" } ?? entry.suite.map { " in '\($0)'" } ?? ""
      stderr +=
        "\(path):1:1: error: \(entry.count) baselined '\(entry.rule)' finding(s) in \(entry.file)\(place) no longer occur; run 'testlint baseline prune \(path)'\n"
    }
    reported.status = .findings
    return reported
  }

  /// Reads the baseline at `path`, or the problem that stops it being read.
  static func readBaseline(_ path: String, workingDirectory: String) -> Result<Baseline, Diagnostic> {
    let target = FileWalker.absolutePath(path, workingDirectory: workingDirectory)
    do {
      let bytes = try FileWalker.contents(of: FileEntry(path: target, displayPath: path))
      return .success(try Baseline.parse(String(decoding: bytes, as: UTF8.self)))
    } catch let error as Diagnostic {
      return .failure(error)
    } catch let error as BaselineError {
      return .failure(Diagnostic(path: path, message: error.message))
    } catch {
      return .failure(Diagnostic(path: path, message: "cannot read the baseline"))
    }
  }
}
