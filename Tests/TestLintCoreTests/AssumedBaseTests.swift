import XCTest

@testable import TestLintCore

/// Base classes declared in none of the linted files (`assume_test_bases`): a class on one named
/// like a test base, in a file importing XCTest, with a `test...` method, is a test class.
final class AssumedBaseTests: XCTestCase {
  /// A test class on `base` (declared in none of the files written) with one test that checks
  /// nothing.
  private static func subclass(_ name: String = "ProfileTests", of base: String = "SnapshotTestCase") -> String {
    """
    import XCTest
    import SnapshotKit

    final class \(name): \(base) {
      func testLayout() {
        let view = 1
        _ = view
      }
    }

    """
  }

  /// A second file of the run, declaring nothing the first one uses.
  private static let other = """
    import XCTest

    final class OtherTests: XCTestCase {
      func testOther() {
        XCTAssertTrue(true)
      }
    }

    """

  private static let note =
    "testlint: note: took 1 class for XCTest test cases on a base declared in none of the linted files:"
    + " SnapshotTestCase (1); to make it exact, name the bases in 'test_base_classes' or lint the module"
    + " that declares them ('assume_test_bases: false' turns this off)\n"

  private func sandbox(_ files: [String: String]) throws -> Sandbox {
    let sandbox = try Sandbox(self)
    for (path, text) in files { try sandbox.write(path, text) }
    return sandbox
  }

  private func rules(_ output: Sandbox.Output) throws -> [String] {
    try JSONFile(output.stdout).findings.map { "\($0.file):\($0.line) \($0.rule)" }
  }

  // MARK: Item 1: which classes

