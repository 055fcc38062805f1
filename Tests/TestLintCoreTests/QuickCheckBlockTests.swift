import TestLintCore
import XCTest

/// `missing_assertion` and a Quick example that calls a variable its group's `beforeEach` set to
/// a check (`QuickCheckBlock`).
final class QuickCheckBlockTests: XCTestCase {
  /// The descriptions of the examples `missing_assertion` reports in a spec with this body.
  private func reported(_ body: String) -> [String] {
    let source = """
      import Quick
      import Nimble

      final class MailboxSpec: QuickSpec {
        override class func spec() {
      \(body)
        }
      }
      """
    return RuleLinting.findings(MissingAssertionRule.self, source).compactMap {
      $0.test?.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  func test_variableSetFromACheckNamedCall_inAnEnclosingGroupsBeforeEach_counts() {
    let body = """
          describe("a mailbox") {
            var confirmQuiet: (() -> Void)!
            beforeEach {
              confirmQuiet = self.verifyNoDeliveries(from: relay) { mailbox.sync() }
            }
            context("offline") {
              it("delivers nothing") {
                confirmQuiet()
              }
            }
          }
      """
    XCTAssertEqual(reported(body), [])
  }

  func test_variableSetToAnAssertingClosure_counts() {
    let body = """
          describe("a mailbox") {
            var confirmEmpty: QuietBlock!
            justBeforeEach {
              confirmEmpty = { expect(mailbox.count) == 0 }
            }
            it("is empty") {
              confirmEmpty()
            }
          }
      """
    XCTAssertEqual(reported(body), [])
  }

  func test_variableAlsoSetToSomethingElse_orOnlyInASiblingGroup_isReported() {
    let body = """
          describe("a mailbox") {
            var confirmQuiet: (() -> Void)!
            beforeEach {
              confirmQuiet = verifyNoDeliveries(from: relay)
            }
            it("delivers nothing") {
              confirmQuiet()
            }
            context("when cleared") {
              beforeEach { confirmQuiet = makeBlock(relay) }
              it("stays quiet") {
                confirmQuiet()
              }
            }
          }
          describe("an archive") {
            var confirmKept: (() -> Void)!
            context("sealed") {
              beforeEach { confirmKept = verifyArchived(box) }
            }
            it("keeps the letters") {
              confirmKept()
            }
          }
      """
    XCTAssertEqual(reported(body), ["delivers nothing", "stays quiet", "keeps the letters"])
  }
}
