// The `config` fuzz target: arbitrary bytes as a `.lint.yml`.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module.
// Each input goes the way the CLI reads a configuration: SourceFile's text check, YAMLParser,
// Configuration.parse against every rule; an accepted configuration is then used: its globs are
// matched and its rules (with their options, regexes included) lint a small test file, whose
// result every reporter renders (`sarif` without the rule pages, see `ReportersFuzzer`). Besides
// crashes and sanitizer reports, it traps on an error without a position inside the input.

import Foundation

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum ConfigFuzzer {
  static let sample = Array(
    """
    import XCTest

    final class CoursePresenterTests: XCTestCase {
      var presenter: CoursePresenter!
      override func setUp() { presenter = CoursePresenter(api: api) }
      func test_load_showsTitle() { api.mock(course); presenter.load(); XCTAssert(title == "x") }
      func testNothing() {}
    }

    @Test func loads() { #expect(true) }
    """.utf8)

  static let paths = ["Tests/A.swift", "Tests/Sub/B.swift", "Sources/C.swift", "x", ""]

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    let text: String
    do {
      text = try SourceFile(path: ".lint.yml", bytes: bytes).text(0..<bytes.count)
    } catch {
      text = String(decoding: bytes, as: UTF8.self)
    }
    // A generous bound: every LF and every CR may end a line.
    let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    do {
      _ = try YAMLParser.parse(text)
    } catch {
      if error.line < 1 || error.line > lines + 1 || error.column < 1 {
        throw FuzzFailure("YAML error outside the input: \(error)")
      }
    }
    let configuration: Configuration
    do {
      configuration = try Configuration.parse(
        text, path: ".lint.yml", directory: "/project", rules: RuleRegistry.descriptions)
    } catch {
      if error.diagnostics.isEmpty {
        throw FuzzFailure("a configuration error without a diagnostic")
      }
      for diagnostic in error.diagnostics
      where diagnostic.line < 1 || diagnostic.line > lines + 1 || diagnostic.column < 1 {
        throw FuzzFailure("configuration error outside the input: \(diagnostic)")
      }
      return
    }
    for glob in (configuration.included + configuration.excluded).map(Glob.init) {
      for path in paths { _ = glob.matches(path) }
    }
    let rules = configuration.enabledRules(RuleRegistry.descriptions).compactMap { entry in
      RuleRegistry.rule(id: entry.description.id).map {
        ConfiguredRule($0, severity: entry.severity, options: entry.options)
      }
    }
    let engine = LintEngine(
      rules: rules, testBaseClasses: configuration.testBaseClasses, threads: 1)
    let entry = FileEntry(path: "/project/Tests/A.swift", displayPath: "Tests/A.swift")
    let result = engine.run([entry]) { _ throws(Diagnostic) in sample }
    // Every report, `sarif` without the rule pages (fixed text: `ReportersFuzzer` checks the
    // log with them once a process).
    if let failure = ReportersFuzzer.sarifWithPages { throw failure }
    for name in ReporterRegistry.names {
      _ = ReportersFuzzer.reporter(name).render(result)
    }
    _ = engine.fixes([entry]) { _ throws(Diagnostic) in sample }
  }
}
