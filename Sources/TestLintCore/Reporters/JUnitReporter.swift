#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `junit` reporter: JUnit XML that validates against the strict Apache Ant schema.
///
/// Jenkins, GitLab and most CI systems show this format as test results:
/// - one `testsuite` per linted file (`name` is the path, `package` is `testlint`);
/// - in it one failing `testcase` per finding, named `rule_id at line:column`, whose `failure`
///   has the message, the rule id as `type`, and `path:line:column: severity: message` as text
///   (warnings are failures too; the text says which);
/// - one erroring `testcase` per error, named `error at line:column`;
/// - for a file with neither, one passing `testcase` named `no findings`, so CI lists what was
///   checked.
///
/// Every test case's `classname` is the path with `/` replaced by `.` and `.swift` dropped
/// (`Tests/AppTests/LoginTests.swift` is `Tests.AppTests.LoginTests`), so CI groups the cases by
/// folder and file. Class names are unique per file and names unique per class (a ` (2)` suffix
/// is added when needed), so each case's identity in CI is unique across the report.
///
/// The output is deterministic: the timestamp is injected, the host is `localhost` and every
/// time is `0`.
public struct JUnitReporter: Reporter {
  /// The name used with `--reporter junit`.
  public static let name = "junit"

  /// When the run happened, as `yyyy-MM-ddTHH:mm:ss` without a time zone (the schema forbids
  /// one); see ``timestamp(for:)``.
  public var timestamp: String
  /// Adds `file` and `line` attributes to each `testcase` (what GitLab and Buildkite read to
  /// link a case to its source). The strict Ant schema has no such attributes, so the plain
  /// `junit` reporter leaves them out and `junit-gitlab` puts them in.
  public var includesLocation: Bool
  /// The next suite's `id`.
  private var nextID = 0
  /// The class names given so far (one per file, each unique).
  private var usedClassNames: Set<String> = []

  /// The name of the variant with `file` and `line` attributes.
  public static let locatedName = "junit-gitlab"

  /// Creates the reporter; the default timestamp keeps output reproducible in tests.
  public init(timestamp: String = "1970-01-01T00:00:00", includesLocation: Bool = false) {
    self.timestamp = timestamp
    self.includesLocation = includesLocation
  }

  /// `date` in UTC in the form the schema's `timestamp` attribute accepts.
  public static func timestamp(for date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func padded(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
      + "T\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2))"
  }

  /// Clean files are listed too (one passing case each).
  public var listsCleanFiles: Bool { true }

  /// The XML declaration and the root element's start.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n")
  }

  /// One `testsuite` for the file.
  public mutating func file(_ file: ReportedFile, to output: inout ReportWriter) {
    let className = Self.unique(Self.className(for: file.path), in: &usedClassNames)
    var marks: [Int] = []
    render(file, className: className, to: &output, marks: &marks, id: nextID)
    nextID += 1
  }

  /// The file's `testsuite` with its class name before disambiguation and its `id` left out
  /// (marked).
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    part.reserve(file.findings.count * 700)  // about what a finding takes, and some
    render(file, className: Self.className(for: file.path), to: &part, marks: &marks, id: nil)
    return true
  }

  /// The part with the suite's `id`; rendered again in order when the class name is taken.
  public mutating func file(_ file: ReportedFile, rendered: RenderedFile, to output: inout ReportWriter) {
    let base = Self.className(for: file.path)
    let className = Self.unique(base, in: &usedClassNames)
    guard className == base, let mark = rendered.marks.first else {
      var marks: [Int] = []
      render(file, className: className, to: &output, marks: &marks, id: nextID)
      nextID += 1
      return
    }
    rendered.bytes.withUnsafeBufferPointer { bytes in
      output.write(bytes: UnsafeBufferPointer(rebasing: bytes[..<mark]))
      output.write(number: nextID)
      output.write(bytes: UnsafeBufferPointer(rebasing: bytes[mark...]))
    }
    nextID += 1
  }

  /// The root element's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write("</testsuites>\n")
  }
}

