/// The `github` reporter: GitHub Actions workflow commands, shown as annotations on the pull
/// request's diff and the run's summary.
///
/// One `::error file=PATH,line=L,col=C,title=RULE::MESSAGE` line per finding at error severity
/// (`::warning` for warnings), and one `::error` with title `testlint` per file that could not be
/// read. Paths are as the run prints them, so run testlint from the repository root.
///
/// GitHub shows only the first 10 error and 10 warning annotations of a step. Past those, the
/// reporter prints one `::notice` saying how many findings were not annotated, then those
/// findings as plain `path:line:column: severity: message (rule_id)` lines.
///
/// Nothing a finding holds can start a command: message data escapes `%`, CR and LF (`%25`,
/// `%0D`, `%0A`), property values also `:` and `,` (`%3A`, `%2C`), as the runner unescapes them;
/// other control characters and Unicode line separators become a visible `\u{X}`. A plain line
/// that would begin with `::` once leading whitespace is dropped (the runner's test for a
/// command) starts with `./` instead, which names the same relative path; `##[` (the runner's
/// legacy command syntax, recognized anywhere in a line) is written `##\u{5B}` in plain lines.
///
/// The Markdown for `GITHUB_STEP_SUMMARY` is ``stepSummary(_:)``; the command line appends it.
public struct GitHubReporter: Reporter {
  /// The name used with `--reporter github`.
  public static let name = "github"

  /// How many annotations of each severity GitHub shows per step.
  public var annotationLimit: Int
  /// Where the report is.
  private var state = State()

  /// Creates the reporter.
  public init(annotationLimit: Int = 10) {
    self.annotationLimit = max(0, annotationLimit)
  }

  /// Reads no test, suite nor snippet.
  public var readsFindingDetails: Bool { false }
  /// The notice says how many findings were not annotated before listing them.
  public var needsTotals: Bool { true }

  /// The unreadable files' annotations: they mean part of the run did not happen.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    state = State()
    let totals = header.totals ?? FindingTotals(rules: [])
    // Errors are annotated as error findings are, before them.
    state.expected = [
      .error: header.errors.count + totals.errors, .warning: totals.warnings,
    ]
    for error in header.errors { write(Item(error), to: &output) }
  }

  /// The file's findings: annotations up to the limits, then plain lines.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    for finding in file.findings { write(Item(finding), to: &output) }
  }

  /// The file's findings as plain lines, which they are once the annotations are all written.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    part.reserve(file.findings.count * 240)  // about what a finding takes, and some
    for finding in file.findings { Self.writePlainLine(for: Item(finding), to: &part) }
    return true
  }

  /// The plain lines rendered ahead once every annotation and the notice are written;
  /// before, the file's findings in order (`file(_:to:)`).
  public mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter) {
    let annotating = !state.noticeWritten || file.findings.contains {
      state.annotated[$0.severity, default: 0] < annotationLimit
    }
    guard !annotating else {
      self.file(file, to: &output)
      return
    }
    state.overflow += file.findings.count
    output.write(part: rendered.bytes)
  }

  /// The notice and the plain lines held for it, if not written yet.
  public mutating func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    if !state.noticeWritten, state.overflow > 0 { writeNotice(count: state.overflow, to: &output) }
  }

  /// Markdown for the job summary (`GITHUB_STEP_SUMMARY`): totals, then a table of findings
  /// per rule and severity; ends in a newline. Pure, like `render`.
  public static func stepSummary(_ result: LintResult) -> String {
    var counts = RuleCounts()
    counts.add(result.findings)
    return stepSummary(counts, files: result.files.count, unreadable: result.errors.count)
  }

  /// Findings counted by rule and severity, for the job summary.
  public struct RuleCounts: Sendable {
    /// By rule id.
    var byRule: [String: (errors: Int, warnings: Int)] = [:]
    var errors = 0
    var findings = 0

    /// No findings yet.
    public init() {}

    /// Counts `findings`.
    public mutating func add(_ findings: [Finding]) {
      for finding in findings {
        self.findings += 1
        if finding.severity == .error {
          errors += 1
          byRule[finding.ruleID, default: (0, 0)].errors += 1
        } else {
          byRule[finding.ruleID, default: (0, 0)].warnings += 1
        }
      }
    }
  }

  /// The job summary of findings counted by rule, `files` linted files and `unreadable` files
  /// that could not be read.
  public static func stepSummary(_ counts: RuleCounts, files: Int, unreadable: Int) -> String {
    let errors = counts.errors
    let warnings = counts.findings - errors
    var text = "### \(ToolInfo.name)\n\n"
    text += "\(plural(counts.findings, "finding")) (\(plural(errors, "error")), "
      + "\(plural(warnings, "warning"))) in \(plural(files, "file"))"
    if unreadable > 0 {
      text += "; \(plural(unreadable, "file")) could not be read"
    }
    text += "\n"
    guard counts.findings > 0 else { return text }
    text += "\n| Rule | Errors | Warnings | Total |\n| --- | ---: | ---: | ---: |\n"
    for (rule, count) in counts.byRule.sorted(by: { $0.key < $1.key }) {
      text += "| \(ruleLink(rule)) | \(count.errors) | \(count.warnings) "
        + "| \(count.errors + count.warnings) |\n"
    }
    text += "| **Total** | \(errors) | \(warnings) | \(counts.findings) |\n"
    return text
  }

  /// Escapes a command's message: `%`, CR and LF, and other line-breaking or control
  /// characters made visible.
  public static func escapedData(_ text: String) -> String {
    escape(text, inProperty: false)
  }

  /// Escapes a command's property value: as data, plus `:` and `,`.
  public static func escapedProperty(_ text: String) -> String {
    escape(text, inProperty: true)
  }
}

