import TestLintCore
import XCTest

/// `missing_assertion` and KIF's steps: a step through one of KIF's actors fails the test when
/// its element never shows up (or never goes away), so it asserts, where KIF is in reach.
final class KIFStepTests: XCTestCase {
  /// The names of the tests `missing_assertion` reports in `source`, with `KIFTestCase` named
  /// a test base (as `test_base_classes` does).
  private func reported(_ source: String) -> [String] {
    let type = MissingAssertionRule.self
    let engine = LintEngine(
      rules: [
        ConfiguredRule(
          type, severity: type.description.defaultSeverity,
          options: RuleOptions(defaultsOf: type.description, configured: [:]))
      ],
      testBaseClasses: ["KIFTestCase"], threads: 1)
    let bytes = Array(source.utf8)
    let result = engine.run([FileEntry(path: "Sample.swift", displayPath: "Sample.swift")]) { _ in bytes }
    return result.findings.compactMap { $0.test?.split(separator: ".").last.map(String.init) }
  }

  private let members = """
      func testShowsTitle() {
        openScreen()
        tester().waitForView(withAccessibilityLabel: "Title")
      }
      func testHidesSpinner() {
        openScreen()
        self.tester().waitForAbsenceOfView(withAccessibilityLabel: "Spinner")
      }
      func testOpensDetail() {
        tester.tapRow(at: IndexPath(row: 0, section: 0), inTableViewWithAccessibilityIdentifier: "List")
      }
      func testSavesWithTheViewActor() {
        viewTester().usingLabel("Save").usingTraits(.button).tap()
      }
      func testOnlyPauses() {
        openScreen()
        tester().waitForAnimationsToFinish()
        tester().wait(forTimeInterval: 1)
        viewTester().usingLabel("Save")
      }
    """

  func test_kifSteps_assertOnAClassOnKIFTestCase() {
    // No `import KIF`: the file's own base class rests on `KIFTestCase`.
    let source = """
      import XCTest

      class AcceptanceCase: KIFTestCase {}

      final class ScreenTests: AcceptanceCase {
      \(members)
      }
      """
    XCTAssertEqual(reported(source), ["testOnlyPauses"])
  }

  func test_kifSteps_assertWhereKIFIsImported() {
    let source = """
      import XCTest
      import KIF

      final class ScreenTests: XCTestCase {
      \(members)
      }
      """
    XCTAssertEqual(reported(source), ["testOnlyPauses"])
  }

  func test_actorNamedCalls_withoutKIF_assertNothing() {
    let source = """
      import XCTest

      final class ScreenTests: XCTestCase {
      \(members)
      }
      """
    XCTAssertEqual(
      reported(source),
      ["testShowsTitle", "testHidesSpinner", "testOpensDetail", "testSavesWithTheViewActor", "testOnlyPauses"])
  }
}
