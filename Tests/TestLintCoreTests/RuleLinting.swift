import TestLintCore
import XCTest

/// Lints in-memory sources with one rule, for the per-rule tests.
enum RuleLinting {
  /// The findings one rule reports on `source` (read as the file at `path`), in order.
  static func findings(
    _ type: any Rule.Type, _ source: String, path: String = "Sample.swift",
    options: [String: OptionValue] = [:]
  ) -> [Finding] {
    let engine = LintEngine(
      rules: [
        ConfiguredRule(
          type, severity: type.description.defaultSeverity,
          options: RuleOptions(defaultsOf: type.description, configured: options))
      ],
      testBaseClasses: [], threads: 1)
    let bytes = Array(source.utf8)
    let result = engine.run([FileEntry(path: path, displayPath: path)]) { _ in bytes }
    XCTAssertEqual(result.errors, [], "the source does not lex cleanly")
    return result.findings
  }

  /// `line:column` of each finding, for compact comparisons.
  static func positions(
    _ type: any Rule.Type, _ source: String, path: String = "Sample.swift",
    options: [String: OptionValue] = [:]
  ) -> [String] {
    findings(type, source, path: path, options: options).map { "\($0.line):\($0.column)" }
  }

  /// A file with one XCTest class around `members`: its first member is on line 4.
  static func xctest(_ members: String) -> String {
    "import XCTest\n\nfinal class SampleTests: XCTestCase {\n" + members + "\n}\n"
  }
}
