// The `rules` fuzz target: one or more files through every rule, no reporters.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module. The
// input is split into up to four files (`FuzzFiles`), which a run lints on the calling thread
// with every rule, opt-in ones too, under default and under unusual options (the second run
// without the model cache, so files are scanned again), with suppressions; the inventory counts
// assertions. Traps on a finding outside its file or a diagnostic at a negative position.

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum RulesFuzzer {
  static let engines = FuzzFiles.configurations.indices.map(FuzzFiles.engine)
  static let counter = MissingAssertionRule(
    options: RuleOptions(
      defaultsOf: MissingAssertionRule.description, configured: FuzzFiles.unusualOptions))

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    let files = FuzzFiles(bytes)
    for engine in engines {
      try files.check(engine.run(files.entries, load: files.load))
    }
    _ = engines[0].inventory(files.entries, matcher: counter, load: files.load)
  }
}
