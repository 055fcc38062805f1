/// Member reads into `_` under the test's own comment saying they exist (`MemberExistencePin`).
import XCTest

@testable import TestLintCore

final class MemberExistencePinTests: XCTestCase {
  func test_memberReadsUnderExistenceComment_pinAtCompileTime() {
    let tests = """
      import XCTest
      final class GaugeTests: XCTestCase {
        func test_pinned() {
          let gauge = Gauge()
          // Ensure the needle exists (it is not optional)
          _ = gauge.needle
          _ = gauge.face.label
        }
        func test_noCheckWord() {
          let gauge = Gauge()
          // The needle exists
          _ = gauge.needle
        }
        func test_readThenCall() {
          let gauge = Gauge()
          // Verify the needle exists
          _ = gauge.needle
          gauge.reset()
        }
        func test_calledRead() {
          let gauge = Gauge()
          // Verify the needle is named so
          _ = gauge.needle()
        }
        func test_accessed() {
          let gauge = Gauge()
          // Verify the needle exists and can be accessed
          _ = gauge.needle
        }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: ["GaugeTests.swift": tests]),
      ["GaugeTests.swift:9", "GaugeTests.swift:14", "GaugeTests.swift:20", "GaugeTests.swift:25"])
  }
}
