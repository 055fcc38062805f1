import TestLintCore
import XCTest

/// `lifecycle_super_call`: messages, scope, and a fix that keeps the file parsing.
final class LifecycleSuperCallRuleTests: XCTestCase {
  static let before = """
    import XCTest

    final class CartTests: XCTestCase {
      override func setUp() {
        // Fresh cart for every test.
        cart = Cart()
      }

      override func tearDown() {
        cart = nil // release
      }

      override func setUpWithError() throws {
        store = try Store()
      }

      override func tearDownWithError() throws {
      }

      override func setUp() async throws {
        await cart.load()
      }

      override func tearDown() async throws { cart = nil }
    }

    final class OneLineTests: XCTestCase {
    \toverride func setUp() { cart = Cart() }
    \toverride func tearDown() {}
    }

    """

  static let after = """
    import XCTest

    final class CartTests: XCTestCase {
      override func setUp() {
        super.setUp()
        // Fresh cart for every test.
        cart = Cart()
      }

      override func tearDown() {
        cart = nil // release
        super.tearDown()
      }

      override func setUpWithError() throws {
        try super.setUpWithError()
        store = try Store()
      }

      override func tearDownWithError() throws {
        try super.tearDownWithError()
      }

      override func setUp() async throws {
        try await super.setUp()
        await cart.load()
      }

      override func tearDown() async throws { cart = nil; try await super.tearDown() }
    }

    final class OneLineTests: XCTestCase {
    \toverride func setUp() { super.setUp(); cart = Cart() }
    \toverride func tearDown() { super.tearDown() }
    }

    """

  func test_missingCall_namesCallAndPlace() {
    let messages = LintHarness(LifecycleSuperCallRule.self, files: ["CartTests.swift": Self.before]).messages()
    XCTAssertEqual(
      messages,
      [
        "4:17 call 'super.setUp()' first in 'setUp()'; it is missing",
        "9:17 call 'super.tearDown()' last in 'tearDown()'; it is missing",
        "13:17 call 'try super.setUpWithError()' first in 'setUpWithError()'; it is missing",
        "17:17 call 'try super.tearDownWithError()' last in 'tearDownWithError()'; it is missing",
        "20:17 call 'try await super.setUp()' first in 'setUp()'; it is missing",
        "24:17 call 'try await super.tearDown()' last in 'tearDown()'; it is missing",
        "28:16 call 'super.setUp()' first in 'setUp()'; it is missing",
        "29:16 call 'super.tearDown()' last in 'tearDown()'; it is missing",
      ])
  }

