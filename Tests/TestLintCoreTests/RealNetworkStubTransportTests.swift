import TestLintCore
import XCTest

/// `real_network_in_test`: a default session handed to a client beside the test's own closure
/// standing in for its transport (held-out set 62).
final class RealNetworkStubTransportTests: XCTestCase {
  func test_sessionBesideAStubTransport_isNotReported() {
    let source = RuleLinting.xctest(
      """
      func test_usesGivenSession() async throws {
        let session = URLSession(configuration: .default)
        let transport: Transport = { _, given in
          XCTAssertIdentical(given, session)
          return (Data(), URLResponse())
        }
        let client = Client(options: .init(session: session, transport: transport))
        _ = try await client.fetch()
      }

      func test_usesGivenSessionInline() async throws {
        let session = URLSession(configuration: .default)
        let client = Client(session: session) { given in
          XCTAssertIdentical(given, session)
          return Data()
        }
        _ = try await Client(session: session, send: { given in XCTAssertIdentical(given, session); return Data() }).fetch()
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [])
  }

  /// A closure returning nothing (a completion handler), or one that does not compare the
  /// session, leaves the session handed to a client that may send.
  func test_sessionBesideOtherClosures_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_reportsSession() async throws {
        let session = URLSession(configuration: .default)
        let client = Client(session: session, onFinish: { given in
          XCTAssertIdentical(given, session)
        })
        let other = URLSession(configuration: .default)
        let second = Client(session: other, map: { data in
          XCTAssertFalse(data.isEmpty)
          return data
        })
        _ = try await client.fetch()
        _ = try await second.fetch()
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [5, 9])
  }
}
