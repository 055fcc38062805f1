import TestLintCore
import XCTest

/// `sleep_in_test`: a `Task` that only sleeps a long while, handed to the code under test.
final class SleepInTestRulePlaceholderTests: XCTestCase {
  func test_longSleepingTaskHandedToACall_isAPlaceholder() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async {
        let pool = WorkPool()
        let first = Task { try await Task.sleep(for: .seconds(20)) }
        pool.adopt(first)
        pool.adopt(Task.detached { try? await Task.sleep(nanoseconds: 9_000_000_000) })
        pool.cancel()
        XCTAssertTrue(first.isCancelled)
      }
      func test_c_d() async throws {
        let pool = WorkPool()
        let awaited = Task { try await Task.sleep(for: .seconds(20)) }
        pool.adopt(awaited)
        pool.cancel()
        _ = try await awaited.result.get()
      }
      func test_e_f() async {
        let pool = WorkPool()
        let short = Task { try await Task.sleep(for: .seconds(2)) }
        pool.adopt(short)
        pool.cancel()
      }
      func test_g_h() async {
        let pool = WorkPool()
        let busy = Task { try await Task.sleep(for: .seconds(20)); pool.note() }
        pool.adopt(busy)
        pool.cancel()
      }
      func test_i_j() async {
        let pool = WorkPool()
        let idle = Task { try await Task.sleep(for: .seconds(20)) }
        pool.adopt(idle)
      }
      """)
    // The awaited task, the short sleep, the task doing more, and the test cancelling nothing.
    XCTAssertEqual(
      RuleLinting.positions(SleepInTestRule.self, source), ["14:39", "21:37", "27:36", "33:36"])
  }
}
