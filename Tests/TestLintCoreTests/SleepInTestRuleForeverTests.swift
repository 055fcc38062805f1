import TestLintCore
import XCTest

/// `sleep_in_test`: a `Task.sleep` of the largest duration is endless work, not a wait.
final class SleepInTestRuleForeverTests: XCTestCase {
  func test_sleepOfTheLargestDuration_isEndlessWorkNotAWait() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let pending = makeEndlessJob()
        let queue = JobQueue(running: pending)
        queue.cancelAll()
        XCTAssertTrue(pending.isCancelled)
      }
      func test_c_d() async throws {
        let other = Task { try await Task.sleep(nanoseconds: UInt64.max) }
        other.cancel()
        try await Task.sleep(nanoseconds: 5_000_000)
      }
      private func makeEndlessJob() -> Task<Void, Never> {
        Task { try? await Task.sleep(nanoseconds: .max) }
      }
      """)
    // Only the five milliseconds wait.
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["13:18"])
  }
}
