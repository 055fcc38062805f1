import XCTest

@testable import TestLintCore

/// Pass 1 lints a file before the run knows all its helpers; the names the rules asked about and
/// did not find (`HelperNames.Misses`) are what its results depend on. A name asked about only
/// where the answer cannot change a result would make files be linted twice for nothing.
final class HelperMissesTests: XCTestCase {
  private func misses(_ source: String, known: Set<String> = []) -> Set<String> {
    let model = Scanner.scan(SourceFile(path: "ATests.swift", text: source))
    let recorded = HelperNames.Misses()
    let context = RuleContext(
      model: model, discovery: TestDiscovery(testCaseClasses: ["XCTestCase"]),
      assertingHelpers: HelperNames(known).recordingMisses(in: recorded))
    let linter = FileLinter(
      rules: RuleRegistry.all.map { ConfiguredRule($0, severity: .warning, options: RuleOptions(defaultsOf: $0.description)) },
      discovery: TestDiscovery(testCaseClasses: ["XCTestCase"]))
    _ = linter.lint(context)
    let names = ["make", "checkAll", "verifyState", "assertGood", "load", "localHelper", "verifyLocal"]
    return Set(names.filter { name in recorded.recorded.contains(NameKey(name)) })
  }

  /// A test file whose one test's body is `body` (lines), with `members` after the test.
  private func testFile(_ body: [String], members: [String] = []) -> String {
    (["import XCTest", "final class ATests: XCTestCase {", "  func test_load_showsItems() {"]
      + body.map { "    " + $0 } + ["  }"] + members.map { "  " + $0 } + ["}", ""]).joined(separator: "\n")
  }

  func test_namesFound_areNotMisses() {
    let names = HelperNames(["checkAll"])
    let recorded = HelperNames.Misses()
    let recording = names.recordingMisses(in: recorded)
    XCTAssertTrue(recording.contains("checkAll"))
    XCTAssertFalse(recording.contains("make"))
    XCTAssertFalse(recording.contains("make"))
    XCTAssertEqual(recorded.recorded, [NameKey("make")])
  }

  func test_testThatAssertsItself_asksAboutNoHelper() {
    let source = testFile(["let sut = make()", "sut.load()", "XCTAssertEqual(sut.items, 1)"])
    XCTAssertEqual(misses(source), [])
  }

  func test_testWithoutOwnAssertion_asksAboutItsHelpers() {
    let source = testFile(["let sut = make()", "checkAll(sut)"])
    XCTAssertEqual(misses(source), ["make", "checkAll"])
    XCTAssertEqual(misses(source, known: ["make"]), ["checkAll"], "a name found is no miss")
  }

  func test_checkNamedCalls_areAskedAboutForTheirCount() {
    // `indiscrete_test` counts the checks of a test: a helper named like a check counts when it
    // asserts, whatever else the test asserts.
    let source = testFile(["let sut = make()", "verifyState(sut)", "XCTAssertEqual(sut.items, 1)"])
    XCTAssertEqual(misses(source), ["verifyState"])
  }

  func test_namesTheRunAlreadyKnows_areFoundNotMissed() {
    // A helper file linted earlier published `checkAll` as asserting.
    let helperFile = ResultCache.Declarations(
      classes: [], helpers: [HelperSummary(name: "checkAll", asserts: true, callees: [])],
      typeReferences: [], calledNames: [])
    let known = KnownFacts()
    known.publish(Speculation(helperFile, roots: ["XCTestCase"]))
    let recorded = HelperNames.Misses()
    let names = HelperNames([]).recordingMisses(in: recorded, known: known)
    XCTAssertTrue(names.contains("checkAll"))
    XCTAssertFalse(names.contains("make"))
    XCTAssertEqual(recorded.recorded, [NameKey("make")])
  }

  func test_functionsOfTheFile_areNotAskedAbout() {
    // The file's own functions are followed through its call graph, not looked up among the
    // run's helpers: another file's `localHelper` cannot change these results.
    let source = testFile(
      ["localHelper()", "verifyLocal()", "checkAll()"],
      members: ["private func localHelper() {}", "private func verifyLocal() {}"])
    XCTAssertEqual(misses(source), ["checkAll"])
  }
}
