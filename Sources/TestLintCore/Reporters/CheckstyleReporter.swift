/// The `checkstyle` reporter: Checkstyle 4.3 XML, as Jenkins Warnings NG, Danger and reviewdog
/// read it.
///
/// ```xml
/// <checkstyle version="4.3">
///   <file name="Tests/AppTests/LoginTests.swift">
///     <error line="12" column="8" severity="warning" message="..."
///            source="testlint.rules.missing_assertion"/>
///   </file>
/// </checkstyle>
/// ```
/// One `file` per linted file (clean ones too, with no children), sorted by path; in it one
/// `error` per finding in line and column order, with the real 1-based column (in Unicode
/// scalars) and `severity` `warning` or `error`. A file that could not be read has an `error`
/// with source `testlint.error`. Every value is escaped with ``XMLEscaping``, so the document is
/// well-formed whatever paths and messages hold.
public struct CheckstyleReporter: Reporter {
  /// The name used with `--reporter checkstyle`.
  public static let name = "checkstyle"

  /// The prefix of a finding's `source`, followed by the rule id.
  public static let sourcePrefix = "testlint.rules."

  /// The `source` of files that could not be read.
  public static let errorSource = "testlint.error"

  /// Creates the reporter.
  public init() {}

  /// Reads no test, suite nor snippet.
  public var readsFindingDetails: Bool { false }
  /// Clean files are listed too.
  public var listsCleanFiles: Bool { true }

  /// The XML declaration and the root element's start.
  public func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
  }

  /// One `file` element, with its findings and errors in line and column order.
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    output.write("  <file name=\"")
    output.writeXML(file.path, inAttribute: true)
    guard !file.findings.isEmpty || !file.errors.isEmpty else {
      output.write("\"/>\n")
      return
    }
    output.write("\">\n")
    // A stable sort of the findings, then the errors, by line and column: the findings
    // nearly always come in that order, so they are merged with the sorted errors.
    var errors = file.errors.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }.map(\.element)[...]
    var findings = file.findings[...]
    if !findings.indices.dropFirst().allSatisfy({ (findings[$0 - 1].line, findings[$0 - 1].column) <= (findings[$0].line, findings[$0].column) }) {
      findings = file.findings.enumerated().sorted {
        ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
      }.map(\.element)[...]
    }
    while let next = Self.next(&findings, &errors) {
      switch next {
      case .finding(let finding):
        Self.writeError(
          line: finding.line, column: finding.column, severity: finding.severity.rawValue,
          message: finding.message, rule: finding.ruleID, to: &output)
      case .error(let error):
        Self.writeError(line: error.line, column: error.column, severity: "error", message: error.message, rule: nil, to: &output)
      }
    }
    output.write("  </file>\n")
  }

  /// The same as `file(_:to:)`, on any thread.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    part.reserve(file.findings.count * 260)  // about what a finding takes, and some
    self.file(file, to: &part)
    return true
  }

  /// The root element's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write("</checkstyle>\n")
  }
}

private extension CheckstyleReporter {
  /// A finding or an error, whichever comes first in line and column order.
  enum Item {
    case finding(Finding)
    case error(Diagnostic)
  }

  /// Takes the next item: the first finding, unless an error comes before it.
  static func next(_ findings: inout ArraySlice<Finding>, _ errors: inout ArraySlice<Diagnostic>) -> Item? {
    if let error = errors.first {
      if let finding = findings.first, (finding.line, finding.column) <= (error.line, error.column) {
        return .finding(findings.removeFirst())
      }
      return .error(errors.removeFirst())
    }
    return findings.isEmpty ? nil : .finding(findings.removeFirst())
  }

  /// One `error` element; `rule` nil for a file that could not be read.
  static func writeError(
    line: Int, column: Int, severity: String, message: String, rule: String?, to output: inout ReportWriter
  ) {
    output.write("    <error line=\"")
    output.write(number: max(1, line))
    output.write("\" column=\"")
    output.write(number: max(1, column))
    output.write("\" severity=\"")
    output.write(severity)
    output.write("\" message=\"")
    output.writeXML(message, inAttribute: true)
    output.write("\" source=\"")
    if let rule {
      output.write(sourcePrefix)
      output.writeXML(rule, inAttribute: true)
    } else {
      output.writeXML(errorSource, inAttribute: true)
    }
    output.write("\"/>\n")
  }
}
