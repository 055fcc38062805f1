/// Lints a set of files: learns the run's class hierarchy, then lints each file concurrently.
public struct LintEngine: Sendable {
  /// The enabled rules.
  public var rules: [ConfiguredRule]
  /// Base classes declared outside the run (`test_base_classes`).
  public var testBaseClasses: [String]
  /// Worker threads (at least 1).
  public var threads: Int
  /// Bytes of file models kept from the first pass to skip re-reading; beyond it files are read
  /// again, so memory stays bounded on large trees.
  public var modelCacheBytes: Int = 32 << 20
  /// What counts as an assertion when learning which helpers of the run assert.
  public var assertionMatcher = AssertionMatcher()

  /// Creates an engine.
  public init(rules: [ConfiguredRule], testBaseClasses: [String], threads: Int) {
    self.rules = rules
    self.testBaseClasses = testBaseClasses
    self.threads = max(1, threads)
  }

  /// Lints files read from disk.
  public func run(_ files: [FileEntry]) -> LintResult {
    run(files) { entry throws(Diagnostic) in try FileWalker.contents(of: entry) }
  }

  /// Lints files whose bytes come from `load` (stdin, tests).
  public func run(
    _ files: [FileEntry], load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> LintResult {
    // Pass 1: declarations of every file, for the cross-file class hierarchy.
    let budget = modelCacheBytes / max(files.count, 1)
    let first = Parallel.map(count: files.count, threads: threads) { index -> FirstPass in
      let entry = files[index]
      do throws(Diagnostic) {
        let bytes = try load(entry)
        let source = try SourceFile(path: entry.displayPath, bytes: bytes)
        let model = Scanner.scan(source)
        var hierarchy = ClassHierarchy()
        hierarchy.add(model)
        let helpers = assertionMatcher.helperSummaries(in: model)
        let keep = bytes.count <= budget
        return FirstPass(hierarchy: hierarchy, assertingHelpers: helpers, model: keep ? model : nil, error: nil)
      } catch {
        return FirstPass(hierarchy: ClassHierarchy(), assertingHelpers: [], model: nil, error: error)
      }
    }
    var hierarchy = ClassHierarchy()
    var summaries: [HelperSummary] = []
    for pass in first {
      hierarchy.merge(pass.hierarchy)
      summaries.append(contentsOf: pass.assertingHelpers)
    }
    let assertingHelpers = AssertionMatcher.assertingHelperNames(summaries)
    let roots = Set(["XCTestCase"] + testBaseClasses)
    let linter = FileLinter(
      rules: rules, discovery: TestDiscovery(testCaseClasses: hierarchy.testCaseClasses(roots: roots)),
      assertingHelpers: assertingHelpers)

    // Pass 2: rules.
    let second = Parallel.map(count: files.count, threads: threads) { index -> SecondPass in
      if let error = first[index].error { return SecondPass(findings: [], errors: [error]) }
      let entry = files[index]
      let model: FileModel
      if let kept = first[index].model {
        model = kept
      } else {
        do throws(Diagnostic) {
          let source = try SourceFile(path: entry.displayPath, bytes: try load(entry))
          model = Scanner.scan(source)
        } catch {
          return SecondPass(findings: [], errors: [error])
        }
      }
      let result = linter.lint(model)
      return SecondPass(findings: result.findings, errors: result.problems)
    }
    var findings: [Finding] = []
    var errors: [Diagnostic] = []
    for pass in second {
      findings.append(contentsOf: pass.findings)
      errors.append(contentsOf: pass.errors)
    }
    let descriptions = rules.compactMap { RuleRegistry.rule(id: $0.id)?.description }
    return LintResult(
      findings: findings.sorted(), errors: errors.sorted(), files: files.map(\.displayPath).sorted(),
      rules: descriptions.sorted { $0.id < $1.id })
  }
}

private struct FirstPass: Sendable {
  var hierarchy: ClassHierarchy
  var assertingHelpers: [HelperSummary]
  var model: FileModel?
  var error: Diagnostic?
}

private struct SecondPass: Sendable {
  var findings: [Finding]
  var errors: [Diagnostic]
}
