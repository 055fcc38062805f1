import TestLintCore
import XCTest

/// Lints in-memory files with one rule, for the rule tests: no disk, one thread.
enum InMemoryLint {
  /// The findings of `type` on `files` (path, source), with `options` over its defaults; fails
  /// the calling test when a file does not lex cleanly.
  static func findings(
    _ type: any Rule.Type, _ files: [(path: String, source: String)],
    options: [String: OptionValue] = [:], file: StaticString = #filePath, line: UInt = #line
  ) -> [Finding] {
    let engine = LintEngine(
      rules: [
        ConfiguredRule(
          type, severity: type.description.defaultSeverity,
          options: RuleOptions(defaultsOf: type.description, configured: options))
      ],
      testBaseClasses: [], threads: 1)
    var sources: [String: [UInt8]] = [:]
    for entry in files { sources[entry.path] = Array(entry.source.utf8) }
    let contents = sources
    let entries = files.map { FileEntry(path: $0.path, displayPath: $0.path) }
    let result = engine.run(entries) { entry in contents[entry.path] ?? [] }
    XCTAssertEqual(result.errors, [], "the sources do not lex cleanly", file: file, line: line)
    return result.findings
  }

  /// The messages of `type` on one file named `path`, in order.
  static func messages(
    _ type: any Rule.Type, _ source: String, path: String = "SampleTests.swift",
    options: [String: OptionValue] = [:], file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    findings(type, [(path, source)], options: options, file: file, line: line).map(\.message)
  }
}
