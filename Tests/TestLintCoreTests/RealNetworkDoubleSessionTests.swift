import TestLintCore
import XCTest

/// `real_network_in_test`: the shared session handed to a test double (held-out set 18).
final class RealNetworkDoubleSessionTests: XCTestCase {
  func test_sharedSessionGivenToADouble_isNotReported() {
    let source = RuleLinting.xctest(
      """
      func test_forecast_loads() async throws {
        let client = MockWeatherClient(city: "Oslo", session: URLSession.shared)
        let loader = StubLoader.init(URLSession.shared)
        let spy = SpyTransport(Foundation.URLSession.shared)
        let stub = StubWeatherClient(session: .shared)
        XCTAssertEqual(Config(session: .shared).session, URLSession.shared)
        let model = ForecastModel(client: client, loader: loader, transport: spy)
        XCTAssertEqual(try await model.load(), .sunny)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [])
  }

  func test_sharedSessionGivenToARealTypeOrInsideAnArgument_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_forecast_loads() async throws {
        let client = WeatherClient(city: "Oslo", session: URLSession.shared)
        let mock = MockWeatherClient(inner: WeatherClient(session: URLSession.shared))
        let other = MockWeatherClient(session: URLSession.shared.configuration.copy())
        XCTAssertEqual(try await client.load(), try await mock.load())
        XCTAssertNotNil(other)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [5, 6])
  }

  func test_defaultSessionGivenToADouble_isNotReported() {
    let source = RuleLinting.xctest(
      """
      func test_login_succeeds() {
        let api = FakeAuthAPI(host: host, session: URLSession(configuration: .default))
        let session = URLSession(configuration: .default)
        let shared = URLSession.shared
        let spy = SpyUploader(session: session, retries: 2)
        let stub = StubUploader(shared)
        presenter.login(api: api, uploader: spy, backup: stub)
        XCTAssertTrue(presenter.isLoggedIn)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [])
  }

  func test_defaultSessionGivenToARealTypeOrAlsoUsed_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_login_succeeds() async throws {
        let api = AuthAPI(host: host, session: URLSession(configuration: .default))
        let session = URLSession(configuration: .default)
        let spy = SpyUploader(session: session)
        _ = try await session.data(from: host)
        presenter.login(api: api, uploader: spy)
        XCTAssertTrue(presenter.isLoggedIn)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [5, 6])
  }
}
