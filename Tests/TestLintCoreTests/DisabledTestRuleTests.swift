import TestLintCore
import XCTest

/// `disabled_test`: what counts as switched off, and what counts as a reason.
final class DisabledTestRuleTests: XCTestCase {
  func test_eachForm_hasItsMessage() {
    let source = """
      import XCTest
      import Quick
      import Testing
      final class LoginTests: XCTestCase {
        func DISABLED_testLogin() { XCTAssertTrue(true) }
        func test_skip_works() throws { try XCTSkipUnless(ready) }
      }
      final class CartSpec: QuickSpec {
        override class func spec() { xdescribe("cart") {} }
      }
      @Test(.disabled()) func sums() {}
      """
    XCTAssertEqual(
      InMemoryLint.messages(DisabledTestRule.self, source),
      [
        "'DISABLED_testLogin' is switched off by its 'DISABLED_' prefix; delete it, or say why in a comment",
        "'XCTSkipUnless' skips the test without a reason; pass a message saying why",
        "'xdescribe' switches tests off; delete them, or say why in a comment",
        "'.disabled()' switches the test off without a reason; pass a comment: '.disabled(\"why\")'",
      ])
  }

  func test_helpersNamedLikeTests_areNotDisabledTests() {
    let source = """
      import XCTest
      final class LoginTests: XCTestCase {
        func skipTestIfNeeded() throws {}
        func _testCommon() { XCTAssertTrue(true) }
        func test_login_works() throws {
          try skipTestIfNeeded()
          _testCommon()
        }
        func xtest(value: Int) {}
        static func _testFactory() {}
        func xtestable() {}
      }
      final class Helper {
        func disabled_testSomething() {}
      }
      """
    XCTAssertEqual(InMemoryLint.messages(DisabledTestRule.self, source), [])
  }

  func test_sectionHeading_explainsOnlyWhenItSaysWhy() {
    let source = """
      import XCTest
      final class APITests: XCTestCase {
        // MARK: - Helpers

        func disabled_test_parse() { XCTAssertTrue(true) }

        // MARK: - Manual tests against the real server

        func disabled_test_fetch() { XCTAssertTrue(true) }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("APITests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [5])
  }

  func test_commentedOutCodeAndDirectives_areNotReasons() {
    let source = """
      import XCTest
      final class APITests: XCTestCase {
        // swiftlint:disable:next identifier_name
        func _test_parse() {
      //  func test_parse() {
          XCTAssertTrue(true)
        }

        func test_skip_works() throws {
          try XCTSkipIf(true, "")
          throw XCTSkip(nil)
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("APITests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4, 10, 11])
  }

  func test_pendingDescription_isNotAReason() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          pending("waits for the pricing API") {}
          xit("totals", closure: {
            // Totals change in 2.0.
          })
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("CartSpec.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4])
  }
}

extension DisabledTestRuleTests {
  func test_everyPendingQuickName_isReported() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          xdescribe("cart") {}
          xcontext("when empty") {}
          xit("totals") {}
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(DisabledTestRule.self, source, path: "CartSpec.swift"),
      [
        "'xdescribe' switches tests off; delete them, or say why in a comment",
        "'xcontext' switches tests off; delete them, or say why in a comment",
        "'xit' switches tests off; delete them, or say why in a comment",
      ])
  }
}
