import Foundation
import XCTest

@testable import TestLintCore

/// What `missing_assertion` reaches: Nimble's optional checks only where Nimble is, and a
/// private or fileprivate method of a helper's own file called through a receiver.
final class MissingAssertionReachTests: XCTestCase {
  func test_staticCallThroughGenericTypeName_followsTheTypesMethod() {
    // `Laws<...>.check()` is `Laws.check()`: generic arguments (nested, dotted) between the
    // type's name and the method do not hide the asserting helper.
    let laws = """
      import XCTest
      enum MonadLaws<F> { static func check() { XCTAssertEqual(1, 1) } }
      enum FunctorLaws<F> { static func check(_ name: String = "") { XCTAssertTrue(true) } }
      enum Laws { enum Eq<A> { static func check() { XCTAssertTrue(true) } } }
      """
    let tests = """
      import XCTest
      final class IOTests: XCTestCase {
        func test_monad_laws() { MonadLaws<Int>.check() }
        func test_functor_laws() { FunctorLaws<IOPartial<CategoryError>>.check() }
        func test_eq_laws() { Laws.Eq<[String: Swift.Int]>.check() }
        func test_nothing_checked() { _ = Box<Int>.make() }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["Laws.swift": laws, "IOTests.swift": tests], threads: 1),
      ["IOTests.swift:6 missing_assertion"])
  }

  func test_waitHelperRecordingFailure_asserts() {
    // A UI test's wait helper that fails the test through XCTestCase's own recording API.
    let base = """
      import XCTest
      class BaseUITestCase: XCTestCase {
        func waitForExistence(_ element: XCUIElement) {
          let found = XCTWaiter().wait(for: [expectation(for: exists, evaluatedWith: element)], timeout: 5)
          if found != .completed {
            self.recordFailure(withDescription: "not found", inFile: #file, atLine: #line, expected: true)
          }
        }
        func waitForLabel(_ element: XCUIElement) {
          if !element.exists { record(XCTIssue(type: .assertionFailure, compactDescription: "no label")) }
        }
        func tapQuietly(_ element: XCUIElement) { element.tap() }
      }
      """
    let tests = """
      import XCTest
      final class MarketingTests: BaseUITestCase {
        func testSettingsView() { waitForExistence(app.buttons["Settings"]) }
        func testLabel() { waitForLabel(app.staticTexts["Title"]) }
        func testQuiet() { tapQuietly(app.buttons["Settings"]) }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["Base.swift": base, "MarketingTests.swift": tests], threads: 1),
      ["MarketingTests.swift:5 missing_assertion"])
  }

