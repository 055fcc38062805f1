import XCTest

@testable import TestLintCore

/// `missing_assertion` on tests whose file's leading comment says the compiler is their check.
final class MissingAssertionLeadingCommentTests: XCTestCase {
  func test_compileTestPhraseInTheFilesLeadingComment_countsForEachTest() {
    let header = """
      // KeywordNamesTests.swift - generated names that clash with keywords
      //
      // Licensed under the project's license.

      import XCTest
      @testable import Schema

      // These tests mostly build generated messages by their mangled names: if the
      // generator's renaming changes, this file won't compile any more.


      """
    let body = """
      final class KeywordNamesTests: XCTestCase {
        func test_reservedField_builds() {
          var message = Schema_Reserved()
          message.class_p = 1
        }
        func test_reservedCase_builds() {
          _ = Schema_Kind.protocol_
        }
      }

      """
    let later = """
      final class OtherTests: XCTestCase {
        func test_nothing() {
          _ = Schema_Kind.protocol_
        }
      }
      // The file won't compile any more if the names change.

      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["AKeywordNamesTests.swift": header + body]), [])
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: [
        "AKeywordNamesTests.swift": header.replacingOccurrences(of: "won't compile any more", with: "is generated")
          + body
      ]),
      ["AKeywordNamesTests.swift:12", "AKeywordNamesTests.swift:16"])
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: ["AOtherTests.swift": "import XCTest\n\n" + later]),
      ["AOtherTests.swift:4"])
    // The first type's own comments (a doc comment, the block right above it) describe it.
    let attached = """
      import XCTest

      /// Compile-time checks of the plugin surface.
      final class SurfaceTests: XCTestCase {
        func test_surface() { _ = Surface() }
      }

      """
    let block = attached.replacingOccurrences(of: "/// Compile-time", with: "// Compile-time")
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: ["ASurfaceTests.swift": attached, "BSurfaceTests.swift": block]),
      ["ASurfaceTests.swift:5", "BSurfaceTests.swift:5"])
  }

  func test_testTypesCommentSayingItsTestsCheckThatCodeCompiles_countsForItsTests() {
    let source = """
      import Testing

      /// Tests to check that the recipes in the handbook compile without errors:
      /// every call below exists with the signature the handbook prints.
      @Suite struct HandbookRecipeTests {
        @Test func kneadingExists() { _ = Dough().knead(minutes: 5) }
        @Test func provingExists() { _ = Dough().prove(hours: 1) }
      }

      @MainActor
      /// These tests confirm that the oven's API compiles.
      final class OvenSurfaceTests {
        @Test func preheatExists() { _ = Oven().preheat(to: 220) }
      }

      /// These tests do not verify that the recipes compile; they bake them.
      @Suite struct BakingTests {
        @Test func bakes() { _ = Oven().bake(Dough()) }
      }

      /// Compile-time checks of the recipe estimates.
      @Suite struct EstimateTests {
        @Test func estimates() { _ = Recipe().estimate() }
      }

      /// These tests are compile-time checks of the timer.
      @Suite struct TimerTests {
        @Test func starts() { _ = Timer().start() }
      }

      @Suite struct PlainTests {
        /// These tests verify that the recipes compile.
        @Test func reads() { _ = Recipe().read() }
      }

      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertionLines(in: ["HandbookRecipeTests.swift": source]),
      ["HandbookRecipeTests.swift:18", "HandbookRecipeTests.swift:23", "HandbookRecipeTests.swift:33"])
    // The same sentence among the file's leading comments speaks for every test of the file.
    let leading = """
      // These tests only verify that the handbook's recipes compile.

      import Testing

      @Suite struct RecipeTests {
        @Test func reads() { _ = Recipe().read() }
      }

      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["RecipeTests.swift": leading]), [])
  }
}
