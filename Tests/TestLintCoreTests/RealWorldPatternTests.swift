import TestLintCore
import XCTest

/// Patterns met in public iOS test suites that once produced wrong findings, reproduced with
/// code of our own.
final class RealWorldPatternTests: XCTestCase {
  func test_helperInOtherFile_countsAsAssertion() throws {
    let helpers = """
      import XCTest
      extension XCTestCase {
        public func assertEqual<T: Equatable>(_ expected: T, _ received: T) {
          guard expected != received else { return }
          record(XCTIssue(type: .assertionFailure, compactDescription: "differs"))
        }
      }
      """
    let tests = """
      import XCTest
      final class PriceTests: XCTestCase {
        func test_price_isFormatted() {
          let text = formatter.string(for: 1232)
          assertEqual("$1,232", text)
        }
      }
      """
    XCTAssertEqual(try missingAssertions(["Helpers.swift": helpers, "PriceTests.swift": tests]), [])
  }

  func test_helperChainAcrossFiles_countsAsAssertion() throws {
    let screens = """
      import XCTest
      final class OrderScreen {
        func verifyOrder(_ id: Int) -> Self {
          XCTAssertTrue(app.staticTexts["\\(id)"].exists)
          return self
        }
      }
      enum OrderFlow {
        static func openAndVerify(_ id: Int) throws {
          try open(id)
          _ = OrderScreen().verifyOrder(id)
        }
      }
      """
    let tests = """
      import XCTest
      final class OrderUITests: XCTestCase {
        func test_order_opens() throws {
          try OrderFlow.openAndVerify(1)
        }
        func test_screen_showsOrder() {
          OrderScreen().verifyOrder(2)
        }
      }
      """
    XCTAssertEqual(try missingAssertions(["Screens.swift": screens, "OrderUITests.swift": tests]), [])
  }

  func test_mockFailureTrap_doesNotCountAsAssertion() throws {
    let mock = """
      import XCTest
      final class APIMock: API {
        func fetch() { XCTFail("unexpected call to fetch") }
        func verifyExpectations() { XCTAssertTrue(expected.isEmpty) }
      }
      """
    let tests = """
      import XCTest
      final class LoaderTests: XCTestCase {
        func test_load_fetches() {
          api.fetch()
        }
        func test_load_meetsExpectations() {
          loader.load()
          api.verifyExpectations()
        }
      }
      """
    XCTAssertEqual(try missingAssertions(["APIMock.swift": mock, "LoaderTests.swift": tests]), ["test_load_fetches"])
  }

  func test_skippedAndPerformanceTests_areNotReported() throws {
    let tests = """
      import XCTest
      import Testing
      final class SlowTests: XCTestCase {
        func test_flaky_isSkipped() throws {
          throw XCTSkip("flaky on CI")
          // XCTAssertEqual(load(), 1)
        }
        func test_sorting_isFast() {
          measure { _ = items.sorted() }
        }
      }
      @Test(.disabled("needs a server")) func uploads() {}
      """
    XCTAssertEqual(try missingAssertions(["SlowTests.swift": tests]), [])
  }

  func test_composableArchitectureTestStore_asserts() throws {
    let tests = """
      import ComposableArchitecture
      import XCTest
      final class CounterTests: XCTestCase {
        func test_increment_addsOne() async {
          let store = TestStore(initialState: Counter.State()) { Counter() }
          await store.send(.increment) { $0.count = 1 }
        }
      }
      """
    XCTAssertEqual(try missingAssertions(["CounterTests.swift": tests]), [])
  }

  func test_storeSendWithoutTCA_isNotAnAssertion() throws {
    let tests = """
      import XCTest
      final class ReduxTests: XCTestCase {
        func test_send_dispatches() {
          store.send(.increment)
        }
      }
      """
    XCTAssertEqual(try missingAssertions(["ReduxTests.swift": tests]), ["test_send_dispatches"])
  }

  func test_baseClassInOtherFile_makesTestClass() throws {
    let base = "import XCTest\nclass CoreTestCase: XCTestCase {}\nclass StudentTestCase: CoreTestCase {}\n"
    let tests = """
      final class GradesTests: StudentTestCase {
        func testGrades() { XCTAssertTrue(true) }
      }
      """
    let result = try lint(["Base.swift": base, "GradesTests.swift": tests], rule: TestNameFormatRule.self)
    XCTAssertEqual(result.map(\.test), ["GradesTests.testGrades"])
  }
}

extension RealWorldPatternTests {
  /// Names of the tests `missing_assertion` reports across these in-memory files.
  func missingAssertions(_ files: [String: String]) throws -> [String] {
    try lint(files, rule: MissingAssertionRule.self).compactMap { $0.test?.split(separator: ".").last.map(String.init) }
  }

  func lint(_ files: [String: String], rule: any Rule.Type) throws -> [Finding] {
    let engine = LintEngine(
      rules: [
        ConfiguredRule(rule, severity: rule.description.defaultSeverity, options: RuleOptions(defaultsOf: rule.description))
      ],
      testBaseClasses: [], threads: 2)
    let entries = files.keys.sorted().map { FileEntry(path: $0, displayPath: $0) }
    let contents = files.mapValues { Array($0.utf8) }
    let result = engine.run(entries) { entry in contents[entry.path] ?? [] }
    XCTAssertEqual(result.errors, [])
    return result.findings
  }
}

extension RealWorldPatternTests {
  func test_staticMockFailureTrap_doesNotCountAsAssertion() throws {
    let mock = """
      import XCTest
      enum NetworkMock {
        static func fetch() { XCTFail("unexpected call to fetch") }
      }
      """
    let tests = """
      import XCTest
      final class LoaderTests: XCTestCase {
        func test_load_fetches() {
          NetworkMock.fetch()
        }
      }
      """
    XCTAssertEqual(
      try missingAssertions(["NetworkMock.swift": mock, "LoaderTests.swift": tests]), ["test_load_fetches"])
  }
}
