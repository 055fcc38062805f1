// What the `rules` and `fix` fuzz targets share: how one input becomes several files, the two
// rule configurations every input runs under, and the check that findings stay in their file.

import Foundation

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

/// One fuzz input as the files of a run.
struct FuzzFiles {
  /// The input split at each pair of NUL bytes, into at most four files (a single NUL stays in
  /// a file, where `SourceFile` must reject it), so cross-file class hierarchies and assertion
  /// helpers are exercised too.
  let entries: [FileEntry]
  let contents: [String: [UInt8]]

  init(_ bytes: [UInt8]) {
    let parts = FuzzFiles.split(bytes)
    entries = parts.indices.map { index in
      FileEntry(path: "/fuzz/File\(index).swift", displayPath: "Tests/File\(index).swift")
    }
    contents = Dictionary(uniqueKeysWithValues: zip(entries.map(\.path), parts))
  }

  /// Reads a file of the input (a run's `load`).
  var load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] {
    let contents = contents
    return { entry throws(Diagnostic) in
      guard let bytes = contents[entry.path] else {
        throw Diagnostic(path: entry.displayPath, message: "cannot read file: gone")
      }
      return bytes
    }
  }

  /// Splits at each `00 00` pair, into at most four parts.
  ///
  /// The NULs are found with `memchr`: a loop over the bytes here, compiled with the fuzzer's
  /// comparison tracing, took 7% of a `rules` input's instructions.
  static func split(_ bytes: [UInt8]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index + 1 < buffer.count, parts.count < 3 {
        guard let found = memchr(base + index, 0, buffer.count - 1 - index) else { break }
        index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        if base[index + 1] == 0 {
          parts.append(Array(buffer[start..<index]))
          index += 2
          start = index
        } else {
          index += 1
        }
      }
    }
    parts.append(Array(bytes[start...]))
    return parts
  }

  /// Every rule (opt-in ones too) with default options, then with unusual ones, built once.
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

  /// An engine for one configuration, on the calling thread.
  static func engine(_ configuration: Int) -> LintEngine {
    var engine = LintEngine(
      rules: configurations[configuration], testBaseClasses: ["BaseTestCase"], threads: 1)
    engine.modelCacheBytes = configuration == 0 ? 32 << 20 : 0  // the re-read path too
    return engine
  }

  /// Fails on a finding outside its file or a diagnostic at a negative position.
  ///
  /// Each file is read once and a line's width counted once (in bytes that start a scalar):
  /// a check per finding that read the file again made the check cost more than the lint.
  func check(_ result: LintResult) throws(FuzzFailure) {
    var sources: [String: SourceFile?] = [:]
    for entry in entries {
      sources.updateValue(
        try? SourceFile(path: entry.displayPath, bytes: contents[entry.path] ?? []),
        forKey: entry.displayPath)
    }
    var widths: [String: [Int: Int]] = [:]
    for finding in result.findings {
      guard let known = sources[finding.path] else {
        throw FuzzFailure("finding in unknown file \(finding)")
      }
      guard let source = known else {
        throw FuzzFailure("finding in a file that does not read: \(finding)")
      }
      guard finding.line >= 1, finding.line <= source.lineStarts.count, finding.column >= 1 else {
        throw FuzzFailure("finding outside its file: \(finding)")
      }
      let columns: Int
      if let width = widths[finding.path]?[finding.line] {
        columns = width
      } else {
        columns = source.bytes[source.lineRange(finding.line)].reduce(0) {
          $0 + ($1 & 0xC0 != 0x80 ? 1 : 0)
        }
        widths[finding.path, default: [:]][finding.line] = columns
      }
      if finding.column > columns + 1 {
        throw FuzzFailure("finding past its line's end: \(finding)")
      }
    }
    for error in result.errors where error.line < 0 || error.column < 0 {
      throw FuzzFailure("diagnostic with a negative position: \(error)")
    }
  }
}