  func test_recordOfLocalIssue_asserts() {
    // A wait helper that builds its `XCTIssue` first, to give it a location, then records it.
    let base = """
      import XCTest
      class BaseTestCase: XCTestCase {
        func waitFor(_ element: XCUIElement, file: String = #file, line: UInt = #line) {
          if !element.waitForExistence(timeout: 5) {
            var issue = XCTIssue(type: .assertionFailure, compactDescription: "missing")
            issue.sourceCodeContext = XCTSourceCodeContext(location: XCTSourceCodeLocation(filePath: file, lineNumber: Int(line)))
            self.record(issue)
          }
        }
        func waitForLabel(_ element: XCUIElement) {
          let issue = XCTIssue(type: .assertionFailure, compactDescription: "no label")
          if !element.exists { record(issue) }
        }
        func log(_ element: XCUIElement) {
          let issue = Issue(title: element.label)
          tracker.record(issue)
          record(summary)
        }
      }
      """
    let tests = """
      import XCTest
      final class OnboardingTests: BaseTestCase {
        func testOnboarding() { waitFor(app.buttons["Next"]) }
        func testLabel() { waitForLabel(app.staticTexts["Title"]) }
        func testLogged() { log(app.buttons["Next"]) }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["Base.swift": base, "OnboardingTests.swift": tests], threads: 1),
      ["OnboardingTests.swift:5 missing_assertion"])
  }

  func test_undeclaredCheckOfOtherLabels_counts() {
    // A support module's `TS.assert(_:equals:)` is not the run's unrelated
    // `assert(metrics:day:)`: a declaration that cannot take the call's labels is no candidate.
    let helpers = """
      import XCTest
      struct FieldAsserter {
        func assert(metrics: [Int], day: Int) -> Bool { metrics.contains(day) }
      }
      func checkLayout(_ screen: Screen, strict: Bool = false) { print(screen) }
      func verifyRows(_ rows: [Row], in table: Table, then done: () -> Void) { print(rows) }
      func expectAll(_ values: Int...) { print(values) }
      """
    let tests = """
      import XCTest
      final class DayTests: XCTestCase {
        func testAdding() { TS.assert(day + 1, equals: next) }
        func testFields() { _ = FieldAsserter().assert(metrics: metrics, day: day) }
        func testLayout() { checkLayout(screen) }
        func testLayoutStrict() { checkLayout(screen, strict: true) }
        func testLayoutOf() { checkLayout(of: screen) }
        func testRows() { verifyRows(rows, in: table) { print("done") } }
        func testRowsLabelled() { verifyRows(rows, in: table, then: {}) }
        func testAll() { expectAll(1, 2, 3) }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["Helpers.swift": helpers, "DayTests.swift": tests], threads: 1),
      [
        "DayTests.swift:4 missing_assertion", "DayTests.swift:5 missing_assertion", "DayTests.swift:6 missing_assertion",
        "DayTests.swift:8 missing_assertion", "DayTests.swift:9 missing_assertion", "DayTests.swift:10 missing_assertion",
      ])
  }

  func test_fulfillmentOfAnExpectationObject_asserts() {
    // A package's expectation awaited through the object (Spezi's `TestExpectation`), which fails
    // the test when it is not fulfilled in time, as XCTest's `fulfillment(of:timeout:)` does.
    let tests = """
      import Testing
      @Test func moduleFlow() async throws {
        let expectation = TestExpectation()
        _ = await Delegate(expectation: expectation).spezi
        await expectation.fulfillment(within: .seconds(0.5))
      }
      @Test func deinits() async throws {
        try await deinitExpectation.fulfillment(within: .seconds(10))
      }
      @Test func streamed() async {
        await exp.fulfillment()
      }
      @Test func orderFulfilled() async {
        await order.fulfillment(within: .seconds(1))
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["ModuleTests.swift": tests], threads: 1),
      ["ModuleTests.swift:10 missing_assertion", "ModuleTests.swift:13 missing_assertion"])
  }

  func test_swiftCheckPropertyOfForAll_countsWithItsImport() {
    let body = """
      final class LawsTests: XCTestCase {
        func test_identity_law() {
          property("identity") <~ forAll { (a: Int) in a == a }
        }
        func test_composition_law() {
          property("composition") <- forAll() { (a: Int) in a + 0 == a }
        }
        func test_counted_only() { _ = items.forAll { $0 > 0 } }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(
        in: ["LawsTests.swift": "import XCTest\nimport SwiftCheck\n" + body], threads: 1),
      ["LawsTests.swift:10 missing_assertion"])
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["LawsTests.swift": "import XCTest\n" + body], threads: 1),
      ["LawsTests.swift:3 missing_assertion", "LawsTests.swift:6 missing_assertion", "LawsTests.swift:9 missing_assertion"],
      "without SwiftCheck, an operator and a `forAll` of the project's own")
  }

  func test_ownUnwrapCombinatorWithoutNimble_isReported() {
    // A library's own `unwrap(_:into:)`, in a file without Nimble: the test only compiles.
    let source = """
      import XCTest
      import Validation

      final class ValidatorTests: XCTestCase {
        func test_constructions_build() {
          _ = Validation<Int>(check: unwrap(\\.first, into: isPositive))
          _ = Validation<Int>(check: require(\\.name, in: names))
        }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["ValidatorTests.swift": source], threads: 1),
      ["ValidatorTests.swift:5 missing_assertion"])
  }

  func test_nimbleUnwrapInReach_counts() {
    for (name, header, statement, other) in [
      ("import", "import Nimble", "try unwrap(user.name, into: sink)", ""),
      ("quick", "import Quick", "try require(user.name, in: names)", ""),
      // A test-support module that re-exports Nimble: the file's `expect` shows it.
      ("expect", "import TestSupport", "try unwrap(user.name, into: sink)",
       "func test_c_d() { expect(1).to(equal(1)) }"),
      // No sign of Nimble, but a call Nimble's could be: taken as Nimble's.
      ("bare", "import TestSupport", "_ = try unwrap(user.name)", ""),
    ] {
      let source = """
        \(header)
        import XCTest
        final class UserTests: XCTestCase {
          func test_a_b() throws {
            let user = makeUser()
            \(statement)
          }
          \(other)
        }
        """
      XCTAssertEqual(
        CalledHelpersTests.missingAssertions(in: ["UserTests.swift": source], threads: 1), [], name)
    }
  }

  func test_fileprivateMethodCalledThroughReceiver_isFollowed() {
    // The mock protocol's `verify()` calls `MockActions.verify(sourceLocation:)`, fileprivate
    // in the same file, whose body is the check.
    let mocks = """
      import Testing

      protocol Mock {
        var actions: MockActions { get }
      }

      extension Mock {
        func verify(sourceLocation: SourceLocation = #_sourceLocation) {
          actions.verify(sourceLocation: sourceLocation)
        }
      }

      final class MockActions {
        var expected: [String] = []
        var factual: [String] = []
        fileprivate func verify(sourceLocation: SourceLocation) {
          #expect(factual == expected, sourceLocation: sourceLocation)
        }
      }
      """
    let tests = """
      import Testing

      @Suite struct LoaderTests {
        @Test func load_callsRepository() {
          let repository = MockedRepository()
          Loader(repository: repository).load()
          repository.verify()
        }
        @Test func load_runs() {
          Loader(repository: MockedRepository()).load()
        }
      }
      """
    for threads in [1, 2] {
      XCTAssertEqual(
        CalledHelpersTests.missingAssertions(
          in: ["Mocks/Mock.swift": mocks, "LoaderTests.swift": tests], threads: threads),
        ["LoaderTests.swift:9 missing_assertion"])
    }
  }

  func test_fileprivateMethodNotNamedAsCheck_isNotFollowedThroughReceiver() {
    // Helpers are matched by name across the run: an edge from `run` to a fileprivate `read`
    // would make every `run()` of the run assert.
    let queries = """
      import XCTest

      struct Double: Query {
        func run(store: Store) throws -> Int { try store.read() * 2 }
      }

      extension Store {
        fileprivate func read() throws -> Int {
          XCTAssertNotNil(self)
          return 1
        }
      }
      """
    let tests = """
      import XCTest

      final class ProcessTests: XCTestCase {
        func test_process_exits() throws {
          try Process(arguments: ["true"]).run().terminate()
        }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(
        in: ["Queries.swift": queries, "ProcessTests.swift": tests], threads: 1),
      ["ProcessTests.swift:4 missing_assertion"])
  }
}

