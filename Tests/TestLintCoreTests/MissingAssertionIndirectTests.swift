import XCTest

@testable import TestLintCore

/// `missing_assertion` on tests that check through code they hand over or cannot see: a test
/// harness's run declared outside the linted files, a callback the code under test calls, a
/// check the caller of a Quick helper supplies, a shared context whose closures assert. A test
/// that only calls the code under test is still reported.
final class MissingAssertionIndirectTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, on one thread and on two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_undeclaredHarnessRun_counts() {
    let sources = [
      "CacheTests.swift": """
        import Testing
        import CacheConformance

        struct CacheTests {
          @Test func conformance() async throws {
            try await StoreConformanceTest(store: MemoryStore()).runTest()
          }
          @Test func allSuites() { suites.runAllSuiteTests() }
          @Test func warmedForTests() { store.runForTests() }
          @Test func loadOnly() { MemoryStore().load() }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["CacheTests.swift:9", "CacheTests.swift:10"])
  }

  func test_harnessOrCheckDeclaredInTheTestsOwnBody_isFollowedNotAssumed() {
    let sources = [
      "CodecTests.swift": """
        import Testing

        struct CodecTests {
          @Test func roundTrips() throws {
            func runTest<T: Codec>(_: T.Type) throws {
              _ = try T.decode(T.encode(1))
            }
            try runTest(JSONCodec.self)
          }
          @Test func checked() throws {
            func checkRoundTrip(_ value: Int) { print(value) }
            checkRoundTrip(1)
          }
          @Test func suiteRuns() throws {
            try runCodecTests(JSONCodec.self)
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["CodecTests.swift:4", "CodecTests.swift:10"])
  }

  func test_harnessRunDeclaredInTheRunWithoutChecks_isReported() {
    let sources = [
      "CacheTests.swift": """
        import Testing

        struct CacheTests {
          @Test func conformance() { Harness().runTest() }
        }
        """,
      "Harness.swift": """
        struct Harness {
          func runTest() { print("ran") }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["CacheTests.swift:4"])
  }

  func test_callbackOfTypeTheTestMakesOrPassesSelf_counts() {
    let sources = [
      "UploadTests.swift": """
        import XCTest

        final class UploadTests: XCTestCase, ProgressObserver {
          func test_upload_reportsDone() throws {
            let observer = DoneObserver(expected: 3)
            try Uploader(observer: observer).start().wait()
          }
          func test_upload_visitsSelf() {
            Uploader().report(to: self)
          }
          func test_upload_delegateIsSelf() {
            let sut = Uploader()
            sut.delegate = self
            sut.start()
          }
          func test_upload_onlyStarts() {
            Uploader().start()
          }
          func test_upload_trapOnly() {
            Uploader(observer: TrapObserver()).start()
          }
          func test_upload_mockObserverHandedNowhere() {
            let mock = MockObserver()
            Uploader().start()
          }

          func didFinish(parts: Int) { XCTAssertEqual(parts, 3) }

          final class DoneObserver: ProgressObserver {
            let expected: Int
            init(expected: Int) { self.expected = expected }
            func didFinish(parts: Int) { XCTAssertEqual(parts, expected) }
          }
          final class TrapObserver: ProgressObserver {
            func didFail() { XCTFail("unexpected failure") }
          }
          final class MockObserver: ProgressObserver {
            func didFinish(parts: Int) { XCTAssertEqual(parts, 3) }
          }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources), ["UploadTests.swift:16", "UploadTests.swift:19", "UploadTests.swift:22"])
    // Handed to the code under test, a double's checking method is a callback too.
    let handed = sources["UploadTests.swift"]!.replacingOccurrences(
      of: "let mock = MockObserver()\n    Uploader().start()", with: "Uploader(observer: MockObserver()).start()")
    XCTAssertEqual(findings(["UploadTests.swift": handed]), ["UploadTests.swift:16", "UploadTests.swift:19"])
  }

  func test_callbackTheFileCallsItself_isNoCallback() {
    let sources = [
      "ParserTests.swift": """
        import XCTest

        final class ParserTests: XCTestCase {
          func test_parse_checked() {
            let checker = Checker()
            checker.verifyTree(Parser().parse("a"))
          }
          func test_parse_unchecked() {
            let checker = Checker()
            Parser(checker: checker).parse("a")
          }
          struct Checker {
            func verifyTree(_ tree: Tree) { XCTAssertFalse(tree.isEmpty) }
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["ParserTests.swift:8"])
  }

  func test_quickHelperCallingCheckingClosureParameter_counts() {
    let sources = [
      "CachingBehavior.swift": """
        import Quick
        import Nimble

        func itCachesRequests(make: @escaping () -> Void, callVerifier: @escaping (Int) -> Void,
                              reset: @escaping (Int) -> Void) {
          it("calls the service once") {
            make()
            callVerifier(1)
          }
          it("resets") {
            reset(0)
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["CachingBehavior.swift:10"])
  }

  func test_sharedExampleRunningAssertingContext_counts() {
    let sources = [
      "ToggleSpec.swift": """
        import Quick
        import Nimble

        final class ToggleSpec: QuickSpec {
          override class func spec() {
            sharedExamples("a saved toggle") { (context: @escaping SharedExampleContext) in
              it("saves") {
                (context()["save"] as? () -> Void)?()
              }
              it("taps") {
                ToggleView().tap()
              }
            }
            sharedExamples("an unchecked toggle") { context in
              it("saves too") {
                (context()["save"] as? () -> Void)?()
              }
            }
            describe("dark mode") {
              itBehavesLike("a saved toggle") {
                ["save": { expect(Settings.dark) == true }]
              }
            }
            describe("light mode") {
              itBehavesLike("an unchecked toggle") {
                ["save": { print(Settings.dark) }]
              }
            }
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["ToggleSpec.swift:10", "ToggleSpec.swift:15"])
  }

  func test_helperTakingInlineSnapshotDescriptor_counts() {
    let sources = [
      "RouteTests.swift": """
        import Testing

        struct RouteTests {
          @Test func headers_snapshotted() async throws {
            RouteStub(path: "/items").recordedCall {
              "GET /items"
            }
            .install()
            _ = try await client.items()
          }
          @Test func sameFile_snapshotted() { localSnapshot(of: client) { "GET /" } }
          @Test func installed_only() { RouteStub(path: "/items").install() }
        }

        func localSnapshot(of client: Client, descriptor: InlineSnapshotSyntaxDescriptor? = nil, matches: () -> String) {
          pending.append(matches())
        }
        """,
      "RouteStub.swift": """
        import InlineSnapshotTesting

        extension RouteStub {
          func recordedCall(
            syntaxDescriptor: InlineSnapshotSyntaxDescriptor = InlineSnapshotSyntaxDescriptor(),
            matches expected: (() -> String)? = nil
          ) -> Self {
            Pending.shared.register(expected?(), syntaxDescriptor)
            return self
          }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["RouteTests.swift:12"])
  }
}
