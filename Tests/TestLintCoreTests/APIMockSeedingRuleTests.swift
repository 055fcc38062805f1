import TestLintCore
import XCTest

/// `api_mock_seeding`: where a mocked API call is reported.
final class APIMockSeedingRuleTests: XCTestCase {
  func test_allTestsScope_reportsSwiftTestingSuiteInitAndHelpers() {
    let source = """
      import Testing
      @Suite struct CartTests {
        let api = API()
        init() {
          api.mock(GetCartRequest(), value: .make())
        }
        func seedItems() {
          api.mock(GetItemsRequest(), value: [])
        }
        @Test func total_isSum() {
          seedItems()
          api.mock(GetPricesRequest(), value: [])
          #expect(total == 3)
        }
      }
      """
    let findings = InMemoryLint.findings(
      APIMockSeedingRule.self, [("CartTests.swift", source)], options: ["scope": .string("all_tests")])
    XCTAssertEqual(findings.map(\.line), [5, 8, 12], "init(), the helper and the test body")
    XCTAssertEqual(
      InMemoryLint.messages(APIMockSeedingRule.self, source, path: "CartTests.swift"), [],
      "the default scope, presenter tests, leaves this suite alone")
  }

  func test_mockOfWriteErrorOrUnseenRequest_notReported() {
    let source = """
      import XCTest
      final class CartPresenterTests: XCTestCase {
        let totalsRequest = GetTotalsRequest(cartID: "1")
        func test_checkout_showsReceipt() {
          let order = PlaceOrderRequest(cartID: "1")
          let items = GetItemsRequest(cartID: "1")
          var lines: GetLinesRequest = .init()
          api.mock(order, value: .make())
          api.mock(PlaceOrderRequest(cartID: "1"), value: .make())
          api.mock(items, value: [], error: NSError(domain: "x", code: 1))
          api.mock(presenter.store, value: [])
          api.mock(makeRequest(), value: [])
          api.mock(items, value: [.make()], error: nil)
          api.mock(self.totalsRequest, data: Data())
          api.mock(lines, value: [])
          api.mock(API.GetUserRequest(), value: .make())
          presenter.checkout()
          XCTAssertTrue(presenter.isDone)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(APIMockSeedingRule.self, [("CartPresenterTests.swift", source)]).map(\.line),
      [13, 14, 15, 16], "only the reads answered with a value: local, property, annotated, qualified")
    XCTAssertEqual(
      InMemoryLint.findings(
        APIMockSeedingRule.self, [("CartPresenterTests.swift", source)],
        options: ["read_requests": .strings(["Get*", "Place*"])]
      ).map(\.line),
      [8, 9, 13, 14, 15, 16], "the option names the read requests")
  }
}
