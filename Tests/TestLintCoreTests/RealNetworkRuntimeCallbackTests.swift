import TestLintCore
import XCTest

/// `real_network_in_test`: a session told to a delegate callback the test invokes through the
/// Objective-C runtime (held-out set 21).
final class RealNetworkRuntimeCallbackTests: XCTestCase {
  func test_sessionGivenToARuntimeCallback_isNotReported() {
    let source = RuleLinting.xctest(
      """
      private let closing = NSSelectorFromString("URLSession:webSocketTask:didCloseWithCode:reason:")
      func test_challenge_isForwarded() {
        Runtime.call(
          on: relay,
          selector: NSSelectorFromString("URLSession:didReceiveChallenge:completionHandler:"),
          arguments: [URLSession.shared, URLAuthenticationChallenge(), handler])
        XCTAssertTrue(inner.sawChallenge)
      }
      func test_close_isForwarded() {
        RawSend(relay, closing, [URLSession.shared, Data()])
        XCTAssertTrue(inner.sawClose)
      }
      func test_metrics_forwardedUnderRenamedSelector() {
        typealias Impl = @convention(c) (AnyObject, Selector, URLSession, NSError?) -> Void
        let imp: Impl = implementation(of: NSSelectorFromString("URLSession:didBecomeInvalidWithError:"))
        imp(relay, renamed, URLSession.shared, nil)
        XCTAssertTrue(inner.sawInvalidation)
      }
      func test_otherSelector_reported() {
        Runtime.call(on: loader, selector: NSSelectorFromString("load:"), arguments: [URLSession.shared])
        XCTAssertTrue(loader.loaded)
      }
      func test_plainFunction_reported() {
        let run: (AnyObject, URLSession) -> Void = start
        run(loader, URLSession.shared)
        XCTAssertTrue(loader.loaded)
      }
      """)
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [23, 28])
  }

  func test_defaultSessionPropertyOnlyRead_isNotReported() {
    let source = """
      import XCTest

      final class InstallerTests: XCTestCase {
        private var session: URLSession!
        private func makeSession() {
          session = URLSession(configuration: .default, delegate: Recorder(), delegateQueue: nil)
        }
        func test_install_wrapsDelegate() {
          makeSession()
          XCTAssertTrue(session.delegate is WrappingDelegate)
          XCTAssertNotNil(self.session?.delegateQueue)
        }
      }

      final class LoaderTests: XCTestCase {
        private var session: URLSession!
        private func makeSession() {
          self.session = URLSession(configuration: .default)
        }
        func test_load_finishes() {
          makeSession()
          session.dataTask(with: url).resume()
          XCTAssertTrue(session.delegate == nil)
        }
      }
      """
    XCTAssertEqual(RuleLinting.findings(RealNetworkInTestRule.self, source).map(\.line), [18])
  }
}
