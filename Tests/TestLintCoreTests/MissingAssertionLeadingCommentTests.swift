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
}
