import TestLintCore
import XCTest

/// `disabled_test`: what counts as switched off, and what counts as a reason.
final class DisabledTestRuleTests: XCTestCase {
  func test_eachForm_hasItsMessage() {
    let source = """
      import XCTest
      import Quick
      import Testing
      final class LoginTests: XCTestCase {
        func DISABLED_testLogin() { XCTAssertTrue(true) }
        func test_skip_works() throws { try XCTSkipUnless(ready) }
      }
      final class CartSpec: QuickSpec {
        override class func spec() { xdescribe("cart") {} }
      }
      @Test(.disabled()) func sums() {}
      """
    XCTAssertEqual(
      InMemoryLint.messages(DisabledTestRule.self, source),
      [
        "'DISABLED_testLogin' is switched off by its 'DISABLED_' prefix; delete it, or say why in a comment",
        "'XCTSkipUnless' skips the test without a reason; pass a message saying why",
        "'xdescribe' switches tests off; delete them, or say why in a comment",
        "'.disabled()' switches the test off without a reason; pass a comment: '.disabled(\"why\")'",
      ])
  }

  func test_wrapperDeclaredWithTheSkipName_isNotReportedButItsCallIs() {
    let source = """
      import Quick
      public func xdescribe<T>(_ type: T, closure: () -> Void) {
        xdescribe(String(describing: T.self), closure: closure)
      }
      final class CartSpec: QuickSpec {
        override class func spec() { xdescribe(Cart.self) {} }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(DisabledTestRule.self, source),
      ["'xdescribe' switches tests off; delete them, or say why in a comment"])
  }

  func test_helpersNamedLikeTests_areNotDisabledTests() {
    let source = """
      import XCTest
      final class LoginTests: XCTestCase {
        func skipTestIfNeeded() throws {}
        func _testCommon() { XCTAssertTrue(true) }
        func test_login_works() throws {
          try skipTestIfNeeded()
          _testCommon()
        }
        func xtest(value: Int) {}
        static func _testFactory() {}
        func xtestable() {}
      }
      final class Helper {
        func disabled_testSomething() {}
      }
      """
    XCTAssertEqual(InMemoryLint.messages(DisabledTestRule.self, source), [])
  }

  func test_sectionHeading_explainsOnlyWhenItSaysWhy() {
    let source = """
      import XCTest
      final class APITests: XCTestCase {
        // MARK: - Helpers

        func disabled_test_parse() { XCTAssertTrue(true) }

        // MARK: - Manual tests against the real server

        func disabled_test_fetch() { XCTAssertTrue(true) }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("APITests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [5])
  }

  func test_commentedOutCodeAndDirectives_areNotReasons() {
    let source = """
      import XCTest
      final class APITests: XCTestCase {
        // swiftlint:disable:next identifier_name
        func _test_parse() {
      //  func test_parse() {
          XCTAssertTrue(true)
        }

        func test_skip_works() throws {
          try XCTSkipIf(true, "")
          throw XCTSkip(nil)
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("APITests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4, 10, 11])
  }

  func test_skipAfterAFailureWithMessage_isNotASwitchedOffTest() {
    let source = """
      import XCTest
      import Testing
      final class FixtureTests: XCTestCase {
        func fixtureURL(_ name: String) throws -> URL {
          guard let url = Bundle.module.url(forResource: name, withExtension: "json") else {
            XCTFail("Missing fixture \\(name).json"); throw XCTSkip()
          }
          return url
        }
        func fixtureData(_ name: String) throws -> Data {
          guard let data = load(name) else {
            Issue.record("Unreadable fixture")
            throw XCTSkip()
          }
          return data
        }
        func fixtureText(_ name: String) throws -> String {
          guard let text = read(name) else {
            XCTFail()
            throw XCTSkip()
          }
          return text
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("FixtureTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [20], "a failure without a message does not say why")
  }

  func test_reasonCommentAboveARun_coversEverySkipOfTheRun() {
    let source = """
      import Quick
      final class LoadSpec: QuickSpec {
        override class func spec() {
          // Needs a server that drops connections; the stub cannot.
          pending("retries after a dropped connection") {}
          pending("gives up after three drops") {}

          pending("reports the last error") {}
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("LoadSpec.swift", source)])
    XCTAssertEqual(findings.map(\.line), [8], "a blank line ends the run")
  }

  func test_commentAboveTheTestMethod_isTheSkipsReason() {
    let source = """
      import XCTest
      final class BuildTests: XCTestCase {
        // Only meaningful on the CI machines, which set the variable.
        @MainActor
        func test_ciBuild_hasVersion() throws {
          try XCTSkipUnless(env["CI"] == "true")
          XCTAssertNotNil(version)
        }

        /// Checks the release configuration.
        func test_release_isOptimized() throws {
          try XCTSkipIf(isDebug)
          XCTAssertTrue(optimized)
        }

        func test_noComment() throws {
          try XCTSkipIf(isDebug)
          XCTAssertTrue(optimized)
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("BuildTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [12, 17], "a doc comment says what the test checks, not why it is off")
  }

  func test_skipAfterAnExplainedSkip_needsItsOwnReason() {
    // The reason of the first skip is inside its body, or above its method: it does not start a
    // run. A skip of another method or another closure is not in the run either.
    let spec = """
      import Quick
      final class FeedSpec: QuickSpec {
        override class func spec() {
          describe("feed") {
            xit("loads") {
              // Backend returns 500 until ticket 42 is fixed
            }
            xit("refreshes") {}
          }
          describe("cache") {
            // Cache is rewritten in 4.0
            xit("evicts") {}
          }
          describe("store") {
            xit("saves") {}
          }
        }
      }
      """
    let oneLiners = """
      import XCTest
      final class ExportTests: XCTestCase {
        // Needs the signing certificate, present on the release machine only
        func test_export_signs() throws { throw XCTSkip() }
        func test_export_writesFile() throws { throw XCTSkip() }
      }
      """
    XCTAssertEqual(InMemoryLint.findings(DisabledTestRule.self, [("FeedSpec.swift", spec)]).map(\.line), [8, 15])
    XCTAssertEqual(
      InMemoryLint.findings(DisabledTestRule.self, [("ExportTests.swift", oneLiners)]).map(\.line), [5])
  }

  func test_pendingDescription_isNotAReason() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          pending("waits for the pricing API") {}
          xit("totals", closure: {
            // Totals change in 2.0.
          })
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("CartSpec.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4])
  }

  func test_platformCondition_isTheSkipsReason() {
    let source = """
      import XCTest
      final class ShareTests: XCTestCase {
        func test_a_guard() throws {
          guard #available(iOS 16, *) else { throw XCTSkip() }
          XCTAssertTrue(true)
        }
        func test_b_unavailable() throws {
          if #unavailable(iOS 17) { throw XCTSkip() }
        }
        func test_c_ifElse() throws {
          if #available(macOS 14, *) { XCTAssertTrue(true) } else { throw XCTSkip() }
        }
        func test_d_version() throws {
          try XCTSkipUnless(ProcessInfo.processInfo.isOperatingSystemAtLeast(version))
        }
        func test_e_directive() throws {
          #if targetEnvironment(simulator)
          throw XCTSkip()
          #endif
        }
        func test_f_directiveElse() throws {
          #if os(Linux)
          XCTAssertTrue(true)
          #else
          throw XCTSkip()
          #endif
        }
        func test_g_otherCondition() throws {
          guard ready else { throw XCTSkip() }
        }
        func test_h_otherDirective() throws {
          #if DEBUG
          throw XCTSkip()
          #endif
        }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("ShareTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [29, 33])
  }

  func test_platformGroupInCRLFFile_endsAtItsEndif() {
    let source = """
      import XCTest
      final class ShareTests: XCTestCase {
        func test_a_directive() throws {
          #if os(iOS)
          throw XCTSkip()
          #endif
        }
        func test_b_noReason() throws { throw XCTSkip() }
      }
      """.replacingOccurrences(of: "\n", with: "\r\n")
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("ShareTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [8])
  }

  func test_fileWrappedInCanImportOfATestFramework_keepsItsSkipsReported() {
    let source = """
      #if canImport(XCTest)
      import XCTest
      final class ShareTests: XCTestCase {
        func test_a_noReason() throws { throw XCTSkip() }
        func test_b_platform() throws {
          #if canImport(UIKit)
          XCTAssertTrue(true)
          #else
          throw XCTSkip()
          #endif
        }
      }
      #endif
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("ShareTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4])
  }

  func test_quickSpecWithoutImport_isKnownByItsClass() {
    let sources = [
      ("TotoTests.swift", """
        class TotoTests: QuickSpec {
          override func spec() { describe("foo") { xit("bar") { } } }
        }
        """),
      ("DeepSpec.swift", """
        final class DeepSpec: BaseSpec {
          override func spec() { xdescribe("foo") { it("bar") { } } }
        }
        """),
      ("ZBase.swift", "class BaseSpec: QuickSpec {}\n"),
      ("Layout.swift", "func layout() { pending(view) }\n"),
    ]
    let findings = InMemoryLint.findings(DisabledTestRule.self, sources)
    XCTAssertEqual(findings.map { "\($0.path):\($0.line)" }, ["DeepSpec.swift:2", "TotoTests.swift:2"])
  }
}

extension DisabledTestRuleTests {
  func test_everyPendingQuickName_isReported() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          xdescribe("cart") {}
          xcontext("when empty") {}
          xit("totals") {}
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(DisabledTestRule.self, source, path: "CartSpec.swift"),
      [
        "'xdescribe' switches tests off; delete them, or say why in a comment",
        "'xcontext' switches tests off; delete them, or say why in a comment",
        "'xit' switches tests off; delete them, or say why in a comment",
      ])
  }
}

extension DisabledTestRuleTests {
  /// Held-out set 14: a team's own check for running translated on another processor, or for a
  /// library's version, says why as `isLinux` or an OS-version check does.
  func test_architectureAndVersionConditions_sayWhy() {
    let source = """
      import XCTest
      final class ThumbnailTests: XCTestCase {
        func test_a_translated() throws { try XCTSkipIf(runsUnderRosetta()) }
        func test_b_silicon() throws { try XCTSkipUnless(Host.isAppleSilicon) }
        func test_c_arch() throws { try XCTSkipIf(isX86_64 || simulatorBuild) }
        func test_d_engine() throws { try XCTSkipUnless(store.meetsMinimumVersion(major: 3)) }
        func test_e_search() throws { try XCTSkipIf(searchArmed || charming) }
        func test_f_flag() throws { try XCTSkipUnless(fetchesTranslatedTitles) }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("ThumbnailTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [7, 8])
  }

  /// Words are split at capitals and `_`; a word inside a longer one does not count.
  func test_platformNameWords_areWholeWords() {
    let source = """
      import XCTest
      final class WordTests: XCTestCase {
        func test_a() throws { try XCTSkipIf(isARM64) }
        func test_b() throws { try XCTSkipIf(hostSDKArchitecture != .current) }
        func test_c() throws { try XCTSkipUnless(running_on_simulator) }
        func test_d() throws { try XCTSkipIf(processIsTranslated()) }
        func test_e() throws { try XCTSkipIf(searchArchive.isEmpty) }
        func test_f() throws { try XCTSkipIf(harmless) }
        func test_g() throws { try XCTSkipIf(armTimer) }
      }
      """
    let findings = InMemoryLint.findings(DisabledTestRule.self, [("WordTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [7, 8, 9])
  }
}