  func test_repeatedOrOtherCall_saysWhichOne() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        override func setUp() {
          super.setUp()
          cart = Cart()
          super.setUp()
        }
        override func setUpWithError() throws {
          super.setUp()
        }
        override func tearDown() {
          super.tearDown()
        }
      }
      """
    let harness = LintHarness(LifecycleSuperCallRule.self, files: ["CartTests.swift": source])
    XCTAssertEqual(
      harness.messages(),
      [
        "3:17 call 'super.setUp()' once in 'setUp()', not 2 times",
        "8:17 call 'try super.setUpWithError()' in 'setUpWithError()' instead of 'super.setUp()'",
      ])
    XCTAssertEqual(harness.fixed(), [:], "no fix when the call is there but wrong")
  }

  func test_fix_insertsCallsThatParse() throws {
    let harness = LintHarness(LifecycleSuperCallRule.self, files: ["CartTests.swift": Self.before])
    let fixed = try XCTUnwrap(harness.fixed()["CartTests.swift"])
    XCTAssertEqual(String(decoding: fixed, as: UTF8.self), Self.after)
    XCTAssertEqual(try LintHarness.parseErrors(fixed), "")
    let again = LintHarness(LifecycleSuperCallRule.self, bytes: ["CartTests.swift": fixed])
    XCTAssertEqual(again.messages(), [], "the fixed file re-lints clean")
    XCTAssertEqual(again.fixed(), [:], "a second fix changes nothing")
  }

  func test_crlfFile_keepsLineEndings() throws {
    let source = "import XCTest\r\nfinal class ATests: XCTestCase {\r\n  override func setUp() {\r\n    a = 1\r\n  }\r\n"
      + "  override func tearDown() {\r\n    a = nil\r\n  }\r\n  override func tearDownWithError() throws {\r\n  }\r\n}\r\n"
    let harness = LintHarness(LifecycleSuperCallRule.self, bytes: ["ATests.swift": Array(source.utf8)])
    let fixed = String(decoding: try XCTUnwrap(harness.fixed()["ATests.swift"]), as: UTF8.self)
    let expected = "import XCTest\r\nfinal class ATests: XCTestCase {\r\n  override func setUp() {\r\n"
      + "    super.setUp()\r\n    a = 1\r\n  }\r\n  override func tearDown() {\r\n    a = nil\r\n    super.tearDown()\r\n"
      + "  }\r\n  override func tearDownWithError() throws {\r\n    try super.tearDownWithError()\r\n  }\r\n}\r\n"
    XCTAssertEqual(fixed, expected)
    XCTAssertEqual(try LintHarness.parseErrors(Array(fixed.utf8)), "")
  }

  func test_commentOrStringAcrossLines_keepsCallOutside() throws {
    let source = """
      import XCTest
      final class ATests: XCTestCase {
        override func setUp() { /* builds
          the cart */ cart = Cart()
        }
        override func tearDown() {
          cart = nil /* released,
          next test builds another */
        }
        override func tearDownWithError() throws {
          log = \"\"\"
            done
            \"\"\"
        }
      }

      """
    let expected = """
      import XCTest
      final class ATests: XCTestCase {
        override func setUp() { /* builds
          the cart */ super.setUp(); cart = Cart()
        }
        override func tearDown() {
          cart = nil; super.tearDown() /* released,
          next test builds another */
        }
        override func tearDownWithError() throws {
          log = \"\"\"
            done
            \"\"\"
          try super.tearDownWithError()
        }
      }

      """
    let fixed = try XCTUnwrap(LintHarness(LifecycleSuperCallRule.self, files: ["ATests.swift": source]).fixed()["ATests.swift"])
    XCTAssertEqual(String(decoding: fixed, as: UTF8.self), expected)
  }

  func test_unsafeForms_haveNoFix() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        override func setUp() async {
          await cart.load()
        }
        override func setUpWithError() {
          cart = Cart()
        }
        override func tearDown() {
          #if DEBUG
          cart = nil
          #endif
        }
      }
      """
    let harness = LintHarness(LifecycleSuperCallRule.self, files: ["CartTests.swift": source])
    XCTAssertEqual(harness.findings().count, 3)
    XCTAssertEqual(harness.fixed(), [:])
  }

  func test_nonTestClasses_areNotChecked() {
    let view = """
      import UIKit
      final class ChartView: BaseView {
        override func setUp() { layer = CALayer() }
      }
      final class Legend: NSObject {
        override func setUp() { title = "" }
      }
      """
    let tests = """
      import XCTest
      final class ChartTests: ChartBaseTests {
        override func setUp() { chart = Chart() }
        override class func tearDown() { Chart.reset() }
      }
      """
    let spec = """
      import Quick
      final class ChartSpec: QuickSpec {
        override func setUp() { Chart.reset() }
      }
      """
    let harness = LintHarness(
      LifecycleSuperCallRule.self,
      files: ["ChartView.swift": view, "ChartTests.swift": tests, "ChartSpec.swift": spec],
      baseAssumption: BaseAssumption())
    XCTAssertEqual(
      harness.findings().map { "\($0.path):\($0.line)" }, ["ChartSpec.swift:3", "ChartTests.swift:3"],
      "an unknown superclass counts in a file that imports XCTest only; a Quick spec is a test case")
  }

  func test_undeclaredBaseNotNamedAsTestBase_isNotChecked() {
    let source = """
      import XCTest
      final class EventBusTests: XCTestCase {
        func test_tearDown_isBroadcast() { XCTAssertTrue(Listener().didTearDown) }
      }
      private final class Listener: DefaultBusListener {
        var didTearDown = false
        override func tearDown() { didTearDown = true }
      }
      class SnapshotBase: AppSnapshotTestCase {
        override func setUp() { isRecording = false }
      }
      class Middle: Listener {}
      final class Deep: Middle {
        override func setUp() { ready = true }
      }
      class Checked: AppSupport {
        override func tearDown() { store = nil }
      }
      """
    XCTAssertEqual(
      LintHarness(LifecycleSuperCallRule.self, files: ["EventBusTests.swift": source], baseAssumption: BaseAssumption())
        .findings().map { "\($0.line)" }, ["10"],
      "only the base whose name reads as a test base is checked")
    XCTAssertEqual(
      LintHarness(
        LifecycleSuperCallRule.self, files: ["EventBusTests.swift": source], testBaseClasses: ["AppSupport"],
        baseAssumption: BaseAssumption()
      ).findings().map { "\($0.line)" }, ["10", "17"],
      "a base named in test_base_classes is a test base")
  }

  func test_configuredSuffixesOrAssumptionOff_decideWhichUndeclaredBasesAreChecked() throws {
    // Shared bases with no tests of their own, on bases declared in no linted file: which of
    // them are test bases is what `assumed_test_base_suffixes` and `assume_test_bases` say.
    let source = """
      import XCTest
      class SnapshotBase: AppSnapshotTestCase {
        override func setUp() { isRecording = false }
      }
      class CardBase: ViewHarness {
        override func tearDown() { card = nil }
      }
      """
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/SnapshotBase.swift", source)
    func lines() throws -> [Int] {
      let output = sandbox.run(["--reporter", "json", "--only-rule", "lifecycle_super_call"])
      return try JSONFile(output.stdout).findings.map(\.line)
    }
    XCTAssertEqual(try lines(), [3], "by default, a base ending in 'TestCase' is a test base")
    try sandbox.write(".lint.yml", "assumed_test_base_suffixes: [Harness]\n")
    XCTAssertEqual(try lines(), [6], "the configured endings replace the default ones")
    try sandbox.write(".lint.yml", "assume_test_bases: false\n")
    XCTAssertEqual(try lines(), [], "with the assumption off, no undeclared base is a test base")
  }
}

