import Synchronization
import XCTest

@testable import TestLintCore

/// `missing_assertion`: helper objects' methods (any receiver, any file of the run), what counts
/// as an assertion and what does not.
final class MissingAssertionRuleTests: XCTestCase {
  /// A helper class (not a test class) in a file read after the tests, whose methods assert.
  private static let helperFile = """
    import XCTest
    final class GestureHelper {
      func maskTest() { XCTAssertEqual(mask, 3) }
      func propertiesTest() { checkProperties() }
      func load() {}
    }
    func checkProperties() { XCTAssertTrue(true) }
    final class ServiceMock {
      func fetch() { XCTFail("unexpected call") }
    }
    """

  func test_publicCallMatcher_answersAsTheRule() {
    // `AssertionMatcher.isAssertion(_:in:)`, the library's public question about one call,
    // gives the answer the rule uses (read in place, `isAssertion(callAt:in:)`).
    let model = Scanner.scan(
      SourceFile(
        path: "CartTests.swift",
        text: """
          import XCTest
          final class CartTests: XCTestCase {
            func test_total_sums() {
              cart.add(item)
              XCTAssertEqual(cart.total, 3)
              #expect(cart.isEmpty == false)
              _ = Cart.make()
              XCTFail("unreachable")
            }
          }
          """))
    let matcher = AssertionMatcher()
    let asserting = model.calls.filter { matcher.isAssertion($0, in: model) }.map(\.name)
    XCTAssertEqual(asserting, ["XCTAssertEqual", "#expect", "XCTFail"])
    XCTAssertEqual(
      model.calls.indices.filter { matcher.isAssertion(callAt: $0, in: model) }.map { model.calls[$0].name }, asserting)
  }

  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_helperMethodThroughAnyReceiver_inAnotherFile_asserts() {
    let tests = """
      import XCTest
      final class GestureTests: XCTestCase {
        var gestureTests: GestureHelper?
        func test_mask_forced() { gestureTests!.maskTest() }
        func test_mask_optional() { gestureTests?.maskTest() }
        func test_mask_plain() { helper.maskTest() }
        func test_properties_made() throws { try makeHelper().propertiesTest() }
        func test_mask_property() { self.helpers.maskTest() }
        func test_load_nothing() { helper.load() }
        func test_fetch_mockTrap() { mock.fetch() }
      }
      """
    // "A..." is read before "Z...": the tests are linted before the helpers are known.
    XCTAssertEqual(
      findings(["AGestureTests.swift": tests, "ZHelper.swift": Self.helperFile]),
      ["AGestureTests.swift:9", "AGestureTests.swift:10"])
  }

  func test_helperMethodInSameFile_asserts() {
    let source = """
      import XCTest
      final class GestureTests: XCTestCase {
        func test_mask_forced() { helper!.maskTest() }
        func test_load_nothing() { helper.load() }
      }
      final class GestureHelper {
        func maskTest() { verifyMask() }
        func verifyMask() { XCTAssertEqual(mask, 3) }
        func load() {}
      }
      """
    XCTAssertEqual(findings(["GestureTests.swift": source]), ["GestureTests.swift:4"])
  }

  func test_receiverCall_neverReachesAnotherFilesPrivateFunction() {
    let tests = """
      import XCTest
      final class TransferTests: XCTestCase {
        func test_write_nothingChecked() { database.write { $0.insert(row) } }
        func test_check_throughPublicHelper() { verifyTransfer() }
      }
      """
    let snapshots = """
      import XCTest
      func verifyTransfer() { write(image, to: url) }
      private func write(_ image: Image, to url: URL) { XCTFail("cannot write") }
      """
    // The private `write` of the other file is no method of `database`; it still makes the
    // public helper of its own file assert.
    XCTAssertEqual(
      findings(["ATransferTests.swift": tests, "ZSnapshots.swift": snapshots]), ["ATransferTests.swift:3"])
  }

  func test_receiverCall_neverReachesATestFunction() {
    let source = """
      import Testing
      @Suite struct ClientTests {
        @Test func vmmShutdown() { #expect(client.isStopped) }
        @Test func shutdown_twice() { client.vmmShutdown(); client.vmmShutdown() }
      }
      """
    XCTAssertEqual(findings(["ClientTests.swift": source]), ["ClientTests.swift:4"])
    XCTAssertEqual(
      findings(["AClientTests.swift": source.replacingOccurrences(of: "@Test func vmm", with: "func other"),
                "ZSuite.swift": "import Testing\n@Suite struct S { @Test func vmmShutdown() { #expect(true) } }"]),
      ["AClientTests.swift:4"])
  }

