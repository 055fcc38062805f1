/// The report stage of a lint run: one pass over the run's encoded findings, file by file in
/// report order, that filters them and hands them to every requested reporter at once.
///
/// Reads: the run's `EncodedLintResult` (findings encoded by file, the files, the problems).
/// Writes: each reporter's bytes to its `ReportWriter` (standard output or a file) as they
/// are rendered; the counts for the summary; what the baselines learnt.
///
/// Each file's findings are decoded (a wave of slices at a time, on the run's threads), then
/// filtered in this order: `--changed-since` (`include`), counted for `--write-baseline` and
/// `baseline prune`, and matched against `--baseline`. What is held at a time is one wave of
/// decoded findings and each reporter's own state (never the findings of the whole run).
/// Reporters that need totals first (`needsTotals`: SARIF's rule list, GitHub's overflow
/// notice) get them before: read from the encoded findings without decoding them when nothing
/// is filtered, else from a counting pass of the same filters over the findings.
///
/// Each file's part of every report is rendered on the thread that decoded it, in the same
/// wave (`Reporter.render`); the pass itself only writes the parts in order and keeps the
/// totals, so the reports take the threads the decoding takes.
struct ReportPass {
  /// One requested report: the reporter and where its bytes go.
  struct Target {
    var reporter: any Reporter
    var output: ReportWriter
    /// The file written, or nil for standard output.
    var file: ReportFile.Stream?

    mutating func begin(_ header: ReportHeader) { reporter.begin(header, to: &output) }
    mutating func file(_ file: ReportedFile) { reporter.file(file, to: &output) }
    mutating func file(_ file: ReportedFile, rendered: RenderedFile) {
      reporter.file(file, rendered: rendered, to: &output)
    }
    mutating func end(_ totals: ReportTotals) {
      reporter.end(totals, to: &output)
      output.flush()
    }
  }

  /// Keeps a finding by path and line (`--changed-since`, `--changed-lines`).
  var include: (@Sendable (String, Int) -> Bool)?
  /// `--baseline`: what it still accepts, and how paths are made relative to its folder.
  var baseline: (matcher: Baseline.Matcher, relativePath: (String) -> String)?
  /// `--write-baseline`: the findings counted so far.
  var written: (counter: Baseline.Counter, relativePath: (String) -> String)?
  /// `baseline prune`: the baseline's findings that still occur.
  var pruned: (counter: Baseline.Counter, relativePath: (String) -> String)?
  /// The `github` job summary's counts, when it is written.
  var ruleCounts: GitHubReporter.RuleCounts?
  /// How to find the details of findings the run left without them (for `html`'s list).
  var details: FindingDetails?

  /// One file's findings after the filters, counted for the baselines on the way; `included`
  /// when `include` has kept them already.
  mutating func filtered(_ findings: [Finding], included: Bool = false) -> [Finding] {
    var kept = findings
    if let include, !included { kept.removeAll { !include($0.path, $0.line) } }
    if let relativePath = written?.relativePath { written?.counter.add(kept, relativePath: relativePath) }
    if let relativePath = pruned?.relativePath { pruned?.counter.add(kept, relativePath: relativePath) }
    if let relativePath = baseline?.relativePath {
      kept = baseline?.matcher.newFindings(kept, relativePath: relativePath) ?? kept
    }
    ruleCounts?.add(kept)
    return kept
  }

  /// Runs the pass: every target's report from `begin` to `end`, written and flushed (a
  /// target's file is left to the caller to `finish`). Returns the totals; their `errors`
  /// are `header.errors` and the problems reading the findings back, sorted.
  mutating func run(
    _ findings: FindingsByFile, header: ReportHeader, targets: inout [Target], threads: Int
  ) -> ReportTotals {
    var header = header
    if targets.contains(where: { $0.reporter.needsTotals }) { header.totals = countedTotals(findings, header: header, threads: threads) }
    for index in targets.indices { targets[index].begin(header) }

    // Clean files are listed only for the reporters that show them.
    let linted =
      targets.contains(where: { $0.reporter.listsCleanFiles }) ? LintEngine.sortedPaths(findings.files) : []
    var merge = PathMerge(linted: linted, errors: header.errors)
    var totals = ReportTotals(errors: header.errors, fileCount: findings.files.count)
    func report(_ file: ReportedFile, linted: Bool, parts: [RenderedFile?] = []) {
      totals.count(file.findings)
      let listed = !file.findings.isEmpty || !file.errors.isEmpty
      for index in targets.indices where listed || linted && targets[index].reporter.listsCleanFiles {
        if index < parts.count, let part = parts[index] {
          targets[index].file(file, rendered: part)
        } else {
          targets[index].file(file)
        }
      }
    }
    // Each file's parts are rendered on the thread that decoded it, from copies of the
    // reporters made after `begin`; here they are only written, in order. With `--baseline`,
    // which drops findings in order, the parts are rendered here.
    let ahead = RenderAhead(
      reporters: baseline == nil ? targets.map(\.reporter) : [],
      parts: targets.map { PartWriter(ReportWriter(partOf: $0.output)) }, include: include)
    let problems = findings.forEachFile(threads: threads, prepare: { ahead.prepare($0, $1, $2) }) { path, _, prepared in
      while let before = merge.next(before: path) { report(before.file, linted: before.linted) }
      let own = merge.take(path)
      var kept = filtered(prepared.kept, included: true)
      // The few files a report lists with details, when the run left them out.
      if let details, targets.contains(where: { $0.reporter.wantsFindingDetails }) {
        kept = details.completed(kept, path: path, file: prepared.file)
      }
      // A file with errors too is rendered here with them (rare).
      report(
        ReportedFile(path: path, findings: kept, errors: own.errors), linted: own.linted,
        parts: own.errors.isEmpty ? prepared.parts : [])
    }
    while let rest = merge.next(before: nil) { report(rest.file, linted: rest.linted) }

    if !problems.isEmpty { totals.errors = (totals.errors + problems).sorted() }
    for index in targets.indices { targets[index].end(totals) }
    return totals
  }
}

