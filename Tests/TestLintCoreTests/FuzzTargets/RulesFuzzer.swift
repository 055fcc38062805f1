// The `rules` fuzz target: one or more files through every rule, no reporters.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module. The
// input is split into up to four files (`FuzzFiles`), which a run lints on the calling thread
// with every rule, opt-in ones too, and suppressions. The input's last byte picks how: default
// options (with the model cache), unusual options (without it, so files are scanned again),
// or default options and then the inventory's assertion count. One run per input, not all
// three: each run is most of an input's cost, and the fuzzer reaches each variant anyway.
// Fails on a finding outside its file or a diagnostic at a negative position.
#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum RulesFuzzer {
  static let engines = FuzzFiles.configurations.indices.map(FuzzFiles.engine)
  static let counter = MissingAssertionRule(
    options: RuleOptions(
      defaultsOf: MissingAssertionRule.description, configured: FuzzFiles.unusualOptions))

  /// Lints the input in the variant its last byte picks, or in each of `variants`.
  static func run(_ bytes: [UInt8], variants: [Int]? = nil) throws(FuzzFailure) {
    let files = FuzzFiles(bytes)
    for variant in variants ?? [Int(bytes.last ?? 0) % 3] {
      let engine = engines[variant == 1 ? 1 : 0]
      try files.check(engine.run(files.entries, load: files.load))
      if variant == 2 {
        _ = engine.inventory(files.entries, matcher: counter, load: files.load)
      }
    }
  }
}