extension LifecycleSuperCallRuleTests {
  /// Held-out set 14: a set-up that hands over to an overload of itself has called `super`
  /// when the overload does (in this class), or when the overload is the base's (not declared
  /// here); an overload of the class that never calls `super` leaves the call missing.
  func test_handOverToOverload_countsWhenTheOverloadCallsSuper() {
    let source = """
      import XCTest
      class PlatformTestCase: XCTestCase {}
      class ModuleTestCase: PlatformTestCase {
        override func setUp() { setUp(configure: nil) }
        func setUp(verbose: Bool = false, configure: ((Config) -> Void)?) {
          prepare(verbose)
          super.setUp(config: Config(configure))
        }
        override func tearDown() { self.tearDown(keepFiles: true) }
      }
      final class InboxTests: ModuleTestCase {
        override func setUp() { setUp { $0.offline = true } }
      }
      final class OutboxTests: PlatformTestCase {
        override func setUp() { setUp(queue: .main) }
        override func tearDown() { tearDown(flush: true) }
        func setUp(queue: Queue) { self.queue = queue }
        func tearDown(flush: Bool) { tearDown(flush: flush, wait: false) }
        func tearDown(flush: Bool, wait: Bool) { drain(flush, wait) }
      }
      """
    XCTAssertEqual(
      LintHarness(LifecycleSuperCallRule.self, files: ["ModuleTests.swift": source]).messages(),
      [
        "15:17 call 'super.setUp()' first in 'setUp()'; it is missing",
        "16:17 call 'super.tearDown()' last in 'tearDown()'; it is missing",
      ])
  }
}
