import XCTest

@testable import TestLintCore

/// `missing_assertion` and a comment saying a test's type signature compiles (set 64): a
/// compile-time pin of that signature.
final class MissingAssertionSignatureCompilesTests: XCTestCase {
  func test_signatureCompilesComment_statesTheCheck_aPlainCommentDoesNot() {
    let source = """
      import Testing

      struct LedgerApiTests {
        @Test func postingSignature() async throws {
          let ledger = Ledger.live
          // Posting needs a server; here the type signature compiles
          let post: (Int) async throws -> Ledger.Receipt = ledger.post(cents:)
        }

        @Test func postingSmoke() async throws {
          let ledger = Ledger.live
          // Posting needs a server
          let post: (Int) async throws -> Ledger.Receipt = ledger.post(cents:)
        }
      }
      """
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: ["LedgerApiTests.swift": source]), ["LedgerApiTests.swift:10"])
    XCTAssertTrue(CompileTimeComment.says("// checks that the type signature compiles"))
    XCTAssertFalse(CompileTimeComment.says("// the signature compiles its arguments lazily"))
  }
}
