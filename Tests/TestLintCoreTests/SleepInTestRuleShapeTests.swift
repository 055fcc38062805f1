import TestLintCore
import XCTest

/// `sleep_in_test`: polls, doubles and deadlines spelled in ways the main suite does not cover.
final class SleepInTestRuleShapeTests: XCTestCase {
  func test_whileLoopBoundedByACountAndAnotherClause_polls() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        var spins = 0
        while feed.items.isEmpty && spins < 20 { try await Task.sleep(for: .milliseconds(5)); spins += 1 }
        while spins <= 20 && !(feed.items.first { $0.isRead } != nil) {
          try await Task.sleep(for: .milliseconds(5))
          spins += 1
        }
        try await drain()
        while feed.items.isEmpty || spins < 20 { try await Task.sleep(for: .milliseconds(5)); spins += 1 }
        while feed.items.isEmpty && spins < 20 { try await Task.sleep(for: .milliseconds(5)) }
        while spins < 20 && true { try await Task.sleep(for: .milliseconds(5)); spins += 1 }
        while spins < 20 && spins != 3 { try await Task.sleep(for: .milliseconds(5)); spins += 1 }
        XCTAssertFalse(feed.items.isEmpty)
      }
      private func drain() async throws {
        var w = 0
        while feed.pending.count != 0 && w < 100 { try await Task.sleep(for: .milliseconds(5)); w += 1 }
      }
      """)
    // A `||`, a counter never counted up, a clause of constants or of the counter alone.
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["12:59", "13:59", "14:45", "15:51"])
  }
}
