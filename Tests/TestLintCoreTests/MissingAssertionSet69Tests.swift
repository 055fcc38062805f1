import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 69): compile-time pins a test's name or its type's comment
/// states: a name stating a compile-time check (`CompileTimeName`; not a value a task captures),
/// a made value coerced to a protocol the name says it conforms to (`ConformanceCoercion`), and a
/// type whose comment says its tests keep an API stable (`StableAPIComment`).
final class MissingAssertionSet69Tests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["KettleTests.swift": source], line: line)
  }

  func test_nameStatingACompileTimeCheck_countsButATaskCaptureDoesNot() {
    let source = """
      import Testing
      @Suite struct KettleTests {
        @Test func `Handle layout (compile-time check)`() {
          let handle = Handle(grip: .soft)
          _ = handle
        }
        @Test("Spout pin (compile-time check)") func spoutPin() {
          _ = Spout.narrow
        }
        @Test func `Kettle is Sendable (compile-time check)`() {
          let kettle = Kettle(litres: 2)
          Task { _ = kettle }
        }
        @Test func `Lid layout (compile-time check)`() {
          let lid = Lid()
          lid.close()
        }
      }
      """
    XCTAssertEqual(findings(source), ["KettleTests.swift:10", "KettleTests.swift:14"])
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
        @Test func teapotConformsToIdentifiable() {
          let pot = Teapot(cups: 4)
          let _: UUID = pot.id
        }
      }
      """
    XCTAssertEqual(findings(source), ["KettleTests.swift:10", "KettleTests.swift:13"])
  }

  func test_typeCommentSayingItsTestsKeepTheAPIStable_speaksForItsTests() {
    let source = """
      import XCTest
      /// Tests that verify the public API of the kettle stays stable, not changed by accident.
      final class KettleAPITests: XCTestCase {
        func testKettleMembers() {
          let kettle = Kettle(litres: 2)
          let _: Double = kettle.temperature
          kettle.boil()
        }
        func testLidMembers() {
          let lid: Lid? = nil
          if let lid { lid.close() }
        }
      }
      /// Tests of the public API of the teapot, which must stay stable.
      final class TeapotAPITests: XCTestCase {
        func testTeapotMembers() {
          let pot = Teapot(cups: 4)
          let _: Int = pot.cups
        }
      }
      /// Tests that check the layout stays stable while pouring.
      final class TrayTests: XCTestCase {
        func testTrayHolds() {
          Tray().pour()
        }
      }
      """
    XCTAssertEqual(findings(source), ["KettleTests.swift:16", "KettleTests.swift:23"])
  }

  func test_stableAPISentence_countsOnlyWhenTheTestsVerifyTheAPIStaysStable() {
    let says = { (text: String) in StableAPIComment.says(lowered: text.lowercased()) }
    XCTAssertTrue(says("/// These tests ensure the interface is not modified by mistake."))
    XCTAssertTrue(says("/// Tests to check that the SDK APIs remain unchanged."))
    XCTAssertFalse(says("/// These tests do not verify that the API is stable."))
    XCTAssertFalse(says("/// Tests that verify the API changed as the release notes say."))
    XCTAssertFalse(says("/// The API must stay stable; tests check the parser."))
  }
}