  func test_declarationsDisagree_isNotReported() {
    // Two `check()`s: one asserts, one does not. The receiver's type is not known: a false
    // error costs more than a miss.
    let sources = [
      "ATests.swift": """
        import XCTest
        final class ATests: XCTestCase {
          func test_state_checked() { fixture.check() }
        }
        """,
      "BFixture.swift": "final class Fixture { func check() { XCTAssertTrue(ok) } }\n",
      "COther.swift": "final class Other { func check() { print(1) } }\n",
    ]
    XCTAssertEqual(findings(sources), [])
  }

  func test_quickExampleAndSwiftTesting_followReceivers() {
    let sources = [
      "ASpec.swift": """
        import Quick
        final class GestureSpec: QuickSpec {
          override class func spec() {
            it("masks") { helper.maskTest() }
            it("loads") { helper.load() }
          }
        }
        """,
      "BTests.swift": """
        import Testing
        @Test func masks() { helper?.maskTest() }
        @Test func loads() { helper?.load() }
        """,
      "ZHelper.swift": Self.helperFile,
    ]
    XCTAssertEqual(findings(sources), ["ASpec.swift:5", "BTests.swift:3"])
  }

  func test_helperMethodChange_relintsCallersFromCache() {
    let tests = """
      import XCTest
      final class ATests: XCTestCase {
        func test_mask_checked() { helper!.maskTest() }
      }
      """
    let helper = "import XCTest\nfinal class Helper {\n  func maskTest() { XCTAssertTrue(ok) }\n}\n"
    let first = Self.cachedRun(["ATests.swift": tests, "Helper.swift": helper], cache: ResultCache(key: "k"))
    XCTAssertEqual(first.result.findings.filter { $0.ruleID == "missing_assertion" }, [])
    let broken = helper.replacingOccurrences(of: "XCTAssertTrue(ok)", with: "print(ok)")
    let second = Self.cachedRun(
      ["ATests.swift": tests, "Helper.swift": broken], cache: first.cache, changed: ["Helper.swift"])
    XCTAssertEqual(
      second.result.findings.filter { $0.ruleID == "missing_assertion" }.map(\.path), ["ATests.swift"])
    XCTAssertEqual(second.reads, 2, "the changed file is read, its caller linted again")
  }

  func test_waiterResultIgnored_assertsNothing() {
    let source = RuleLinting.xctest(
      """
      func test_a_ignoresResult() { _ = XCTWaiter.wait(for: [done], timeout: 1) }
      func test_b_ignoresResult() { XCTWaiter().wait(for: [done], timeout: 1) }
      func test_c_ignoresResult() {
        let waiter = XCTWaiter()
        waiter.wait(for: [done], timeout: 1)
      }
      func test_d_comparesResult() { XCTAssertEqual(XCTWaiter.wait(for: [done], timeout: 1), .completed) }
      func test_e_reportsToTheTest() { XCTWaiter(delegate: self).wait(for: [done], timeout: 1) }
      func test_f_testCaseWaits() { wait(for: [done], timeout: 1) }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["4:6", "5:6", "6:6"])
  }

  func test_emptyMeasureBlock_assertsNothing() {
    let source = RuleLinting.xctest(
      """
      func test_a_measuresNothing() { measure {} }
      func test_b_measuresNothing() { measure(metrics: [XCTClockMetric()], block: {}) }
      func test_c_measuresSorting() { measure { _ = items.sorted() } }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["4:6", "5:6"])
  }

