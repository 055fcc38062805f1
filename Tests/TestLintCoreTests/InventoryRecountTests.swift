import XCTest

@testable import TestLintCore

/// The inventory counts every assertion of a test, the rules stop at its first: what the counts
/// asked of the rest of the run (a helper declared in a file read later, a check no file
/// declares) must end up as the run settles it, though the file is not linted again for them.
final class InventoryRecountTests: XCTestCase {
  /// A test that asserts itself and calls `showFeature`, which a file read after it declares.
  private func writeHelperInLaterFile(_ sandbox: Sandbox) throws {
    try sandbox.write(
      "AFeatureTests.swift",
      """
      import XCTest
      final class AFeatureTests: XCTestCase {
        func test_feature_loads() {
          XCTAssertTrue(loaded)
          showFeature(sut)
        }
      }

      """)
    try sandbox.write(
      "ZSupportTests.swift",
      """
      import XCTest
      func showFeature(_ sut: Feature) {
        XCTAssertNotNil(sut.value)
      }

      """)
  }

  /// The mean of the assertions per test in the Markdown report of a run with `arguments`.
  private func markdownMean(_ sandbox: Sandbox, _ arguments: [String], line: UInt = #line) -> String? {
    let output = sandbox.run(["--threads", "1", "--reporter", "markdown"] + arguments)
    XCTAssertEqual(output.code, .success, output.stderr, line: line)
    return output.stdout.split(separator: "\n").first { $0.hasPrefix("| Assertions per test, mean |") }.map(String.init)
  }

  func test_helperDeclaredInLaterFile_isCountedInTheMarkdownReport() throws {
    let sandbox = try Sandbox(self)
    try writeHelperInLaterFile(sandbox)
    let counted = "| Assertions per test, mean | 2 |"
    XCTAssertEqual(markdownMean(sandbox, ["--no-cache"]), counted, "its own and the helper's")
    XCTAssertEqual(markdownMean(sandbox, []), counted, "with a cache, first run")
    XCTAssertEqual(markdownMean(sandbox, []), counted, "with a cache, second run")
  }

  func test_helperDeclaredInLaterFile_isCountedInTheReportAfterACachedTextRun() throws {
    let sandbox = try Sandbox(self)
    try writeHelperInLaterFile(sandbox)
    XCTAssertEqual(sandbox.run(["--threads", "1"]).code, .success)
    XCTAssertEqual(markdownMean(sandbox, []), "| Assertions per test, mean | 2 |", "the tests the text run cached")
  }

  func test_undeclaredCheckInSameFileHelper_isCountedInTheMarkdownReport() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "BadgeTests.swift",
      """
      import XCTest
      final class BadgeTests: XCTestCase {
        func test_badge_renders() {
          XCTAssertNotNil(badge)
          render()
        }
        func render() {
          assertBothThemesSnapshot(of: badge)
        }
      }

      """)
    XCTAssertEqual(
      markdownMean(sandbox, ["--no-cache"]), "| Assertions per test, mean | 2 |", "the check no file declares counts")
  }

  // MARK: Helpers shared by a file's tests (counted once for them all)

  func test_helperCallingLaterFileHelperSharedByTwoTests_countsItForBoth() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "AFeatureTests.swift",
      """
      import XCTest
      final class AFeatureTests: XCTestCase {
        func test_feature_loads() {
          XCTAssertTrue(loaded)
          check()
        }
        func test_feature_saves() {
          XCTAssertTrue(saved)
          check()
        }
        func check() {
          showFeature(sut)
        }
      }

      """)
    try sandbox.write(
      "ZSupportTests.swift",
      """
      import XCTest
      func showFeature(_ sut: Feature) {
        XCTAssertNotNil(sut.value)
      }

      """)
    let counted = "| Assertions per test, mean | 2 |"
    XCTAssertEqual(markdownMean(sandbox, ["--no-cache"]), counted, "each test: its own and the shared helper's")
    XCTAssertEqual(markdownMean(sandbox, []), counted, "with a cache, first run")
    XCTAssertEqual(markdownMean(sandbox, []), counted, "with a cache, second run")
  }

  func test_helperSharedByXCTestAndSwiftTestingTests_countsTheSameForBoth() throws {
    let sandbox = try Sandbox(self)
    // `testRendering(with:)`, declared nowhere, reads as a support module's check in a test of
    // either framework: the helper adds 1 to each, whichever test reaches it first.
    let swiftTesting = """
      @Test func badgeRenders() {
        #expect(badge != nil)
        render()
      }

      """
    let xctest = """
      final class BadgeTests: XCTestCase {
        func test_badge_renders() {
          XCTAssertNotNil(badge)
          render()
        }
      }

      """
    for (order, tests) in [("Swift Testing first", swiftTesting + xctest), ("XCTest first", xctest + swiftTesting)] {
      try sandbox.write(
        "BadgeTests.swift",
        "import XCTest\nimport Testing\n" + tests + "func render() {\n  testRendering(with: badge)\n}\n")
      XCTAssertEqual(
        markdownMean(sandbox, ["--no-cache"]), "| Assertions per test, mean | 2 |",
        "\(order): 2 for each test")
    }
  }
}
