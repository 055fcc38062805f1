// The `lint` fuzz target: arbitrary bytes through the whole lint pipeline.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module, so
// internal API is visible without `-enable-testing`. Not part of the SwiftPM package.
//
// The input is split at each pair of NUL bytes into up to four files (a single NUL stays in a
// file, where `SourceFile` must reject it), so cross-file class hierarchies and assertion
// helpers are exercised too. Each input runs through: SourceFile, Lexer, Preprocessor,
// Scanner, test discovery, every rule (opt-in ones too) with default and with unusual options,
// suppressions, every reporter, the inventory, the Fixer and the unified diff. Besides crashes
// and sanitizer reports, it traps on broken invariants: a finding outside its file, JSON output
// that does not parse, a fix that produces invalid text or new lexer problems, or `--fix` runs
// that do not converge.
import Foundation

enum LintFuzzer {
  /// Both rule configurations, built once.
  static let configurations: [[ConfiguredRule]] = [
    RuleRegistry.all.map { type in
      ConfiguredRule(
        type, severity: type.description.defaultSeverity,
        options: RuleOptions(defaultsOf: type.description))
    },
    RuleRegistry.all.map { type in
      ConfiguredRule(
        type, severity: .error,
        options: RuleOptions(defaultsOf: type.description, configured: unusualOptions))
    },
  ]

  static let unusualOptions: [String: OptionValue] = [
    "min_segments": .int(1), "max_segments": .int(20),
    "pattern": .string("^test(_[a-z][A-Za-z0-9]*){1,3}$"),
    "include_swift_testing": .bool(true), "quick_pattern": .string("^[a-z ]+$"),
    "assertion_functions": .strings(["assert*", "*verify", "expect*"]),
    "names": .strings(["*", "sut"]), "type_suffixes": .strings(["", "Presenter", "*"]),
    "receivers": .strings(["api", "*"]), "methods": .strings(["mock", "stub*"]),
    "scope": .string("all_tests"),
  ]

  static func run(_ bytes: [UInt8]) {
    let parts = split(bytes)
    let entries = parts.indices.map { index in
      FileEntry(path: "/fuzz/File\(index).swift", displayPath: "Tests/File\(index).swift")
    }
    let contents = Dictionary(uniqueKeysWithValues: zip(entries.map(\.path), parts))
    let load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = { entry throws(Diagnostic) in
      guard let bytes = contents[entry.path] else {
        throw Diagnostic(path: entry.displayPath, message: "cannot read file: gone")
      }
      return bytes
    }
    for (index, rules) in configurations.enumerated() {
      var engine = LintEngine(rules: rules, testBaseClasses: ["BaseTestCase"], threads: 1)
      engine.modelCacheBytes = index == 0 ? 32 << 20 : 0  // the re-read path too
      let result = engine.run(entries, load: load)
      check(result, contents: contents, entries: entries)
      for name in ReporterRegistry.names {
        let reporter: any Reporter =
          name == JUnitReporter.name ? JUnitReporter() : ReporterRegistry.make(name)!
        let output = reporter.render(result)
        if name == JSONReporter.name {
          let parsed = try? JSONSerialization.jsonObject(with: Data(output.utf8))
          if parsed == nil { fatalError("json reporter wrote invalid JSON:\n\(output)") }
        }
      }
      let counter = MissingAssertionRule(
        options: RuleOptions(defaultsOf: MissingAssertionRule.description, configured: unusualOptions))
      _ = engine.inventory(entries, matcher: counter, load: load)
      let fixes = engine.fixes(entries, load: load)
      var afterFix = contents
      for fixed in fixes {
        checkFix(fixed)
        afterFix[fixed.file.path] = fixed.fixed
      }
      guard !fixes.isEmpty else { continue }
      // Running `--fix` again changes nothing, unless fixes nested in one another's arguments
      // needed more than `Fixer.maximumRounds` rounds; then further runs converge and never
      // undo or oscillate.
      var runs = 0
      var current = afterFix
      while true {
        let snapshot = current
        let again = engine.fixes(entries) { entry throws(Diagnostic) in snapshot[entry.path] ?? [] }
        if again.isEmpty { break }
        runs += 1
        if runs > 50 {
          fatalError(
            "--fix does not converge on \(again[0].file.displayPath):\n"
              + UnifiedDiff.render(
                path: again[0].file.displayPath, old: String(decoding: again[0].original, as: UTF8.self),
                new: String(decoding: again[0].fixed, as: UTF8.self)))
        }
        for fixed in again {
          checkFix(fixed)
          current[fixed.file.path] = fixed.fixed
        }
      }
    }
  }

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

  static func check(_ result: LintResult, contents: [String: [UInt8]], entries: [FileEntry]) {
    let byDisplay = Dictionary(
      uniqueKeysWithValues: entries.map { ($0.displayPath, contents[$0.path] ?? []) })
    for finding in result.findings {
      guard let bytes = byDisplay[finding.path] else { fatalError("finding in unknown file \(finding)") }
      guard let source = try? SourceFile(path: finding.path, bytes: bytes) else {
        fatalError("finding in a file that does not read: \(finding)")
      }
      let range = source.lineRange(finding.line)
      let columns = String(decoding: bytes[range], as: UTF8.self).unicodeScalars.count
      if finding.line < 1 || finding.line > source.lineStarts.count || finding.column < 1
        || finding.column > columns + 1
      {
        fatalError("finding outside its file: \(finding)")
      }
    }
    for error in result.errors where error.line < 0 || error.column < 0 {
      fatalError("diagnostic with a negative position: \(error)")
    }
  }

  static func checkFix(_ fixed: FixedFile) {
    let path = fixed.file.displayPath
    guard let original = try? SourceFile(path: path, bytes: fixed.original) else {
      fatalError("fixed a file that does not read")
    }
    guard let result = try? SourceFile(path: path, bytes: fixed.fixed) else {
      fatalError("a fix produced bytes that do not read")
    }
    if Scanner.scan(result, bodies: false).problems.count
      > Scanner.scan(original, bodies: false).problems.count
    {
      fatalError("a fix added lexer problems")
    }
    _ = UnifiedDiff.render(
      path: path, old: String(decoding: fixed.original, as: UTF8.self),
      new: String(decoding: fixed.fixed, as: UTF8.self))
  }
}
