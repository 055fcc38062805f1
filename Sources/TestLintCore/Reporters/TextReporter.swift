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

  /// Reads no test, suite nor snippet.
  public var readsFindingDetails: Bool { false }

  /// Nothing before the findings.
  public func begin(_ header: ReportHeader, to output: inout ReportWriter) {}

  /// One line per finding, each ending in a newline.
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    guard let first = file.findings.first else { return }
    // The path on one line once for the file (every finding of it names it, bar a rare one
    // elsewhere whose own path is written).
    let path = Self.singleLine(Array(first.path.utf8))
    var ruleID = (id: "", line: [UInt8]())
    for finding in file.findings {
      if finding.ruleID != ruleID.id { ruleID = (finding.ruleID, Self.singleLine(Array(finding.ruleID.utf8))) }
      guard finding.path == first.path else {
        Self.appendLine(of: finding, to: &output)
        continue
      }
      var message = finding.message
      message.withUTF8 { message in
        path.withUnsafeBufferPointer { path in
          ruleID.line.withUnsafeBufferPointer { ruleID in
            Self.appendLine(
              path: path, line: finding.line, column: finding.column, severity: finding.severity,
              message: message, ruleID: ruleID, to: &output)
          }
        }
      }
    }
  }

  /// The same as `file(_:to:)`, on any thread.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    self.file(file, to: &part)
    return true
  }

  /// Nothing after the findings: summaries and errors go to standard error.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {}
}

private extension TextReporter {
  /// Appends a finding's line, newline included.
  static func appendLine(of finding: Finding, to output: inout ReportWriter) {
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
  /// Every field comes as a buffer pointer, the labels as static text: nothing here is
  /// retained or allocated for a plain line.
  static func appendLine(
    path: UnsafeBufferPointer<UInt8>, line: Int, column: Int, severity: Severity,
    message: UnsafeBufferPointer<UInt8>, ruleID: UnsafeBufferPointer<UInt8>, to output: inout ReportWriter
  ) {
    output.write(bytes: path)
    output.write(byte: 0x3A)  // :
    output.write(number: line)
    output.write(byte: 0x3A)
    output.write(number: column)
    output.write(severity == .error ? errorLabel : warningLabel)
    if isPlain(message) {
      output.write(bytes: message)
    } else {
      output.write(singleLine(String(decoding: message, as: UTF8.self)))
    }
    output.write(byte: 0x20)
    output.write(byte: 0x28)  // (
    output.write(bytes: ruleID)
    output.write(byte: 0x29)  // )
    output.write(byte: 0x0A)
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

private extension TextReporter {
  /// `": \(Severity.error.rawValue): "` and the same for warnings, as static text (a test
  /// checks they agree).
  static let errorLabel: StaticString = ": error: "
  static let warningLabel: StaticString = ": warning: "

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
}
