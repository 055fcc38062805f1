/// Which calls of a function declared in none of the run's files count as assertions, in every
/// test (`missing_assertion`, and `indiscrete_test`'s count through it).
///
/// Teams keep their check helpers in a support module the linted test folders do not include
/// (`Sources/TestUtils`, a snapshot package): `XCTDiffContexts(...)`,
/// `assertLightDarkSnapshots(...)`, `_expectFailure(...)`. What such a function does is unknown,
/// and a false error costs more than a miss, so a call of one whose name reads as a check
/// counts (`BaseAssumption.readsAsCheck`, `readsAsAssertion`). Only a plain call, or one
/// through `self.`, `Self.` or `super.`: a method of the code under test (`form.validate()`,
/// `sut.checkForUpdates()`) is no check, and a test that calls only `sut.load()` is still
/// reported; through another receiver, only a name with the word "assert", which is the
/// vocabulary of tests alone (`logger.waitAndAssert(message:)`). In an XCTest test a
/// plain call of `test...` with arguments counts too (`test(operator: +, on: (1, 2), returns: 3)`,
/// `testCodableConformance(of: value)`): a test method takes none, so it is a support
/// package's check, as XCTest-era packages name them.
///
/// Not Swift's `assert(_:)` (a debug-build check the page counts as none), nor a mocking
/// library's names (`verify`, `Verify`, `verifyNoMoreInteractions`), which count only as
/// `MockVerification` says, in a file that imports the library.
///
/// Whether the run declares the name is answered by the run (`HelperNames.declaresNone`); a
/// declared function is followed as any helper is.
enum UndeclaredCheck {
  /// Whether the call, if no file of the run declares its name, counts as an assertion in a
  /// test of `framework`.
  static func counts(callAt index: Int, in model: FileModel, framework: TestFramework) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember else { return false }
    let name = call.name
    // Through another receiver, only the word "assert", which only tests speak
    // (`logger.waitAndAssert(message:)`, `preview.assertLightDarkSnapshots()`).
    let plain: Bool
    switch call.path.count {
    case 1: plain = !call.hasExpressionBase
    case 2:
      let receiver = call.path[0]
      plain = !call.hasExpressionBase && (receiver == "self" || receiver == "Self" || receiver == "super")
    default: plain = false
    }
    // Swift's `assert(_:)` checks only in debug builds, and a mocking library's `verify(` or
    // `then(` is decided by its import (`MockVerification`): without it, anybody's function.
    if name == "assert" || MockVerification.mayMatch(name) && MockVerification.isLibraryName(name) { return false }
    guard plain else { return BaseAssumption.readsAsAssertion(name) }
    if BaseAssumption.readsAsCheck(name) || BaseAssumption.readsAsAssertion(name) { return true }
    return framework == .xctest && BaseAssumption.readsAsTestCheck(name)
      && (!call.arguments.isEmpty || !call.trailingClosures.isEmpty)
  }
}
