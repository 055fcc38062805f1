import Foundation
import Synchronization
import XCTest

@testable import TestLintCore

/// What the engine learns across the files of a run (class hierarchy, extensions, asserting
/// helpers) and that its output does not depend on threads, caching or run order.
final class EngineTests: XCTestCase {
  // MARK: Cross-file test discovery

  func test_baseClassInOtherFile_makesSubclassTestCase() throws {
    let sandbox = try Sandbox(self)
    // The subclass sorts (and is linted) before the file that declares its base.
    try sandbox.write(
      "A/FooTests.swift",
      """
      final class FooTests: PersistenceTestCase {
        func testSaves() {}
      }

      """)
    try sandbox.write(
      "B/PersistenceTestCase.swift",
      """
      import XCTest

      class PersistenceTestCase: XCTestCase {
        func makeStore() -> Int { 1 }
      }

      """)
    let json = try lintJSON(sandbox)
    XCTAssertEqual(json.findings.map(\.rule), ["missing_assertion", "test_name_format"])
    XCTAssertEqual(json.findings.map(\.test), ["FooTests.testSaves", "FooTests.testSaves"])
    XCTAssertEqual(json.findings.map(\.file), ["A/FooTests.swift", "A/FooTests.swift"])
  }

  func test_baseClassChainAcrossFiles_isFollowed() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("1/LeafTests.swift", "final class LeafTests: MiddleTestCase {\n  func test_leaf_runs() {}\n}\n")
    try sandbox.write("2.swift", "class MiddleTestCase: RootTestCase {}\n")
    try sandbox.write("3.swift", "import XCTest\nclass RootTestCase: XCTestCase {}\n")
    try sandbox.write("4.swift", "final class NotATest: SomethingElse {\n  func test_x_y() {}\n}\n")
    let json = try lintJSON(sandbox)
    XCTAssertEqual(json.findings.map(\.test), ["LeafTests.test_leaf_runs"])
  }

  func test_baseClassMissingFromRun_isNotTestCase() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("FooTests.swift", "final class FooTests: PersistenceTestCase {\n  func test_a_b() {}\n}\n")
    try sandbox.write("Base.swift", "import XCTest\nclass PersistenceTestCase: XCTestCase {}\n")
    let onlySubclass = sandbox.run(["--quiet", "FooTests.swift"])
    XCTAssertEqual(onlySubclass.code, .success, "the base is not part of this run")
    XCTAssertEqual(onlySubclass.stdout, "")
    let both = sandbox.run(["--quiet", "FooTests.swift", "Base.swift"])
    XCTAssertEqual(both.code, .findings, both.stdout)
  }

  func test_extensionInOtherFile_contributesTests() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "LoginTests.swift",
      """
      import XCTest

      final class LoginTests: XCTestCase {
        func test_login_succeeds() { XCTAssertTrue(true) }
      }

      """)
    try sandbox.write(
      "LoginTests+Errors.swift",
      """
      import XCTest

      extension LoginTests {
        func test_login_failsOffline() {}
        func testHelperLooking(_ value: Int) {}
        private func makeUser() {}
      }

      """)
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      "LoginTests+Errors.swift:4:8: error: test 'test_login_failsOffline' is empty; write the test or "
        + "delete it (missing_assertion)\n")
    let inventory = sandbox.run(["inventory"])
    XCTAssertTrue(inventory.stdout.contains("\"test_login_failsOffline\""), inventory.stdout)
    XCTAssertFalse(inventory.stdout.contains("testHelperLooking"), "a test method takes no parameters")
  }

  func test_nestedTestClass_namedWithEnclosingTypes() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "FeatureTests.swift",
      """
      import XCTest

      enum Feature {
        final class Tests: XCTestCase {
          func test_nested_runs() {}
        }
      }

      """)
    try sandbox.write(
      "Feature+More.swift",
      """
      extension Feature.Tests {
        func test_extended_runs() {}
      }

      """)
    let json = try lintJSON(sandbox)
    XCTAssertEqual(
      json.findings.map(\.test), ["Feature.Tests.test_extended_runs", "Feature.Tests.test_nested_runs"],
      "one suite, one name, wherever its tests are declared")
    let inventory = sandbox.run(["inventory"]).stdout
    XCTAssertEqual(inventory.components(separatedBy: "\"suite\": \"Feature.Tests\"").count, 3, inventory)
  }

  func test_assertingHelperInOtherFile_satisfiesMissingAssertion() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "Support/Assertions.swift",
      """
      import XCTest

      func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(value, 0, file: file, line: line)
      }

      func checkThrough(_ value: Int) {
        assertValid(value)
      }

      func logOnly(_ value: Int) {
        print(value)
      }

      """)
    try sandbox.write(
      "ValueTests.swift",
      """
      import XCTest

      final class ValueTests: XCTestCase {
        func test_direct_isValid() { assertValid(1) }
        func test_indirect_isValid() { checkThrough(2) }
        func test_logging_assertsNothing() { logOnly(3) }
      }

      """)
    let json = try lintJSON(sandbox)
    XCTAssertEqual(json.findings.map(\.test), ["ValueTests.test_logging_assertsNothing"])
    XCTAssertEqual(json.findings.map(\.rule), ["missing_assertion"])
    let inventory = sandbox.run(["inventory"])
    XCTAssertEqual(inventory.code, .success)
    XCTAssertTrue(inventory.stdout.contains("\"assertions\": 1"), inventory.stdout)
  }

  func test_assertionFunctionsOption_countsAcrossFiles() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "ValueTests.swift",
      """
      import XCTest

      final class ValueTests: XCTestCase {
        func test_snapshot_matches() { matchScreen(view) }
      }

      """)
    // Declared nowhere, and not named like a check (a `verify...` or a `compare...` statement
    // would count by its name).
    XCTAssertEqual(sandbox.run(["--quiet"]).code, .findings, "matchScreen is declared nowhere")
    try sandbox.write(".lint.yml", "missing_assertion:\n  assertion_functions: [\"match*\"]\n")
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "")
  }

  func test_assertionFunctionsOptionOnNimbleName_countsWithoutNimble() throws {
    // A project's own `require(_:message:)`, no Nimble in reach: not Nimble's check, but the
    // configured pattern still makes it an assertion.
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "ValueTests.swift",
      """
      import XCTest

      final class ValueTests: XCTestCase {
        func test_value_isSet() { require(value, message: "set") }
      }

      """)
    XCTAssertEqual(sandbox.run(["--quiet"]).code, .findings, "require(_:message:) is not Nimble's")
    try sandbox.write(".lint.yml", "missing_assertion:\n  assertion_functions: [\"require*\"]\n")
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stdout, "")
  }

  // MARK: Determinism

  func test_threadCounts_giveIdenticalOutput() throws {
    let sandbox = try Sandbox(self)
    try writeManyFiles(sandbox, count: 40)
    let single = sandbox.run(["--threads", "1"])
    XCTAssertEqual(single.code, .findings)
    XCTAssertEqual(single.stdout.split(separator: "\n").count, 40 * 3 + 1)
    for arguments in [["--threads", "4"], ["-j", "3"], ["--threads=16"], []] {
      let output = sandbox.run(arguments)
      XCTAssertEqual(output.stdout, single.stdout, "\(arguments)")
      XCTAssertEqual(output.stderr, single.stderr, "\(arguments)")
      XCTAssertEqual(output.code, single.code, "\(arguments)")
    }
    let json1 = sandbox.run(["--threads", "1", "--reporter", "json"]).stdout
    let json4 = sandbox.run(["--threads", "4", "--reporter", "json"]).stdout
    XCTAssertEqual(json1, json4)
  }

  func test_repeatedRuns_giveIdenticalOutput() throws {
    let sandbox = try Sandbox(self)
    try writeManyFiles(sandbox, count: 12)
    let first = sandbox.run(["--reporter", "json", "--threads", "4"])
    for _ in 0..<5 {
      let again = sandbox.run(["--reporter", "json", "--threads", "4"])
      XCTAssertEqual(again.stdout, first.stdout)
      XCTAssertEqual(again.stderr, first.stderr)
    }
  }

  func test_textOutput_isSortedAcrossFiles() throws {
    let sandbox = try Sandbox(self)
    try writeManyFiles(sandbox, count: 25)
    let output = sandbox.run(["--quiet", "--threads", "4", "--reporter", "json"])
    let json = try JSONFile(output.stdout)
    let keys = json.findings.map { ($0.file, $0.line, $0.column, $0.rule) }
    XCTAssertEqual(keys.count, 25 * 3 + 1)
    let inversions = zip(keys, keys.dropFirst()).filter { !($0 <= $1) }
    XCTAssertEqual(inversions.count, 0, "first out of order: \(String(describing: inversions.first))")
  }

  func test_modelCacheExhausted_givesSameFindings() throws {
    let sandbox = try Sandbox(self)
    try writeManyFiles(sandbox, count: 10)
    let collected = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }
    XCTAssertEqual(collected.files.count, 11)
    let rules = RuleRegistry.descriptions.compactMap { description -> ConfiguredRule? in
      guard let type = RuleRegistry.rule(id: description.id) else { return nil }
      return ConfiguredRule(
        type, severity: description.defaultSeverity, options: RuleOptions(defaultsOf: description))
    }
    let cached = LintEngine(rules: rules, testBaseClasses: [], threads: 2).run(collected.files)
    var rereading = LintEngine(rules: rules, testBaseClasses: [], threads: 2)
    rereading.modelCacheBytes = 0
    let reread = rereading.run(collected.files)
    XCTAssertEqual(reread.findings, cached.findings)
    XCTAssertEqual(reread.files, cached.files)
    XCTAssertEqual(cached.findings.count, 10 * 3 + 1)
  }

  func test_selfContainedFiles_areReadOnce() {
    let files = (1...3).map { FileEntry(path: "/run/Name\($0)Tests.swift", displayPath: "Name\($0)Tests.swift") }
    let reads = Counter()
    let engine = LintEngine(rules: [], testBaseClasses: [], threads: 2)
    let result = engine.run(files) { entry throws(Diagnostic) in
      reads.increment()
      return Array(Source.badName(String(entry.displayPath.dropLast(6))).utf8)
    }
    XCTAssertEqual(result.files.count, 3)
    XCTAssertEqual(reads.value, 3, "linted in pass 1 with what each file declares: no second reading")
  }

  func test_baseClassesAndHelpersElsewhere_areReadOnceWhenKnownFirst() {
    // Sorted by path the tests come first; the base class and the helper still settle first
    // (files not named like tests are read first), so each file is read and linted once.
    let texts = [
      "A/CartTests.swift": "final class CartTests: ZBaseCase {\n  func test_total_isKept() { verifyTotal() }\n}\n",
      "A/OrderTests.swift": "final class OrderTests: ZBaseCase {\n  func test_order_isEmpty() {}\n}\n",
      "Z/ZBaseCase.swift": "import XCTest\nclass ZBaseCase: XCTestCase {\n  func verifyTotal() { XCTAssertTrue(true) }\n}\n",
    ]
    let files = texts.keys.sorted().map { FileEntry(path: "/run/" + $0, displayPath: $0) }
    let reads = Counter()
    let rule = ConfiguredRule(
      MissingAssertionRule.self, severity: .error,
      options: RuleOptions(defaultsOf: MissingAssertionRule.description))
    let engine = LintEngine(rules: [rule], testBaseClasses: [], threads: 1)
    let result = engine.run(files) { entry throws(Diagnostic) in
      reads.increment()
      return Array((texts[entry.displayPath] ?? "").utf8)
    }
    XCTAssertEqual(
      result.findings.map { "\($0.path):\($0.line)" }, ["A/OrderTests.swift:2"],
      "both classes are test cases; the helper elsewhere asserts")
    XCTAssertEqual(reads.value, 3, "no file is read twice")
  }

  // MARK: Reading files

  func test_crlfAndBOM_reportSameLinesAndColumns() throws {
    let sandbox = try Sandbox(self)
    let text = Source.badName()
    try sandbox.write("Plain/NameTests.swift", text)
    try sandbox.write(
      "Windows/NameTests.swift",
      bytes: [0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    let oneLine =
      "import XCTest; final class OneLineTests: XCTestCase { func testLoad() { XCTAssertEqual(1, 1) } }\n"
    try sandbox.write("Plain/OneLineTests.swift", oneLine)
    try sandbox.write("Windows/OneLineTests.swift", bytes: [0xEF, 0xBB, 0xBF] + Array(oneLine.utf8))
    let json = try lintJSON(sandbox)
    XCTAssertEqual(json.findings.count, 4)
    XCTAssertEqual(json.findings.map(\.line), [4, 1, 4, 1])
    XCTAssertEqual(json.findings.map(\.column), [8, 60, 8, 60], "a BOM takes no column")
  }

  func test_emptyAndCommentOnlyFiles_lintCleanly() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Empty.swift", "")
    try sandbox.write("Comment.swift", "// just a comment\n/* and /* nested */ block */\n")
    let output = sandbox.run([])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stderr, "testlint: 0 findings (0 errors, 0 warnings) in 2 files\n")
  }
}

