import XCTest

@testable import TestLintCore

/// `missing_assertion` on calls into a test-support module the run does not lint: a snapshot
/// helper, a UI robot's check namespace, a test-support type's shared test.
final class TestSupportCallTests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_snapshotHelperDeclaredNowhere_counts() {
    let sources = [
      "ProfileViewTests.swift": """
        import XCTest
        import AppTestSupport

        final class ProfileViewTests: XCTestCase {
          func test_profile_looksRight() {
            let view = ProfileView(name: "Ada")
            takeSnapShots(content: view, precision: 0.9)
          }
          func test_badge_looksRight() { self.verifyBadgeSnapshot(of: badge) }
          func test_snapshotter_only() { snapshotter(view) }
          func test_storeScreenshots() { snapshot("01Home") }
          func test_snapshot_usedAsValue() {
            let image = renderSnapshot(of: view)
            _ = image
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["ProfileViewTests.swift:10", "ProfileViewTests.swift:11", "ProfileViewTests.swift:12"])
  }

  func test_declaredSnapshotHelper_isFollowed() {
    // A helper of the linted files is read as any helper: this one only renders.
    let sources = [
      "ProfileViewTests.swift": """
        import XCTest

        final class ProfileViewTests: XCTestCase {
          func test_profile_looksRight() { takeSnapShots(content: ProfileView()) }
        }
        """,
      "Helpers.swift": """
        import XCTest

        extension XCTestCase {
          func takeSnapShots(content: Any) { _ = render(content) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["ProfileViewTests.swift:4"])
  }

  func test_robotCheckNamespace_counts() {
    let sources = [
      "SettingsUITests.swift": """
        import XCTest

        final class SettingsUITests: XCTestCase {
          func test_settings_open() {
            appRobot
              .openSettings()
              .verify.settingsScreenIsShown()
          }
          func test_settings_actionOnly() {
            appRobot.openSettings().closeSettings()
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["SettingsUITests.swift:9"])
  }

  func test_testSupportTypesAndSharedTests_count() {
    let sources = [
      "CipherTests.swift": """
        import Testing
        import _TestUtilities

        @Suite struct CipherTests {
          @Test func roundTrip() throws {
            try CipherTestHelpers.roundTripTest(scheme: .plain)
            try PirTestUtils.ExpansionTests.expandOneStep(scheme: .plain)
          }
          @Test func shared() {
            signupTestCases.testCloseButtonExists(robot: robot)
          }
          @Test func contextOnly() throws {
            let context = try TestUtils.makeContext()
            _ = context
          }
          @Test func scopeOnly() async throws {
            try await TestEnvironment.withServer(port: 0) { server in print(server) }
          }
          @Test func codeUnderTest() {
            Testament.read(chapter: 1)
            cipher.testConnection()
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["CipherTests.swift:12", "CipherTests.swift:16", "CipherTests.swift:19"])
  }

  func test_snapshotThroughATypeAndExpectationMethods_count() {
    let sources = [
      "CardSnapshotTests.swift": """
        import XCTest
        import Testing

        final class CardSnapshotTests: XCTestCase {
          func test_card_matches() async {
            for theme in themes {
              await Xct.snapshotAsync(testName: "card_\\(theme)", view: Card())
            }
          }
          func test_events_match() async {
            await store.load()
            collector.expectEventsMatch([.loaded])
          }
          func test_devices_match() { AssertSnapshot.devices(Card()) }
          func test_snapshot_kept() { let image = Renderer.snapshotImage(of: Card()); _ = image }
          func test_expectation_made() { let done = factory.expectation(for: "x"); _ = done }
        }

        @Test func reporting_failsOnMissingIssue() {
          withExpectedIssue { reportIssue("boom") }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["CardSnapshotTests.swift:15", "CardSnapshotTests.swift:16"])
  }

  func test_expectationAtAChainsEnd_andInATestOfItsName_count() {
    let sources = [
      "RouteTests.swift": """
        import Testing

        @Suite struct RouteTests {
          @Test func get_answers() async throws {
            try await Client.get("/x").expectBody("1").expectOk()
          }
          @Test func expectNothingSent() async {
            http.expectNothingSent()
          }
          @Test func body_only() async throws {
            _ = try await Client.get("/x").body()
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["RouteTests.swift:10"])
  }

  func test_wordReaders_readWholeWords() {
    XCTAssertTrue(TestSupportCall.readsAsSnapshot("takeSnapShots"))
    XCTAssertTrue(TestSupportCall.readsAsSnapshot("snapshot"))
    XCTAssertTrue(TestSupportCall.readsAsSnapshot("assertViewSnapshotMatches"))
    XCTAssertFalse(TestSupportCall.readsAsSnapshot("snapshotter"))
    XCTAssertFalse(TestSupportCall.readsAsSnapshot("snap"))
    for name in ["TestUtils", "PirTestUtils", "ExpansionTests", "signupTestCases", "testCases", "UITesting", "Test"] {
      XCTAssertTrue(TestSupportCall.holdsTestWord(name), name)
    }
    for name in ["Testament", "latest", "contestant", "Tes", "attestation"] {
      XCTAssertFalse(TestSupportCall.holdsTestWord(name), name)
    }
  }
}
