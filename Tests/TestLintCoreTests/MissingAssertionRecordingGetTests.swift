import XCTest

@testable import TestLintCore

/// `missing_assertion` on a publisher recorder's expectation read with `try ... .get()`.
final class MissingAssertionRecordingGetTests: XCTestCase {
  func test_triedGetOnARecordersExpectation_checks() {
    let sources = [
      "ATickerTests.swift": """
        import Combine
        import XCTest
        final class TickerTests: XCTestCase {
          func test_ticks_finish() throws {
            let ticks = [1, 2].publisher
            let tape = ticks.record()
            try tape.completed.get()
          }
          func test_ticks_second() throws {
            let tape = ticker.publisher.record()
            _ = try tape.next(2).get()
          }
          func test_ticks_ignored() throws {
            let tape = ticker.publisher.record()
            _ = try? tape.completed.get()
          }
          func test_result_get() throws {
            let outcome = ticker.run()
            _ = try outcome.value.get()
          }
          func test_property_get() throws {
            _ = try tapeProperty.completed.get()
          }
        }
        """
    ]
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: sources),
      ["ATickerTests.swift:13", "ATickerTests.swift:17", "ATickerTests.swift:21"])
  }
}
