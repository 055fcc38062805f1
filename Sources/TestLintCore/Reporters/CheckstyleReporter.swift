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

  /// The XML document, ending in a newline.
  public func render(_ result: LintResult) -> String {
    var entries: [String: [Entry]] = [:]
    for path in result.files { entries[path, default: []] += [] }
    for finding in result.findings {
      entries[finding.path, default: []].append(
        Entry(
          line: finding.line, column: finding.column, severity: finding.severity.rawValue,
          message: finding.message, source: Self.sourcePrefix + finding.ruleID))
    }
    for error in result.errors {
      entries[error.path, default: []].append(
        Entry(
          line: error.line, column: error.column, severity: "error", message: error.message,
          source: Self.errorSource))
    }

    var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
    for (path, fileEntries) in entries.sorted(by: { $0.key < $1.key }) {
      let name = "  <file name=\"\(XMLEscaping.attribute(path))\""
      guard !fileEntries.isEmpty else {
        output += name + "/>\n"
        continue
      }
      output += name + ">\n"
      // A stable sort: same position keeps findings before errors, in their given order.
      let ordered = fileEntries.enumerated().sorted {
        ($0.element.line, $0.element.column, $0.offset)
          < ($1.element.line, $1.element.column, $1.offset)
      }
      for entry in ordered.map(\.element) {
        output += "    <error line=\"\(max(1, entry.line))\" column=\"\(max(1, entry.column))\""
        output += " severity=\"\(entry.severity)\""
        output += " message=\"\(XMLEscaping.attribute(entry.message))\""
        output += " source=\"\(XMLEscaping.attribute(entry.source))\"/>\n"
      }
      output += "  </file>\n"
    }
    output += "</checkstyle>\n"
    return output
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
