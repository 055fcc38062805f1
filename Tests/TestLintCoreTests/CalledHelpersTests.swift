import Foundation
import XCTest

@testable import TestLintCore

/// The run learns its asserting helpers from every file as it reads them (`RunFacts`): a helper
/// reached through files read later, or through a file that is not itself linted, still counts.
final class CalledHelpersTests: XCTestCase {
  private let sources: [String: String] = [
    // Read first (not named like tests): its test is linted before the helpers are known.
    "Sample.swift": """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_load_showsItems() { checkAll() }
        func test_save_isQuiet() { doNothing() }
      }
      """,
    "MiddleTests.swift": """
      import XCTest
      extension XCTestCase {
        func checkAll() { verifyThing() }
        func doNothing() { print("x") }
        func test_middle_asserts() { XCTAssertTrue(true) }
      }
      """,
    "LastTests.swift": """
      import XCTest
      func verifyThing() { XCTAssertEqual(1, 1) }
      """,
  ]

  private func findings(only: Set<Int>?, threads: Int) -> [String] {
    var all = self.sources
    // Many functions that assert and that no one calls.
    all["PaddingTests.swift"] =
      "import XCTest\nfinal class PaddingTests: XCTestCase {\n"
      + (0..<80).map { "  func test_pad\($0)_asserts() { XCTAssertTrue(true) }\n" }.joined() + "}\n"
    return Self.missingAssertions(in: all, only: only, threads: threads)
  }

  /// `missing_assertion`'s findings (`path:line`) in these files, on one thread and on two,
  /// which must agree.
  static func missingAssertionLines(in sources: [String: String], line: UInt = #line) -> [String] {
    let one = missingAssertions(in: sources, threads: 1)
    let two = missingAssertions(in: sources, threads: 2)
    XCTAssertEqual(one, two, "the threads agree", line: line)
    return one.map { $0.replacingOccurrences(of: " missing_assertion", with: "") }
  }

  /// `missing_assertion`'s findings in these files (named by their paths, linted in sorted
  /// order), as `path:line missing_assertion`.
  static func missingAssertions(
    in sources: [String: String], only: Set<Int>? = nil, threads: Int, memoryBytes: Int? = nil
  ) -> [String] {
    let entries = sources.keys.sorted().map { FileEntry(path: $0, displayPath: $0) }
    var engine = LintEngine(
      rules: [
        ConfiguredRule(
          MissingAssertionRule.self, severity: .warning,
          options: RuleOptions(defaultsOf: MissingAssertionRule.description))
      ],
      testBaseClasses: [], threads: threads)
    if let memoryBytes { engine.findingMemoryBytes = memoryBytes }
    let result = engine.run(entries, only: only) { entry in Array(sources[entry.path]!.utf8) }
    XCTAssertEqual(result.errors, [])
    return result.findings.map { "\($0.path):\($0.line) \($0.ruleID)" }
  }

  func test_helperChainAcrossLaterFiles_counts() {
    for threads in [1, 2] {
      XCTAssertEqual(findings(only: nil, threads: threads), ["Sample.swift:4 missing_assertion"])
    }
  }

  func test_helperChainThroughUnlintedFile_counts() {
    // Only `Sample.swift` (the last of the sorted names) is linted.
    let index = 3
    XCTAssertEqual(findings(only: [index], threads: 1), ["Sample.swift:4 missing_assertion"])
  }

  func test_helperNamedLikeATest_declaredElsewhere_counts() {
    // A file's speculation leaves out the tests it does not call; a helper named `test...` that
    // another file calls must still be learnt from the file that declares it.
    let sources: [String: String] = [
      "ATests.swift": """
        import XCTest
        final class ATests: XCTestCase {
          func test_a_checks() { testSupportChecks() }
          func test_b_checks() { support() }
        }
        """,
      "Support.swift": """
        import XCTest
        func testSupportChecks() { XCTFail("x") }
        func support() { testSupportChecks() }
        """,
    ]
    for threads in [1, 2] {
      XCTAssertEqual(Self.missingAssertions(in: sources, threads: threads), [], "threads \(threads)")
    }
  }

  func test_testNamedHelpersAcrossFiles_countWhereverTheyAreAndWhateverTheOrder() {
    // `test...` functions wait apart from the run's helpers until it settles; the ones some
    // file calls count as helpers do, through chains that cross files both ways.
    let base = """
      import XCTest
      class LayoutTestCase: XCTestCase {
        func testLayout(for size: Int) { testLayoutChecks(size) }
        func testUnused() { XCTAssertTrue(true) }
        func testQuiet(_ size: Int) { print(size) }
      }
      """
    let checks = """
      import XCTest
      extension XCTestCase {
        func testLayoutChecks(_ size: Int) { verifySize(size) }
      }
      """
    let verify = "import XCTest\nfunc verifySize(_ size: Int) { XCTAssertGreaterThan(size, 0) }\n"
    let tests = """
      import XCTest
      final class ScreenTests: LayoutTestCase {
        func test_small_fits() { testLayout(for: 1) }
        func test_large_fits() { super.testLayout(for: 9) }
        func test_quiet_logs() { testQuiet(1) }
      }
      """
    // Each file read first (not named like tests) or later (named like tests), each way round.
    let layouts: [[String: String]] = [
      ["Base.swift": base, "Checks.swift": checks, "Verify.swift": verify, "ScreenTests.swift": tests],
      ["BaseTests.swift": base, "ChecksTests.swift": checks, "VerifyTests.swift": verify, "Screen.swift": tests],
      ["ABaseTests.swift": base, "Checks.swift": checks, "ZVerifyTests.swift": verify, "MScreenTests.swift": tests],
    ]
    for sources in layouts {
      let screen = sources.first { $0.value == tests }!.key
      for threads in [1, 2] {
        for memoryBytes in [nil, 0] {
          XCTAssertEqual(
            Self.missingAssertions(in: sources, threads: threads, memoryBytes: memoryBytes), ["\(screen):5 missing_assertion"],
            "\(sources.keys.sorted()), threads \(threads), memory \(String(describing: memoryBytes))")
        }
      }
    }
  }

  func test_assertsByName_onlyNamesEveryMatcherTakesAsAssertions() {
    for name in ["XCTAssertEqual", "XCTAssert", "XCTAssertNil", "XCTFail", "XCTUnwrap"] {
      XCTAssertTrue(AssertionMatcher.assertsByName(name), name)
    }
    for name in ["wait", "expect", "XCTFailure", "XCTAsser", "xctAssertEqual", "XCTAssert\u{301}Equal", "assertHelper"] {
      XCTAssertFalse(AssertionMatcher.assertsByName(name), name)
    }
  }

  func test_isExactName_agreesWithTheSetOfNames() {
    // Every name, and names one byte off, one byte short or long, in other code points.
    var names: [String] = []
    for name in AssertionMatcher.exactNames {
      names += [name, String(name.dropLast()), name + "s", name.uppercased(), name.lowercased(), "_" + name]
      names.append(String(name.dropLast()) + "\u{301}")
      names.append(name.replacingOccurrences(of: "e", with: "e\u{301}"))
    }
    names += ["", "x", "measure\u{212A}", String(repeating: "m", count: 40)]
    for name in names {
      XCTAssertEqual(AssertionMatcher.isExactName(name), AssertionMatcher.exactNames.contains(name), name)
    }
    XCTAssertTrue(AssertionMatcher.isExactName("waitForExpectations"))
  }
}
