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
    var rendered = ""
    render(file, id: nextID, className: className, to: &rendered)
    output.write(rendered)
    nextID += 1
  }

  /// The root element's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write("</testsuites>\n")
  }
}

private extension JUnitReporter {
  func render(_ suite: ReportedFile, id: Int, className: String, to output: inout String) {
    // Each case: its name before disambiguation, and its `failure`/`error` element if any.
    var cases: [(name: String, outcome: String?, line: Int?)] = suite.findings.map {
      ("\($0.ruleID) at \($0.line):\($0.column)", Self.failure(for: $0), $0.line)
    }
    cases += suite.errors.map { ("error at \($0.line):\($0.column)", Self.error(for: $0), $0.line) }
    if cases.isEmpty { cases = [("no findings", nil, nil)] }

    let name = suite.path.allSatisfy(\.isWhitespace) ? "(no path)" : suite.path
    output += "  <testsuite"
    output += Self.attributes([
      ("name", name), ("package", ToolInfo.name), ("id", String(id)), ("timestamp", timestamp),
      ("hostname", "localhost"), ("tests", String(cases.count)),
      ("failures", String(suite.findings.count)), ("errors", String(suite.errors.count)),
      ("skipped", "0"), ("time", "0"),
    ])
    output += ">\n    <properties/>\n"
    var usedNames: Set<String> = []
    for testcase in cases {
      let caseName = Self.unique(testcase.name, in: &usedNames)
      output += "    <testcase"
      var attributes = [("name", caseName), ("classname", className), ("time", "0")]
      if includesLocation {
        attributes.append(("file", suite.path))
        if let line = testcase.line { attributes.append(("line", String(line))) }
      }
      output += Self.attributes(attributes)
      if let outcome = testcase.outcome {
        output += ">\n      \(outcome)\n    </testcase>\n"
      } else {
        output += "/>\n"
      }
    }
    output += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
  }

  /// `<failure>` with the message, the rule id as type, and the editor-style line (plus the
  /// enclosing test, when known) as text.
  static func failure(for finding: Finding) -> String {
    var text = "\(finding.path):\(finding.line):\(finding.column): "
    text += "\(finding.severity.rawValue): \(finding.message)"
    if let test = finding.test { text += "\ntest: \(test)" }
    return "<failure" + attributes([("message", finding.message), ("type", finding.ruleID)])
      + ">\(XMLEscaping.text(text))</failure>"
  }

  /// `<error>` with the message, type `error`, and the editor-style line as text.
  static func error(for error: Diagnostic) -> String {
    "<error" + attributes([("message", error.message), ("type", "error")])
      + ">\(XMLEscaping.text(error.formatted))</error>"
  }

  /// ` name="value"` for each pair, values escaped.
  static func attributes(_ pairs: [(String, String)]) -> String {
    pairs.map { " \($0.0)=\"\(XMLEscaping.attribute($0.1))\"" }.joined()
  }

  /// `Tests/AppTests/LoginTests.swift` becomes `Tests.AppTests.LoginTests`; leading dots (from
  /// `./` or `../`) are dropped.
  static func className(for path: String) -> String {
    var name = path.hasSuffix(".swift") ? String(path.dropLast(".swift".count)) : path
    name = name.replacing(text: "/", with: ".")
    return String(name.drop { $0 == "." })
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
