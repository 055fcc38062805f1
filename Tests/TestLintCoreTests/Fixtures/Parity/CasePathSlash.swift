// Parity fixture: `/` as a prefix operator (the case-path style), not a regex literal, even
// when another `/` follows later on the line: swiftc does not lex `/.../` as a regex when the
// text holds an unbalanced `)`, ends with a space before the `/`, or closes into a comment.
import XCTest

enum Action: Equatable {
  case loaded(Int)
  case failed
}

final class CasePathTests: XCTestCase {
  func testContainsLoaded() {
    XCTAssertTrue(actions.contains { /Action.loaded ~= $0 }); let half = width/2
    XCTAssertEqual(half, 1)
  }

  func testCompactMapsBoth() {
    XCTAssertEqual(actions.compactMap(/Action.loaded), [1]); XCTAssertEqual(actions.compactMap(/Action.failed).count, 1)
  }

  func testDividesAfterward() {
    let ratio = [width / 2, width/4]
    XCTAssertEqual(ratio.count, 2)
  }

  func testStillRunsLast() {
    XCTAssertFalse(actions.isEmpty)
  }

  private var actions: [Action] { [.loaded(1), .failed] }
  private var width: Int { 4 }
}
