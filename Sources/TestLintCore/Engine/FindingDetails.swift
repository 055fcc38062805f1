/// Finds again the details (test, suite, snippet) of the findings of files a run linted
/// without them (`LintEngine.detailsFiles`), for the few files a report lists.
///
/// The `html` page shows the details of at most `--report-limit` findings, those of the first
/// files with findings in path order; a run kept them for every finding, and found, encoded,
/// stored and decoded them for a million findings to show 5,000. Now only the first files
/// (`from`, the limit, in the walk's path order) keep them; a file past those that the page
/// lists (a tree whose first files have no findings) is read and linted once more here, with
/// what the run settled, and gives the same findings with their details.
struct FindingDetails: Sendable {
  /// The files from this index on were linted without details.
  let from: Int
  /// The run's files.
  let files: FileList
  /// The findings of file `index` linted again with their details, sorted; nil when the file
  /// cannot be read.
  let lint: @Sendable (_ index: Int) -> [Finding]?

  /// `findings`, those of the file at `path` (the run's file `index`, when one file has the
  /// path), with their details: as they are when the file kept them, else found again. When
  /// the file's findings linted again are not the same (the file changed since), `findings`
  /// as they are.
  func completed(_ findings: [Finding], path: String, file index: Int?) -> [Finding] {
    let indices = index.map { [$0] } ?? files.indices.filter { files.displayPath($0) == path }
    guard !findings.isEmpty, indices.contains(where: { $0 >= from }) else { return findings }
    var found: [Finding] = []
    for index in indices {
      guard let linted = lint(index) else { return findings }
      found += linted
    }
    if indices.count > 1 { found.sort() }
    guard found.count == findings.count,
      zip(found, findings).allSatisfy({ Self.sameButDetails($0, $1) })
    else { return findings }
    return found
  }

  /// Whether two findings are the same but for their test, suite and snippet.
  private static func sameButDetails(_ first: Finding, _ second: Finding) -> Bool {
    first.ruleID == second.ruleID && first.severity == second.severity && first.line == second.line
      && first.column == second.column && first.message == second.message && first.path == second.path
  }
}