extension EngineTests {
  /// Runs `testlint --reporter json` quietly and decodes the report.
  func lintJSON(_ sandbox: Sandbox, _ arguments: [String] = []) throws -> JSONFile {
    let output = sandbox.run(["--quiet", "--reporter", "json"] + arguments)
    XCTAssertEqual(output.stderr, "", "no file problems expected")
    return try JSONFile(output.stdout)
  }

  /// Writes `count` test files in nested folders, each with three findings, plus one empty
  /// test in a shared base file, so the walk, the hierarchy and sorting all have work to do.
  func writeManyFiles(_ sandbox: Sandbox, count: Int) throws {
    try sandbox.write(
      "Base/BaseTestCase.swift",
      "import XCTest\nclass BaseTestCase: XCTestCase {\n  func test_base_runs() {}\n}\n")
    for index in 0..<count {
      let folder = ["Unit", "UI/Screens", "Unit/Deep", "Snapshot"][index % 4]
      try sandbox.write(
        "\(folder)/Feature\(index)Tests.swift",
        """
        import XCTest

        final class Feature\(index)Tests: BaseTestCase {
          func testLoad\(index)() { XCTAssert(value == \(index)) }
          func test_empty_\(index)() {
          }
        }

        """)
    }
  }
}

/// Counts calls from several threads.
private final class Counter: Sendable {
  private let count = Mutex(0)

  var value: Int { count.withLock { $0 } }

  func increment() { count.withLock { $0 += 1 } }
}
