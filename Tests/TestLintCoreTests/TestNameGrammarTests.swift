@testable import TestLintCore
import XCTest

/// `test_name_format` decides all-ASCII names byte by byte and other names by `Character`: both
/// readings must agree with the grammar as written (`test_` then 2 to 3 non-empty segments of
/// letters and digits).
final class TestNameGrammarTests: XCTestCase {
  /// The grammar read the plain way, by `Character` and Unicode scalar: the oracle.
  private func oracle(_ name: String, minSegments: Int = 2, maxSegments: Int = 3) -> Bool {
    guard name.hasPrefix("test_") else { return false }
    let segments = name.dropFirst(5).split(separator: "_", omittingEmptySubsequences: false)
    guard segments.count >= minSegments, segments.count <= maxSegments else { return false }
    return segments.allSatisfy { segment in
      !segment.isEmpty
        && segment.unicodeScalars.allSatisfy {
          $0.properties.isAlphabetic || $0.properties.numericType == .decimal
        }
    }
  }

  func test_generatedNames_matchTheOracle() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "Z", "7", "_", "-", "é", " ", "test_", "$"]
    var names = ["test_", "test__a", "test_a_", "test_a_b", "test_a1_B2_c3", "test_a-b_c", "test_a_b_c_d", "test"]
    for _ in 0..<2_000 {
      names.append("test_" + (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for name in names {
      XCTAssertEqual(TestNameFormatRule.follows(name, prefix: "test_"), oracle(name), name)
      XCTAssertEqual(
        TestNameFormatRule.follows(name, prefix: "test_", minSegments: 1, maxSegments: 5),
        oracle(name, minSegments: 1, maxSegments: 5), name)
    }
  }

  /// Suggested names for ASCII text, written byte by byte, are the ones the `Character` reading
  /// makes.
  func test_asciiSuggestions_matchTheCharacterReading() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "Z", "7", "_", "-", "test", "Test", "x", "B", "__", " "]
    var names = ["test", "test_", "testLoadCourse", "test_a__b", "Test", "loadCourse", "test_a_b_c_d", "_", "", "test_x"]
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...7, using: &generator)
      names.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for (minimum, maximum) in [(2, 3), (1, 5), (3, 3), (4, 6)] {
      let rule = TestNameFormatRule(
        options: RuleOptions(
          defaultsOf: TestNameFormatRule.description,
          configured: ["min_segments": .int(minimum), "max_segments": .int(maximum)]))
      for name in names {
        for prefix in ["test_", ""] {
          XCTAssertEqual(
            rule.asciiSuggestion(for: name, prefix: prefix), .some(rule.textSuggestion(for: name, prefix: prefix)),
            "'\(name)' '\(prefix)' \(minimum)...\(maximum)")
        }
      }
    }
  }

  func test_nonASCIILetters_countAsLetters() {
    let messages = RuleLinting.findings(
      TestNameFormatRule.self, RuleLinting.xctest("func test_größe_wächst() { XCTAssertTrue(true) }")
    ).map(\.message)
    XCTAssertEqual(messages, [])
  }

  func test_nonASCIICamelCaseName_suggestsSnakeSegments() {
    let messages = RuleLinting.findings(
      TestNameFormatRule.self, RuleLinting.xctest("func testÉtéLoad() { XCTAssertTrue(true) }")
    ).map(\.message)
    XCTAssertEqual(
      messages,
      ["name 'testÉtéLoad' in the form 'test_<condition>_<expectedResult>', such as 'test_étéLoad_<expectedResult>'"])
  }
}
