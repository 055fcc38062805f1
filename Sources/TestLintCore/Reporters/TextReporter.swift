/// The `text` reporter: one `path:line:column: severity: message (rule_id)` line per finding.
///
/// This is the format Xcode, editors and most CI log parsers recognize. It prints findings only:
/// summaries and errors go to standard error from the command line. Line breaks inside any
/// field become spaces, and other control characters a visible `\u{X}` escape, so a finding
/// always stays on one line and cannot drive the terminal.
public struct TextReporter: Reporter {
  /// The name used with `--reporter text`.
  public static let name = "text"

  /// Creates the reporter.
  public init() {}

  /// One line per finding, each ending in a newline; empty when there are no findings.
  public func render(_ result: LintResult) -> String {
    var output: [UInt8] = []
    for finding in result.findings { Self.appendLine(of: finding, to: &output) }
    return String(decoding: output, as: UTF8.self)
  }
}

private extension TextReporter {
  /// Appends a finding's line, newline included.
  static func appendLine(of finding: Finding, to output: inout [UInt8]) {
    var message = finding.message
    let path = singleLine(Array(finding.path.utf8))
    let ruleID = singleLine(Array(finding.ruleID.utf8))
    message.withUTF8 { message in
      path.withUnsafeBufferPointer { path in
        ruleID.withUnsafeBufferPointer { ruleID in
          appendLine(
            path: path, line: finding.line, column: finding.column, severity: finding.severity,
            message: message, ruleID: ruleID, to: &output)
        }
      }
    }
  }

  /// Appends one `path:line:column: severity: message (rule_id)` line, newline included: the
  /// one writer of the format. `path` and `ruleID` are already on one line (`singleLine`).
  ///
  /// Every field comes as a buffer pointer, the labels as static text: nothing here is
  /// retained. The threads that render a report side by side retained the same rule ids and
  /// labels for every line, and a reference count both cores write passes its cache line back
  /// and forth (measured with `perf`: 4 samples of `swift_retain` here on one thread, 48 on two).
  static func appendLine(
    path: UnsafeBufferPointer<UInt8>, line: Int, column: Int, severity: Severity,
    message: UnsafeBufferPointer<UInt8>, ruleID: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
  ) {
    output.append(contentsOf: path)
    output.append(0x3A)  // :
    appendNumber(line, to: &output)
    output.append(0x3A)
    appendNumber(column, to: &output)
    let label = severity == .error ? errorLabel : warningLabel
    output.append(contentsOf: UnsafeBufferPointer(start: label.utf8Start, count: label.utf8CodeUnitCount))
    appendSingleLine(message, to: &output)
    output.append(0x20)
    output.append(0x28)  // (
    output.append(contentsOf: ruleID)
    output.append(0x29)  // )
    output.append(0x0A)
  }