private extension JUnitReporter {
  /// Writes the file's `testsuite`; without `id`, the offset where it goes is added to `marks`.
  func render(_ suite: ReportedFile, className: String, to output: inout ReportWriter, marks: inout [Int], id: Int?) {
    let cases = suite.findings.count + suite.errors.count
    output.write("  <testsuite name=\"")
    if suite.path.allSatisfy(\.isWhitespace) {
      output.write("(no path)")
    } else {
      output.writeXML(suite.path, inAttribute: true)
    }
    output.write("\" package=\"")
    output.writeXML(ToolInfo.name, inAttribute: true)
    output.write("\" id=\"")
    if let id { output.write(number: id) } else { marks.append(output.bytes.count) }
    output.write("\" timestamp=\"")
    output.writeXML(timestamp, inAttribute: true)
    output.write("\" hostname=\"localhost\" tests=\"")
    output.write(number: max(1, cases))
    output.write("\" failures=\"")
    output.write(number: suite.findings.count)
    output.write("\" errors=\"")
    output.write(number: suite.errors.count)
    output.write("\" skipped=\"0\" time=\"0\">\n    <properties/>\n")
    // What every case of the suite repeats, escaped once.
    let escaped = Escaped(className: className, path: suite.path, includesLocation: includesLocation)
    // Each case's name is unique in the suite (a ` (2)` suffix when needed).
    var usedNames: Set<String> = []
    let byPosition = suite.errors.isEmpty && Self.namesFollowPositions(suite.findings)
    var sameSpot = 0
    for (index, finding) in suite.findings.enumerated() {
      let name: CaseName
      if byPosition {
        // N-th: one more than the findings of this rule at this place before it (neighbours).
        if index > 0, !Self.samePlace(suite.findings[index - 1], finding) { sameSpot = index }
        var occurrence = 1
        for earlier in suite.findings[sameSpot..<index] where earlier.ruleID == finding.ruleID {
          occurrence += 1
        }
        name = .finding(finding, occurrence: occurrence)
      } else {
        let base = "\(finding.ruleID) at \(finding.line):\(finding.column)"
        name = .text(Self.unique(base, in: &usedNames))
      }
      writeCase(name: name, escaped: escaped, line: finding.line, to: &output)
      // `<failure>` with the message, the rule id as type, and the editor-style line (plus the
      // enclosing test, when known) as text.
      output.write(">\n      <failure message=\"")
      output.writeXML(finding.message, inAttribute: true)
      output.write("\" type=\"")
      output.writeXML(finding.ruleID, inAttribute: true)
      output.write("\">")
      if finding.path == suite.path {
        output.write(escaped.pathText)
      } else {
        output.writeXML(finding.path, inAttribute: false)
      }
      Self.writeLineEnd(finding.line, finding.column, finding.severity.rawValue, finding.message, to: &output)
      if let test = finding.test {
        output.write("\ntest: ")
        output.writeXML(test, inAttribute: false)
      }
      output.write("</failure>\n    </testcase>\n")
    }
    for error in suite.errors {
      let name = Self.unique("error at \(error.line):\(error.column)", in: &usedNames)
      writeCase(name: .text(name), escaped: escaped, line: error.line, to: &output)
      // `<error>` with the message, type `error`, and the editor-style line as text.
      output.write(">\n      <error message=\"")
      output.writeXML(error.message, inAttribute: true)
      output.write("\" type=\"error\">")
      Self.writeLine(error.path, error.line, error.column, "error", error.message, to: &output)
      output.write("</error>\n    </testcase>\n")
    }
    if cases == 0 {
      writeCase(name: .text("no findings"), escaped: escaped, line: nil, to: &output)
      output.write("/>\n")
    }
    output.write("    <system-out/>\n    <system-err/>\n  </testsuite>\n")
  }

  /// A `testcase` start tag's name and attributes, without its end.
  func writeCase(name: CaseName, escaped: Escaped, line: Int?, to output: inout ReportWriter) {
    output.write("    <testcase name=\"")
    switch name {
    case .text(let text):
      output.writeXML(text, inAttribute: true)
    case .finding(let finding, let occurrence):
      // What `unique` makes of `rule at line:column`, written without building it.
      output.writeXML(finding.ruleID, inAttribute: true)
      output.write(" at ")
      output.write(number: finding.line)
      output.write(byte: 0x3A)
      output.write(number: finding.column)
      if occurrence > 1 {
        output.write(" (")
        output.write(number: occurrence)
        output.write(byte: 0x29)
      }
    }
    output.write("\" classname=\"")
    output.write(escaped.className)
    output.write("\" time=\"0\"")
    guard includesLocation else { return }
    output.write(" file=\"")
    output.write(escaped.pathAttribute)
    output.write(byte: 0x22)
    if let line {
      output.write(" line=\"")
      output.write(number: line)
      output.write(byte: 0x22)
    }
  }

