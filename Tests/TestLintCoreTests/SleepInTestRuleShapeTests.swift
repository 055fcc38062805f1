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

  func test_sleepOnlyClosureUnderAHelpersShorterTimeout_isTheTimedWork() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async {
        await harness.failsLate(timeout: 0.1) { try await Task.sleep(nanoseconds: 1_000_000_000) }
        await harness.failsLate(timeout: 3) { try await Task.sleep(nanoseconds: 1_000_000_000) }
        await harness.failsLate(timeout: 0.1) {
          try await Task.sleep(for: .seconds(1))
          await harness.poke()
        }
        await runLate(timeout: 0.1) { try await Task.sleep(for: .seconds(1)) }
        await waitLate(timeout: 0.1) { try await Task.sleep(for: .seconds(1)) }
      }
      func runLate(timeout: Double, _ body: @escaping () async throws -> Void) async {
        try? await body()
      }
      """)
    // Waited out: a timeout longer than the sleep, work after the sleep, a same-file helper
    // that hands its closure to no deadline, and a helper named as a wait.
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["6:56", "8:20", "11:48", "12:49"])
  }

  func test_whileLoopPollingAsTheWholeClosureOfADeadlineCall_waitsForAnEvent() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        try await withTimeout(seconds: 5) {
          while await inbox.subject != "Hello" {
            try await Task.sleep(nanoseconds: 1_000_000)
          }
        }
        try await withDeadlineOf(.seconds(5)) { while !feed.isLoaded { try await Task.sleep(for: .milliseconds(2)) } }
        try await withTimeout(seconds: 5) {
          while Date() < end { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        try await withTimeout(seconds: 5) {
          while !feed.isLoaded { try await Task.sleep(nanoseconds: 1_000_000); feed.reload() }
        }
        try await withRetry(seconds: 5) {
          while !feed.isLoaded { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        try await withTimeout(seconds: 5) {
          while !feed.isLoaded { try await Task.sleep(nanoseconds: 1_000_000) }
          try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertTrue(feed.isLoaded)
      }
      """)
    // The time alone, a body doing more, another call, and a closure holding more than the loop.
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["12:41", "15:43", "18:43", "21:43", "22:20"])
  }

  func test_longSleepInAClosureHandedInlineThenStopped_isTheStubbedWork() {
    let source = RuleLinting.xctest(
      """
      private let hang: UInt64 = 9_000_000_000
      func test_a_b() async throws {
        let relay = Relay { _ in try await Task.sleep(nanoseconds: hang); return 0 }
        let gauge = Gauge(read: { try? await Task.sleep(for: .seconds(10)); return 1 })
        await gauge.start()
        relay.stop()
        await gauge.stop(id: "a")
        let short = Relay { _ in try await Task.sleep(for: .milliseconds(300)); return 0 }
        let queued = Task { try await Task.sleep(for: .seconds(10)) }
        DispatchQueue.main.async { Task { try await Task.sleep(for: .seconds(10)) } }
        queued.cancel()
        short.stop()
      }
      func test_c_d() async throws {
        let relay = Relay { _ in try await Task.sleep(for: .seconds(10)); return 0 }
        XCTAssertEqual(try await relay.total(), 0)
      }
      """)
    // A short sleep, a `Task`'s own, and a test that stops and cancels nothing.
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["11:43", "12:38", "13:52", "18:43"])
  }
}
