// What the fuzz targets of this folder report: a broken invariant.
//
// The targets live in the test target, beside `FuzzRegressionTests`, so a regression input is
// replayed through exactly the checks that found it; `Scripts/fuzz` compiles the same files
// with `Sources/TestLintCore` and `Fuzz/FuzzEntry.swift` into the libFuzzer binary, where a
// failure traps (and libFuzzer keeps the input).
#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

/// A broken invariant, with what was seen.
struct FuzzFailure: Error, CustomStringConvertible {
  /// What broke, with the values involved.
  let description: String

  init(_ description: String) { self.description = description }
}