private extension GitHubReporter {
  /// One annotation: a finding, or a file that could not be read (titled `testlint`).
  struct Item {
    var severity: Severity
    var path: String
    var line: Int
    var column: Int
    var title: String
    var message: String

    init(_ finding: Finding) {
      self.init(
        severity: finding.severity, path: finding.path, line: finding.line,
        column: finding.column, title: finding.ruleID, message: finding.message)
    }

    init(_ error: Diagnostic) {
      self.init(
        severity: .error, path: error.path, line: error.line, column: error.column,
        title: ToolInfo.name, message: error.message)
    }

    init(
      severity: Severity, path: String, line: Int, column: Int, title: String, message: String
    ) {
      self.severity = severity
      self.path = path
      self.line = max(1, line)
      self.column = max(1, column)
      self.title = title
      self.message = message
    }
  }

  /// What the report has written so far.
  struct State {
    /// Items of each severity to come in the whole report (from the totals).
    var expected: [Severity: Int] = [:]
    /// Items of each severity annotated.
    var annotated: [Severity: Int] = [:]
    /// Items past the limits so far.
    var overflow = 0
    /// Their plain lines, while they wait for the notice (the last annotation comes first).
    var held: [UInt8] = []
    var noticeWritten = false
  }

  /// Writes `item` as an annotation within the limits, else as a plain line after the notice
  /// (held until every annotation is written).
  mutating func write(_ item: Item, to output: inout ReportWriter) {
    if state.annotated[item.severity, default: 0] < annotationLimit {
      state.annotated[item.severity, default: 0] += 1
      output.write(Self.command(for: item))
    } else {
      state.overflow += 1
      let line = Self.plainLine(for: item)
      if state.noticeWritten { output.write(line) } else { state.held.append(contentsOf: line) }
    }
    guard !state.noticeWritten, state.overflow > 0 else { return }
    // Every annotation written: the notice, with how many findings it leaves out in all.
    let annotations = Severity.allCases.map { min(annotationLimit, state.expected[$0, default: 0]) }
    if state.annotated.values.reduce(0, +) >= annotations.reduce(0, +) {
      let items = state.expected.values.reduce(0, +)
      writeNotice(count: max(state.overflow, items - annotations.reduce(0, +)), to: &output)
    }
  }

  /// The notice, then the plain lines held for it.
  mutating func writeNotice(count: Int, to output: inout ReportWriter) {
    let count = count == 1 ? "1 more finding" : "\(count) more findings"
    output.write(
      "::notice title=\(ToolInfo.name)::\(count) not annotated (GitHub shows "
        + "\(annotationLimit) errors and \(annotationLimit) warnings per step); "
        + "see the full report or the lines below\n")
    state.held.withUnsafeBufferPointer { output.write(bytes: $0) }
    state.held = []
    state.noticeWritten = true
  }

  static func command(for item: Item) -> String {
    var output = ReportWriter()
    output.write("::")
    output.write(item.severity.rawValue)
    output.write(" file=")
    output.writeGitHub(item.path, inProperty: true)
    output.write(",line=")
    output.write(number: item.line)
    output.write(",col=")
    output.write(number: item.column)
    output.write(",title=")
    output.writeGitHub(item.title, inProperty: true)
    output.write("::")
    output.writeGitHub(item.message, inProperty: false)
    output.write(byte: 0x0A)
    return output.text
  }

  /// `path:line:column: severity: message (title)` and a newline, escaped as data, never a
  /// command.
  static func plainLine(for item: Item) -> [UInt8] {
    var output = ReportWriter()
    writePlainLine(for: item, to: &output)
    return output.bytes
  }