/// Initializers that assert: a page object's `init` that waits for its page with `XCTAssert`.
extension MissingAssertionReachTests {
  func test_typeWhoseInitializerAsserts_countsWhereItIsMade() {
    let screens = """
      import XCTest

      class Screen {
        let app: XCUIApplication
        init(_ app: XCUIApplication) { self.app = app }
        func waitUntilShown(_ element: XCUIElement) {
          XCTAssertTrue(element.waitForExistence(timeout: 5), "screen not shown")
        }
      }

      final class AccountScreen: Screen {
        override init(_ app: XCUIApplication) {
          super.init(app)
          waitUntilShown(app.otherElements["account"])
        }
        func tapLogout() -> Self { app.buttons["logout"].tap(); return self }
      }

      final class Banner {
        init(_ app: XCUIApplication) { print(app) }
        func dismiss() {}
      }

      final class Toast {
        let screen: Screen
        init(_ app: XCUIApplication) { screen = AccountScreen(app) }
        func dismiss() {}
      }

      extension URL {
        init(page: String) {
          XCTAssertFalse(page.isEmpty)
          self.init(string: page)!
        }
      }
      """
    let tests = """
      import XCTest

      final class AccountUITests: XCTestCase {
        func test_logout_showsAccount() {
          AccountScreen(app).tapLogout()
        }
        func test_banner_dismissed() {
          Banner(app).dismiss()
        }
        func test_screen_made() {
          _ = Screen(app)
        }
        func test_url_made() {
          _ = URL(string: "https://example.com")
        }
        func test_toast_dismissed() {
          Toast(app).dismiss()
        }
      }
      """
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: ["Screens.swift": screens, "AccountUITests.swift": tests], threads: 1),
      [
        "AccountUITests.swift:7 missing_assertion", "AccountUITests.swift:10 missing_assertion",
        "AccountUITests.swift:13 missing_assertion", "AccountUITests.swift:16 missing_assertion",
      ])
  }
}

