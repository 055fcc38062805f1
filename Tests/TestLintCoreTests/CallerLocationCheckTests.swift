import XCTest

@testable import TestLintCore

/// `missing_assertion` on a support module's checks the linted folders do not include, known by
/// the caller's location they are handed or by a test double's check name (`CallerLocationCheck`),
/// and on an empty generic check taking a metatype (`CompileTimeCheck`).
final class CallerLocationCheckTests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_forwardedLocation_countsAsCheck() {
    let sources = [
      "BeaconTests.swift": """
        import XCTest

        final class BeaconTests: XCTestCase {
          func test_recorder_verified() {
            let recorder = BeaconRecorder(expecting: ["launch"])
            Beacon.send("launch", via: recorder)
            recorder.confirmAllSent(file: #file, line: #line)
          }
          func test_plainSend_checked() {
            send(.launch, and: .expectation(name: "launch"), file: #filePath, line: #line)
          }
          func test_fileID_checked() {
            self.confirmSent(.launch, file: #fileID, line: #line)
          }
          func test_initializer_reported() {
            let store = StoreUnderTest(state: 0, file: #file, line: #line)
            store.start()
          }
          func test_logging_reported() {
            logger.debug("started", file: #file, line: #line)
            fatalErrorHandler.notice("x", file: #file, line: #line)
          }
          func test_fileOnly_reported() {
            recorder.flush(file: #file)
          }
          func test_doubleCheck_counts() {
            let tracker = TrackerSpy()
            Beacon.send("launch", via: tracker)
            tracker.verifyTracked()
          }
          func test_doubleCheckResult_reported() {
            let tracker = TrackerSpy()
            let ok = tracker.verifyTracked()
            print(ok)
          }
          func test_sutCheck_reported() {
            sut.verifyLicense()
          }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      [
        "BeaconTests.swift:15", "BeaconTests.swift:19", "BeaconTests.swift:23", "BeaconTests.swift:31",
        "BeaconTests.swift:36",
      ])
  }

  func test_declaredForwarder_isFollowed() {
    let sources = [
      "BeaconTests.swift": """
        import XCTest

        final class BeaconTests: XCTestCase {
          func test_flush_followed() {
            flushAll(file: #file, line: #line)
          }
        }
        """,
      "Support.swift": """
        func flushAll(file: StaticString = #file, line: UInt = #line) {
          Beacon.flush()
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["BeaconTests.swift:4"])
  }

  func test_metatypeGenericCheck_isCompileTimeCheck() {
    let sources = [
      "SendableTests.swift": """
        import XCTest

        final class SendableTests: XCTestCase {
          private func ensureSendable<T: Sendable>(_: T.Type) {}
          func test_publicTypes_areSendable() {
            ensureSendable(Receipt.self)
            ensureSendable(Ledger.self)
          }
          func test_localMetatype_reported() {
            func needsClass<T: AnyObject>(_: T.Type) {}
            needsClass(Ledger.self)
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["SendableTests.swift:9"])
  }
}
