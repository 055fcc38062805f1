import XCTest

@testable import TestLintCore

/// `missing_assertion` on the shapes of held-out set 44: a double armed through its `expect...`
/// methods before a call made with `try`, and a discarded metatype pinning a member type to
/// another type.
final class MissingAssertionSet44Tests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_doubleArmedThroughExpectMethods_thenTriedCall_checks() {
    let sources = [
      "LedgerClientTests.swift": """
        import XCTest

        final class LedgerClientTests: XCTestCase {
          let transportMock = TransportMock()
          let transport = Transport()

          func test_balance_callsItsPath() async throws {
            transportMock
              .expectPath("/v2/balance")
              .expectVerb("GET")
              .respond(with: "Balance")
            _ = try await LedgerClient(transport: transportMock).balance()
          }

          func test_close_sendsItsVerb() throws {
            self.transportMock.expectVerb("DELETE").respond(with: "Closed")
            try LedgerClient(transport: transportMock).close()
          }

          func test_feed_subscribes() async throws {
            let listener = ChannelListenerStub()
            listener.expectChannel("feed-1").replay("Events")
            let feed = EventFeed(listener: listener)
            try await feed.open(channel: "feed-1")
          }

          func test_balance_armsOnly() {
            transportMock.expectPath("/v2/balance").respond(with: "Balance")
            _ = LedgerClient(transport: transportMock)
          }

          func test_balance_realTransport() async throws {
            transport.expectPath("/v2/balance")
            _ = try await LedgerClient(transport: transport).balance()
          }

          func test_balance_errorSwallowed() async {
            transportMock.expectPath("/v2/balance").respond(with: "Balance")
            _ = try? await LedgerClient(transport: transportMock).balance()
          }

          func test_balance_triedBeforeArming() async throws {
            _ = try await LedgerClient(transport: transportMock).balance()
            _ = transportMock.expectPath("/v2/balance")
          }

          func test_balance_keptAndUnread() async throws {
            transportMock.expectPath("/v2/balance").respond(with: "Balance")
            let balance = try await LedgerClient(transport: transportMock).balance()
            print(balance)
          }

          func test_balance_triedInATask() async throws {
            transportMock.expectPath("/v2/balance").respond(with: "Balance")
            Task { _ = try await LedgerClient(transport: transportMock).balance() }
          }

          func test_balance_expectationNamed() async throws {
            transportMock.expectation(of: "/v2/balance")
            _ = try await LedgerClient(transport: transportMock).balance()
          }

          func test_balance_inALocalFunction() throws {
            let client = LedgerClient(transport: transportMock)
            func fetchesBalance() throws {
              transportMock.expectPath("/v2/balance").respond(with: "Balance")
              _ = try client.balanceNow()
            }
          }
        }
        """,
      "TransportMock.swift": """
        final class TransportMock {
          var matchers: [(String) -> Bool] = []
          func expectPath(_ path: String) -> Self {
            matchers.append { $0 == path }
            return self
          }
          func expectVerb(_ verb: String) -> Self {
            matchers.append { $0.hasPrefix(verb) }
            return self
          }
          func expectation(of path: String) {}
          func respond(with fixture: String) {}
        }

        final class ChannelListenerStub {
          func expectChannel(_ name: String) -> Self { self }
          func replay(_ fixture: String) {}
        }

        final class Transport {
          func expectPath(_ path: String) {}
        }
        """,
    ]
    XCTAssertEqual(
      findings(sources),
      [
        "LedgerClientTests.swift:27", "LedgerClientTests.swift:32", "LedgerClientTests.swift:37",
        "LedgerClientTests.swift:42", "LedgerClientTests.swift:47", "LedgerClientTests.swift:53",
        "LedgerClientTests.swift:58", "LedgerClientTests.swift:63",
      ])
  }

  func test_metatypeOfAMemberTypePinnedToAnotherType_checks() {
    let sources = [
      "CrateTests.swift": """
        import Testing

        struct CrateTests {
          @Test func contentsAreBoxedParcels() {
            let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self
          }

          @Test func failureIsNever() {
            let _: Crate<Parcel>.Failure.Type = Never.self
          }

          @Test func nestedLabelIsText() {
            let _: Shipping.Crate.Label.Type = String.self
          }

          @Test func crateLabelExists() {
            let _: Shipping.Crate.Label.Type = Shipping.Crate.Label.self
          }

          @Test func crateExists() {
            let _: Crate.Type = Crate.self
          }

          @Test func crateIsAContainer() {
            let _: Container.Type = Crate.self
          }

          @Test func labelRespelled() {
            let _: Shipping.Label.Type = Label.self
          }

          @Test func contentsPinnedThenUsed() {
            let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self
            Crate<Parcel>().open()
          }

          @Test func contentsOfAMadeValue() {
            let _: Crate<Parcel>.Contents.Type = type(of: Boxed(Parcel()))
          }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      [
        "CrateTests.swift:16", "CrateTests.swift:20", "CrateTests.swift:24", "CrateTests.swift:28",
        "CrateTests.swift:32", "CrateTests.swift:37",
      ])
  }
}
