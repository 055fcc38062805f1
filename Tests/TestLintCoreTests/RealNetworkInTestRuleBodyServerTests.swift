import TestLintCore
import XCTest

/// `real_network_in_test`: a server the test starts in its own body listens on its own machine.
final class RealNetworkInTestRuleBodyServerTests: XCTestCase {
  func test_urlOfAServerStartedInTheBody_isLoopback() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let server = PingServer.shared
        try await server.start(port: 9100)
        let url = URL(string: "\\(server.rootURLText())/ping")!
        _ = try await URLSession.shared.data(from: url)
      }
      func test_c_d() async throws {
        let server = PingServer.shared
        let url = URL(string: "\\(server.rootURLText())/ping")!
        _ = try await URLSession.shared.data(from: url)
      }
      """)
    // The second test never starts the server: where it points is unknown.
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), ["13:17"])
  }
}