  /// Replaces every line break (`\r\n` counts as one) with a space and escapes other controls.
  static func singleLine(_ text: String) -> String {
    // Fast path: nearly every path and message is plain printable text.
    if text.utf8.withContiguousStorageIfAvailable(isPlain) ?? Array(text.utf8).withUnsafeBufferPointer(isPlain) {
      return text
    }
    var output = ""
    for character in text {
      if character.isNewline {
        output += " "
        continue
      }
      for scalar in character.unicodeScalars {
        if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
          output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}

extension TextReporter {
  /// What `render(_:threads:include:emit:)` counted: the findings reported, those at error
  /// severity, and the files whose findings could not be read back.
  struct StreamCounts {
    var findings = 0
    var errors = 0
    var problems: [Diagnostic] = []
  }

  /// The report of a run's encoded findings, passed to `emit` in pieces as it is rendered: the
  /// same bytes as `render(_:)` of the decoded findings, without decoding them into `Finding`s
  /// nor holding the whole report. Slices of files are rendered on `threads` threads, one each
  /// at a time, and emitted in order. `include` keeps a finding by path and line (`--changed-since`).
  static func render(
    _ findings: FindingsByFile, threads: Int, include: (@Sendable (String, Int) -> Bool)? = nil,
    emit: (String) -> Void
  ) -> StreamCounts {
    var counts = StreamCounts()
    if findings.sortsAll {
      // A finding elsewhere than its file: sorted all together, as before encoding.
      let decoded = findings.all(threads: threads)
      var kept = decoded.findings
      if let include { kept.removeAll { !include($0.path, $0.line) } }
      emit(TextReporter().render(LintResult(findings: kept, errors: [], files: [], rules: [])))
      counts.findings = kept.count
      counts.errors = kept.filter { $0.severity == .error }.count
      counts.problems = decoded.problems
      return counts
    }
    // The rule ids, on one line each, in one array: a job reads them through one pointer.
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    for id in findings.codec.ruleIDs {
      let start = bytes.count
      bytes.append(contentsOf: singleLine(Array(id.utf8)))
      ranges.append(start..<bytes.count)
    }
    let (ruleIDBytes, ruleIDRanges) = (bytes, ranges)
    let slices = findings.slices
    // A slice per thread at a time: the pieces wait in memory until emitted (four per thread
    // held 9 MB of rendered lines on real code, 3 MB more at the run's peak, for no gain in
    // time).
    let wave = max(1, threads)
    var start = 0
    while start < slices.count {
      let end = min(slices.count, start + wave)
      let first = start
      let parts = Parallel.map(count: end - first, threads: threads) { position -> ([UInt8], StreamCounts) in
        var output: [UInt8] = []
        output.reserveCapacity(FindingsByFile.sliceFindings * 128)
        var counts = StreamCounts()
        ruleIDBytes.withUnsafeBufferPointer { bytes in
          ruleIDRanges.withUnsafeBufferPointer { ranges in
            let ruleIDs = RuleIDs(bytes: bytes, ranges: ranges)
            for group in findings.groups[slices[first + position]] {
              render(group, of: findings, ruleIDs: ruleIDs, include: include, into: &output, counts: &counts)
            }
          }
        }
        return (output, counts)
      }
      for (output, part) in parts {
        emit(String(decoding: output, as: UTF8.self))
        counts.findings += part.findings
        counts.errors += part.errors
        counts.problems += part.problems
      }
      start = end
    }
    return counts
  }
}

private extension TextReporter {
  /// The lines of one group of files of equal paths.
  static func render(
    _ group: FindingsByFile.Group, of findings: FindingsByFile, ruleIDs: RuleIDs,
    include: (@Sendable (String, Int) -> Bool)?, into output: inout [UInt8], counts: inout StreamCounts
  ) {
    guard group.count == 1, let block = group.first else {
      // Several files of one path: merged by line first.
      for finding in findings.findings(of: group, problems: &counts.problems)
      where include?(finding.path, finding.line) ?? true {
        appendLine(of: finding, to: &output)
        counts.findings += 1
        if finding.severity == .error { counts.errors += 1 }
      }
      return
    }
    let path = findings.files.withDisplayPath(block.file) { singleLine(Array($0)) }
    // The path as a string, for `include` only.
    let text = include == nil ? "" : findings.files.displayPath(block.file)
    let read = path.withUnsafeBufferPointer { path in
      findings.store.withBytes(block.location) { bytes in
        findings.codec.forEach(bytes) { entry in
          if let include, !include(text, entry.line) { return }
          counts.findings += 1
          if entry.severity == .error { counts.errors += 1 }
          let message = UnsafeBufferPointer(rebasing: bytes[entry.message])
          guard entry.rule >= 0 else {
            singleLine(Array(UnsafeBufferPointer(rebasing: bytes[entry.ruleBytes]))).withUnsafeBufferPointer { ruleID in
              appendLine(
                path: path, line: entry.line, column: entry.column, severity: entry.severity,
                message: message, ruleID: ruleID, to: &output)
            }
            return
          }
          appendLine(
            path: path, line: entry.line, column: entry.column, severity: entry.severity,
            message: message, ruleID: ruleIDs[entry.rule], to: &output)
        }
      }
    }
    if read != true { counts.problems.append(findings.unreadable(block)) }
  }

  /// `": \(Severity.error.rawValue): "` and the same for warnings, as static text (a test
  /// checks they agree).
  static let errorLabel: StaticString = ": error: "
  static let warningLabel: StaticString = ": warning: "

  /// The rule ids of a report on one line each, read through pointers.
  struct RuleIDs {
    let bytes: UnsafeBufferPointer<UInt8>
    let ranges: UnsafeBufferPointer<Range<Int>>

    subscript(rule: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[ranges[rule]])
    }
  }

  /// `singleLine` of UTF-8 bytes.
  static func singleLine(_ text: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    text.withUnsafeBufferPointer { appendSingleLine($0, to: &output) }
    return output
  }

  /// Appends `singleLine` of UTF-8 bytes.
  static func appendSingleLine(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    if isPlain(text) {
      output.append(contentsOf: text)
    } else {
      output.append(contentsOf: singleLine(String(decoding: text, as: UTF8.self)).utf8)
    }
  }

  /// Whether `singleLine` leaves the text as it is: no control character, no DEL, and no lead
  /// byte of a line break beyond ASCII (U+0085 starts with 0xC2, U+2028 and U+2029 with 0xE2).
  /// Eight bytes at a time while they are printable ASCII: every line of a report passes its
  /// message through here.
  static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    while index + 8 <= text.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let delete = word ^ 0x7F7F_7F7F_7F7F_7F7F
      // A byte of 0x80 or more, below 0x20, or 0x7F: the bytes from here are read one by one.
      if word & highs != 0 || (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
        || (delete &- ones) & ~delete & highs != 0
      {
        break
      }
      index += 8
    }
    return !text[index...].contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
  }

  /// Appends `value` in decimal, as string interpolation writes it.
  static func appendNumber(_ value: Int, to output: inout [UInt8]) {
    guard value >= 0 else {
      output.append(contentsOf: String(value).utf8)
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[19 - count] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
        rest /= 10
        count += 1
      } while rest > 0
      output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
    }
  }
}
