import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 69): a Swift Testing performance trait given a budget
/// (`PerformanceBudget`).
final class MissingAssertionSet69BTests: XCTestCase {
  private func findings(_ files: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: files, line: line)
  }

  func test_timedTraitWithBudget_isCheck() {
    let source = """
      import Testing
      struct KilnBudgets {
        @Test(.timed(threshold: .milliseconds(5)))
        func firesQuickly() { _ = Kiln().fire() }
        @Test("cools", .serialized, .timed(iterations: 5, maxAllocations: 1_000))
        func cools() { _ = Kiln().cool() }
        @Test(.timed(peakMemoryLimit: 4_096)) func glazes() { _ = Kiln().glaze() }
        @Test(.timed(iterations: 10, warmup: 2)) func onlyMeasures() { _ = Kiln().fire() }
        @Test(.timed()) func measuresNothingElse() { _ = Kiln().fire() }
        @Test(.tags(.threshold)) func tagged() { _ = Kiln().fire() }
      }
      @Suite(.timed(threshold: .seconds(1)))
      struct KilnSuiteBudget {
        struct Inner {
          @Test func stacks() { _ = Kiln().stack() }
        }
      }
      """
    XCTAssertEqual(
      findings(["KilnTests.swift": source]),
      ["KilnTests.swift:8", "KilnTests.swift:9", "KilnTests.swift:10"])
  }
}
