import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 68): a test double of the file that the test hands to the
/// code under test and whose method, called back, asserts an outcome (`HandedDouble`).
final class MissingAssertionSet68Tests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["KilnTests.swift": source], line: line)
  }

  func test_handedDoubleWhoseCallbackAsserts_counts() {
    let source = """
      import XCTest
      struct GlazeSpy: GlazeSink {
        func receive(glaze: Glaze) {
          XCTAssertEqual(glaze.colour, "teal")
        }
      }
      struct ReachedSpy: GlazeSink {
        func receive(glaze: Glaze) {
          XCTAssertNotNil("reached")
        }
      }
      struct RefusingStub: GlazeSink {
        func receive(glaze: Glaze) {
          XCTFail("no glaze expected")
        }
      }
      final class KilnTests: XCTestCase {
        func testFiresInline() {
          Kiln().fire("teal", into: GlazeSpy())
        }
        func testFiresThroughLocal() {
          let spy = GlazeSpy()
          let kiln = Kiln(sink: spy)
          kiln.fire("teal")
        }
        func testFiresThroughProperty() {
          let spy = GlazeSpy()
          let kiln = Kiln()
          kiln.sink = spy
          kiln.fire("teal")
        }
        func testOnlyMakesTheSpy() {
          let spy = GlazeSpy()
          Kiln().fire("teal")
        }
        func testLiteralCheckOnly() {
          Kiln().fire("teal", into: ReachedSpy())
        }
        func testTrapOnly() {
          Kiln().fire("teal", into: RefusingStub())
        }
      }
      """
    XCTAssertEqual(findings(source), ["KilnTests.swift:32", "KilnTests.swift:36", "KilnTests.swift:39"])
  }
}
