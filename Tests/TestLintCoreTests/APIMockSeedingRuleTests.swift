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
          api.mock(.cart)
        }
        func seedItems() {
          api.mock(.items)
        }
        @Test func total_isSum() {
          seedItems()
          api.mock(.prices)
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
}
