import TestLintCore
import XCTest

/// `test_file_name`: a file named after a type it declares keeps its name.
final class TestFileNameRuleNamedTypeTests: XCTestCase {
  func test_fileNamedAfterAnotherTypeItDeclares_isNamedAfterWhatItHolds() {
    let source = """
      import XCTest

      final class ParserTests: XCTestCase {}

      final class ParserStateTests: XCTestCase {
        func test_a_b() { XCTAssertTrue(true) }
      }
      """
    XCTAssertEqual(RuleLinting.positions(TestFileNameRule.self, source, path: "Parser/ParserTests.swift"), [])
    XCTAssertEqual(
      RuleLinting.positions(TestFileNameRule.self, source, path: "Parser/LexerTests.swift"), ["5:13"])
    // A helper type named as the file is not a test class.
    let helper = source.replacingOccurrences(of: "class ParserTests: XCTestCase {}", with: "struct ParserTests {}")
    XCTAssertEqual(
      RuleLinting.positions(TestFileNameRule.self, helper, path: "Parser/ParserTests.swift"), ["5:13"])
  }
}
