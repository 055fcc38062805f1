import XCTest

@testable import TestLintCore

/// `missing_assertion` and a test-first note about tests that do not compile yet (set 64): it
/// states no compile-time check (`CompileTimeComment.isRedStateNote`).
final class MissingAssertionRedStateTests: XCTestCase {
  private let body = """
    final class ShelfCacheTests: XCTestCase {
      func test_openingTheShelf_doesNotCrash() {
        _ = Shelf(cache: .memory)
      }
    }

    """

  func test_leadingNoteThatTestsFailToCompileInTheRedState_statesNoCheck() {
    let leading = """
      import XCTest

      // Until the cache lands, the two tests below will fail to compile: the expected RED state.

      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["ShelfCacheTests.swift": leading + body]), ["ShelfCacheTests.swift:5"])
  }

  func test_leadingNoteThatTestsFailToCompileUntilSomethingLands_statesNoCheck() {
    let leading = """
      import XCTest

      // The new tests fail to compile until the cache type lands in the next step.

      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["ShelfCacheTests.swift": leading + body]), ["ShelfCacheTests.swift:5"])
  }

  func test_aPinsFailToCompilePhrase_stillStatesTheCheck() {
    let leading = """
      import XCTest

      // Each test fails to compile if the shelf's initializers change.

      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["ShelfCacheTests.swift": leading + body]), [])
  }

  func test_redStateNote_readsTheNoteNotThePin() {
    func isNote(_ text: String) -> Bool { CompileTimeComment.isRedStateNote(text, lowered: text.lowercased()) }
    XCTAssertTrue(isNote("// these won't compile yet (RED)"))
    XCTAssertTrue(isNote("// these won\u{2019}t compile until the store lands"))
    XCTAssertFalse(isNote("// this won't compile if the conformance goes away"))
    XCTAssertFalse(isNote("// the red shelf fails to compile nothing"))
  }
}
