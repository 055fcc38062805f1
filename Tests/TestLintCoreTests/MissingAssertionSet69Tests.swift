import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 69): compile-time pins a test's name or its type's comment
/// states: values a task captures (`SendableCapture`), a made value coerced to a protocol the
/// name says it conforms to (`ConformanceCoercion`), and a type whose comment says its tests
/// keep an API stable (`StableAPIComment`).
final class MissingAssertionSet69Tests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["KettleTests.swift": source], line: line)
  }

  func test_madeValueCoercedUnderConformanceName_countsForAnyProtocol() {
    let source = """
      import Testing
      @Suite struct KettleTests {
        @Test("@Brewable adds Brewing conformance")
        func brewingConformance() {
          let _: any Brewing = Teapot(cups: 4)
        }
        @Test func teapotConformsToPouring() {
          let _: Pouring = Teapot(cups: 4)
        }
        @Test func teapotIsMadeAsABrewer() {
          let _: any Brewing = Teapot(cups: 4)
        }
      }
      """
    XCTAssertEqual(findings(source), ["KettleTests.swift:10"])
  }
}
