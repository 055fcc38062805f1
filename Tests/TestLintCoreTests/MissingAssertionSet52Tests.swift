import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out sets 50, 52 to 55): InstantMock's `verify()` through a property,
/// a test whose body holds a lexer error (`BrokenTests`), a test named as a compile check
/// (`CompileTimeName`), "compile-only" and "type-check" (`CompileTimeComment`), fastlane's
/// `Snapshot.snapshot`.
final class MissingAssertionSet52Tests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_instantMockVerify_throughProperty_counts() {
    let tests = """
      import XCTest
      import InstantMock

      final class DimmerTests: XCTestCase {
        func test_dusk_dims() {
          let lamp = LampDouble()
          lamp.spy.expect().call(lamp.dim(to: Arg.eq(30)))
          dimmer.handleDusk()
          lamp.spy.verify()
        }
        func test_dawn_brightens() {
          lamp.expect().call(lamp.dim(to: Arg.eq(90)))
          dimmer.handleDawn()
          lamp.verify()
        }
      }
      """
    XCTAssertEqual(findings(["DimmerTests.swift": tests]), [])
    // Without the import, `verify()` is anybody's method.
    let plain = tests.replacingOccurrences(of: "import InstantMock\n", with: "")
    XCTAssertEqual(findings(["DimmerTests.swift": plain]), ["DimmerTests.swift:4", "DimmerTests.swift:10"])
  }

  /// Every rule's findings and the problems of one file.
  private func lint(_ source: String) -> (findings: [String], errors: Int) {
    let rules = RuleRegistry.all.map {
      ConfiguredRule($0, severity: .warning, options: RuleOptions(defaultsOf: $0.description))
    }
    let engine = LintEngine(rules: rules, testBaseClasses: [], threads: 1)
    let result = engine.run([FileEntry(path: "T.swift", displayPath: "T.swift")]) { _ in Array(source.utf8) }
    return (result.findings.map { "\($0.line) \($0.ruleID)" }, result.errors.count)
  }

  func test_bodyHoldingLexerError_getsNoFindingOnItsNameNorAfterTheError() {
    let source = """
      import XCTest

      final class LedgerImportTests: XCTestCase {
        func test_quotedCells() throws {
          let rows = ledger.rows!
          let csv = \"\"\"
          Item,Note
          "Desk","Oak ""Large""\"
          \"\"\"
          XCTAssertEqual(try importer.parse(csv).count, 1)
          let last = rows.last!
          XCTAssertEqual(last, "Desk")
        }

        func test_emptyFile() {
          importer.parse("")
        }
      }
      """
    let (found, errors) = lint(source)
    XCTAssertGreaterThan(errors, 0, "the file is reported as a problem")
    // The force unwrap before the broken literal stays; nothing on the test's name, nor after.
    XCTAssertEqual(found.filter { $0.hasSuffix("missing_assertion") }, [])
    XCTAssertEqual(found.filter { $0.hasSuffix("force_unwrap_in_test") }, ["5 force_unwrap_in_test"])
    // A rule reading only the test's name still reports it.
    XCTAssertEqual(found.filter { $0.hasSuffix("test_name_format") }, ["4 test_name_format"])
    // Without the error, the second test is reported as before.
    let fixed = source.replacingOccurrences(of: "\"\"Large\"\"\"", with: "Large")
    let (clean, cleanErrors) = lint(fixed)
    XCTAssertEqual(cleanErrors, 0)
    XCTAssertEqual(clean.filter { $0.hasSuffix("missing_assertion") }, ["15 missing_assertion"])
  }

  func test_testNamedAsCompileCheck_onlyBuildingValues_counts() {
    let tests = """
      import Testing

      struct StepperTests {
        @Test func stepper_range_modifier_compiles() {
          _ = Stepper(value: 3)
            .range(1...9)
        }
        @Test func trailingClosureInitCompiles() {
          let stepper = Stepper(value: 1) { value in Text(value) }
          _ = stepper
        }
        @Test("the label modifier compiles") func labelModifier() {
          _ = Stepper(value: 2).label("Count")
        }
        @Test func stepper_init_compile() { _ = Stepper(value: 0) }
        @Test func testCompilerOutput() {
          _ = Stepper(value: 4)
        }
        @Test func step_modifier_compiles() {
          let stepper = Stepper(value: 5).step(2)
          stepper.press()
        }
        @Test("the label modifier compiles its text") func labelText() {
          _ = Stepper(value: 2).label("Count")
        }
        @Test func testCompiles() { _ = Stepper(value: 6) }
      }
      """
    XCTAssertEqual(
      findings(["StepperTests.swift": tests]),
      ["StepperTests.swift:16", "StepperTests.swift:19", "StepperTests.swift:23", "StepperTests.swift:26"])
    XCTAssertTrue(CompileTimeName.namesCompiling("initializersCompile"))
    XCTAssertFalse(CompileTimeName.namesCompiling("testCompilerOutput"))
  }

  func test_compileOnlyAndTypeCheckPhrases_stateCompileTimeCheck() {
    XCTAssertTrue(CompileTimeComment.says("// Compile-only reference: keeps every overload linked."))
    XCTAssertTrue(CompileTimeComment.says("// It only needs to type-check."))
    XCTAssertTrue(CompileTimeComment.says("// The closure is never run; this type-checks, that is all."))
    XCTAssertTrue(CompileTimeComment.says("/* must type check */"))
    XCTAssertFalse(CompileTimeComment.says("// the type checker is slow on this literal"))
    XCTAssertFalse(CompileTimeComment.says("// check the type of the result"))
    XCTAssertFalse(CompileTimeComment.says("// we compile only the fixture"))
  }

  func test_fastlaneSnapshotThroughItsType_isNoCheck() {
    let tests = """
      import XCTest

      final class StoreScreenshots: XCTestCase {
        func test_captureHome() {
          app.launch()
          Snapshot.snapshot("01Home", timeWaitingForIdle: 5)
        }
        func test_captureCart() { Snapshot.setupSnapshot(app) }
        func test_badge() { Xct.snapshotAsync(testName: "badge", view: badge) }
      }
      """
    XCTAssertEqual(findings(["StoreScreenshots.swift": tests]), ["StoreScreenshots.swift:4", "StoreScreenshots.swift:8"])
  }
}
