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

  func test_closureAssignedToADoubleHeldInAName_isTheDoublesWork() {
    let source = RuleLinting.xctest(
      """
      private let spy = SpyLedger()
      private var feed: FeedSource!
      private var clock: Ticker = Ticker()
      override func setUp() { feed = FakeFeedSource() }
      func test_a_b() async throws {
        let api = MockBank()
        api.transfer = { _ in try await Task.sleep(for: .seconds(100)); return .ok }
        self.spy.onWrite = { Thread.sleep(forTimeInterval: 0.1) }
        feed.onLoad = { usleep(500) }
        clock.onTick = { usleep(500) }
        let bank = Bank()
        bank.transfer = { _ in try await Task.sleep(for: .seconds(1)); return .ok }
        var shadow = MockBank()
        do {
          let shadow = Bank()
          shadow.transfer = { _ in try await Task.sleep(for: .seconds(1)); return .ok }
        }
        api.onDone = { DispatchQueue.main.asyncAfter(deadline: .now() + 1) { bank.close() } }
        XCTAssertNotNil(shadow)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["13:20", "15:41", "19:45", "21:37"])
  }
}