  func test_conditionalThrow_checksWhereTryAloneDoesNot() {
    let source = RuleLinting.xctest(
      """
      func test_a_guardThrows() throws { guard response.status == 200 else { throw Failure.status } }
      func test_b_ifThrows() throws {
        let value = try parse()
        if value != 3 { throw Failure.value }
      }
      func test_c_onlyTries() throws { try parser.parse(data) }
      func test_d_stubThrows() throws {
        stub.handler = { throw Failure.any }
        sut.load()
      }
      func test_e_rethrows() throws {
        do { try sut.load() } catch { throw error }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["9:6", "10:6", "14:6"])
  }

  /// Lints in-memory files with the default rules and a cache; `changed` files get a new
  /// modification time. Returns the result, the next cache and how many files were read.
  static func cachedRun(
    _ files: [String: String], cache: ResultCache?, changed: Set<String> = []
  ) -> (result: LintResult, cache: ResultCache?, reads: Int) {
    let rules = RuleRegistry.all.filter { !$0.description.isOptIn }.map { type in
      ConfiguredRule(
        type, severity: type.description.defaultSeverity, options: RuleOptions(defaultsOf: type.description))
    }
    let engine = LintEngine(rules: rules, testBaseClasses: [], threads: 2)
    let entries = files.keys.sorted().map { name in
      FileEntry(
        path: "/virtual/" + name, displayPath: name,
        stamp: FileStamp(size: 100, modified: changed.contains(name) ? 2 : 1))
    }
    let contents = Dictionary(uniqueKeysWithValues: files.map { ("/virtual/" + $0.key, Array($0.value.utf8)) })
    let reads = Atomic<Int>(0)
    let output = engine.run(entries, cache: cache) { entry in
      reads.add(1, ordering: .relaxed)
      return contents[entry.path] ?? []
    }
    return (output.result, output.cache, reads.load(ordering: .relaxed))
  }
}

extension MissingAssertionRuleTests {
  func test_initializerCalledByName_neverReachesAnotherFilesInitializer() {
    // `.init(...)` builds whatever type the context wants: a private type's initializer in
    // another file, which asserts on its JSON, is not the one called.
    let sources = [
      "ASeedTests.swift": """
        import Testing
        struct SeedTests {
          @Test func seed_storesRows() throws {
            let rows: [Row] = [
              .init(id: "a"),
            ]
            try store.insert(rows)
          }
          @Test func seed_checked() throws { try store.insert(.init(id: "a")); #expect(store.count == 1) }
          @Test func seed_labelled() throws { try store.add(identifier: .init(rawValue: "a")) }
        }
        """,
      "ZParserTests.swift": """
        import XCTest
        final class ParserTests: XCTestCase {
          private struct Case {
            var input: [String: Any]
            init(id: Any) throws { input = try XCTUnwrap(id as? [String: Any]) }
          }
          func test_cases_parse() throws { XCTAssertFalse(try Case(id: [:]).input.isEmpty) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["ASeedTests.swift:3", "ASeedTests.swift:10"])
  }

  func test_chainEndingInRunMethod_resolvesByItsLastCall() {
    // The chain's last call is what runs last: `mock.verify { ... }` builds a verification,
    // its `wasCalled(exactly:)` (declared in the run's test utilities) checks it.
    let sources = [
      "AMessengerTests.swift": """
        import XCTest
        final class MessengerTests: XCTestCase {
          func test_send_calledOnce() { mock.verify { $0.send(message) }.wasCalled(exactly: 1) }
          func test_send_recordedOnly() { mock.verify { $0.send(message) }.recorded() }
          func test_send_builderOnly() { _ = mock.verify { $0.send(message) } }
        }
        """,
      "ZVerification.swift": """
        import XCTest
        struct Verification {
          func wasCalled(exactly count: Int) { XCTAssertEqual(calls.count, count) }
          func recorded() -> [Call] { calls }
        }
        extension Mock {
          func verify(_ call: (Self) -> Void) -> Verification { Verification(calls: calls) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["AMessengerTests.swift:4", "AMessengerTests.swift:5"])
  }
}

extension MissingAssertionRuleTests {
  func test_quickClosureConstantOfSpec_isFollowedAsAHelper() {
    let sources = [
      "ToggleSpec.swift": """
        import Quick
        import Nimble
        final class ToggleSpec: QuickSpec {
          override class func spec() {
            let flipTest: (Toggle, Bool) -> Void = { toggle, start in
              toggle.isOn = start
              toggle.flip()
              expect(toggle.isOn) == !start
            }
            let prepare = { (toggle: Toggle) in toggle.reset() }
            it("flips on") { flipTest(Toggle(), false) }
            it("flips off") { flipTest(Toggle(), true) }
            it("prepares only") { prepare(Toggle()) }
          }
        }
        """
    ]
    XCTAssertEqual(findings(sources), ["ToggleSpec.swift:13"])
  }

  func test_skipUnderPlatformDirective_doesNotExemptTheTestElsewhere() {
    // missing_assertion: the test is skipped on watchOS only; elsewhere it runs and checks nothing.
    let source = """
      import XCTest
      final class UploadTests: XCTestCase {
        func test_upload_sends() async throws {
      #if os(watchOS)
          throw XCTSkip("the stub protocol is not called on watchOS")
      #endif
          try await client.upload(data)
        }
        func test_download_skipped() async throws {
          throw XCTSkip("the stub protocol is not called for downloads")
          try await client.download()
        }
      }
      """
    let findings = InMemoryLint.findings(MissingAssertionRule.self, [("UploadTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [3])
  }

  func test_manySkipsUnderPlatformDirectives_eachTestReadAlone() {
    // Many tests in one file whose body holds `#if` and a skip: the file's directive groups are
    // read once, and each skip is looked up among them.
    var source = "import XCTest\nfinal class ManyTests: XCTestCase {\n"
    var expected: [Int] = []
    for number in 0..<300 {
      let line = source.split(separator: "\n", omittingEmptySubsequences: false).count
      if number % 3 == 0 {
        // Skipped on watchOS only: elsewhere it checks nothing.
        source += "  func test_\(number)() throws {\n#if os(watchOS)\n    throw XCTSkip(\"watch\")\n#endif\n    client.load()\n  }\n"
        expected.append(line)
      } else if number % 3 == 1 {
        source += "  func test_\(number)() throws {\n    throw XCTSkip(\"off\")\n#if os(iOS)\n    client.load()\n#endif\n  }\n"
      } else {
        source += "  func test_\(number)() throws {\n#if DEBUG\n    throw XCTSkip(\"debug\")\n#endif\n    client.load()\n  }\n"
      }
    }
    source += "}\n"
    let findings = InMemoryLint.findings(MissingAssertionRule.self, [("ManyTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), expected)
  }
  func test_nimbleClosureExpect_afterKeywordMember_asserts() {
    // A member named by a keyword (`.init(...)`, `Box.init`, `.class`) opens no block: the
    // later `expect { ... }` keeps its trailing closure and is an assertion.
    let source = """
      import XCTest
      import Nimble

      final class ParcelTests: XCTestCase {
        func test_seal_implicitInit_throws() {
          let parcel: Parcel = .init(label: "a")
          expect { try seal(parcel) }.to(throwError())
        }
        func test_seal_typedInit_throws() {
          let parcel = Parcel.init(label: "a")
          expect { try seal(parcel) }.to(throwError())
        }
        func test_seal_initWithClosure_throws() {
          let parcel: Parcel = .init { "a" }
          expect { try seal(parcel) }.toEventually(postNotifications(beEmpty()))
        }
        func test_seal_keywordCase_throws() {
          let kind: Kind = .class
          expect { try seal(kind) }.to(throwError())
        }
        func test_seal_implicitInit_nothingChecked() {
          let parcel: Parcel = .init(label: "a")
          try? seal(parcel)
        }
      }
      """
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["21:8"])
  }
}

extension MissingAssertionRuleTests {
  /// An assertion inside a string literal's interpolation is a call the test makes, when the
  /// literal is evaluated: a logger that must not evaluate its message fails the test if it
  /// does. A call merely written in a string's text is no call.
  func test_assertionInsideInterpolation_counts() {
    let sources = [
      "LoggerTests.swift": #"""
        import XCTest

        final class LoggerTests: XCTestCase {
          func test_quietLogger_skipsMessage() {
            let logger = QuietLogger(evaluatesMessages: false)
            logger.log(level: .debug, message: "\(XCTFail("message evaluated"))", line: 7)
          }
          func test_nestedLiteral_checks() {
            logger.log(message: "a \(describe("b \(XCTFail("deep"))")) c")
          }
          func test_textOnly() {
            logger.log(message: "XCTFail(\"not a call\") \(value)")
          }
        }
        """#
    ]
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: sources, threads: 1), ["LoggerTests.swift:11 missing_assertion"])
  }

  func test_availabilitySkip_doesNotExemptTheTestOnCurrentSystems() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() async throws {
        guard #available(macOS 14, *) else { throw XCTSkip("old") }
        try await model.load()
      }

      func test_c_d() throws {
        if #unavailable(iOS 17) { throw XCTSkip("old") }
        try model.save()
      }

      func test_e_f() throws {
        guard ProcessInfo.processInfo.environment["CI"] == nil else { throw XCTSkip("local") }
        try model.save()
      }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["4:6", "9:6"])
  }

  func test_triedSkip_notThrown_skipsNothing() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() throws {
        try XCTSkip("later")
        model.save()
      }

      func test_c_d() throws {
        throw XCTSkip("later")
        model.save()
      }

      func test_e_f() throws {
        _ = try XCTSkip("later")
        model.save()
      }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), ["4:6", "14:6"])
  }
}
