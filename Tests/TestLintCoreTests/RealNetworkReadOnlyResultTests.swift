import TestLintCore
import XCTest

/// `real_network_in_test`: a session handed to an initializer whose result the test only reads
/// (held-out set 70).
final class RealNetworkReadOnlyResultTests: XCTestCase {
  func test_sessionGivenToAnInitializerOnlyRead_isNotReported() {
    let source = RuleLinting.xctest(
      """
      func test_init_keepsSession() {
        let session = URLSession.shared
        let gateway = WeatherGateway(session: session)
        XCTAssertEqual(gateway.session, session)
      }
      func test_init_setsEndpoint() {
        let gateway = WeatherGateway(session: URLSession.shared)
        let host = gateway.endpoint.host
        XCTAssertEqual(host, "weather.example.com")
        XCTAssertEqual(WeatherGateway(session: .shared).timeout, 30)
      }
      func test_init_withDefaultSession() {
        let gateway = WeatherGateway(session: URLSession(configuration: .default))
        XCTAssertNotNil(gateway)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [])
  }

  func test_sessionGivenToAnInitializerWhoseResultIsCalledOrHandedOn_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_fetch_loads() {
        let gateway = WeatherGateway(session: URLSession.shared)
        gateway.fetch(city: "Oslo")
        let other = WeatherGateway(session: .shared)
        XCTAssertNotNil(other.client.load())
      }
      func test_refresh_loads() {
        let gateway = WeatherGateway(session: URLSession(configuration: .default))
        gateway.refresh { _ in }
        let kept = WeatherGateway(session: URLSession.shared)
        sut.gateway = kept
        XCTAssertNotNil(WeatherGateway(session: URLSession.shared).forecast())
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [5, 7, 11, 13, 15])
  }
}
