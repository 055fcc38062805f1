import Foundation
import TestLintCore
import XCTest

/// Lints and fixes in-memory files with one rule, the way the engine runs it on a whole run.
struct LintHarness {
  let engine: LintEngine
  let files: [FileEntry]
  let contents: [String: [UInt8]]

  /// One rule (with its default options unless `options` are given) over `files` (name → text);
  /// `baseAssumption` as `assume_test_bases` (the engine's default, nil, assumes no base).
  init(
    _ type: any Rule.Type, files: [String: String], options: [String: OptionValue] = [:],
    testBaseClasses: [String] = [], baseAssumption: BaseAssumption? = nil
  ) {
    self.init(
      type, bytes: files.mapValues { Array($0.utf8) }, options: options, testBaseClasses: testBaseClasses,
      baseAssumption: baseAssumption)
  }

  /// The same, with raw bytes (line endings kept as given).
  init(
    _ type: any Rule.Type, bytes: [String: [UInt8]], options: [String: OptionValue] = [:],
    testBaseClasses: [String] = [], baseAssumption: BaseAssumption? = nil
  ) {
    let configured = RuleOptions(defaultsOf: type.description, configured: options)
    var engine = LintEngine(
      rules: [ConfiguredRule(type, severity: type.description.defaultSeverity, options: configured)],
      testBaseClasses: testBaseClasses, threads: 1)
    engine.baseAssumption = baseAssumption
    self.engine = engine
    files = bytes.keys.sorted().map { FileEntry(path: $0, displayPath: $0) }
    contents = bytes
  }

  /// The findings, sorted; fails the test on lexer problems.
  func findings(file: StaticString = #filePath, line: UInt = #line) -> [Finding] {
    let contents = self.contents
    let result = engine.run(files) { entry in contents[entry.path] ?? [] }
    XCTAssertEqual(result.errors.map(\.message), [], "the source does not lex cleanly", file: file, line: line)
    return result.findings
  }

  /// `line:column message` of each finding.
  func messages(file: StaticString = #filePath, line: UInt = #line) -> [String] {
    findings(file: file, line: line).map { "\($0.line):\($0.column) \($0.message)" }
  }

  /// The fixed text of each file a fix changes.
  func fixed() -> [String: [UInt8]] {
    let contents = self.contents
    var result: [String: [UInt8]] = [:]
    for fixed in engine.fixes(files, load: { entry in contents[entry.path] ?? [] }) {
      result[fixed.file.path] = fixed.fixed
    }
    return result
  }
}

extension LintHarness {
  /// Runs `swiftc -dump-parse` on `text`; returns the compiler's errors (empty when it parses).
  /// Skipped locally when `swiftc` is missing, a failure on CI.
  static func parseErrors(_ bytes: [UInt8], name: String = "Fixed.swift") throws -> String {
    let swiftc = try FixTests.swiftc()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("testlint-parse-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: swiftc)
    process.arguments = ["-dump-parse", url.path]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? "" : message
  }
}