  /// Writes `plainLine(for:)` into `output`, a writer without a sink (a part or a line), so
  /// the line can be read back and made inert in place.
  static func writePlainLine(for item: Item, to output: inout ReportWriter) {
    let start = output.bytes.count
    output.writeGitHub(item.path, inProperty: false)
    output.write(byte: 0x3A)
    output.write(number: item.line)
    output.write(byte: 0x3A)
    output.write(number: item.column)
    output.write(": ")
    output.write(item.severity.rawValue)
    output.write(": ")
    output.writeGitHub(item.message, inProperty: false)
    output.write(" (")
    output.writeGitHub(item.title, inProperty: false)
    output.write(byte: 0x29)
    // The runner's legacy parser takes `##[command]` anywhere in a line that is not a `::`
    // command, so the bracket is written as a visible escape. Lines with neither `##[` nor
    // leading white space or `::` need nothing more (nearly all).
    let first = output.bytes[start]
    if first == 0x20 || first == 0x09 || first == 0x3A || first >= 0x80
      || containsCommandStart(output.bytes[start...])
    {
      let line = plainLine(escaped: String(decoding: output.bytes[start...], as: UTF8.self))
      output.bytes.removeSubrange(start...)
      output.write(line)
    }
    output.write(byte: 0x0A)
  }

  /// An escaped plain line made inert: Character by Character, as the runner reads it.
  static func plainLine(escaped: String) -> String {
    let line = escaped.replacing(text: "##[", with: "##\\u{5B}")
    let start = line.unicodeScalars.drop { $0.properties.isWhitespace }
    let text = String(String.UnicodeScalarView(start))
    return text.hasPrefix("::") ? "./" + line : line
  }

  /// Whether `bytes` hold `##[`.
  static func containsCommandStart(_ bytes: ArraySlice<UInt8>) -> Bool {
    var index = bytes.startIndex
    while index + 2 < bytes.endIndex {
      if bytes[index] == 0x23, bytes[index + 1] == 0x23, bytes[index + 2] == 0x5B { return true }
      index += 1
    }
    return false
  }

  static func escape(_ text: String, inProperty: Bool) -> String {
    var output = ReportWriter()
    output.writeGitHub(text, inProperty: inProperty)
    return output.text
  }

  static func plural(_ count: Int, _ word: String) -> String {
    "\(count) \(word)\(count == 1 ? "" : "s")"
  }

  /// A link to the rule's page when the id is a plain `snake_case` id; otherwise the id with
  /// Markdown and HTML made inert.
  static func ruleLink(_ id: String) -> String {
    let plain = !id.isEmpty && id.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
    }
    if plain { return "[`\(id)`](\(ToolInfo.rulesURL)\(id).md)" }
    var output = ""
    for scalar in id.unicodeScalars {
      switch scalar {
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "&": output += "&amp;"
      case "|": output += "\\|"
      case "\\", "`", "*", "_", "[", "]", "(", ")", "#", "!", "~", "\"", "'":
        output += "\\" + String(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || scalar == "\u{2028}" || scalar == "\u{2029}"
        {
          output += " "
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}

extension ReportWriter {
  /// Writes `text` escaped for a workflow command: `%`, CR and LF (`%25`, `%0D`, `%0A`), in a
  /// property also `:` and `,` (`%3A`, `%2C`); other controls (C0 but tab, DEL, C1) and U+2028
  /// and U+2029 as a visible `\u{X}`. Runs of bytes that need nothing are copied at once.
  mutating func writeGitHub(_ text: String, inProperty: Bool) {
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      var index = 0
      let count = utf8.count
      while index < count {
        let byte = utf8[index]
        // C1 controls are C2 80...C2 9F, U+2028 and U+2029 E2 80 A8 and E2 80 A9.
        let special =
          byte < 0x20 && byte != 0x09 || byte == 0x25 || byte == 0x7F || byte == 0xC2 || byte == 0xE2
          || inProperty && (byte == 0x3A || byte == 0x2C)
        guard special else {
          index += 1
          continue
        }
        var length = 1
        var visible: UInt32?
        switch byte {
        case 0xC2:
          length = 2
          if index + 1 < count, utf8[index + 1] <= 0x9F { visible = UInt32(utf8[index + 1]) }
        case 0xE2:
          length = 3
          if index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 {
            visible = utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029
          }
        default: break
        }
        if byte >= 0x80, visible == nil {
          index += length
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        switch byte {
        case 0x25: write("%25")
        case 0x0D: write("%0D")
        case 0x0A: write("%0A")
        case 0x3A: write("%3A")
        case 0x2C: write("%2C")
        default:
          write("\\u{")
          write(String(visible ?? UInt32(byte), radix: 16, uppercase: true))
          write(byte: 0x7D)
        }
        index += length
        start = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
    }
    flushIfFull()
  }
}
