/// Stage 5 of a run: each file's results placed in path order for the reporters, which decode
/// or stream them file by file (`EncodedLintResult`). Each file's findings are sorted by its
/// linter and encoded: placing the files in path order places the findings in report order,
/// with no sort of them all. (With a cache, `NextCache` then writes the next one.)
///
/// Reads: each file's record (`LintRun.passes`), read where it is, not copied out per file;
/// the settled facts' assumed bases; whether a page of the run's records was lost. Each file's
/// tests stay encoded where the run kept them (`TestList`).
/// Writes: nothing of the run's; returns the result, whose findings stay in `LintRun.store`;
/// when files were linted without their findings' details, how to find them again
/// (`FindingDetails`).
struct ReportStage: Sendable {
  /// The run's result after `RelintStage`.
  static func run(_ run: LintRun, settled: RunFacts.Settled, orderLost: Bool) -> EncodedLintResult {
    let files = run.files
    var errors: [Diagnostic] = []
    var withFindings = 0
    for index in files.indices { withResults(run, index) { if $0.findings.count > 0 { withFindings += 1 } } }
    // In pages, as the files' records (the report holds them until it is written). (A file
    // without findings has no place in the report.)
    let blocks = PagedArray(
      count: withFindings, filler: FindingBlock.empty(file: 0), memoryBytes: FindingsByFile.blockMemoryBytes,
      directory: run.engine.spillDirectory)
    var placed = 0
    for index in files.indices {
      withResults(run, index) { pass in
        if pass.findings.count > 0 {
          blocks[placed] = pass.findings
          placed += 1
        }
        errors.append(contentsOf: pass.errors)
      }
    }
    let descriptions = run.engine.rules.compactMap { RuleRegistry.rule(id: $0.id)?.description }
    let linted = run.only.map { indices in FileList(indices.sorted().map { files[$0] }) } ?? files
    let findings = FindingsByFile(blocks: blocks, codec: run.codec, store: run.store, files: files)
    // A page the temporary file could not give back (a failing disk) leaves results out: said
    // once for the run, as an error (exit code 2).
    if orderLost || run.passes.lostPages || run.cachedPasses.lostPages || blocks.lostPages || files.pagesLost
      || settled.entries.lostPages
    {
      errors.append(
        Diagnostic(
          path: FindingStore.temporaryFolder(run.engine.spillDirectory),
          message: "cannot read back part of the run's records from a temporary file: results may be missing"))
    }
    // The tests stay where the run encoded them, read back as the report counts them.
    let tests =
      run.collectsTests
      ? TestList(
        files: files, store: run.records, memoryBytes: run.engine.pageMemoryBytes,
        directory: run.engine.spillDirectory, threads: run.engine.threads
      ) { index in
        guard run.isLinted(index), let results = run.passes[index].speculated else { return nil }
        return results.tests
      } : .empty
    var result = EncodedLintResult(
      findings: findings, errors: errors.sorted(), files: linted, rules: descriptions.sorted { $0.id < $1.id },
      tests: tests, assumedBases: settled.assumed)
    result.missingAssertionNote = run.tally.note()
    if run.detailsBelow < files.count {
      // What the re-lint stage lints with: the findings are those of the run.
      let (load, rules, runFiles) = (run.load, run.engine.rules, run.runFiles)
      let (discovery, helpers) = (settled.discovery, settled.assertingHelpers)
      result.details = FindingDetails(from: run.detailsBelow, files: files) { index in
        guard case .success(let model) = LintEngine.scan(files[index], load: load) else { return nil }
        return FileLinter(rules: rules, discovery: discovery, assertingHelpers: helpers, runFiles: runFiles)
          .lint(model).findings
      }
    }
    return result
  }

  /// Calls `body` with the results of file `index` (its error, for a file that could not be
  /// read); not for a file `only` leaves out.
  private static func withResults(_ run: LintRun, _ index: Int, _ body: (PerFile) -> Void) {
    if !run.isLinted(index) { return }
    let pass = run.passes[index]
    if let error = pass.error {
      body(PerFile(findings: .empty(file: index), errors: [error]))
    } else if let results = pass.speculated {
      body(results)
    }
  }
}
