import TestLintCore
import XCTest

/// `focused_test`: a recording call whose result the function reads records on purpose.
final class FocusedTestRuleReadResultTests: XCTestCase {
  func test_recordingWhoseResultIsRead_isDeliberate() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let note = verifySnapshot(of: panel, as: .image, record: true)
        if let note, !note.contains("record") { XCTFail(note) }
      }
      func test_c_d() {
        guard let note = verifySnapshot(of: panel, as: .image, record: true) else { return }
        XCTFail(note)
      }
      func test_e_f() {
        let unused = verifySnapshot(of: panel, as: .image, record: true)
        assertSnapshot(of: panel, as: .image, record: true)
      }
      """)
    // A result bound and never read, and one not bound.
    XCTAssertEqual(RuleLinting.positions(FocusedTestRule.self, source), ["13:16", "14:3"])
  }

  func test_recordingTriedOptionallyWhoseResultIsRead_isDeliberate() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() throws {
        let note = try? verifySnapshot(of: panel, as: .image, record: true)
        if let note { XCTFail(note) }
      }
      func test_c_d() throws {
        let note = try! verifySnapshot(of: panel, as: .image, record: true)
        XCTFail(note)
      }
      func test_e_f() throws {
        let unused = try? verifySnapshot(of: panel, as: .image, record: true)
      }
      """)
    // Only the result bound and never read.
    XCTAssertEqual(RuleLinting.positions(FocusedTestRule.self, source), ["13:21"])
  }
}
