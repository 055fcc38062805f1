import Foundation
@testable import TestLintCore
import XCTest

/// Runs every input in `Fixtures/Fuzz/` through the pipeline its fuzz target (`Fuzz/*.swift`,
/// `Scripts/fuzz`) feeds, with the same checks: `lint/` inputs (split into files at each pair
/// of NUL bytes) through every rule with default and unusual options, every reporter, the
/// inventory and the fixer; `config/` inputs as a `.lint.yml`. An input found by fuzzing, or a
/// small reproduction of a hang or crash found otherwise, is added there and stays fixed.
final class FuzzRegressionTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Fuzz")

  func test_lintRegressionInputs_passEveryCheck() throws {
    let inputs = try Self.inputs("lint")
    XCTAssertGreaterThan(inputs.count, 0)
    for (name, bytes) in inputs {
      let seconds = TimeBound.measure { checkLintPipeline(bytes, name: name) }.seconds
      XCTAssertLessThan(seconds, TimeBound.seconds(10), "\(name) took \(seconds) s of CPU")
    }
  }

  func test_configRegressionInputs_passEveryCheck() throws {
    let inputs = try Self.inputs("config")
    XCTAssertGreaterThan(inputs.count, 0)
    for (name, bytes) in inputs {
      let seconds = TimeBound.measure { checkConfigurationPipeline(bytes, name: name) }.seconds
      XCTAssertLessThan(seconds, TimeBound.seconds(10), "\(name) took \(seconds) s of CPU")
    }
  }
}

extension FuzzRegressionTests {
  /// The files of one target's folder, sorted by name.
  static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
    let folder = fixtures.appendingPathComponent(target)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { !$0.hasPrefix(".") }
    return try names.map { name in
      (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
    }
  }

  /// Option values off the beaten path, as the lint fuzz target uses them.
  static let unusualOptions: [String: OptionValue] = [
    "min_segments": .int(1), "max_segments": .int(20),
    "pattern": .string("^test(_[a-z][A-Za-z0-9]*){1,3}$"),
    "include_swift_testing": .bool(true), "quick_pattern": .string("^[a-z ]+$"),
    "assertion_functions": .strings(["assert*", "*verify", "expect*"]),
    "names": .strings(["*", "sut"]), "type_suffixes": .strings(["", "Presenter", "*"]),
    "receivers": .strings(["api", "*"]), "methods": .strings(["mock", "stub*"]),
    "scope": .string("all_tests"),
  ]

  /// Lints `bytes` as the lint fuzz target does and checks its invariants.
  func checkLintPipeline(_ bytes: [UInt8], name: String) {
    let parts = LintFuzzInput.split(bytes)
    let entries = parts.indices.map { FileEntry(path: "/fuzz/File\($0).swift", displayPath: "File\($0).swift") }
    let contents = Dictionary(uniqueKeysWithValues: zip(entries.map(\.path), parts))
    let configurations = [
      RuleRegistry.all.map { type in
        ConfiguredRule(
          type, severity: type.description.defaultSeverity,
          options: RuleOptions(defaultsOf: type.description))
      },
      RuleRegistry.all.map { type in
        ConfiguredRule(
          type, severity: .error,
          options: RuleOptions(defaultsOf: type.description, configured: Self.unusualOptions))
      },
    ]
    for rules in configurations {
      let engine = LintEngine(rules: rules, testBaseClasses: ["BaseTestCase"], threads: 2)
      let result = engine.run(entries) { entry throws(Diagnostic) in contents[entry.path] ?? [] }
      for finding in result.findings {
        let bytes = contents["/fuzz/" + finding.path] ?? []
        // A generous bound: every LF and every CR may end a line.
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
        XCTAssertTrue(
          finding.line >= 1 && finding.line <= lines && finding.column >= 1,
          "\(name): finding outside its file: \(finding)")
      }
      for reporter in ReporterRegistry.names.compactMap(ReporterRegistry.make) {
        let output = reporter.render(result)
        if type(of: reporter).name == JSONReporter.name {
          XCTAssertNoThrow(
            try JSONSerialization.jsonObject(with: Data(output.utf8)), "\(name): JSON parses")
        }
      }
      let fixes = engine.fixes(entries) { entry throws(Diagnostic) in contents[entry.path] ?? [] }
      var fixed = contents
      for file in fixes {
        XCTAssertNoThrow(
          try SourceFile(path: file.file.displayPath, bytes: file.fixed), "\(name): fixed text reads")
        fixed[file.file.path] = file.fixed
      }
      // Fixes nested deeper than the rounds of one run take more runs, which converge.
      var runs = 0
      while runs <= 50 {
        let snapshot = fixed
        let again = engine.fixes(entries) { entry throws(Diagnostic) in snapshot[entry.path] ?? [] }
        if again.isEmpty { break }
        for file in again { fixed[file.file.path] = file.fixed }
        runs += 1
      }
      XCTAssertLessThanOrEqual(runs, 50, "\(name): --fix runs converge")
    }
  }

  /// Reads `bytes` as a `.lint.yml` as the config fuzz target does and checks its invariants.
  func checkConfigurationPipeline(_ bytes: [UInt8], name: String) {
    let text = (try? SourceFile(path: ".lint.yml", bytes: bytes))?.text(0..<bytes.count)
      ?? String(decoding: bytes, as: UTF8.self)
    let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    do {
      let configuration = try Configuration.parse(
        text, path: ".lint.yml", directory: "/project", rules: RuleRegistry.descriptions)
      let rules = configuration.enabledRules(RuleRegistry.descriptions).compactMap { entry in
        RuleRegistry.rule(id: entry.description.id).map {
          ConfiguredRule($0, severity: entry.severity, options: entry.options)
        }
      }
      let engine = LintEngine(rules: rules, testBaseClasses: configuration.testBaseClasses, threads: 1)
      let entry = FileEntry(path: "/project/Tests/A.swift", displayPath: "Tests/A.swift")
      let sample = Array(Source.badName().utf8)
      let result = engine.run([entry]) { _ throws(Diagnostic) in sample }
      XCTAssertEqual(result.files, ["Tests/A.swift"], name)
    } catch {
      XCTAssertFalse(error.diagnostics.isEmpty, "\(name): an error says what is wrong")
      for diagnostic in error.diagnostics {
        XCTAssertTrue(
          diagnostic.line >= 1 && diagnostic.line <= lines && diagnostic.column >= 1,
          "\(name): error outside the file: \(diagnostic)")
      }
    }
  }
}

/// How the lint fuzz target cuts one input into files.
enum LintFuzzInput {
  /// Splits at each `00 00` pair, into at most four parts.
  static func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    var index = 0
    while index + 1 < bytes.count, parts.count < 3 {
      if bytes[index] == 0, bytes[index + 1] == 0 {
        parts.append(Array(bytes[start..<index]))
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    parts.append(Array(bytes[start...]))
    return parts
  }
}
