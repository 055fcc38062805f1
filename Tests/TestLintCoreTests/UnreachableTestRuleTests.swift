import TestLintCore
import XCTest

/// `unreachable_test`: what XCTest and Swift Testing skip, and helpers that only look like tests.
final class UnreachableTestRuleTests: XCTestCase {
  func test_eachProblem_hasOwnMessage() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        fileprivate func testA() { XCTAssertTrue(a) }
        class func testB() { XCTAssertTrue(b) }
        func testC(_ c: Int) { XCTAssertEqual(c, 1) }
        func testD() -> Int { XCTAssertTrue(d); return 1 }
        func tst_e() { XCTAssertTrue(e) }
      }
      class LooseTests: NSObject {
        func testF() { XCTAssertTrue(f) }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["CartTests.swift": source]).messages(),
      [
        "3:20 remove 'fileprivate' from 'testA': XCTest does not run fileprivate methods",
        "4:14 remove 'class' from 'testB': XCTest only runs instance methods",
        "5:8 remove the parameters of 'testC', or rename it if it is a helper: XCTest does not run methods that take arguments",
        "6:8 remove the 'Int' result of 'testD', or rename it if it is a helper: XCTest does not run methods that return a value",
        "7:8 rename 'tst_e' to 'test_e': XCTest only runs methods whose names start with 'test'",
        "10:8 make 'LooseTests' inherit from 'XCTestCase': its test 'testF' never runs",
      ])
  }

  /// A `*Tests` class with no superclass whose method checks with `#expect` in a file that
  /// imports Testing asks for `@Test`; without the import, or with XCTest's checks, for `XCTestCase`.
  func test_swiftTestingChecksInPlainClass_askForTestAttribute() {
    let swiftTesting = """
      import Testing
      final class LedgerTests {
        func testBalance() { #expect(Ledger().balance == 0) }
        func testEntries() throws { let entry = try #require(Ledger().first); _ = entry }
        func testOldStyle() { XCTAssertTrue(Ledger().isEmpty) }
      }
      """
    let xcTest = """
      import XCTest
      final class LedgerTests {
        func testBalance() { #expect(Ledger().balance == 0) }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["LedgerTests.swift": swiftTesting]).messages(),
      [
        "3:8 mark 'testBalance' with '@Test': Swift Testing only runs functions marked '@Test'",
        "4:8 mark 'testEntries' with '@Test': Swift Testing only runs functions marked '@Test'",
        "5:8 make 'LedgerTests' inherit from 'XCTestCase': its test 'testOldStyle' never runs",
      ])
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["LedgerTests.swift": xcTest]).messages(),
      ["3:8 make 'LedgerTests' inherit from 'XCTestCase': its test 'testBalance' never runs"])
  }

  /// A protocol extension's `test...()` runs in whatever conforms to the protocol (a spec that
  /// calls it, in another file): no type of its own makes it unreachable.
  func test_methodOfAProtocolExtension_isNotReported() {
    let helper = """
      import Quick
      import Nimble
      protocol StoreSpecs {
        associatedtype Value
        var store: Store<Value> { get }
      }
      extension StoreSpecs where Value: Equatable {
        func testValues() {
          it("keeps a value") { expect(self.store.saved).to(beTrue()) }
        }
      }
      struct Plain {}
      extension Plain {
        func testPlain() { XCTAssertTrue(true) }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["StoreSpecs.swift": helper]).findings().map(\.line), [14])
  }

  func test_baseClassInOtherFile_makesTestCase() {
    let base = "import XCTest\nclass StoreTestCase: XCTestCase {}\n"
    let tests = "import XCTest\nfinal class StoreTests: StoreTestCase {\n  private func testLoad() { XCTAssertTrue(loaded) }\n}\n"
    let harness = LintHarness(UnreachableTestRule.self, files: ["Base.swift": base, "StoreTests.swift": tests])
    XCTAssertEqual(harness.findings().map(\.line), [3])
  }

  /// A `static` `test...` method another file calls through its type is a helper of that file's
  /// tests; one called through another type, or by no file, is still a lost test.
  func test_staticMethodCalledThroughItsTypeInOtherFile_isHelper() {
    let checks = """
      import XCTest
      final class ReceiptChecks: XCTestCase {
        static func testBlankReceipt() throws {
          XCTAssertTrue(try Receipt.load().lines.isEmpty)
        }
        class func testPaidReceipt() {
          XCTAssertTrue(Receipt.paid().isPaid)
        }
        static func testLostCheck() {
          XCTAssertTrue(Receipt().lines.isEmpty)
        }
      }
      """
    let flow = """
      import XCTest
      final class CheckoutFlowTests: XCTestCase {
        func testOpeningCheckout_showsBlankReceipt() throws {
          Checkout.open()
          try ReceiptChecks.testBlankReceipt()
          OtherChecks.testLostCheck()
        }
      }
      extension ReceiptChecks {
        func testPaying_marksReceiptPaid() {
          Checkout.pay()
          Self.testPaidReceipt()
        }
      }
      """
    let harness = LintHarness(
      UnreachableTestRule.self, files: ["ReceiptChecks.swift": checks, "CheckoutFlowTests.swift": flow])
    XCTAssertEqual(harness.findings().map { "\($0.path):\($0.line)" }, ["ReceiptChecks.swift:9"])
  }

  func test_subclassOfXCTestsAbstractClass_isReported() {
    let tests = """
      import XCTest
      final class ReporterSpec: XCTest {
        func testName_isSet() { XCTAssertEqual(Reporter().name, "r") }
        func testVersion() { XCTAssertNotNil(Reporter().version) }
        private func makeReporter() -> Reporter { Reporter() }
      }
      final class QualifiedSpec: XCTest.XCTest {
        func test_one() { XCTAssertTrue(one) }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["ReporterSpec.swift": tests]).messages(),
      [
        "3:8 make 'ReporterSpec' inherit from 'XCTestCase', not 'XCTest': XCTest never runs 'testName_isSet' in a subclass of its abstract 'XCTest'",
        "4:8 make 'ReporterSpec' inherit from 'XCTestCase', not 'XCTest': XCTest never runs 'testVersion' in a subclass of its abstract 'XCTest'",
        "8:8 make 'QualifiedSpec' inherit from 'XCTestCase', not 'XCTest.XCTest': XCTest never runs 'test_one' in a subclass of its abstract 'XCTest'",
      ])
  }

  func test_classOnAClassOnXCTestOrOnXCTestSuite_isReported() {
    let tests = """
      import XCTest
      class IntegrationTest: XCTest {
        func testLogin() { XCTAssertTrue(loggedIn) }
      }
      class LoginIntegrationTests: IntegrationTest {
        func testLogout() { XCTAssertTrue(loggedOut) }
      }
      class SuiteTests: XCTestSuite {
        func testThing() { XCTAssertTrue(thing) }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["IntegrationTest.swift": tests]).messages(),
      [
        "3:8 make 'IntegrationTest' inherit from 'XCTestCase', not 'XCTest': XCTest never runs 'testLogin' in a subclass of its abstract 'XCTest'",
        "6:8 make 'IntegrationTest' inherit from 'XCTestCase', not 'XCTest': XCTest never runs 'testLogout' in a subclass of its abstract 'XCTest'",
        "9:8 make 'SuiteTests' inherit from 'XCTestCase', not 'XCTestSuite': XCTest never runs 'testThing' in a subclass of 'XCTestSuite'",
      ])
  }

  func test_extensionOrLongChainOnXCTestAndClassCycle_reportsTheChainsOnXCTestOnly() {
    // One walk up each chain: an extension of a class on `XCTest`, a class twenty classes of
    // the file above `XCTestSuite`, and a cycle of classes (no superclass outside the file).
    let chain = (1..<20).map { "class Level\($0): Level\($0 + 1) {}" }.joined(separator: "\n")
    let tests = """
      import XCTest
      class IntegrationTest: XCTest {}
      extension IntegrationTest {
        func testLogin() { XCTAssertTrue(loggedIn) }
      }
      class Loop: Ring {
        func testSpin() { XCTAssertTrue(spun) }
      }
      class Ring: Loop {}
      final class DeepTests: Level1 {
        func testDepth() { XCTAssertTrue(deep) }
      }
      \(chain)
      class Level20: XCTestSuite {}
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["IntegrationTest.swift": tests]).messages(),
      [
        "4:8 make 'IntegrationTest' inherit from 'XCTestCase', not 'XCTest': XCTest never runs 'testLogin' in a subclass of its abstract 'XCTest'",
        "11:8 make 'Level20' inherit from 'XCTestCase', not 'XCTestSuite': XCTest never runs 'testDepth' in a subclass of 'XCTestSuite'",
      ])
  }

  func test_unknownBaseClass_isLeftAlone() {
    let tests = "import XCTest\nfinal class StoreTests: StoreTestCase {\n  private func testLoad() { XCTAssertTrue(loaded) }\n}\n"
    XCTAssertEqual(LintHarness(UnreachableTestRule.self, files: ["StoreTests.swift": tests]).findings().count, 0)
    let configured = LintHarness(
      UnreachableTestRule.self, files: ["StoreTests.swift": tests], testBaseClasses: ["StoreTestCase"])
    XCTAssertEqual(configured.findings().count, 1, "a base named in test_base_classes is a test case")
  }

  func test_helpersNamedLikeTests_pass() {
    let source = """
      import XCTest
      final class URLTests: XCTestCase {
        func test_url_hasHost() {
          XCTAssertEqual(testURL(path: "/a").host, "example.com")
          checkRetry()
        }
        private func testRetry() { XCTAssertTrue(retried) }
        private func checkRetry() { testRetry() }
        static var allTests = [("testLinux", testLinux)]
        private func testLinux() { XCTAssertTrue(linux) }
      }
      extension URLTestCase {
        func testURL(path: String) -> URL { URL(string: "https://example.com" + path)! }
      }
      extension Course {
        func testFixture() { store.insert(self) }
      }
      struct Course {}
      """
    XCTAssertEqual(LintHarness(UnreachableTestRule.self, files: ["URLTests.swift": source]).messages(), [])
  }

  func test_swiftTestingSuite_needsTestAttribute() {
    let source = """
      import Testing
      @Suite struct PriceTests {
        func testRounding() { #expect(Price(1.005).cents == 101) }
        func testHelper() { makePrice() }
      }
      private struct HiddenTests {
        @Test func runs() { #expect(true) }
      }
      extension PriceTests {
        func testCurrency() { #expect(Price(1).currency == "USD") }
      }
      """
    XCTAssertEqual(
      LintHarness(UnreachableTestRule.self, files: ["PriceTests.swift": source]).messages(),
      [
        "3:8 mark 'testRounding' with '@Test': Swift Testing only runs functions marked '@Test'",
        "10:8 mark 'testCurrency' with '@Test': Swift Testing only runs functions marked '@Test'",
      ])
  }
}

extension UnreachableTestRuleTests {
  func test_staticTest_isReportedOnlyWhenCallableAndAsserting() {
    let source = """
      import XCTest
      final class ValueTests: XCTestCase {
        static func test_value_isMade() {}
        static func testValue(_ value: Int) { XCTAssertEqual(value, 1) }
        class func test_value_isOne() { XCTAssertEqual(value, 1) }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(UnreachableTestRule.self, [("ValueTests.swift", source)]).map(\.line), [5],
      "a static helper with parameters, or one that checks nothing, is no test")
  }
}
