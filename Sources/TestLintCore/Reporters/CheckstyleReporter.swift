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
    output.write(XMLEscaping.attribute(file.path))
    guard !file.findings.isEmpty || !file.errors.isEmpty else {
      output.write("\"/>\n")
      return
    }
    output.write("\">\n")
    var entries = file.findings.map {
      Entry(
        line: $0.line, column: $0.column, severity: $0.severity.rawValue, message: $0.message,
        source: Self.sourcePrefix + $0.ruleID)
    }
    entries += file.errors.map {
      Entry(
        line: $0.line, column: $0.column, severity: "error", message: $0.message,
        source: Self.errorSource)
    }
    // A stable sort: same position keeps findings before errors, in their given order.
    let ordered = entries.enumerated().sorted {
      ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
    }
    for entry in ordered.map(\.element) {
      output.write("    <error line=\"")
      output.write(number: max(1, entry.line))
      output.write("\" column=\"")
      output.write(number: max(1, entry.column))
      output.write("\" severity=\"")
      output.write(entry.severity)
      output.write("\" message=\"")
      output.write(XMLEscaping.attribute(entry.message))
      output.write("\" source=\"")
      output.write(XMLEscaping.attribute(entry.source))
      output.write("\"/>\n")
    }
    output.write("  </file>\n")
  }

  /// The root element's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.write("</checkstyle>\n")
  }
}

private extension CheckstyleReporter {
  /// One `error` element.
  struct Entry {
    var line: Int
    var column: Int
    var severity: String
    var message: String
    var source: String
  }
}