extension ReportPass {
  /// The counts of the findings to come after the filters: from their encoding when no filter
  /// drops any and every rule they name is the run's (no text decoded), else from a pass of
  /// the same filters over them.
  func countedTotals(_ findings: FindingsByFile, header: ReportHeader, threads: Int) -> FindingTotals {
    var totals = FindingTotals(rules: header.rules)
    if include == nil, baseline == nil {
      let known = Set(header.rules.map(\.id))
      if let counts = findings.severityCounts(isKnown: findings.codec.ruleIDs.map(known.contains)) {
        totals.errors = counts.errors
        totals.warnings = counts.warnings
        return totals
      }
    }
    // The same filters on a copy (what they hold is counted again in the real pass).
    var counting = self
    counting.written = nil
    counting.pruned = nil
    counting.ruleCounts = nil
    _ = findings.forEachFile(threads: threads) { _, found in totals.add(counting.filtered(found)) }
    return totals
  }

  /// What each file's worker does after decoding it: `--changed-since`'s filter, then every
  /// reporter's part (`Reporter.render`), in the JSON state of its writer after `begin`.
  struct RenderAhead: Sendable {
    /// Copies of the reporters after `begin`; none when the parts are rendered in order.
    let reporters: [any Reporter]
    let parts: [PartWriter]
    let include: (@Sendable (String, Int) -> Bool)?

    /// The findings the filter keeps, and each reporter's part (nil when it renders none);
    /// `file` the path's file, when one has it.
    func prepare(_ path: String, _ file: Int?, _ findings: [Finding]) -> (
      kept: [Finding], parts: [RenderedFile?], file: Int?
    ) {
      var kept = findings
      if let include { kept.removeAll { !include($0.path, $0.line) } }
      guard !kept.isEmpty, !reporters.isEmpty else { return (kept, [], file) }
      let reported = ReportedFile(path: path, findings: kept)
      return (kept, reporters.indices.map { index in
        var part = parts[index].writer
        var marks: [Int] = []
        guard reporters[index].render(reported, into: &part, marks: &marks) else { return nil }
        return RenderedFile(bytes: part.bytes, marks: marks)
      }, file)
    }
  }

  /// A writer without a sink (`ReportWriter(partOf:)`), which worker threads copy: its state
  /// is values only.
  struct PartWriter: @unchecked Sendable {
    let writer: ReportWriter
    init(_ writer: ReportWriter) { self.writer = writer }
  }

  /// The report of `findings` by `reporter` as the command line writes it, with `include` as
  /// the only filter (for tests).
  static func render(
    _ findings: FindingsByFile, reporter: any Reporter, threads: Int,
    include: (@Sendable (String, Int) -> Bool)? = nil
  ) -> (text: String, totals: ReportTotals) {
    var pass = ReportPass()
    pass.include = include
    var targets = [Target(reporter: reporter, output: ReportWriter())]
    let totals = pass.run(
      findings, header: ReportHeader(rules: [], errors: [], fileCount: findings.files.count),
      targets: &targets, threads: threads)
    return (targets[0].output.text, totals)
  }
}

/// The paths without findings (clean linted files, files with only errors), merged into the
/// findings' paths in report order.
private struct PathMerge {
  let linted: [String]
  let errors: [Diagnostic]
  var nextLinted = 0
  var nextError = 0

  /// The next such path before `path` (or any, when nil), with its errors.
  mutating func next(before path: String?) -> (file: ReportedFile, linted: Bool)? {
    let candidates = [
      nextLinted < linted.count ? linted[nextLinted] : nil,
      nextError < errors.count ? errors[nextError].path : nil,
    ].compactMap { $0 }
    guard let first = candidates.min(), path.map({ first < $0 }) ?? true else { return nil }
    let own = take(first)
    return (ReportedFile(path: first, findings: [], errors: own.errors), own.linted)
  }

  /// Consumes the linted files and the errors of `path`.
  mutating func take(_ path: String) -> (errors: [Diagnostic], linted: Bool) {
    var isLinted = false
    while nextLinted < linted.count, linted[nextLinted] == path {
      isLinted = true
      nextLinted += 1
    }
    var own: [Diagnostic] = []
    while nextError < errors.count, errors[nextError].path == path {
      own.append(errors[nextError])
      nextError += 1
    }
    return (own, isLinted)
  }
}