  func test_undeclaredTestBase_isAssumed() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(), "Tests/OtherTests.swift": Self.other])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.hasPrefix(Self.note), output.stderr)
  }

  func test_baseDeclaredInTheRun_isNotAssumed() throws {
    // Declared as no test case, in a file pass 1 reads after the subclass's or before it.
    for declaring in ["Tests/SnapshotTestCase.swift", "Support/AAA.swift"] {
      let sandbox = try sandbox([
        "Tests/ProfileTests.swift": Self.subclass(), declaring: "open class SnapshotTestCase {}\n",
      ])
      let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
      XCTAssertEqual(try rules(output), [], declaring)
      XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
    }
  }

  func test_classWithoutTestMethod_orFileWithoutXCTest_isNotAssumed() throws {
    let noTest = """
      import XCTest

      final class Screens: SnapshotTestCase {
        func helper() {}
      }

      """
    let noImport = Self.subclass().replacingOccurrences(of: "import XCTest\n", with: "")
    for text in [noTest, noImport] {
      let sandbox = try sandbox(["Tests/ProfileTests.swift": text, "Tests/OtherTests.swift": Self.other])
      let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
      XCTAssertEqual(try rules(output), [])
      XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
    }
  }

  func test_fileWithoutXCTest_countsOnceAnotherFileImportsIt() throws {
    // Test files that get XCTest through the support module (its `@_exported import`).
    let noImport = Self.subclass("CardTests").replacingOccurrences(of: "import XCTest\n", with: "")
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(), "Tests/CardTests.swift": noImport])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/CardTests.swift:4 missing_assertion", "Tests/ProfileTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("took 2 classes"), output.stderr)
  }

  func test_fileImportingATestLibraryThatReExportsXCTest_isAssumed() throws {
    // KIF's and iOSSnapshotTestCase's modules, and a team's test library named so, import XCTest
    // for their users: a file importing only one of them holds XCTest test cases.
    for module in ["KIF", "iOSSnapshotTestCaseCore", "FBSnapshotTestCase", "CheckoutTestKit", "XCTServer"] {
      let text = Self.subclass(of: "LibraryTestCase").replacingOccurrences(of: "import XCTest\n", with: "import \(module)\n")
      let sandbox = try sandbox(["Tests/ProfileTests.swift": text])
      let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
      XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"], module)
      XCTAssertTrue(output.stderr.contains("LibraryTestCase (1)"), output.stderr)
    }
  }

  func test_fileImportingAModuleNamedOtherwise_isNotAssumed() throws {
    let text = Self.subclass(of: "LibraryTestCase").replacingOccurrences(of: "import XCTest\n", with: "import CheckoutKit\n")
    let output = try sandbox(["Tests/ProfileTests.swift": text]).run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), [])
    XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
  }

  func test_baseEndingInTestCaseBase_isAssumed() throws {
    // Realm's `RLMTestCaseBase`, declared in Objective-C: a base's base named so reads as a test base.
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(of: "RLMTestCaseBase")])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("RLMTestCaseBase (1)"), output.stderr)
  }

  func test_baseNamedXCTestCaseAndMore_isAssumed() throws {
    // A support module's `XCTestCase` with timing helpers: no suffix, but XCTest's own name first.
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(of: "XCTestCasePerf")])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("XCTestCasePerf (1)"), output.stderr)
    // No suffix configured assumes no name, this one neither.
    try sandbox.write(".lint.yml", "assumed_test_base_suffixes: []\n")
    let none = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(none), [])
    XCTAssertFalse(none.stderr.contains("note:"), none.stderr)
  }

  func test_xctestsOwnClasses_areNeverAssumed() throws {
    // `XCTest` ends in `Test`, but it is XCTest's abstract class: XCTest runs no method of a
    // subclass of it, nor of its suites, runs and observers.
    for base in ["XCTest", "XCTestSuite", "XCTestRun", "XCTestCaseRun", "XCTest.XCTest"] {
      let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(of: base)])
      let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
      XCTAssertEqual(try rules(output), [], base)
      XCTAssertFalse(output.stderr.contains("took"), base + ": " + output.stderr)
    }
  }

  func test_baseNotNamedLikeATestBase_isNotAssumed() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(of: "ViewHarness")])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), [])
  }

  func test_options_turnOffOrNameTheSuffixes() throws {
    let sandbox = try sandbox([
      "Tests/ProfileTests.swift": Self.subclass(), "Tests/CardTests.swift": Self.subclass("CardTests", of: "ViewHarness"),
    ])
    try sandbox.write(".lint.yml", "assume_test_bases: false\n")
    XCTAssertEqual(try rules(sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])), [])
    try sandbox.write(".lint.yml", "assumed_test_base_suffixes: [Harness]\n")
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/CardTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("ViewHarness (1)"), output.stderr)
  }

  func test_quickBehaviorUnderMatchingSuffix_isNotAssumed() throws {
    // A team whose shared test bases end in `Behavior`: Quick's own `Behavior<Context>`
    // (shared examples) stays the framework's, so its subclass is no test case.
    let sharedExamples = """
      import Quick
      import Nimble

      final class EditingBehavior: Behavior<String> {
        func testLayout() {
          let view = 1
          _ = view
        }
      }

      """
    let sandbox = try sandbox([
      "Tests/EditingBehavior.swift": sharedExamples, "Tests/LoginTests.swift": Self.subclass("LoginTests", of: "LoginBehavior"),
    ])
    try sandbox.write(".lint.yml", "assumed_test_base_suffixes: [Behavior]\n")
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/LoginTests.swift:5 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("files: LoginBehavior (1);"), output.stderr)
  }

  func test_extensionOfTheUndeclaredBase_keepsItAssumed() throws {
    // Test files often extend their base class with helpers: an extension declares no class.
    let extended = """
      import XCTest
      import SnapshotKit

      extension SnapshotTestCase {
        func snapshotName() -> String { "profile" }
      }

      final class ProfileTests: SnapshotTestCase {
        func testLayout() {
          let view = 1
          _ = view
        }
      }

      """
    let sandbox = try sandbox(["Tests/ProfileTests.swift": extended])
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:9 missing_assertion"])
    XCTAssertTrue(output.stderr.contains("files: SnapshotTestCase (1);"), output.stderr)
  }

  func test_testBaseClasses_makeTheBaseCertain_withoutNote() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass()])
    try sandbox.write(".lint.yml", "test_base_classes: [SnapshotTestCase]\n")
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"])
    XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
  }

  func test_subclassOfAnAssumedClassInAnotherFile_isATestClass() throws {
    let middle = """
      import XCTest

      class FeatureTestBase: SnapshotTestCase {
        func testBaseline() {
          XCTAssertTrue(true)
        }
      }

      """
    let sandbox = try sandbox([
      "Tests/FeatureTestBase.swift": middle, "Tests/ProfileTests.swift": Self.subclass(of: "FeatureTestBase"),
    ])
    try sandbox.write(
      "Tests/CardTests.swift", Self.verifying.replacingOccurrences(of: "ProfileTests: SnapshotTestCase", with: "CardTests: FeatureTestBase"))
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"], "CardTests checks through its base's package")
    let inventory = sandbox.run(["inventory"]).stdout
    XCTAssertEqual(inventory.components(separatedBy: "assumed").count - 1, 4, inventory)
  }

  func test_intermediateBaseWithoutTests_leadsToTheUndeclaredBase() throws {
    // In another file, and in the same file: the class with tests names the intermediate one.
    let middle = "import XCTest\n\nclass RuleTestCase: DiagnosingTestCase {\n  func assertRule() {}\n}\n"
    for files in [
      ["Tests/RuleTestCase.swift": middle, "Tests/ProfileTests.swift": Self.subclass(of: "RuleTestCase")],
      ["Tests/ProfileTests.swift": Self.subclass(of: "RuleTestCase") + middle.replacingOccurrences(of: "import XCTest\n", with: "")],
    ] {
      let sandbox = try sandbox(files)
      let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
      XCTAssertEqual(try rules(output), ["Tests/ProfileTests.swift:5 missing_assertion"])
      XCTAssertTrue(output.stderr.contains("took 1 class for XCTest test cases on a base declared in none of the linted files: DiagnosingTestCase (1);"), output.stderr)
    }
  }

  // MARK: Item 1: the cache

  func test_cache_forgetsTheAssumption_whenTheBaseBecomesDeclared() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(), "Tests/OtherTests.swift": Self.other])
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    XCTAssertEqual(try rules(sandbox.run(arguments)), ["Tests/ProfileTests.swift:5 missing_assertion"])
    try sandbox.write("Tests/Support.swift", "open class SnapshotTestCase {}\n")
    XCTAssertEqual(try rules(sandbox.run(arguments)), [], "the base is declared now: no test class")
    try FileManager.default.removeItem(atPath: sandbox.path("Tests/Support.swift"))
    XCTAssertEqual(try rules(sandbox.run(arguments)), ["Tests/ProfileTests.swift:5 missing_assertion"])
  }

  // MARK: Item 2: the note

  func test_note_isSaidOnce_andQuietSilencesIt() throws {
    let sandbox = try sandbox([
      "Tests/ProfileTests.swift": Self.subclass(), "Tests/CardTests.swift": Self.subclass("CardTests"),
      "Tests/FeedTests.swift": Self.subclass("FeedTests", of: "MessagingTestBase"),
    ])
    let output = sandbox.run(["--reporter", "json"])
    XCTAssertTrue(
      output.stderr.hasPrefix(
        "testlint: note: took 3 classes for XCTest test cases on bases declared in none of the linted files:"
          + " SnapshotTestCase (2), MessagingTestBase (1); to make it exact"), output.stderr)
    XCTAssertEqual(output.stderr.components(separatedBy: "note:").count, 2, output.stderr)
    XCTAssertFalse(output.stdout.contains("SnapshotTestCase"), "not in the report")
    XCTAssertEqual(sandbox.run(["--quiet", "--reporter", "json"]).stderr, "")
  }

  func test_note_countsClassesWhoseTestsAreInAnExtension() throws {
    // The class holds properties; its tests are in an extension of it in the same file.
    let extended = """
      import XCTest

      class CardTests: SnapshotTestCase {
        var card = 1
      }

      extension CardTests {
        func testCard() {
          _ = card
        }
      }

      """
    let both = try sandbox(["Tests/ProfileTests.swift": Self.subclass(), "Tests/CardTests.swift": extended])
    let output = both.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    XCTAssertTrue(output.stderr.contains("took 2 classes"), output.stderr)
    XCTAssertTrue(output.stderr.contains("SnapshotTestCase (2)"), output.stderr)
    XCTAssertEqual(try rules(output), ["Tests/CardTests.swift:8 missing_assertion", "Tests/ProfileTests.swift:5 missing_assertion"])
    // Alone, the extension's class makes the base assumed.
    let alone = try sandbox(["Tests/CardTests.swift": extended])
    XCTAssertEqual(try rules(alone.run(["--reporter", "json", "--only-rule", "missing_assertion"])), ["Tests/CardTests.swift:8 missing_assertion"])
  }

  func test_inventory_marksTestsOnAnAssumedBase() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.subclass(), "Tests/OtherTests.swift": Self.other])
    let output = sandbox.run(["inventory"])
    XCTAssertTrue(output.stdout.contains(#""name" : "testLayout""#) || output.stdout.contains(#""name": "testLayout""#))
    let lines = output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertEqual(lines.filter { $0.contains("assumed") }.count, 1, output.stdout)
    XCTAssertTrue(output.stderr.hasPrefix(Self.note), output.stderr)
    XCTAssertEqual(sandbox.run(["inventory", "--quiet"]).stderr, "")
  }

  // MARK: Item 3: checks of the base's package

  private static let verifying = """
    import XCTest
    import SnapshotKit

    final class ProfileTests: SnapshotTestCase {
      func testLayout() {
        VerifySnapshotInNavigationController(ProfileView())
      }

      func testRecorded() {
        recordDarkModeSnapshot(of: ProfileView())
      }
    }

    """

  func test_undeclaredCheck_countsAsAssertion_inAClassOnAnAssumedBase() throws {
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.verifying, "Tests/OtherTests.swift": Self.other])
    XCTAssertEqual(try rules(sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])), [])
  }

  func test_undeclaredCheck_countsOnACertainBaseToo() throws {
    // A check no linted file declares counts in every test (`UndeclaredCheck`), not only on an
    // assumed base; through a receiver only there.
    let sandbox = try sandbox([
      "Tests/ProfileTests.swift": Self.verifying.replacingOccurrences(
        of: "recordDarkModeSnapshot(of:", with: "screen.recordDarkModeSnapshot(of:")
    ])
    try sandbox.write(".lint.yml", "test_base_classes: [SnapshotTestCase]\n")
    XCTAssertEqual(
      try rules(sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])),
      ["Tests/ProfileTests.swift:9 missing_assertion"])
  }

  func test_checkDeclaredInTheRun_isAskedAsAnyHelper() throws {
    let helpers = """
      func VerifySnapshotInNavigationController(_ view: Any) {
        print(view)
      }

      """
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    let sandbox = try sandbox(["Tests/ProfileTests.swift": Self.verifying])
    XCTAssertEqual(try rules(sandbox.run(arguments)), [])
    // In another folder: the files beside a file are a dependency of its results of their own.
    try sandbox.write("Support/Helpers.swift", helpers)
    XCTAssertEqual(
      try rules(sandbox.run(arguments)), ["Tests/ProfileTests.swift:5 missing_assertion"],
      "declared in the run and asserting nothing")
  }

  /// Tests on a support module's `StressTestCase` that end by handing their work to its harness.
  private static let stressed = """
    import XCTest
    import TestingKit

    final class CancelStressTests: StressTestCase {
      func test_cancel_stressed() {
        stress(level: .low) { batch, iteration in
          batch.dispatchGroup.enter()
          Procedure().cancel()
        }
      }
      func test_exclusive_concurrently() {
        self.concurrencyTest(operations: 3, withExpectations: Expectations(checkMaximumDetected: 1))
      }
      func test_configure_only() {
        configure(level: .low)
      }
      func test_stress_thenMore() {
        stress(level: .low) { batch, iteration in print(batch) }
        Procedure().cancel()
      }
      func test_exclusive_afterSetup() {
        queue.maxConcurrentOperationCount = 3
        concurrencyTest(operations: 3, withExpectations: Expectations(checkMaximumDetected: 1))
      }
    }

    """

  func test_finalHarnessCall_onAnAssumedBase_counts() throws {
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    let sandbox = try sandbox(["Tests/CancelStressTests.swift": Self.stressed])
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      ["Tests/CancelStressTests.swift:14 missing_assertion", "Tests/CancelStressTests.swift:17 missing_assertion"])
    // Declared in the run and asserting nothing: followed as any helper is.
    try sandbox.write(
      "Support/Stress.swift",
      "extension XCTestCase {\n  func stress(level: Int, block: (Int, Int) -> Void) { block(0, 0) }\n}\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      [
        "Tests/CancelStressTests.swift:5 missing_assertion", "Tests/CancelStressTests.swift:14 missing_assertion",
        "Tests/CancelStressTests.swift:17 missing_assertion",
      ])
  }

  func test_finalHarnessCall_onACertainBase_reported() throws {
    let sandbox = try sandbox([
      "Tests/CancelStressTests.swift": Self.stressed.replacingOccurrences(of: ": StressTestCase", with: ": XCTestCase")
    ])
    XCTAssertEqual(
      try rules(sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])),
      [
        "Tests/CancelStressTests.swift:5 missing_assertion", "Tests/CancelStressTests.swift:11 missing_assertion",
        "Tests/CancelStressTests.swift:14 missing_assertion", "Tests/CancelStressTests.swift:17 missing_assertion",
        "Tests/CancelStressTests.swift:21 missing_assertion",
      ])
  }

  /// UI tests of a class that adopts a snapshot pod's `ViewTestCase` (declared in no linted
  /// file) and hand their cases to its `uiTest`.
  private static let snapshotted = """
    import XCTest
    import TempuraTesting

    final class HomeUITests: AppViewTestCase, ViewTestCase {
      func testUI() {
        self.uiTest(testCases: ["home": HomeVM()], context: UITests.Context<HomeView>())
      }
      func testConfigured() {
        configure(level: .low)
      }
      func testUIThenMore() {
        uiTest(testCases: ["home": HomeVM()], context: context)
        print("done")
      }
    }

    final class PlainUITests: AppViewTestCase {
      func testUI() {
        self.uiTest(testCases: ["home": HomeVM()], context: UITests.Context<HomeView>())
      }
    }

    """

  func test_finalTestRunOfAnAdoptedTestBase_counts() throws {
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    let sandbox = try sandbox([
      "Tests/HomeUITests.swift": Self.snapshotted,
      "Tests/AppViewTestCase.swift": "import XCTest\n\nclass AppViewTestCase: XCTestCase {}\n",
    ])
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      [
        "Tests/HomeUITests.swift:8 missing_assertion", "Tests/HomeUITests.swift:11 missing_assertion",
        "Tests/HomeUITests.swift:18 missing_assertion",
      ])
    // The harness declared in the run, asserting nothing: followed as any helper is.
    try sandbox.write(
      "Support/Tempura.swift",
      "extension XCTestCase {\n  func uiTest(testCases: [String: Any], context: Any) { print(testCases) }\n}\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      [
        "Tests/HomeUITests.swift:5 missing_assertion", "Tests/HomeUITests.swift:8 missing_assertion",
        "Tests/HomeUITests.swift:11 missing_assertion", "Tests/HomeUITests.swift:18 missing_assertion",
      ])
    // The adopted base declared in the run: no base of a support module.
    try sandbox.write("Support/Tempura.swift", "protocol ViewTestCase {}\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      [
        "Tests/HomeUITests.swift:5 missing_assertion", "Tests/HomeUITests.swift:8 missing_assertion",
        "Tests/HomeUITests.swift:11 missing_assertion", "Tests/HomeUITests.swift:18 missing_assertion",
      ])
  }

  /// UI tests of two classes, each adopting a snapshot pod's protocol declared in no linted
  /// file: `ViewChecks` ends in no default test base ending, `ViewTestCase` does.
  static let adoptingByEnding = """
    import XCTest
    import TempuraTesting

    final class HomeUITests: AppViewTestCase, ViewChecks {
      func testUI() {
        self.uiTest(testCases: ["home": HomeVM()], context: UITests.Context<HomeView>())
      }
    }

    final class CardUITests: AppViewTestCase, ViewTestCase {
      func testUI() {
        self.uiTest(testCases: ["card": CardVM()], context: UITests.Context<CardView>())
      }
    }

    """

  func test_adoptedTestBase_readsTheConfiguredEndings() throws {
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    let sandbox = try sandbox([
      "Tests/HomeUITests.swift": Self.adoptingByEnding,
      "Tests/AppViewTestCase.swift": "import XCTest\n\nclass AppViewTestCase: XCTestCase {}\n",
    ])
    XCTAssertEqual(try rules(sandbox.run(arguments)), ["Tests/HomeUITests.swift:5 missing_assertion"], "default endings")
    try sandbox.write(".lint.yml", "assumed_test_base_suffixes: [Checks]\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)), ["Tests/HomeUITests.swift:11 missing_assertion"],
      "the configured endings replace the default ones")
    // The adopted type declared in the run, read by the configured ending: no support module's.
    try sandbox.write("Support/ViewChecks.swift", "protocol ViewChecks {}\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      ["Tests/HomeUITests.swift:5 missing_assertion", "Tests/HomeUITests.swift:11 missing_assertion"])
    try sandbox.write("Support/ViewChecks.swift", "// moved\n")
    try sandbox.write(".lint.yml", "assume_test_bases: false\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)),
      ["Tests/HomeUITests.swift:5 missing_assertion", "Tests/HomeUITests.swift:11 missing_assertion"],
      "with the assumption off, no adopted type is a test base")
  }

  func test_checkNamedTypeOfTheRun_isMatchedByItsName() throws {
    // A type named like a check, made by its initializer: the run's class of that name is the
    // one made, whatever the labels (`CallSignature` leaves capitalized names to the name).
    let sandbox = try sandbox([
      "Tests/ProcedureTests.swift":
        "import XCTest\n\nfinal class ProcedureTests: XCTestCase {\n  func testMade() {\n    _ = CheckForEventsProcedure(operations: [1])\n  }\n}\n",
      "Tests/Procedures.swift": "class CheckForEventsProcedure {\n  init(operations: [Int]) { print(operations) }\n}\n",
    ])
    XCTAssertEqual(
      try rules(sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])),
      ["Tests/ProcedureTests.swift:4 missing_assertion"])
  }

  func test_helperOfTheRunCallingAnUndeclaredCheck_asserts() throws {
    let base = """
      import XCTest

      class PrettyPrintTestCase: DiagnosingTestCase {
        final func assertPrettyPrintEqual(_ input: String) {
          let output = input
          assertStringsEqualWithDiff(output, input)
        }
      }

      """
    let tests = """
      import XCTest

      final class AccessorTests: PrettyPrintTestCase {
        func testBasicAccessors() {
          assertPrettyPrintEqual("var x: Int { get }")
        }
      }

      """
    let sandbox = try sandbox(["Tests/PrettyPrintTestCase.swift": base, "Tests/AccessorTests.swift": tests])
    let arguments = ["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", ".cache"]
    XCTAssertEqual(try rules(sandbox.run(arguments)), [])
    try sandbox.write("Support/Diff.swift", "func assertStringsEqualWithDiff(_ a: String, _ b: String) {\n  print(a, b)\n}\n")
    XCTAssertEqual(
      try rules(sandbox.run(arguments)), ["Tests/AccessorTests.swift:4 missing_assertion"],
      "the check is declared in the run now, and asserts nothing")
  }

  func test_readsAsCheck_inAnyCase() {
    for name in ["assertSnapshot", "verify", "Verify_view", "VerifySnapshotInNavigationController", "expectEqual",
      "checkLayout", "validateModel", "recordSnapshot", "recordDarkModeSnapshot",
      "SnapshotVerifyAccessibility", "FBSnapshotVerifyView", "snapshotVerify", "renderAndCheck2"]
    {
      XCTAssertTrue(BaseAssumption.readsAsCheck(name), name)
    }
    for name in ["verifying", "expected", "checkout", "record", "recordVideo", "makeView", "", "Recheckout", "makeVerifyingView", "isChecked", "Expectation"] {
      XCTAssertFalse(BaseAssumption.readsAsCheck(name), name)
    }
  }
}
