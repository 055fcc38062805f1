@testable import TestLintCore
import XCTest

/// `indiscrete_test`: the numbers in its message, and what is and is not counted.
final class IndiscreteTestRuleTests: XCTestCase {
  func test_bothLimits_appearInOneMessage() {
    let body = (1...3).map { "    XCTAssertEqual(value, \($0))" }.joined(separator: "\n")
    let source =
      "import XCTest\nfinal class SampleTests: XCTestCase {\n  func test_many_checks() {\n\(body)\n  }\n}\n"
    let options: [String: OptionValue] = ["max_assertions": .int(2), "max_lines": .int(2)]
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: options),
      [
        "test 'test_many_checks' has 3 lines of code (at most 2) and makes 3 assertions (at most 2); "
          + "split it into tests that each check one behaviour"
      ])
  }

  func test_kifSteps_areTheScenarioNotChecks() {
    // KIF's waits and taps count as checks for missing_assertion, not as separate checks here;
    // the one XCTAssert does.
    let source = """
      import KIF
      import XCTest
      class KIFTestCase: XCTestCase {}
      final class CheckoutFlowTests: KIFTestCase {
        func test_checkout_showsReceipt() {
          tester().tapView(withAccessibilityLabel: "Basket")
          tester().waitForView(withAccessibilityLabel: "Pay")
          tester().tapView(withAccessibilityLabel: "Pay")
          tester().waitForView(withAccessibilityLabel: "Receipt")
          XCTAssertTrue(true)
        }
      }
      """
    let options: [String: OptionValue] = ["max_assertions": .int(1)]
    XCTAssertEqual(InMemoryLint.messages(IndiscreteTestRule.self, source, options: options), [])
    // KIF's own check counts.
    let checked = source.replacingOccurrences(
      of: "XCTAssertTrue(true)", with: "XCTAssertTrue(true)\n    tester().expect(receipt, toContainText: \"Paid\")")
    XCTAssertEqual(InMemoryLint.messages(IndiscreteTestRule.self, checked, options: options).count, 1)
  }

  func test_blankCommentAndFixtureLines_areNotCounted() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_lines_counted() {
          // Arrange

          /* a block
             comment */
          struct Fixture {
            let name = "a"
          }
          let text = \"\"\"
            one
            two
            \"\"\"
          XCTAssertEqual(Fixture().name + text, "a")
        }
      }
      """
    let options: [String: OptionValue] = ["max_lines": .int(1)]
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: options),
      [
        "test 'test_lines_counted' has 2 lines of code (at most 1); split it into tests that each check one behaviour"
      ])
  }

  /// A multi-line array or dictionary literal of constant data (a table of scenarios or
  /// fixtures) of three elements or more counts as one line; a smaller one, or one that names a
  /// variable or calls a function, counts each line.
  func test_constantTables_countAsOneLine() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_table_isOneLine() {
          verifyRoutes([
            .init(path: "/home", depth: 1, kind: .page),
            Route(path: "/cart", depth: -2, kind: .page),
            // the last one
            .init(path: "/user", depth: 3, kind: nil),
          ])
          let fixtures: [[String: Any]] = [
            ["name": "first", "ids": [1, 2]],
            ["name": "second", "ids": []],
            ["name": "third", "ids": [3]],
          ]
          XCTAssertEqual(fixtures.count, 2)
        }
        func test_computed_isCounted() {
          let values = [
            Route.make(path: "/a"),
            Route.make(path: "/b"),
            Route(path: "/c"),
          ]
          let names = [
            first,
            "b",
            make(1),
          ]
          let pair = [
            1, 2,
          ]
          let text = [
            "a", "b", "c",
          ].joined()
          XCTAssertEqual(values.count, names.count + pair.count)
        }
      }
      func verifyRoutes(_ routes: [Route]) { XCTAssertFalse(routes.isEmpty) }
      """
    let options: [String: OptionValue] = ["max_lines": .int(1)]
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: options),
      [
        "test 'test_table_isOneLine' has 3 lines of code (at most 1); split it into tests that each check one behaviour",
        "test 'test_computed_isCounted' has 17 lines of code (at most 1); split it into tests that each check one behaviour",
      ])
  }

  /// A nested type's initializer (`Trip.Stop(...)`, each name capitalised) and a constant
  /// imported from C (`kCode_Red`, `EAGAIN`) are table data; a method of a value
  /// (`trip.Stop(...)`), a type's method, a call, a mixed-case name or a name the test
  /// declares is not.
  func test_constantTables_takeNestedTypesAndImportedConstants() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_table_isOneLine() {
          let stops = [
            Trip.Stop(code: Int(kCode_Red), leg: Trip.Leg.Kind(rawValue: 1)),
            Trip.Stop(code: Int(kCode_Blue), leg: nil),
            Map.Trip.Stop(code: EAGAIN, leg: .none),
          ]
          XCTAssertEqual(stops.count, 3)
        }
        func test_variables_areCounted() {
          let kLimit = 3
          let declared = [
            Trip.Stop(code: kLimit),
            Trip.Stop(code: 2),
            Trip.Stop(code: 3),
          ]
          let member = [
            trip.Stop(code: 1),
            Trip.Stop(code: 2),
            Trip.Stop(code: 3),
          ]
          let called = [
            Trip.Stop(code: kCode_Green(1)),
            Trip.Stop(code: 2),
            Trip.Stop(code: 3),
          ]
          let made = [
            Trip.make(code: 1),
            Trip.Stop(code: NSNotFound),
            Trip.Stop(code: 3),
          ]
          XCTAssertEqual(declared.count + member.count, called.count + made.count)
        }
      }
      """
    let options: [String: OptionValue] = ["max_lines": .int(1)]
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: options),
      [
        "test 'test_table_isOneLine' has 2 lines of code (at most 1); split it into tests that each check one behaviour",
        "test 'test_variables_areCounted' has 22 lines of code (at most 1); split it into tests that each check one behaviour",
      ])
  }

  /// A `switch` over a `for` loop's own variable, inside the loop, counts its largest case (one
  /// iteration runs one case); a `switch` over anything else, or outside such a loop, counts
  /// every case, and an `if case` inside a case is no label.
  func test_loopSwitchOverTheLoopVariable_countsItsLargestCase() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_rows() {
          for light in lights {
            let stops = light.stops
            switch light {
            case .red:
              XCTAssertTrue(stops)
              if case .red = light { XCTAssertTrue(stops) }
              XCTAssertEqual(light.wait, 30)
            case .green, .amber:
              XCTAssertFalse(stops)
            @unknown default:
              XCTFail("new light")
            }
          }
          XCTAssertEqual(lights.count, 3)
        }
        func test_other() {
          for light in lights {
            switch mode {
            case .day: XCTAssertTrue(light.stops)
            default: XCTAssertFalse(light.stops)
            }
          }
        }
      }
      """
    let options: [String: OptionValue] = ["max_assertions": .int(1)]
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: options),
      [
        "test 'test_rows' makes 4 assertions (at most 1); split it into tests that each check one behaviour",
        "test 'test_other' makes 2 assertions (at most 1); split it into tests that each check one behaviour",
      ])
  }

  /// The lines of every body are those the loop as first written counts (`oracleCodeLines`).
  func test_codeLines_countAsTheFirstLoop() throws {
    let tricky = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_a() {
          @MainActor
          final class Spy: NSObject { var calls = 0; func call() { calls += 1 } }
          let spy = Spy(); spy.call()
          struct
            Split { let a = 1 }
          enum E { case a, b }; let e = E.a
          private struct P {}
          let text = \"\"\"
            struct NotAType {
            \"\"\"
          XCTAssertEqual(spy.calls, 1) ; class C {}
          let closure = { struct Inner { } ; return 1 }
          actor A { }
        }
        func test_b() { }
        func test_c() { let x = 1
        }
        func test_d() {
          struct Unclosed {
        }
      }
      """
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    var sources = [tricky]
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
    where url.pathExtension == "swift" {
      sources.append(try String(contentsOf: url, encoding: .utf8))
    }
    var bodies = 0
    for source in sources {
      let model = Scanner.scan(SourceFile(path: "T.swift", text: source))
      for function in model.functions {
        guard let body = function.body else { continue }
        bodies += 1
        XCTAssertEqual(
          IndiscreteTestRule.codeLines(in: body, of: model), Self.oracleCodeLines(in: body, of: model),
          "\(function.name) at \(body)")
      }
    }
    XCTAssertGreaterThan(bodies, 50)
  }

  /// Lines of code count every branch of an `#if` chain (a reader reads them all), unlike
  /// assertions (a run makes one branch's); the directive lines do not count.
  func test_codeLines_countEveryBranchOfAChain() throws {
    let source = """
      import XCTest
      final class KilnTests: XCTestCase {
        func test_kiln_heats() {
          let kiln = Kiln()
      #if os(iOS)
          kiln.light()
          kiln.wait()
      #elseif os(macOS)
          kiln.light()
        #if arch(arm64)
          kiln.boost()
          kiln.boost()
          kiln.boost()
        #endif
      #else
          kiln.skip()
      #endif
          XCTAssertTrue(kiln.isHot)
        }
      }
      """
    let model = Scanner.scan(SourceFile(path: "KilnTests.swift", text: source))
    let body = try XCTUnwrap(model.functions.first { $0.name == "test_kiln_heats" }?.body)
    XCTAssertEqual(IndiscreteTestRule.codeLines(in: body, of: model), 9)
  }

  /// `IndiscreteTestRule.codeLines(in:of:)` as first written: every token of the body read in
  /// turn, each line kept in an array.
  static func oracleCodeLines(in body: Range<Int>, of model: FileModel) -> Int {
    guard body.count > 2 else { return 0 }
    let source = model.source
    let openLine = source.line(of: model.offset(body.lowerBound))
    let closeLine = source.line(of: model.offset(body.upperBound - 1))
    var lines: [Int] = []
    var skipUntil = body.lowerBound
    for index in (body.lowerBound + 1)..<(body.upperBound - 1) where index > skipUntil {
      if let end = IndiscreteTestRule.localTypeEnd(at: index, limit: body.upperBound - 1, in: model) {
        var first = index
        while first - 1 > body.lowerBound, IndiscreteTestRule.isDeclarationPrefix(first - 1, in: model) { first -= 1 }
        let firstLine = source.line(of: model.offset(first))
        lines = lines.filter { $0 < firstLine }
        skipUntil = end
        continue
      }
      if model.tokens[index].isAtLineStart {
        let line = source.line(of: Int(model.tokens[index].start))
        if line != openLine, line != closeLine, line != lines.last { lines.append(line) }
      }
      if model.tokens[index].kind == .leftBracket,
        let end = IndiscreteTestRule.constantTableEnd(
          at: index, limit: body.upperBound - 1, in: model, bodyStart: body.lowerBound)
      {
        skipUntil = end
      }
    }
    return lines.count
  }

  func test_factoriesSharingAnAssertingName_areNotAssertions() {
    let helpers = """
      import XCTest
      extension Model {
        static func make() -> Model { XCTFail("unused"); return Model() }
      }
      func assertValid(_ model: Model) { XCTAssertTrue(model.isValid) }
      """
    let test = """
      import XCTest
      final class ModelTests: XCTestCase {
        func test_model_isValid() {
          let model = Model.make()
          let other = Model.make()
          screen.label.waitUntil(.visible)
          assertValid(model)
          XCTAssertEqual(model, other)
        }
      }
      """
    let findings = InMemoryLint.findings(
      IndiscreteTestRule.self, [("Helpers.swift", helpers), ("ModelTests.swift", test)],
      options: ["max_assertions": .int(1)])
    XCTAssertEqual(
      findings.map(\.message),
      [
        "test 'test_model_isValid' makes 2 assertions (at most 1); split it into tests that each check one behaviour"
      ])
  }

  func test_nestedAssertions_countAsOneCheck() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_nested_checks() throws {
          XCTAssertEqual(try XCTUnwrap(value), 1)
          XCTAssertTrue(try isValid(value))
          perform(stub: { make() }, when: { send() }, assert: { states in XCTAssertEqual(states, []) })
        }
        private func isValid(_ value: Int?) throws -> Bool { try XCTUnwrap(value) > 0 }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(IndiscreteTestRule.self, source, options: ["max_assertions": .int(3)]),
      [
        "test 'test_nested_checks' makes 4 assertions (at most 3); split it into tests that each check one behaviour"
      ])
  }

  func test_quickExample_isMeasuredByItsClosure() {
    let source = """
      import Quick
      import Nimble
      final class CartSpec: QuickSpec {
        override class func spec() {
          it("totals") {
            expect(cart.total) == 3
            expect(cart.tax) == 1
          }
          it("is empty") { expect(cart.isEmpty) == true }
        }
      }
      """
    let findings = InMemoryLint.findings(
      IndiscreteTestRule.self, [("CartSpec.swift", source)], options: ["max_assertions": .int(1)])
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["5:5"])
    XCTAssertEqual(findings.first?.test, "CartSpec.totals")
  }

  func test_helperMethodsThroughReceivers_countOnceEach() {
    // The calls `missing_assertion` follows (`CallResolver`): each helper call is one check.
    let source = """
      import XCTest
      final class GestureTests: XCTestCase {
        func test_gestures_masked() {
          helper.maskTest()
          helper!.sizeTest()
          helper.load()
        }
      }
      final class GestureHelper {
        func maskTest() { XCTAssertEqual(mask, 3); XCTAssertEqual(size, 2) }
        func sizeTest() { XCTAssertEqual(size, 2) }
        func load() {}
      }
      """
    let findings = InMemoryLint.findings(
      IndiscreteTestRule.self, [("GestureTests.swift", source)], options: ["max_assertions": .int(1)])
    XCTAssertEqual(
      findings.map(\.message),
      [
        "test 'test_gestures_masked' makes 2 assertions (at most 1); split it into tests that each check one behaviour"
      ])
  }
}
