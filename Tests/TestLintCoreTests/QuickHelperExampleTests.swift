import TestLintCore
import XCTest

/// Quick examples declared in functions that `spec()` calls: found, named by the groups around
/// the call and inside the function, and checked once, where they are declared.
final class QuickHelperExampleTests: XCTestCase {
  /// `inventory` of in-memory files: each test's `name` (groups and description) by line.
  private func inventory(_ files: [(path: String, source: String)]) -> [InventoryEntry] {
    let engine = LintEngine(rules: [], testBaseClasses: [], threads: 1)
    var sources: [String: [UInt8]] = [:]
    for entry in files { sources[entry.path] = Array(entry.source.utf8) }
    let contents = sources
    let matcher = MissingAssertionRule(
      options: RuleOptions(defaultsOf: MissingAssertionRule.description, configured: [:]))
    let result = engine.inventory(
      files.map { FileEntry(path: $0.path, displayPath: $0.path) }, matcher: matcher
    ) { entry in contents[entry.path] ?? [] }
    XCTAssertEqual(result.errors, [])
    return result.tests
  }

  private func names(_ entries: [InventoryEntry]) -> [String] {
    entries.map {
      "\($0.file):\($0.line) \($0.suite ?? "-").\($0.name)\($0.pending ? " (pending)" : "")"
    }
  }

  private static let contactsSpec = """
    import Quick
    import Nimble

    final class ContactsSpec: QuickSpec {
      override class func spec() {
        describe("contacts") {
          it("loads") { expect(1) == 1 }
          contactsSpec()
        }
      }

      class func contactsSpec() {
        context("when empty") {
          it("shows a placeholder") { expect(placeholder.isHidden) == false }
          it("hides the list") { list.reload() }
        }
        it("counts") { expect(2) == 2 }
      }
    }

    """

  func test_exampleInClassFunctionCalledFromSpec_isListedUnderTheCallsGroups() {
    XCTAssertEqual(
      names(inventory([("ContactsSpec.swift", Self.contactsSpec)])),
      [
        "ContactsSpec.swift:7 ContactsSpec.contacts, loads",
        "ContactsSpec.swift:14 ContactsSpec.contacts, when empty, shows a placeholder",
        "ContactsSpec.swift:15 ContactsSpec.contacts, when empty, hides the list",
        "ContactsSpec.swift:17 ContactsSpec.contacts, counts",
      ])
  }