  /// A suite's class name and path, escaped once for all its cases.
  struct Escaped {
    var className: [UInt8]
    /// As element content.
    var pathText: [UInt8]
    /// As an attribute (empty unless `includesLocation`).
    var pathAttribute: [UInt8] = []

    init(className: String, path: String, includesLocation: Bool) {
      self.className = Self.xml(className, inAttribute: true)
      pathText = Self.xml(path, inAttribute: false)
      if includesLocation { pathAttribute = Self.xml(path, inAttribute: true) }
    }

    static func xml(_ text: String, inAttribute: Bool) -> [UInt8] {
      var output = ReportWriter()
      output.writeXML(text, inAttribute: inAttribute)
      return output.bytes
    }
  }

  /// `path:line:column: severity: message`, escaped as element content.
  static func writeLine(
    _ path: String, _ line: Int, _ column: Int, _ severity: String, _ message: String, to output: inout ReportWriter
  ) {
    output.writeXML(path, inAttribute: false)
    writeLineEnd(line, column, severity, message, to: &output)
  }

  /// `writeLine` after the path.
  static func writeLineEnd(
    _ line: Int, _ column: Int, _ severity: String, _ message: String, to output: inout ReportWriter
  ) {
    output.write(byte: 0x3A)
    output.write(number: line)
    output.write(byte: 0x3A)
    output.write(number: column)
    output.write(": ")
    output.write(severity)
    output.write(": ")
    output.writeXML(message, inAttribute: false)
  }

  /// `Tests/AppTests/LoginTests.swift` becomes `Tests.AppTests.LoginTests`; leading dots (from
  /// `./` or `../`) are dropped.
  static func className(for path: String) -> String {
    // ASCII paths (nearly all), byte by byte: no ASCII character but CR LF spans two bytes,
    // so this is what the Character-wise code below does.
    if path.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes = Array(path.utf8)
      if bytes.count >= 6, bytes[(bytes.count - 6)...].elementsEqual(".swift".utf8) { bytes.removeLast(6) }
      for index in bytes.indices where bytes[index] == 0x2F { bytes[index] = 0x2E }
      return String(decoding: bytes.drop { $0 == 0x2E }, as: UTF8.self)
    }
    var name = path.hasSuffix(".swift") ? String(path.dropLast(".swift".count)) : path
    name = name.replacing(text: "/", with: ".")
    return String(name.drop { $0 == "." })
  }

  /// A test case's name: as written, or a finding's `rule at line:column`, with ` (N)` when
  /// it is the N-th such name of the suite.
  enum CaseName {
    case text(String)
    case finding(Finding, occurrence: Int)
  }

  /// Whether `unique` would name each finding's case `rule at line:column` plus ` (N)` for
  /// its N-th occurrence at that place: the findings are in line and column order, so equal
  /// names are neighbours. Names of other places never meet: a name reads back from its end
  /// (` (N)`, then the last ` at `), so each spells one rule, line, column and N.
  static func namesFollowPositions(_ findings: [Finding]) -> Bool {
    for index in findings.indices.dropFirst() {
      let (before, finding) = (findings[index - 1], findings[index])
      if (before.line, before.column) > (finding.line, finding.column) { return false }
    }
    return true
  }

  static func samePlace(_ a: Finding, _ b: Finding) -> Bool {
    a.line == b.line && a.column == b.column
  }

  /// `base`, or `base (2)`, `base (3)`… whichever is not in `used` yet; records the result.
  static func unique(_ base: String, in used: inout Set<String>) -> String {
    var candidate = base
    var number = 2
    while used.contains(candidate) {
      candidate = "\(base) (\(number))"
      number += 1
    }
    used.insert(candidate)
    return candidate
  }
}