/// A test double's check (`verify...`) that asserts through the double's own helper methods.
extension MissingAssertionReachTests {
  func test_doublesCheckThroughItsOwnHelpers_asserts() {
    // Only the method the test calls must be named like a check: inside the double, its
    // private and internal helpers are followed as any helper's, here to a free function of a
    // third file that fails when the spy was called.
    let spy = """
      import XCTest

      final class PrinterSpy: Printing {
        private var jobs: [String] = []

        func print(_ job: String) {
          jobs.append(job)
          if job.isEmpty { unexpected() }
        }

        func verifyNothingPrinted(file: StaticString = #filePath, line: UInt = #line) {
          printWasNeverRequested(file: file, line: line)
        }

        func verifyPrinted(_ job: String) {
          self.lastJobMatches(job)
        }

        func lastJobMatches(_ job: String) {
          XCTAssertEqual(jobs.last, job)
        }

        private func printWasNeverRequested(file: StaticString, line: UInt) {
          failWhenCalled(count: jobs.count, file: file, line: line)
        }

        private func unexpected() {
          XCTFail("an empty job")
        }
      }
      """
    let support = """
      import XCTest

      func failWhenCalled(count: Int, file: StaticString, line: UInt) {
        if count > 0 { XCTFail("called \\(count) times", file: file, line: line) }
      }
      """
    let tests = """
      import XCTest

      final class ReceiptTests: XCTestCase {
        let printer = PrinterSpy()

        func test_cancel_printsNothing() {
          Receipt(printer: printer).cancel()
          printer.verifyNothingPrinted()
        }

        func test_confirm_printsTheTotal() {
          Receipt(printer: printer).confirm()
          printer.verifyPrinted("total 3")
        }

        func test_confirm_printsOnly() {
          Receipt(printer: printer).confirm()
          printer.print("again")
        }

        func test_confirm_matchedWithoutVerifying() {
          Receipt(printer: printer).confirm()
          printer.lastJobMatches("total 3")
        }
      }
      """
    let sources = ["Doubles/PrinterSpy.swift": spy, "Support.swift": support, "ReceiptTests.swift": tests]
    for threads in [1, 2] {
      XCTAssertEqual(
        CalledHelpersTests.missingAssertions(in: sources, threads: threads),
        ["ReceiptTests.swift:16 missing_assertion", "ReceiptTests.swift:21 missing_assertion"])
    }
  }
}
