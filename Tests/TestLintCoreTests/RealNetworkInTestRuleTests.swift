import TestLintCore
import XCTest

/// `real_network_in_test`: what reaches the network, and where it is allowed.
final class RealNetworkInTestRuleTests: XCTestCase {
  static let source = RuleLinting.xctest(
    """
    func test_a_b() throws {
      _ = URLSession.shared
      _ = Client(session: URLSession(configuration: .default))
      _ = try Data(contentsOf: URL(string: "http://example.com/a.json")!)
      XCTAssertTrue(true)
    }
    """)

  func test_eachUse_hasItsMessage() {
    let findings = RuleLinting.findings(RealNetworkInTestRule.self, Self.source)
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["5:7", "6:23", "7:11"])
    XCTAssertEqual(
      findings.map(\.message),
      [
        "inject a session whose requests are stubbed (a mock or a 'URLProtocol' stub) instead of 'URLSession.shared'",
        "stub the session's requests (set 'protocolClasses' on the configuration) or inject a mock instead of a default 'URLSession'",
        "load test data from a bundled file or a stub instead of 'Data(contentsOf:)' of 'http://example.com/a.json'",
      ])
  }

  func test_sessionThatSendsNothing_isNotReported() {
    let source = RuleLinting.xctest(
      """
      func test_install_swizzlesConfiguration() {
        _ = URLSession(configuration: URLSessionConfiguration.default)
        let session = URLSession(configuration: .default, delegate: nil, delegateQueue: nil)
        XCTAssertNotNil(session.configuration.protocolClasses)
        XCTAssertNil(URLSession(configuration: .default).delegate)
      }
      func test_callback_records() {
        monitor.urlSession(URLSession.shared, task: task, didCompleteWithError: nil)
        XCTAssertEqual(monitor.count, 1)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [])
  }

  func test_sessionThatCanSend_isReported() {
    let source = RuleLinting.xctest(
      """
      func test_request_isRecorded() {
        let session = URLSession(configuration: .default)
        let task = session.dataTask(with: URL(string: "https://example.com")!)
        Monitor(task: task).startLoading()
        XCTAssertNotNil(session.configuration)
      }
      func test_ignore_keepsSession() {
        let session = URLSession(configuration: .default)
        Instana.ignore(session)
        XCTAssertTrue(ignored.contains(session))
      }
      func test_client_sends() {
        client.urlSession(URLSession.shared)
        XCTAssertTrue(client.done)
      }
      """)
    XCTAssertEqual(
      RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [5, 11, 16])
  }

  func test_defaultAllowedPaths_skipUIIntegrationAndEndToEnd() {
    for path in [
      "App/AppUITests/LoginTests.swift", "Tests/CoreIntegrationTests/APITests.swift",
      "Student/StudentE2ETests/GradesTests.swift", "Tests/Unit/CheckoutUITests.swift",
      "/abs/path/FeedIntegrationTests.swift",
      // Without case: `Ui`, `integration`, `e2e`.
      "Tests/GrayBoxUiTests/Stubs/FeedTests.swift", "Tests/AppUiTests/LoginTests.swift",
      "Tests/apiIntegrationTests/APITests.swift", "Suites/checkoutE2eTests/PayTests.swift",
    ] {
      XCTAssertEqual(
        RuleLinting.positions(RealNetworkInTestRule.self, Self.source, path: path), [], path)
    }
    XCTAssertEqual(
      RuleLinting.positions(
        RealNetworkInTestRule.self, Self.source, path: "Tests/UnitTests/FeedTests.swift"
      ).count, 3)
  }

  func test_configuredAllowedPaths_replaceDefaults() {
    let options: [String: OptionValue] = ["allowed_paths": .strings(["Live/**"])]
    XCTAssertEqual(
      RuleLinting.positions(
        RealNetworkInTestRule.self, Self.source, path: "Live/StatusTests.swift", options: options),
      [])
    XCTAssertEqual(
      RuleLinting.positions(
        RealNetworkInTestRule.self, Self.source, path: "AppUITests/A.swift", options: options
      ).count, 3)
  }

  func test_uiTestFile_isNotChecked() {
    let source = Self.source.replacingOccurrences(
      of: "XCTAssertTrue(true)", with: "XCTAssertTrue(XCUIApplication().exists)")
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), [])
  }

  func test_stubbedAndLocalSources_pass() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        _ = URLSession(configuration: configuration)
        _ = URLSession(configuration: .ephemeral)
        _ = MyURLSession.shared
        _ = session.shared
        _ = try Data(contentsOf: URL(string: "file:///tmp/a.json")!)
        _ = try Data(contentsOf: Bundle.module.url(forResource: "a", withExtension: "json")!)
        _ = try Data(contentsOf: url)
        _ = URL(string: "https://example.com")
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), [])
  }

  func test_helperAndQualifiedNames_areFound() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() { _ = makeClient(); XCTAssertTrue(true) }
      func makeClient() -> Client {
        Client(session: Foundation.URLSession.shared, raw: Foundation.Data(contentsOf: URL(string: "ftp://x.org/f")!))
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), ["6:30", "6:65"])
  }

  func test_comparedSharedSession_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        XCTAssertTrue(NetworkService().session === URLSession.shared)
        XCTAssertIdentical(NetworkService().session, URLSession.shared)
        XCTAssertFalse(URLSession.shared !== NetworkService().session)
        XCTAssertNotNil(load(using: URLSession.shared))
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), ["8:31"])
  }

  func test_sharedSessionPropertyRead_passes() {
    // Reading the configuration sends nothing; handing the session to other code may.
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let copy = URLSession(configuration: URLSession.shared.configuration, delegate: nil, delegateQueue: nil)
        let configuration = URLSession.shared.configuration
        XCTAssertEqual(copy.configuration.timeoutIntervalForRequest, configuration.timeoutIntervalForRequest)
        logger.log(request, session: URLSession.shared)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), ["8:32"])
  }

  func test_taskNeverResumed_passesUnlessResumed() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let task = URLSession.shared.dataTask(with: URLRequest(url: url))
        XCTAssertEqual(task.originalRequest?.url, url)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), [])
    let resumed = source.replacingOccurrences(
      of: "XCTAssertEqual(task", with: "task.resume(); XCTAssertEqual(task")
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, resumed), ["5:14"])
    // Handed to other code, which may resume it: reported.
    let handed = source.replacingOccurrences(
      of: "let task = URLSession.shared.dataTask(with: URLRequest(url: url))",
      with: "let task = runner.start(URLSession.shared.dataTask(with: URLRequest(url: url)))")
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, handed), ["5:27"])
    // Stored in a value the test builds: still a task nothing resumes.
    let stored = source.replacingOccurrences(
      of: "let task = URLSession.shared.dataTask(with: URLRequest(url: url))",
      with: "let task = Response(value: 1, task: URLSession.shared.dataTask(with: URLRequest(url: url))).task")
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, stored), [])
    // Made by a helper whose body is the task, returned without `return`.
    let helper = source.replacingOccurrences(
      of: "let task = URLSession.shared.dataTask(with: URLRequest(url: url))", with: "let task = aTask()")
      + "\nfunc aTask() -> URLSessionDataTask { URLSession.shared.dataTask(with: URLRequest(url: url)) }\n"
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, helper), [])
  }

  /// A continuation's `resume()` resumes no task; a default session's kept task is read as the
  /// shared session's, `try` before it too (held-out set 20).
  func test_taskNeverResumed_continuationResumeIsNotATasks() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let task = try makeTask()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          uploader.retire(task) { continuation.resume() }
        }
        XCTAssertEqual(task.state, .suspended)
      }
      func test_c_d() async {
        let task = URLSession.shared.dataTask(with: URLRequest(url: url))
        await withCheckedContinuation { done in uploader.retire(task) { done.resume() } }
        XCTAssertEqual(task.state, .suspended)
      }
      func makeTask() throws -> URLSessionDataTask {
        try URLSession(configuration: .default).dataTask(with: URLRequest(url: url))
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), [])
    let resumed = source.replacingOccurrences(
      of: "XCTAssertEqual(task.state, .suspended)\n}\nfunc test_c_d",
      with: "task.resume()\n}\nfunc test_c_d")
    XCTAssertNotEqual(resumed, source)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, resumed), ["12:14", "17:7"])
  }

  func test_loadOfFileURL_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let fileURL = URL(fileURLWithPath: "/tmp/a.json")
        _ = try await URLSession.shared.data(from: fileURL)
        _ = try await URLSession.shared.data(from: Bundle.module.url(forResource: "a", withExtension: "json")!)
        let resource = try XCTUnwrap(Bundle(for: Self.self).url(forResource: "a", withExtension: "json"))
        _ = try await URLSession.shared.download(from: resource)
        _ = try await URLSession.shared.data(from: URL(string: "file:///tmp/a.json")!)
        let web = URL(string: "https://example.com/a.json")!
        _ = try await URLSession.shared.data(from: web)
        _ = try await URLSession.shared.data(from: url)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(RealNetworkInTestRule.self, source), ["12:17", "13:17"])
  }

  func test_loadOfPathBuiltFromFileURL_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let here = URL(fileURLWithPath: #filePath)
        let folder = here.deletingLastPathComponent().deletingLastPathComponent()
        let resource = folder.appendingPathComponent("Resources/user.creds")
        _ = try await URLSession.shared.data(from: resource)
        _ = try await URLSession.shared.data(from: URL.temporaryDirectory.appending(path: "a.json"))
        let web = URL(string: "https://example.com")!
        let page = web.appendingPathComponent("a.json")
        _ = try await URLSession.shared.data(from: page)
        _ = try await URLSession.shared.data(from: folder.withoutQuery())
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(RealNetworkInTestRule.self, source), ["12:17", "13:17"])
  }

  func test_globalStubs_allowSharedSession() {
    for stub in [
      "import OHHTTPStubs\n", "import Mocker\n",
      "// stubbed\nlet registered = URLProtocol.registerClass(Stub.self)\n",
    ] {
      XCTAssertEqual(
        RuleLinting.positions(RealNetworkInTestRule.self, stub + Self.source), [], stub)
    }
  }

  func test_methodCalledThroughReceiver_isFollowed() {
    // The calls `missing_assertion` and `sleep_in_test` follow (`CallResolver`).
    let source = RuleLinting.xctest(
      """
      func test_a_b() { client!.fetch(); XCTAssertTrue(true) }
      }
      final class Client {
        func fetch() { URLSession.shared.dataTask(with: url).resume() }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), ["7:18"])
  }

  func test_requestToLoopbackHost_passes() {
    // The test talks to a server on its own machine (here one it started): no network.
    let source = RuleLinting.xctest(
      """
      func test_echo_returnsBody() async throws {
        let port = try await startEchoServer()
        let request = URLRequest(url: URL(string: "http://127.0.0.1:\\(port)/echo")!)
        _ = try await URLSession.shared.data(for: request)
        XCTAssertTrue(true)
      }
      func test_socket_opens() {
        _ = URLSession.shared.webSocketTask(with: URL(string: "ws://localhost:9000/ws")!)
        // Started (the file says `resume`): the loopback host is what lets it pass.
        URLSession.shared.dataTask(with: URL(string: "http://[::1]:9000/")!).resume()
        XCTAssertTrue(true)
      }
      func test_ping_answers() {
        _ = URLSession.shared.ping(path: "/ping")
        XCTAssertTrue(true)
      }
      }
      extension URLSession {
        func ping(hostURL: URL = defaultLocalhost, path: String) -> URLSessionDataTask {
          URLSession.shared.dataTask(with: hostURL.appendingPathComponent(path))
        }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, source), [])
  }

  func test_remoteOrUnseenHost_isReported() {
    // A remote host, a `.invalid` one (a real DNS lookup), an interpolated host and a URL
    // testlint cannot see all stay reported, loopback URLs in the same test notwithstanding;
    // only a request whose own argument names the loopback host passes (line 6).
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        _ = try await URLSession.shared.data(from: URL(string: "https://localhost.example.com")!)
        _ = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:8080")!)
      }
      func test_c_d() async throws {
        _ = try await URLSession.shared.data(from: URL(string: "https://fox.invalid/")!)
      }
      func test_e_f() async throws {
        _ = try await URLSession.shared.data(from: URL(string: "http://\\(host):8080/")!)
      }
      func test_g_h() async throws {
        _ = try await URLSession.shared.data(from: feedURL)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(RealNetworkInTestRule.self, source),
      ["5:17", "9:17", "12:17", "15:17"])
  }

  func test_urlOfServerStartedInSetUp_passes() {
    // The class starts its own server in `setUp`; the request goes to that server's URL,
    // declared with its type in another file.
    let started = RuleLinting.xctest(
      """
      var echo: LocalEchoServer?
      override func setUpWithError() throws {
        echo = LocalEchoServer()
        try echo?.start()
      }
      func test_fetch_reachesEcho() throws {
        let echo = try XCTUnwrap(self.echo)
        URLSession.shared.dataTask(with: echo.rootURL.appendingPathComponent("ping")).resume()
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, started), [])
    // Not started in `setUp`, or not a server: still reported.
    let notStarted = RuleLinting.xctest(
      """
      var echo: LocalEchoServer?
      var feed: FeedSource!
      override func setUp() {
        echo = LocalEchoServer()
        feed.start()
      }
      func test_fetch_reachesEcho() {
        URLSession.shared.dataTask(with: echo!.rootURL).resume()
        URLSession.shared.dataTask(with: feed.baseURL).resume()
      }
      """)
    XCTAssertEqual(RuleLinting.positions(RealNetworkInTestRule.self, notStarted), ["11:3", "12:3"])
  }

  func test_sharedSessionLocalOnlyCompared_passes() {
    let source = """
      import Quick
      import Nimble
      final class OperationSpec: QuickSpec {
        override class func spec() {
          it("keeps the session") {
            let session = URLSession.shared
            expect(new().withURLSession(session).session).to(equal(session))
          }
          it("keeps the default") {
            expect(new().session).to(equal(URLSession.shared))
          }
          it("sends") {
            let session = URLSession.shared
            expect(session.dataTask(with: url).resume()).toNot(beNil())
          }
          it("fetches") {
            let session = URLSession.shared
            expect(Client(session: session).fetch()).toNot(beNil())
          }
          it("runs") {
            let session = URLSession.shared
            expect(session).toNot(beNil())
            XCTAssertNoThrow(try Client(session: session).fetch())
          }
          it("closes over") {
            let session = URLSession.shared
            expect(run { Client(session: session) }).toNot(beNil())
          }
        }
      }
      """
    XCTAssertEqual(
      LintHarness(RealNetworkInTestRule.self, files: ["OperationSpec.swift": source]).findings().map(\.line),
      [13, 17, 21, 26])
  }
}

extension RealNetworkInTestRuleTests {
  /// Held-out set 14: a request for a bundled file (`data(for: URLRequest(url: fileURL))`) loads
  /// the file, as `data(from: fileURL)` does; a request for a web address still goes out.
  func test_requestForFileURL_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        let sample = Fixtures.url(forResource: "sample", extension: "png")
        _ = try await URLSession.shared.data(for: URLRequest(url: sample))
        let request = URLRequest(url: URL(fileURLWithPath: "/tmp/a.png"), timeoutInterval: 5)
        _ = try await URLSession.shared.bytes(for: request)
        let web = URL(string: "https://example.com/a.png")!
        _ = try await URLSession.shared.data(for: URLRequest(url: web))
        _ = try await URLSession.shared.data(for: URLRequest(url: remoteURL))
        _ = try await URLSession.shared.data(for: pageRequest)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(RealNetworkInTestRule.self, source), ["10:17", "11:17", "12:17"])
  }
}
