import TestLintCore
import XCTest

/// The messages users read: suggested names, specific assertions, what to do.
final class RuleMessageTests: XCTestCase {
  func test_camelCaseName_suggestsSnakeSegments() throws {
    let messages = try lint(TestNameFormatRule.self, xctest("func testLoadCourse() { XCTAssertTrue(true) }"))
    XCTAssertEqual(
      messages,
      ["name 'testLoadCourse' in the form 'test_<condition>_<expectedResult>', such as 'test_loadCourse_<expectedResult>'"])
  }

  func test_doubledUnderscore_suggestsSingleOne() throws {
    let messages = try lint(TestNameFormatRule.self, xctest("func test_a__b() { XCTAssertTrue(true) }"))
    XCTAssertEqual(
      messages, ["name 'test_a__b' in the form 'test_<condition>_<expectedResult>', such as 'test_a_b'"])
  }

  func test_tooManySegments_hasNoSuggestion() throws {
    let messages = try lint(TestNameFormatRule.self, xctest("func test_a_b_c_d() { XCTAssertTrue(true) }"))
    XCTAssertEqual(messages, ["name 'test_a_b_c_d' in the form 'test_<condition>_<expectedResult>'"])
  }

  func test_customSegmentCounts_appearInShape() throws {
    let options = RuleOptions(defaultsOf: TestNameFormatRule.description, configured: ["max_segments": .int(4)])
    let messages = try lint(TestNameFormatRule.self, xctest("func test_x() { XCTAssertTrue(true) }"), options: options)
    XCTAssertEqual(
      messages,
      [
        "name 'test_x' in the form 'test_<condition>_<expectedResult>' (2 to 4 segments of letters and digits), such as 'test_x_<expectedResult>'"
      ])
  }

  func test_comparisonOperators_nameSpecificAssertion() throws {
    let cases: [(String, String)] = [
      ("a == b", "XCTAssertEqual"), ("a == nil", "XCTAssertNil"), ("nil == a", "XCTAssertNil"),
      ("a == true", "XCTAssertTrue"), ("a == false", "XCTAssertFalse"), ("a != b", "XCTAssertNotEqual"),
      ("a != nil", "XCTAssertNotNil"), ("a === b", "XCTAssertIdentical"), ("a !== b", "XCTAssertNotIdentical"),
      ("a > b", "XCTAssertGreaterThan"), ("a >= b", "XCTAssertGreaterThanOrEqual"),
      ("a < b", "XCTAssertLessThan"), ("a <= b", "XCTAssertLessThanOrEqual"),
      ("a.count + 1 == b ?? 2", "XCTAssertEqual"), ("Array<Int>().count == 0", "XCTAssertEqual"),
    ]
    for (expression, assertion) in cases {
      let operatorText = expression.split(separator: " ").first { ["==", "!=", "===", "!==", ">", ">=", "<", "<="].contains($0) } ?? ""
      let messages = try lint(GenericXCTAssertRule.self, xctest("func test_a_b() { XCTAssert(\(expression)) }"))
      XCTAssertEqual(messages, ["use '\(assertion)' instead of 'XCTAssert' with '\(operatorText)'"], expression)
    }
  }

  func test_negationAndPlainConditions_nameFalseOrTrue() throws {
    let negation = try lint(GenericXCTAssertRule.self, xctest("func test_a_b() { XCTAssert(!list.isEmpty) }"))
    XCTAssertEqual(negation, ["use 'XCTAssertFalse' instead of 'XCTAssert' with '!'"])
    for expression in ["ready", "a == b || c", "a && b == c", "(a == b)", "list.contains { $0 == 1 }", "a == b ? x : y"] {
      let messages = try lint(GenericXCTAssertRule.self, xctest("func test_a_b() { XCTAssert(\(expression)) }"))
      XCTAssertEqual(
        messages, ["use a specific assertion such as 'XCTAssertTrue', or give 'XCTAssert' a message"], expression)
    }
  }

  func test_assertWithMessage_passes() throws {
    let messages = try lint(
      GenericXCTAssertRule.self, xctest(#"func test_a_b() { XCTAssert(a == b, "values match") }"#))
    XCTAssertEqual(messages, [])
  }

  func test_emptyAndAssertionFreeTests_haveOwnMessages() throws {
    let source = """
      import XCTest
      import Testing
      final class ATests: XCTestCase {
        func test_empty_body() {
          // nothing yet
        }
        func test_no_assertion() { load() }
      }
      @Test func loads() { load() }
      """
    let messages = try lint(MissingAssertionRule.self, source)
    XCTAssertEqual(
      messages,
      [
        "test 'test_empty_body' is empty; write the test or delete it",
        "test 'test_no_assertion' asserts nothing; check its outcome with an 'XCTAssert' call or wait for an expectation",
        "test 'loads' asserts nothing; check its outcome with '#expect' or '#require'",
      ])
  }

  func test_presenterMessages_sayWhatToDo() throws {
    let source = xctest(
      """
      let presenter = Presenter()
      var otherPresenter: OtherPresenter!
      func test_a_b() { XCTAssertNotNil(presenter); XCTAssertNotNil(otherPresenter) }
      """)
    let messages = try lint(PresenterRecreatedInSetupRule.self, source)
    XCTAssertEqual(
      messages,
      [
        "create 'presenter' in 'setUp()' instead of at its declaration, so every test gets a fresh one",
        "assign 'otherPresenter' in 'setUp()' so every test starts with a fresh one",
      ])
  }

  func test_apiMock_namesModelMake() throws {
    let source = """
      import XCTest
      final class CoursePresenterTests: XCTestCase {
        func test_a_b() { env.api.mock(GetCoursesRequest(), value: nil); XCTAssertTrue(true) }
      }
      """
    let messages = try lint(APIMockSeedingRule.self, source)
    XCTAssertEqual(messages, ["seed test data with 'Model.make()' instead of 'api.mock(...)'"])
  }
}

extension RuleMessageTests {
  /// A file with one XCTest class around `members`.
  func xctest(_ members: String) -> String {
    "import XCTest\n\nfinal class SampleTests: XCTestCase {\n" + members + "\n}\n"
  }

  /// The messages one rule reports on `source`, in order.
  func lint(_ type: any Rule.Type, _ source: String, options: RuleOptions? = nil) throws -> [String] {
    let engine = LintEngine(
      rules: [
        ConfiguredRule(
          type, severity: type.description.defaultSeverity,
          options: options ?? RuleOptions(defaultsOf: type.description))
      ],
      testBaseClasses: [], threads: 1)
    let bytes = Array(source.utf8)
    let result = engine.run([FileEntry(path: "Sample.swift", displayPath: "Sample.swift")]) { _ in bytes }
    XCTAssertEqual(result.errors, [])
    return result.findings.map(\.message)
  }
}
