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
    var output = ""
    for finding in result.findings {
      output += Self.line(for: finding)
      output += "\n"
    }
    return output
  }
}

private extension TextReporter {
  static func line(for finding: Finding) -> String {
    let path = singleLine(finding.path)
    let message = singleLine(finding.message)
    let ruleID = singleLine(finding.ruleID)
    return "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
      + "\(message) (\(ruleID))"
  }

  /// Replaces every line break (`\r\n` counts as one) with a space and escapes other controls.
  static func singleLine(_ text: String) -> String {
    // Fast path: nearly every path and message is plain printable text.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
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
