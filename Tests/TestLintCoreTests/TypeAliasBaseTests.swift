import XCTest

@testable import TestLintCore

/// A test base reached through a `typealias` (`typealias SearchHarness = MockServerCase<Reply>`):
/// the alias stands for its target, so a class built on it is a test class when the target is
/// one, and its base is declared, not assumed.
final class TypeAliasBaseTests: XCTestCase {
  private static let base = """
    import XCTest

    class MockServerCase<Reply>: XCTestCase {}

    typealias SearchHarness = MockServerCase<SearchReply>
    typealias SearchTestCase = MockServerCase<
      SearchReply
    >

    """

  /// A class on `base` with one test that checks nothing.
  private static func subclass(of base: String) -> String {
    """
    import XCTest

    final class SearchTests: \(base) {
      func testLayout() {
        let view = 1
        _ = view
      }
    }

    """
  }

  private func lint(_ files: [String: String]) throws -> (findings: [String], stderr: String) {
    let sandbox = try Sandbox(self)
    for (path, text) in files { try sandbox.write(path, text) }
    let output = sandbox.run(["--reporter", "json", "--only-rule", "missing_assertion"])
    return (try JSONFile(output.stdout).findings.map { "\($0.file):\($0.line) \($0.rule)" }, output.stderr)
  }

  func test_aliasOfATestBase_makesItsSubclassATestClass() throws {
    let result = try lint([
      "Tests/Support/MockServerCase.swift": Self.base, "Tests/SearchTests.swift": Self.subclass(of: "SearchHarness"),
    ])
    XCTAssertEqual(result.findings, ["Tests/SearchTests.swift:4 missing_assertion"])
    XCTAssertFalse(result.stderr.contains("note:"), result.stderr)
  }

  func test_aliasNamedLikeATestBase_isDeclaredNotAssumed() throws {
    let result = try lint([
      "Tests/Support/MockServerCase.swift": Self.base, "Tests/SearchTests.swift": Self.subclass(of: "SearchTestCase"),
    ])
    XCTAssertEqual(result.findings, ["Tests/SearchTests.swift:4 missing_assertion"])
    XCTAssertFalse(result.stderr.contains("note:"), result.stderr)
  }

  func test_aliasOfAProductType_isNoTestBase() throws {
    let result = try lint([
      "Tests/Support/Harness.swift": "typealias SearchHarness = Dictionary<String, Int>\n",
      "Tests/SearchTests.swift": Self.subclass(of: "SearchHarness"),
    ])
    XCTAssertEqual(result.findings, [])
  }

  func test_scanner_recordsAliasesOfNamedTypesOnly() {
    let text = """
      typealias A = B
      typealias Pair<T> = Module.Box<T, [Int]>.Inner
      struct S { typealias Nested = Outer<
        Int
      > }
      typealias Callback = (Int) -> Void
      typealias Maybe = B?
      typealias Both = P & Q
      typealias Function = B -> C

      """
    let model = Scanner.scan(SourceFile(path: "a.swift", text: text))
    XCTAssertEqual(
      model.typeAliases.map { "\($0.name)=\($0.target)" }, ["A=B", "Pair=Inner", "Nested=Outer"])
  }
}
