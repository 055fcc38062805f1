import XCTest

@testable import TestLintCore

/// Every report of a run with a cache equals the report of the same run without it
/// (`--no-cache`): the cache only saves work, it never changes a verdict or a count.
final class CacheParityTests: XCTestCase {
  /// A folder of tests whose `TestCase` rests on `XCTestCase`: one test calls only the code
  /// under test (`token.validate()`), one asserts on its result.
  private static let payments = """
    import XCTest

    class TestCase: XCTestCase {}

    final class TokenTests: TestCase {
      func test_emptyToken_isRejected() {
        _ = Token(data: empty).validate()
      }

      func test_filledToken_isAccepted() {
        XCTAssertTrue(Token(data: filled).validate())
      }
    }

    """

  /// Another folder of the same run whose own `TestCase` rests on a base declared in none of
  /// the linted files, so the run assumes it (`BaseAssumption`): by name, the first folder's
  /// `TestCase` is on it too, and `validate()`, declared nowhere, counts as a check there.
  private static let snapshots = """
    import XCTest

    class TestCase: SnapshotTestCaseBase {}

    final class BadgeTests: TestCase {
      func test_badge_rendersBothThemes() {
        assertSnapshot(of: badge)
      }
    }

    """

  /// The reports a user reads of one run: findings (JSON), the health report's figures
  /// (Markdown) and the exit code.
  private func reports(_ sandbox: Sandbox, _ cache: [String]) -> String {
    let json = sandbox.run(["--threads", "1", "-q", "--reporter", "json"] + cache)
    let markdown = sandbox.run(["--threads", "1", "-q", "--reporter", "markdown"] + cache)
    return "exit \(json.code)\n\(json.stdout)\n\(markdown.stdout)"
  }

  func test_classNamedAsAnotherFoldersBaseOnAnAssumedBase_reportsEqualUncachedRun() throws {
    let sandbox = try Sandbox(self)
    let cache = ["--cache-path", sandbox.path("cache")]
    try sandbox.write("Payments/TokenTests.swift", Self.payments)
    // A first run fills the cache; then the second folder appears (a branch checked out).
    _ = reports(sandbox, cache)
    try sandbox.write("Snapshots/BadgeTests.swift", Self.snapshots)
    let uncached = reports(sandbox, ["--no-cache"])
    XCTAssertEqual(reports(sandbox, cache), uncached, "with the cache of the first folder's run")
    XCTAssertEqual(reports(sandbox, cache), uncached, "from the cache this run wrote")
    let cold = ["--cache-path", sandbox.path("cold")]
    XCTAssertEqual(reports(sandbox, cold), uncached, "with an empty cache")
    XCTAssertEqual(reports(sandbox, cold), uncached, "from the cache the empty one became")
  }

  /// The mean of the assertions per test in the Markdown report of a run with `arguments`.
  private func markdownMean(_ sandbox: Sandbox, _ arguments: [String]) -> String? {
    let output = sandbox.run(["--threads", "1", "-q", "--reporter", "markdown"] + arguments)
    return output.stdout.split(separator: "\n").first { $0.hasPrefix("| Assertions per test, mean |") }.map(String.init)
  }

  func test_waitNamedAsALaterFilesAssertingHelper_countsOnceInEveryRun() throws {
    let sandbox = try Sandbox(self)
    // The test asserts, then waits on `joined` with a deadline: a wait that checks when no file
    // declares `joined` with a deadline, and a helper that asserts, declared in a file read
    // after this one. Either way one call: one assertion.
    try sandbox.write(
      "AClusterTests.swift",
      """
      import XCTest
      final class AClusterTests: XCTestCase {
        func test_secondNode_joinsTheFirst() async throws {
          XCTAssertTrue(ready)
          try await cluster.joined(node, within: .seconds(3))
        }
      }

      """)
    try sandbox.write(
      "ZSupportTests.swift",
      """
      import XCTest
      func joined(_ node: Node) {
        XCTAssertNotNil(node.endpoint)
      }

      """)
    let counted = "| Assertions per test, mean | 2 |"
    XCTAssertEqual(markdownMean(sandbox, ["--no-cache"]), counted, "its own and the wait, once")
    let cache = ["--cache-path", sandbox.path("cache")]
    XCTAssertEqual(markdownMean(sandbox, cache), counted, "with a cache, first run")
    XCTAssertEqual(markdownMean(sandbox, cache), counted, "with a cache, second run")
  }
}
