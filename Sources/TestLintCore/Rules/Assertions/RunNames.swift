/// The names that say "this call hands the test's work over to something that checks" (a
/// harness, a run implemented elsewhere), for `missing_assertion`: a test whose only work is
/// such a call is not told that it asserts nothing.
///
/// Three readers, one per kind of evidence, read from the name's bytes. They are not merged,
/// because what else backs the name differs, and so does how much the name alone must say:
/// - `readsAsHarnessRun`: a call of a function declared in none of the run's files, through any
///   receiver (`UndeclaredCheck`). Only the name backs it, so it is the strictest: a verb that
///   runs (`run`, `perform`) first and a last word `Test` or `Tests`.
/// - `readsAsTestRun`: the last, bare call of a test on a base the run assumed or adopts,
///   with arguments (`AssumedBaseHarness`). The base and the arguments back it, so any name
///   whose last word is `Test` or `Tests` after a lowercase word will do (`uiTest(testCases:)`).
/// - `readsAsBodilessRun`: a function the run declares without a body, which another language
///   implements (`MissingAssertionElsewhere`). The missing body backs it, so `run` and a capital
///   will do, with no `Test` word (`runJsWorks`).
enum RunNames {
  /// Whether a name reads as a test harness's run: `run` or `perform` (then a capital or `_`),
  /// then words ending in `Test` or `Tests` (`runTest`, `runAllTests`, `performConformanceTest`),
  /// but not a run set up for tests (`runForTests`), nor `running...`, `performance...`.
  static func readsAsHarnessRun(_ name: String) -> Bool {
    // Told by the first byte for nearly every name.
    let first = name.utf8.first
    guard first == UInt8(ascii: "r") || first == UInt8(ascii: "p") else { return false }
    let verb: StaticString = first == UInt8(ascii: "r") ? "run" : "perform"
    guard CheckWords.startsWith(verb, name, anyCase: false, boundary: true, digits: false) else { return false }
    guard let stem = testWordStem(name) else { return false }
    return !stem.hasSuffix("For")
  }

  /// Whether a name's last camel-case word is `Test` or `Tests`, after a lowercase word or a
  /// digit, the name starting lowercase (`uiTest`, `snapshotTest`, `concurrencyTest`,
  /// `runAllTests`, `layout2Test`; not `test`, `Test`, `latest`, `XCTest` or `UITest`).
  static func readsAsTestRun(_ name: String) -> Bool {
    guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
    guard let last = testWordStem(name)?.utf8.last else { return false }
    return last >= UInt8(ascii: "a") && last <= UInt8(ascii: "z") || last >= UInt8(ascii: "0") && last <= UInt8(ascii: "9")
  }

  /// Whether a name reads as a run: `run` followed by an ASCII capital (`runJsWorks`,
  /// `runJsIdentityModeTests`, `runAliasWorks`), not `running`, `run` or `run_all`.
  static func readsAsBodilessRun(_ name: String) -> Bool {
    let bytes = Array(name.utf8.prefix(4))
    guard bytes.count == 4, bytes[0] == UInt8(ascii: "r"), bytes[1] == UInt8(ascii: "u"), bytes[2] == UInt8(ascii: "n")
    else { return false }
    return bytes[3] >= UInt8(ascii: "A") && bytes[3] <= UInt8(ascii: "Z")
  }

  /// The name without its last word when that is `Tests` or `Test` (`runAll` of `runAllTests`);
  /// nil for a name ending otherwise.
  private static func testWordStem(_ name: String) -> Substring? {
    if name.hasSuffix("Tests") { return name.dropLast(5) }
    if name.hasSuffix("Test") { return name.dropLast(4) }
    return nil
  }
}
