import TestLintCore
import XCTest

/// `arrange_act_assert`: markers found, messages, and the `markers` option's configuration.
final class ArrangeActAssertRuleTests: XCTestCase {
  func test_missingAndMisplacedMarkers_areNamed() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_no_markers() {
          let a = 1
          XCTAssertEqual(a, 1)
        }
        func test_missing_act() {
          // Given
          let a = 1
          // Then
          XCTAssertEqual(a, 1)
        }
        func test_wrong_order() {
          // Assert
          let a = 1
          // Arrange
          // Act
          XCTAssertEqual(a, 1)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(ArrangeActAssertRule.self, source, options: ["min_lines": .int(1)]),
      [
        "test 'test_no_markers' has no '// Arrange' comment; mark its sections with '// Arrange', '// Act', '// Assert' in that order",
        "test 'test_missing_act' has no '// When' comment; mark its sections with '// Given', '// When', '// Then' in that order",
        "test 'test_wrong_order' has '// Assert' only before '// Act'; mark its sections with '// Arrange', '// Act', '// Assert' in that order",
      ])
  }

  func test_markerWords_mustLeadTheComment() {
    let source = """
      import XCTest
      final class SampleTests: XCTestCase {
        func test_words_matter() {
          // Arrangement of the fixtures
          let a = 1
          // actually act now
          // The assert below
          XCTAssertEqual(a, 1)
        }
        func test_combined_markers() {
          /* Arrange */
          let a = 1
          /// ACT and Assert: in one go
          XCTAssertEqual(a, 1)
        }
      }
      """
    let findings = InMemoryLint.findings(
      ArrangeActAssertRule.self, [("SampleTests.swift", source)], options: ["min_lines": .int(1)])
    XCTAssertEqual(findings.map(\.line), [3])
  }

  func test_quickExamples_areNotChecked() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          it("totals") {
            let cart = Cart()
            cart.add(1)
            expect(cart.total) == 1
          }
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(ArrangeActAssertRule.self, source, options: ["min_lines": .int(1)]), [])
  }

  func test_markersOption_acceptsListOfLists() throws {
    let configuration = try Configuration.parse(
      "opt_in_rules: [arrange_act_assert]\narrange_act_assert:\n  markers:\n    - [Setup, Verify]\n    - [Given, Then]\n",
      path: ".lint.yml", directory: ".", rules: RuleRegistry.descriptions)
    let rule = try XCTUnwrap(
      configuration.enabledRules(RuleRegistry.descriptions).first {
        $0.description.id == "arrange_act_assert"
      })
    XCTAssertEqual(rule.options.stringLists("markers"), [["Setup", "Verify"], ["Given", "Then"]])
  }

  func test_markersOption_rejectsOtherShapes() {
    for (value, position) in [
      ("[Arrange, Act]", "2:13"), ("[[Arrange], []]", "2:24"), ("Arrange", "2:12"),
    ] {
      do {
        _ = try Configuration.parse(
          "arrange_act_assert:\n  markers: \(value)\n", path: ".lint.yml", directory: ".",
          rules: RuleRegistry.descriptions)
        XCTFail("'\(value)' was accepted")
      } catch {
        XCTAssertEqual(
          error.diagnostics.map { "\($0.line):\($0.column): \($0.message)" },
          [
            "\(position): option 'markers' must be a list of lists of strings, such as [[Arrange, Act, Assert]]"
          ],
          value)
      }
    }
  }
}