  func test_exampleDescribedByRawStringOpeningWithQuote_keepsItsText() {
    // `#""Done" closes"#` is a one-line raw literal whose text starts with a quote, not the
    // `"""` of a multi-line one.
    let spec = """
      import Quick
      import Nimble

      final class SheetSpec: QuickSpec {
        override class func spec() {
          it(#""Done" closes the sheet"#) { expect(sheet.isOpen) == false }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("SheetSpec.swift", spec)])), [#"SheetSpec.swift:6 SheetSpec."Done" closes the sheet"#])
  }

  func test_exampleDescribedByRawStringOpeningWithTwoQuotes_keepsItsText() {
    // `#"""Done" closes"#` has no line break after its `"""`: swiftc reads a one-line raw literal
    // whose text is `""Done" closes`, not a multi-line one.
    let spec = """
      import Quick
      import Nimble

      final class SheetSpec: QuickSpec {
        override class func spec() {
          it(#\"""Done" closes the sheet"#) { expect(sheet.isOpen) == false }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("SheetSpec.swift", spec)])), [#"SheetSpec.swift:6 SheetSpec.""Done" closes the sheet"#])
  }

  func test_exampleInHelperWithoutAssertion_isReportedAtItsLine() {
    let findings = InMemoryLint.findings(
      MissingAssertionRule.self, [("ContactsSpec.swift", Self.contactsSpec)])
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["15:7"])
    XCTAssertEqual(findings.first?.test, "ContactsSpec.contacts, when empty, hides the list")
  }

  func test_helperCalledTwice_isListedAndReportedOnceUnderItsFirstCall() {
    let source = """
      import Quick

      final class CartSpec: QuickSpec {
        override class func spec() {
          describe("a cart") { behavesLikeAList() }
          describe("a wish list") { Self.behavesLikeAList() }
        }

        static func behavesLikeAList() {
          it("appends") { list.append(1) }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("CartSpec.swift", source)])), ["CartSpec.swift:10 CartSpec.a cart, appends"]
    )
    XCTAssertEqual(
      InMemoryLint.findings(MissingAssertionRule.self, [("CartSpec.swift", source)]).map(\.line),
      [10])
  }

  func test_helpersCallingEachOtherInACycle_areEachReadOnce() {
    let source = """
      import Quick

      final class LoopSpec: QuickSpec {
        override func spec() {
          describe("loop") { first() }
        }

        func first() {
          context("first") {
            it("one") { expect(1) == 1 }
            second()
          }
        }

        func second() {
          context("second") {
            it("two") { expect(2) == 2 }
            self.first()
          }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("LoopSpec.swift", source)])),
      [
        "LoopSpec.swift:10 LoopSpec.loop, first, one",
        "LoopSpec.swift:17 LoopSpec.loop, first, second, two",
      ])
  }

  func test_helperCalledInsidePendingGroup_hasPendingExamples() {
    let source = """
      import Quick

      final class SyncSpec: QuickSpec {
        override class func spec() {
          xdescribe("sync") { syncExamples() }
          xcontext(SyncSpec.name) { it("retries") { expect(1) == 1 } }
        }

        class func syncExamples() {
          it("uploads") { expect(1) == 1 }
          xit("downloads") { expect(2) == 2 }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("SyncSpec.swift", source)])),
      [
        "SyncSpec.swift:6 SyncSpec.retries (pending)",
        "SyncSpec.swift:10 SyncSpec.sync, uploads (pending)",
        "SyncSpec.swift:11 SyncSpec.sync, downloads (pending)",
      ])
  }

  func test_examplesInsidePendingBlock_areListedPending() {
    let source = """
      import Quick

      final class FieldSpec: QuickSpec {
        override class func spec() {
          pending("a text field") {
            it("looks correct") { expect(1) == 1 }
          }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("FieldSpec.swift", source)])),
      [
        "FieldSpec.swift:5 FieldSpec.a text field (pending)",
        "FieldSpec.swift:6 FieldSpec.looks correct (pending)",
      ])
  }

  func test_focusedAndDisabledExamplesInHelper_areReported() {
    let source = """
      import Quick

      final class SyncSpec: QuickSpec {
        override class func spec() {
          describe("sync") { syncExamples() }
        }

        class func syncExamples() {
          fit("uploads") { expect(1) == 1 }
          xit("downloads") { expect(2) == 2 }
        }
      }

      """
    let focused = InMemoryLint.findings(FocusedTestRule.self, [("SyncSpec.swift", source)])
    // As in `spec()`, the finding is the call's; it names no test.
    XCTAssertEqual(focused.map { "\($0.line):\($0.column)" }, ["9:5"])
    let disabled = InMemoryLint.findings(DisabledTestRule.self, [("SyncSpec.swift", source)])
    XCTAssertEqual(disabled.map { "\($0.line):\($0.column)" }, ["10:5"])
  }

  func test_helperDeclaredInAnotherFile_isCheckedWhereDeclared() {
    let spec = """
      import Quick

      final class FeedSpec: QuickSpec {
        override class func spec() {
          describe("feed") { sharedFeedBehavior() }
        }
      }

      """
    let helper = """
      import Quick
      import Nimble

      func sharedFeedBehavior() {
        context("offline") {
          it("shows the cache") { feed.reload() }
        }
      }

      """
    let files = [("FeedSpec.swift", spec), ("FeedBehavior.swift", helper)]
    XCTAssertEqual(names(inventory(files)), ["FeedBehavior.swift:6 -.offline, shows the cache"])
    XCTAssertEqual(
      InMemoryLint.findings(MissingAssertionRule.self, files).map { "\($0.path):\($0.line)" },
      ["FeedBehavior.swift:6"])
  }

  func test_sharedExamplesInConfiguration_areNamedBySharedName() {
    let source = """
      import Quick
      import Nimble

      final class ObserverConfiguration: QuickConfiguration {
        override class func configure(_ configuration: Configuration) {
          sharedExamples("an observer") { (context: @escaping SharedExampleContext) in
            it("sends values") { expect(values) == [1] }
            it("completes") { observer.complete() }
          }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("ObserverConfiguration.swift", source)])),
      [
        "ObserverConfiguration.swift:7 ObserverConfiguration.an observer, sends values",
        "ObserverConfiguration.swift:8 ObserverConfiguration.an observer, completes",
      ])
    XCTAssertEqual(
      InMemoryLint.findings(MissingAssertionRule.self, [("ObserverConfiguration.swift", source)])
        .map(\.line),
      [8])
  }

  func test_exampleDescribedByParameterInLocalHelper_isListedByItsExpression() {
    let source = """
      import Quick
      import Nimble

      class ArgumentsSpec: QuickSpec {
        override func spec() {
          describe("arguments") {
            func itBuilds(_ message: String, expected: [String]) {
              context("with a project") {
                it(message) { expect(build()) == expected }
              }
            }
            itBuilds("has defaults", expected: [])
            itBuilds("adds the scheme", expected: ["-scheme"])
          }
        }
      }

      """
    XCTAssertEqual(
      names(inventory([("ArgumentsSpec.swift", source)])),
      ["ArgumentsSpec.swift:9 ArgumentsSpec.arguments, with a project, message"])
  }

  func test_examplesDescribedByParameter_areNotMatchedAgainstQuickPattern() {
    let source = """
      import Quick

      class ArgumentsSpec: QuickSpec {
        override func spec() {
          func itBuilds(_ message: String) {
            it(message) { expect(build()) == [] }
          }
          itBuilds("has defaults")
          it("Has Capitals") { expect(build()) == [] }
        }
      }

      """
    let findings = InMemoryLint.findings(
      TestNameFormatRule.self, [("ArgumentsSpec.swift", source)],
      options: ["quick_pattern": .string("^(has|is) [a-z ]+$")])
    XCTAssertEqual(findings.map(\.line), [9])
  }

  func test_functionsCallingItWithoutQuick_declareNoExamples() {
    let source = """
      import XCTest

      func it(_ name: String, _ body: () -> Void) { body() }
      func checks() {
        it("runs") { print(1) }
      }

      """
    XCTAssertEqual(names(inventory([("Checks.swift", source)])), [])
  }

  func test_longChainOfHelpers_isWalkedWithoutRecursion() {
    // Each helper calls the next: a recursive walk would need a stack frame per helper.
    let count = 20_000
    var source =
      "import Quick\n\nfinal class ChainSpec: QuickSpec {\n  override class func spec() {\n"
    source += "    describe(\"chain\") { helper0() }\n  }\n"
    for index in 0..<count {
      source += "  class func helper\(index)() { helper\(index + 1)() }\n"
    }
    source += "  class func helper\(count)() { it(\"ends\") { expect(1) == 1 } }\n}\n"
    let entries = inventory([("ChainSpec.swift", source)])
    XCTAssertEqual(entries.map(\.name), ["chain, ends"])
  }

  func test_manyOverloadsCallingTheirName_areEachListedOnce() {
    // Every overload calls the name, which reaches every overload: followed once per name, a
    // walk stays linear in the overloads.
    let count = 10_000
    var source =
      "import Quick\n\nfinal class OverloadSpec: QuickSpec {\n  override class func spec() {\n"
    source += "    describe(\"overloads\") { behaves(0) }\n  }\n"
    for index in 0..<count {
      source +=
        "  class func behaves(_ value: Int\(index)) { it(\"runs\") { expect(1) == 1 }; behaves(1) }\n"
    }
    source += "}\n"
    let entries = inventory([("OverloadSpec.swift", source)])
    XCTAssertEqual(entries.count, count)
    XCTAssertEqual(Set(entries.map(\.name)), ["overloads, runs"])
  }
}
