import XCTest

@testable import TestLintCore

/// `missing_assertion` on calls the file's own declarations of a name cannot take: a private
/// helper named as a base class's check (`verifyShape(width:)` beside the base's
/// `verifyShape(_:expected:)`) does not hide the base's overload, which the call runs.
final class MissingAssertionOverloadTests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_fileHelperOfABaseChecksName_withOtherLabels_reachesTheBasesCheck() {
    let sources = [
      "ABoxLayoutTests.swift": """
        import XCTest
        final class BoxLayoutTests: ShapeTestCase {
          func test_wide_box() {
            verifyShape(width: 3)
          }
          func test_nothing() {
            layOut(width: 3)
          }
          private func verifyShape(width: Int, line: UInt = #line) {
            let box = Box(width: width)
            verifyShape(box, expected: width, line: line)
          }
          private func layOut(width: Int) {
            render(width: width)
          }
          private func render(width: Int) { _ = Box(width: width) }
        }
        """,
      "BShapeTestCase.swift": """
        import XCTest
        class ShapeTestCase: XCTestCase {
          func verifyShape(_ box: Box, expected: Int, line: UInt = #line) {
            if box.width != expected { XCTFail("wrong width", line: line) }
          }
          func render(_ box: Box) { XCTAssertNotNil(box) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["ABoxLayoutTests.swift:6"])
  }
}
