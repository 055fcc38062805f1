import TestLintCore
import XCTest

/// `real_network_in_test`: a request whose own argument names a loopback host, in a test that
/// also names another host (held-out set 67).
final class RealNetworkLoopbackRequestTests: XCTestCase {
  func test_onlyTheRequestToAnotherHost_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_errors_areDescribed() async throws {
        let timeout = URLRequest(url: URL(string: "http://localhost:9")!, timeoutInterval: 0.001)
        _ = try? await URLSession.shared.data(for: URLRequest(url: URL(string: "https://127.0.0.1")!))
        _ = try? await URLSession.shared.data(from: URL(string: "http://[::1]:8080/ping")!)
        _ = try? await URLSession.shared.data(for: timeout)
        _ = try? await URLSession.shared.data(from: URL(string: "https://mirror.example.org/a")!)
        _ = try? await URLSession.shared.data(from: URL(string: "http://\\(host)/a")!)
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [8, 9, 10])
  }
}
