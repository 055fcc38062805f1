import XCTest

@testable import TestLintCore

/// `missing_assertion` on a support target's helpers the linted folders do not include: skips
/// (`SkipHelper`), a check word after `_` (`CheckWords.hasSegmentWord`), waits
/// (`UndeclaredWait`) and a UI test's page objects (`UITestCheck`).
final class SupportHelperTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, on one thread and on two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_skipHelper_skipsTheTest() {
    let sources = [
      "CatalogTests.swift": """
        import XCTest

        final class CatalogTests: XCTestCase {
          func test_publicSurface_compiles() throws {
            try skipCompileOnlyTour()
            Catalog.shared.add(item: "")
          }
          func test_localSkip_skips() throws {
            try skipOnSimulator()
            Catalog.shared.clear()
          }
          func test_otherFileSkip_skips() throws {
            try self.skipWithoutKeys()
            Catalog.shared.clear()
          }
          func test_literalSkip_skips() throws {
            try XCTSkipIf(true, "compile-only")
            Catalog.shared.clear()
          }
          func test_untried_reported() {
            skipCompileOnlyTour
            Catalog.shared.clear()
          }
          func test_conditionalSkip_reported() throws {
            try XCTSkipIf(isCI)
            Catalog.shared.clear()
          }
          func test_declaredNonSkip_reported() throws {
            try skipAnimations()
            Catalog.shared.clear()
          }
          func test_swallowed_reported() throws {
            try? skipCompileOnlyTour()
            Catalog.shared.clear()
          }
          private func skipOnSimulator() throws { try skipAlways() }
          private func skipAlways() throws { throw XCTSkip("needs a device") }
        }
        """,
      "Support.swift": """
        import XCTest

        extension XCTestCase {
          func skipWithoutKeys() throws { try skipUnless(false) }
          func skipUnless(_ flag: Bool) throws { try XCTSkipUnless(false) }
          func skipAnimations() throws { UIView.setAnimationsEnabled(false) }
        }
        """,
    ]
    XCTAssertEqual(
      findings(sources),
      ["CatalogTests.swift:20", "CatalogTests.swift:24", "CatalogTests.swift:28", "CatalogTests.swift:32"])
  }

  func test_checkWordAfterUnderscore_counts() {
    let sources = [
      "GraphTests.swift": """
        import XCTest

        final class GraphTests: XCTestCase {
          func test_graph_resolves() { runTest_expectGraphResolvesEverything() }
          func test_layout_verified() { helper_verifyLayout(screen) }
          func test_only_setUp() { given_expectationsCleared() }
          func test_only_trailing() { reset_() }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["GraphTests.swift:6", "GraphTests.swift:7"])
  }

  func test_undeclaredWaits_countWithAClosureOrADeadline() {
    let sources = [
      "PresenterTests.swift": """
        import XCTest

        final class PresenterTests: XCTestCase {
          private var relay: RelayMock!

          func test_dismiss_callsBack() {
            waitFor { done in
              presenter.dismiss(then: { done(()) })
            }
          }
          func test_value_returned() throws {
            let value = waitFor { done in loader.load { done($0) } }
            print(value)
          }
          func test_timer_neverFires() {
            waitForExpectation(timeout: 0.2) { exp in
              exp.isInverted = true
              timer.onFire = { exp.fulfill() }
            }
          }
          func test_upload_none() {
            let server = UploadServerMock(reply: .ok)
            uploader.cancel()
            server.waitFor(requestCount: 0)
          }
          func test_relay_none() {
            relay.waitForNoMessages()
          }
          func test_sync_waited_reported() {
            sut.waitForSync()
          }
          func test_mock_result_reported() {
            let server = UploadServerMock(reply: .ok)
            let done = server.waitFor(requestCount: 1)
            print(done)
          }
          func test_plainWait_noDeadline_reported() {
            waitForIdle()
          }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources), ["PresenterTests.swift:29", "PresenterTests.swift:32", "PresenterTests.swift:37"])
  }

  func test_waitDeclaredInTheRun_isFollowed() {
    let sources = [
      "PresenterTests.swift": """
        import XCTest

        final class PresenterTests: XCTestCase {
          func test_dismiss_callsBack() {
            waitFor { done in presenter.dismiss(then: { done(()) }) }
          }
        }
        """,
      "Waits.swift": """
        import XCTest

        extension XCTestCase {
          func waitFor(_ body: (@escaping (()) -> Void) -> Void) { body { _ in } }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["PresenterTests.swift:4"])
  }

  func test_pageObjectChecksInUITest_count() {
    let sources = [
      "OrdersUITests.swift": """
        import XCTest

        final class OrdersUITests: XCTestCase {
          override func setUp() {
            XCUIApplication().launch()
          }
          func test_orders_listed() throws {
            try TabBar().openOrders()
              .verifyOrdersLoaded()
              .openOrder(number: 1)
          }
          func test_existing_order() {
            OrdersScreen().checkForTitle("Order 1")
          }
          func test_navigation_only() {
            TabBar().openOrders().openOrder(number: 1)
          }
        }
        """,
      "SignatureTests.swift": """
        import XCTest

        final class SignatureTests: XCTestCase {
          func test_signature_checked() {
            sut.verifySignature(of: data)
          }
          func test_chain_checked() {
            Installer().prepared().verifySignature(of: data)
          }
        }
        """,
    ]
    XCTAssertEqual(
      findings(sources), ["OrdersUITests.swift:15", "SignatureTests.swift:4", "SignatureTests.swift:7"])
  }

  func test_skipHelperDeclaredLater_changesCachedResults() throws {
    let sandbox = try Sandbox(self)
    let cache = sandbox.path("cache")
    try sandbox.write(
      "Tests/CatalogTests.swift",
      """
      import XCTest

      final class CatalogTests: XCTestCase {
        func test_publicSurface_compiles() throws {
          try skipCompileOnlyTour()
          Catalog.shared.clear()
        }
      }

      """)
    try sandbox.write("Tests/Support.swift", "func resetCatalog() { print(1) }\n")
    let first = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(first.stdout).findings.count, 0, first.stderr)
    // The run now declares the helper, and it skips nothing: the cached result must not hold.
    try sandbox.write("Tests/Support.swift", "func skipCompileOnlyTour() throws { print(1) }\n")
    let second = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(second.stdout).findings.map(\.line), [4], second.stderr)
  }
}
