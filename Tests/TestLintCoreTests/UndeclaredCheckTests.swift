import XCTest

@testable import TestLintCore

/// `missing_assertion` on checks declared in none of the linted files (a support module's
/// `XCTDiffContexts`, a snapshot package's `assertLightDarkSnapshots`): in every test, not only
/// in classes on an assumed base.
final class UndeclaredCheckTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, on one thread and on two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_undeclaredCheckNames_countInEveryTest() {
    let sources = [
      "KitTests.swift": """
        import XCTest
        import Testing
        @testable import Kit

        final class TemplateTests: XCTestCase {
          func test_colors_matchContext() { XCTCompareContexts(context, fixture: "colors") }
          func test_sets_equal() { _expectEqualMembers(left, right) }
          func test_layout_verified() { self.VerifyLayout(in: window) }
          func test_upper_check() { CheckInvariants(tree) }
        }

        @Test func badge_rendersBothThemes() { assertBothThemesSnapshot(of: badge) }
        """
    ]
    XCTAssertEqual(findings(sources), [])
  }

  func test_checkWordAsLaterCamelCaseWord_counts() {
    // A snapshot package's `SnapshotVerifyAccessibility` / `FBSnapshotVerifyView`: the check
    // word is a later word of the name; `Recheckout` holds `check` inside a word, not as one.
    let sources = [
      "SnapshotTests.swift": """
        import XCTest

        final class SnapshotTests: XCTestCase {
          func test_view_verified() { SnapshotVerifyAccessibility(view) }
          func test_legacy_verified() { FBSnapshotVerifyView(view, identifier: "dark") }
          func test_imprecise_verified() { SnapshotImpreciseVerifyAccessibility(view, tolerance: 0.1) }
          func test_recheckout_only() { Recheckout(cart) }
          func test_verifying_only() { makeVerifyingView(view) }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["SnapshotTests.swift:7", "SnapshotTests.swift:8"])
  }

  func test_assertWordThroughAnyReceiver_counts() {
    let sources = [
      "LogTests.swift": """
        import XCTest

        final class LogTests: XCTestCase {
          func test_logs_asserted() { logger.waitAndAssert(message: "missing logs") }
          func test_preview_asserted() {
            BadgePreview.configuration
              .assertBothThemes(named: "badge")
          }
          func test_count_only() { _ = logger.assertionCount() }
          func test_flag_only() { sut.setAssertive(true) }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["LogTests.swift:9", "LogTests.swift:10"])
  }

  func test_assertWordFollowedByAnotherWord_counts() {
    // `Assert` as a later word, then a capital: the word ends there (not `...Assertion`).
    let sources = [
      "LayoutTests.swift": """
        import XCTest

        final class LayoutTests: XCTestCase {
          func test_layout_asserted() { screen.renderAndAssertLayout() }
          func test_fetch_asserted() { fetchAndAssertNoErrors(in: store) }
          func test_render_only() { screen.renderAndAssertion() }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["LayoutTests.swift:6"])
  }

  func test_codeUnderTestAndXCTestTypes_stillReported() {
    let sources = [
      "FormTests.swift": """
        import XCTest

        final class FormTests: XCTestCase {
          func test_load_nothing() { sut.load() }
          func test_validate_throughReceiver() { form.validate() }
          func test_check_throughType() { Updater.checkForUpdates() }
          func test_attach_only() { add(XCTAttachment(string: "log")) }
          func test_activity_only() { XCTContext.runActivity(named: "a") { _ in sut.load() } }
          func test_expectation_only() { _ = XCTestExpectation(description: "x") }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      ["FormTests.swift:4", "FormTests.swift:5", "FormTests.swift:6", "FormTests.swift:7", "FormTests.swift:8",
       "FormTests.swift:9"])
  }

  func test_checkDeclaredInTheRun_isFollowedAsItsDeclarationSays() {
    let tests = """
      import XCTest

      final class ScreenTests: XCTestCase {
        func test_layout_logged() { checkLayout(screen) }
        func test_theme_verified() { verifyTheme(screen) }
      }
      """
    // Read before the tests and after them: the run's answer is the same.
    for helperPath in ["AHelpers.swift", "ZHelpers.swift"] {
      let sources = [
        "ScreenTests.swift": tests,
        helperPath: """
          func checkLayout(_ screen: Screen) { print(screen) }
          func verifyTheme(_ screen: Screen) { XCTAssertEqual(screen.theme, .dark) }
          """,
      ]
      XCTAssertEqual(findings(sources), ["ScreenTests.swift:4"], helperPath)
    }
  }

  func test_helperWrappingSameNamedCheckOfOtherLabels_asserts() {
    // The helper calls a support module's check of its own name through a type no file
    // declares, with labels the helper cannot take: not itself (no cycle), a check declared
    // nowhere. Its twin with labels it does take calls itself, and asserts nothing.
    let tests = """
      import Testing
      struct MacroTests {
        @Test func expands() { Support.assertMacroExpansion("a", expandedSource: "b") }
        @Test func loops() { Support.assertLoop("a", expandedSource: "b") }
      }
      """
    let support = """
      import Testing
      enum Support {
        static func assertMacroExpansion(_ source: String, expandedSource: String) {
          Other.assertMacroExpansion(source, expandedSource: expandedSource, failureHandler: Support.record)
        }
        static func assertLoop(_ source: String, expandedSource: String) {
          Other.assertLoop(source, expandedSource: expandedSource)
        }
        static func record(_ message: String) { Issue.record(Comment(rawValue: message)) }
      }
      """
    XCTAssertEqual(findings(["MacroTests.swift": support + "\n" + tests]), ["MacroTests.swift:14"], "one file")
    for supportPath in ["ASupport.swift", "ZSupport.swift"] {
      XCTAssertEqual(
        findings(["MacroTests.swift": tests, supportPath: support]), ["MacroTests.swift:4"], supportPath)
    }
  }

  func test_bodilessRunFunctionImplementedElsewhere_notReported() {
    // Declared without a body outside a protocol: JavaScript implements it, and checks there.
    // A bodiless round trip and a protocol's requirement are still nothing checked.
    let sources = [
      "BridgeTests.swift": """
        import XCTest

        @_extern(c)
        func runJsWorks() -> Void
        @JSFunction func jsRoundTripVoid() throws(JSException) -> Void
        protocol Runner { func runAll() }

        final class BridgeTests: XCTestCase {
          func testRunJsWorks() { runJsWorks() }
          func testIdentity() throws { try IdentityImports.runJsIdentityModeTests() }
          func testRoundTripVoid() throws { try jsRoundTripVoid() }
          func testRunner() { runner.runAll() }
        }
        """,
      "Imports.swift": """
        @JSClass struct IdentityImports {
          @JSFunction static func runJsIdentityModeTests() throws(JSException)
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["BridgeTests.swift:11", "BridgeTests.swift:12"])
  }

  func test_helperOfTheRunCallingUndeclaredCheck_asserts() {
    let sources = [
      "SetTests.swift": """
        import XCTest

        final class SetTests: XCTestCase {
          func test_union_matches() { expectSameMembers(a.union(b), [1, 2]) }
          func test_union_printed() { describeMembers(a.union(b)) }
        }
        """,
      "Utilities.swift": """
        func expectSameMembers(_ left: Set<Int>, _ right: Set<Int>) {
          if left != right { _expectFailure("differ") }
        }
        func describeMembers(_ set: Set<Int>) { print(set) }
        """,
    ]
    XCTAssertEqual(findings(sources), ["SetTests.swift:5"])
  }

  func test_undeclaredTestHelperWithArguments_assertsInEitherFramework() {
    let sources = [
      "MathTests.swift": """
        import XCTest
        import Testing

        final class MathTests: XCTestCase {
          func test_plus_adds() { test(operator: +, on: (1, 2), returns: 3) }
          func test_integer_codable() { testCodingConformance(of: 7) }
          func test_none_arguments() { testLater() }
          func test_testable_isNoWord() { testableThing(1) }
        }

        @Test func plusAdds() { testOperator(+, on: (1, 2), returns: 3) }
        @Test func nothingHandedOver() { testLater() }
        """
    ]
    XCTAssertEqual(findings(sources), ["MathTests.swift:7", "MathTests.swift:8", "MathTests.swift:12"])
  }

  func test_undeclaredCheckRemovedFromTheRun_changesCachedResults() throws {
    let sandbox = try Sandbox(self)
    let cache = sandbox.path("cache")
    try sandbox.write(
      "Tests/ScreenTests.swift",
      """
      import XCTest

      final class ScreenTests: XCTestCase {
        func test_layout_checked() { checkLayout(screen) }
      }

      """)
    let first = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(first.stdout).findings.count, 0, first.stderr)
    // The run now declares `checkLayout`, and it checks nothing: the cached result must not hold.
    try sandbox.write("Tests/Helpers.swift", "func checkLayout(_ screen: Screen) { print(screen) }\n")
    let second = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(second.stdout).findings.map(\.line), [4], second.stderr)
  }
}

extension UndeclaredCheckTests {
  /// Six tests, five of which check only through `storeRendering`, declared in none of the
  /// files written (a support module's check, not named like one).
  private static let renderingTests = """
    import XCTest

    final class BadgeTests: XCTestCase {
      func test_one_rendered() { storeRendering(badge(1), "one") }
      func test_two_rendered() { storeRendering(badge(2), "two") }
      func test_three_rendered() { storeRendering(badge(3), "three") }
      func test_four_rendered() { storeRendering(badge(4), "four") }
      func test_five_rendered() { storeRendering(badge(5), "five") }
      func test_count_checked() { XCTAssertEqual(badge(6).count, 6) }
      private func badge(_ count: Int) -> Badge { Badge(count: count) }
    }

    """

  private static let renderingNote =
    "testlint: note: missing_assertion reported 5 of the run's 6 tests, and 5 of them call"
    + " 'storeRendering', which none of the linted files declares; if it checks the outcome, lint"
    + " the whole test target with the module that declares it, or name it in missing_assertion's"
    + " 'assertion_functions' option\n"

  func test_mostTestsReportedThroughOneUndeclaredHelper_notesItOnce() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/BadgeTests.swift", Self.renderingTests)
    let output = sandbox.run(["--no-cache", "--reporter", "json"])
    XCTAssertEqual(try JSONFile(output.stdout).findings.filter { $0.rule == "missing_assertion" }.count, 5)
    XCTAssertFalse(output.stdout.contains("storeRendering"), "not in the report")
    XCTAssertTrue(output.stderr.hasPrefix(Self.renderingNote), output.stderr)
    XCTAssertEqual(output.stderr.components(separatedBy: "testlint: note:").count, 2, "once")
    let quiet = sandbox.run(["--no-cache", "-q", "--reporter", "json"])
    XCTAssertEqual(quiet.stderr, "")
  }

  func test_helperDeclaredInTheRun_orFewTestsReported_noNote() throws {
    let declared = try Sandbox(self)
    try declared.write("Tests/BadgeTests.swift", Self.renderingTests)
    try declared.write("Tests/Rendering.swift", "func storeRendering(_ badge: Badge, _ name: String) { print(name) }\n")
    XCTAssertFalse(declared.run(["--no-cache", "--reporter", "json"]).stderr.contains("note:"))
    let few = try Sandbox(self)
    try few.write(
      "Tests/BadgeTests.swift",
      Self.renderingTests.replacingOccurrences(of: "storeRendering(badge(4), \"four\")", with: "XCTAssertNotNil(badge(4))"))
    XCTAssertFalse(few.run(["--no-cache", "--reporter", "json"]).stderr.contains("note:"))
  }

  func test_triedCheckThroughAnyReceiver_counts() {
    let sources = [
      "RigTests.swift": """
        import Testing

        struct RigTests {
          @Test func build_checked() throws {
            try Rig.start { rig in
              try rig.shell(["swift", "build"]).check("the build failed")
            }
          }
          @Test func port_awaited() async throws { _ = try await rig.waitForOpenPort(8080, attempts: 3) }
          @Test func ready_ensured() throws { try rig!.ensure(.running) }
          @Test func plain_wait() async throws { try await waitUntilHealthy(rig) }
          @Test func load_only() throws { try sut.load() }
          @Test func check_swallowed() { try? rig.shell(["make"]).check("make failed") }
          @Test func check_untried() { rig.shell(["make"]).check("make failed") }
          @Test func check_inArgument() throws { try record(rig.shell(["make"]).check()) }
          @Test func operation_only() throws { try installer.checkSignature(of: app) }
          @Test func validator_accepts() throws { try router.validate() }
          @Test func group_joined() async throws { try await group.waitForAll() }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      ["RigTests.swift:12", "RigTests.swift:13", "RigTests.swift:14", "RigTests.swift:15", "RigTests.swift:16",
       "RigTests.swift:17", "RigTests.swift:18"])
  }

  func test_triedCheckDeclaredInTheRun_isFollowed() {
    let sources = [
      "RigTests.swift": """
        import Testing

        struct RigTests {
          @Test func build_logged() throws { try rig.shell(["make"]).check("make failed") }
        }
        """,
      "Rig.swift": """
        struct Output {
          func check(_ message: String) throws { print(message) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["RigTests.swift:4"])
  }

  func test_swiftParamTestTable_countsOnlyWithItsImport() {
    let table = """
      import XCTest
      IMPORT

      final class MinTests: XCTestCase {
        func test_min_rows() {
          assert(to: min, header: ["a", "b"]) {
            args(1, 2, expect: 1)
          }
        }
        func test_swiftAssert_only() { assert(values.isEmpty) }
      }
      """
    let imported = ["MinTests.swift": table.replacingOccurrences(of: "IMPORT", with: "import SwiftParamTest")]
    XCTAssertEqual(findings(imported), ["MinTests.swift:10"])
    // Without the import, `assert(to:header:) { }` cannot be Swift's `assert` either: another
    // library's check.
    let plain = ["MinTests.swift": table.replacingOccurrences(of: "IMPORT", with: "import Kit")]
    XCTAssertEqual(findings(plain), ["MinTests.swift:10"])
  }

  func test_assertOfAnotherShapeThanSwifts_countsAsUndeclaredCheck() {
    let sources = [
      "QueueTests.swift": """
        import XCTest

        final class QueueTests: XCTestCase {
          func test_dequeue_trailingClosures() {
            assert { queue.dequeue() } equals: { 1 }
          }
          func test_dequeue_labelled() { assert(left: queue.dequeue(), equals: 1) }
          func test_dequeue_threeUnlabelled() { assert(queue.dequeue(), 1, "first") }
          func test_swiftAssert_message() { assert(queue.isEmpty, "empty", file: #file, line: 3) }
          func test_swiftAssert_qualified() { Swift.assert(queue.isEmpty) }
          func test_swiftAssertionFailure_only() { assertionFailure("unreachable") }
          func test_swiftPrecondition_only() { precondition(queue.isEmpty) }
        }
        """
    ]
    // Swift's `assert` and `assertionFailure` check nothing in optimized builds; its
    // `precondition` stops the run whenever its condition fails, a conditional crash
    // (`TrappingPrecondition`), and counts.
    XCTAssertEqual(findings(sources), ["QueueTests.swift:9", "QueueTests.swift:10", "QueueTests.swift:11"])
  }

  func test_assertDeclaredInTheRun_followedAsAnyHelper() {
    let test = """
      import XCTest

      final class QueueTests: XCTestCase {
        func test_dequeue_checked() {
          assert { queue.dequeue() } equals: { 1 }
        }
      }
      """
    // A `private` `assert` of another file cannot be the one called: the call counts.
    let hidden = [
      "QueueTests.swift": test,
      "ParserTests.swift": """
        import XCTest
        final class ParserTests: XCTestCase {
          private func assert(_ response: Response, isBadRequest text: String) { print(response) }
        }
        """,
    ]
    XCTAssertEqual(findings(hidden), [])
    // A visible `assert` of the run that checks nothing is the one called: reported.
    let declared = [
      "QueueTests.swift": test,
      "Equals.swift": """
        func assert<T>(left: () -> T, equals right: () -> T) { print(left(), right()) }
        """,
    ]
    XCTAssertEqual(findings(declared), ["QueueTests.swift:4"])
  }
}

/// A tried wait with a deadline declared in none of the linted files (a support module's log
/// capture that polls until `within:` and throws).
extension UndeclaredCheckTests {
  func test_undeclaredWaitWithDeadline_countsWithItsDefaultDeadlineToo() {
    let sources = [
      "GossipTests.swift": """
        import Testing

        struct GossipTests {
          @Test func peers_join() async throws {
            try await ring.capture(of: node).line(matching: "joined", within: .seconds(3))
          }
          @Test func peers_joinByDefault() async throws {
            try await ring.capture(of: node).line(matching: "joined")
          }
          @Test func peers_deadlineSwallowed() async throws {
            try? await ring.capture(of: node).record(matching: "joined", within: .seconds(3))
          }
          @Test func peers_startOnly() async throws {
            try await ring.start(nodes: 3)
          }
          @Test func peers_requestBounded() async throws {
            try await client.execute(request, deadline: .now() + .seconds(30))
            try await ring.with(timeout: .seconds(2)).describe()
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["GossipTests.swift:10", "GossipTests.swift:13", "GossipTests.swift:16"])
  }

  func test_waitWithDeadlineDeclaredInTheRun_isFollowedAsItsDeclarationSays() {
    let sources = [
      "GossipTests.swift": """
        import Testing

        struct GossipTests {
          @Test func peers_join() async throws {
            try await ring.capture(of: node).line(matching: "joined", within: .seconds(3))
          }
        }
        """,
      "Capture.swift": """
        extension Capture {
          func line(matching text: String, within: Duration) async throws { print(text) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["GossipTests.swift:4"])
  }

  func test_waitWithDeadlineDeclaredLater_changesCachedResults() throws {
    let sandbox = try Sandbox(self)
    let cache = sandbox.path("cache")
    try sandbox.write(
      "Tests/GossipTests.swift",
      """
      import Testing

      struct GossipTests {
        @Test func peers_join() async throws {
          try await ring.line(matching: "joined", within: .seconds(3))
        }
      }

      """)
    try sandbox.write("Tests/Ring.swift", "func line(matching text: String) async throws { print(text) }\n")
    let first = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(first.stdout).findings.count, 0, first.stderr)
    // The run now declares the wait, and it checks nothing: the cached result must not hold.
    try sandbox.write(
      "Tests/Ring.swift", "func line(matching text: String, within: Duration) async throws { print(text) }\n")
    let second = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion", "--cache-path", cache])
    XCTAssertEqual(try JSONFile(second.stdout).findings.map(\.line), [4], second.stderr)
  }
}

extension UndeclaredCheckTests {
  /// A support package's comparison with a stored specification, declared in none of the
  /// linted files, called as a statement: plainly, and through its module from a helper the
  /// test declares with the same name.
  func test_undeclaredCompareStatement_counts() {
    let sources = [
      "PageTests.swift": """
        import XCTest

        final class PageTests: XCTestCase {
          func test_redirect_matchesSpecification() {
            compare(page.source(), against: specification("Redirect"), overwriteSpecificationInsteadOfFailing: false)
          }
          func test_nodes_matchSpecifications() {
            func compare(_ node: Node, to name: String, line: UInt = #line) {
              let text = node.rendered()
              SpecSupport.compare(text, against: specification(name), overwriteSpecificationInsteadOfFailing: false, line: line)
            }
            compare(.heading(), to: "Heading")
          }
          func test_badge_rendering() throws { try compareRendering(of: badge) }
          func test_sut_compares() { sut.compare(left, right) }
          func test_result_kept() { let same = compare(left, right); print(same) }
          func test_result_discarded() { _ = compare(left, right) }
          func test_compared_only() { compared(left, right) }
          func test_result_chained() { compare(left, right).log() }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      ["PageTests.swift:15", "PageTests.swift:16", "PageTests.swift:17", "PageTests.swift:18",
       "PageTests.swift:19"])
  }

  /// A `compare` the linted files declare is followed as any helper is: one that only prints
  /// checks nothing; a call its labels cannot take is still a support module's.
  func test_declaredCompare_followedAsHelper() {
    let sources = [
      "Compare.swift": "func compare(_ text: String, with name: String) { print(text, name) }\n",
      "PageTests.swift": """
        import XCTest

        final class PageTests: XCTestCase {
          func test_printed_only() { compare(page.source(), with: "Redirect") }
          func test_other_labels() { compare(page.source(), against: specification("Redirect")) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["PageTests.swift:4"])
  }

  func test_absenceCheckThroughAReceiver_andExpectedValues_count() {
    // A support module's `checkNoDiagnostics()` on what the test made, and its helper given
    // the expected values; the code under test's answers and labels do not count.
    let sources = [
      "GraphTests.swift": """
        import Testing

        @Suite struct GraphTests {
          @Test func resolves_withoutDiagnostics() async throws {
            let recorder = DiagnosticsRecorder()
            _ = await GraphBuilder(delegate: recorder).graph()
            recorder.checkNoDiagnostics()
          }
          @Test func idioms_filtered() async throws {
            try await idiomsTester(platform: .tablet, expectedIdioms: ["pad"], unexpectedIdioms: ["watch"])
          }
          @Test func absence_usedAsValue() {
            let clean = validator.checkNoCycles()
            _ = clean
          }
          @Test func expectation_labelOnly() {
            load(expectedness: 1)
          }
          @Test func expected_throughReceiver() {
            sut.load(expectedCount: 2)
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["GraphTests.swift:12", "GraphTests.swift:16", "GraphTests.swift:19"])
  }
}
