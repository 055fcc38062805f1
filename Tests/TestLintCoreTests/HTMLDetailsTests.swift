import TestLintCore
import XCTest

/// When `html` is the only report that reads the findings' test, suite and snippet, the run
/// keeps them only for the first files in path order (as many as `--report-limit`) and finds
/// them again for a file past those that the page lists: the page is the same as when every
/// finding kept them (another report reading them too, here `json`).
final class HTMLDetailsTests: XCTestCase {
  func test_listedFilesPastTheLimit_pageEqualsTheOneWithEveryDetailKept() throws {
    let sandbox = try Sandbox(self)
    // Eight clean files sort first: the files the page lists come after the first three.
    try writeTree(sandbox, cleanFirst: 8, withFindings: 5)
    let limited = ["--no-cache", "--reporter", "html", "--report-limit", "3"]
    let alone = sandbox.run(limited)
    let kept = sandbox.run(limited + ["--reporter", "json:out/all.json"])
    XCTAssertEqual(alone.code, kept.code)
    XCTAssertEqual(alone.stdout, kept.stdout)
    // The details are on the page: the flagged line's code and the test.
    XCTAssertTrue(alone.stdout.contains("<pre class=\"snippet\"><span class=\"ln\">5</span>"), alone.stdout)
    XCTAssertTrue(alone.stdout.contains("<div class=\"test\">in <code>"), alone.stdout)
  }

  func test_listedFilesWithinTheLimit_pageEqualsTheOneWithEveryDetailKept() throws {
    let sandbox = try Sandbox(self)
    try writeTree(sandbox, cleanFirst: 0, withFindings: 12)
    for limit in ["1", "4", "5000"] {
      let limited = ["--no-cache", "--reporter", "html", "--report-limit", limit]
      let alone = sandbox.run(limited)
      XCTAssertEqual(alone.stdout, sandbox.run(limited + ["--reporter", "json:out/all.json"]).stdout, limit)
      XCTAssertTrue(alone.stdout.contains("<pre class=\"snippet\">"), limit)
    }
  }
}

private extension HTMLDetailsTests {
  /// `cleanFirst` clean test files named to sort first, then `withFindings` files with an
  /// unconventional test name (an error) and an untyped assertion in a test of a suite.
  func writeTree(_ sandbox: Sandbox, cleanFirst: Int, withFindings: Int) throws {
    for index in 0..<cleanFirst {
      try sandbox.write("A/Clean\(index)Tests.swift", Source.clean("Clean\(index)Tests"))
    }
    for index in 0..<withFindings {
      let lines = [
        "import XCTest", "", "final class Feature\(index)Tests: XCTestCase {", "  func testLoad\(index)() {",
        "    XCTAssert(value == \(index))", "  }", "}",
      ]
      try sandbox.write("B/Feature\(index)Tests.swift", lines.joined(separator: "\n") + "\n")
    }
  }
}
