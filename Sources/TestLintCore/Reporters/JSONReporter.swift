/// The `json` reporter: the whole result as one versioned, pretty-printed JSON object.
///
/// ```json
/// {
///   "version": 1,
///   "tool": { "name": "testlint", "version": "0.1.0", "rules_url": "..." },
///   "files": 3,
///   "findings": [{ "rule": "...", "severity": "warning", "message": "...", "file": "...",
///                  "line": 1, "column": 1, "test": "Suite.test" }],
///   "errors": [{ "file": "...", "line": 1, "column": 1, "message": "..." }]
/// }
/// ```
/// `files` counts the linted files; `test` is `null` outside a test. `version` changes only when
/// a field changes meaning or disappears; new fields may be added without it.
public struct JSONReporter: Reporter {
  /// The name used with `--reporter json`.
  public static let name = "json"

  /// The version of the output format, written as `version`.
  public static let formatVersion = 1

  /// Creates the reporter.
  public init() {}

  /// The document up to its `findings` list, open.
  public func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    output.jsonBeginObject()
    output.jsonKey("version")
    output.jsonInt(Self.formatVersion)
    output.jsonKey("tool")
    output.jsonBeginObject()
    output.jsonKey("name")
    output.jsonString(ToolInfo.name)
    output.jsonKey("version")
    output.jsonString(ToolInfo.version)
    output.jsonKey("rules_url")
    output.jsonString(ToolInfo.rulesURL)
    output.jsonEndObject()
    output.jsonKey("files")
    output.jsonInt(header.fileCount)
    output.jsonKey("findings")
    output.jsonBeginArray()
  }

  /// One object per finding.
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    for finding in file.findings {
      output.jsonBeginObject()
      output.jsonKey("rule")
      output.jsonString(finding.ruleID)
      output.jsonKey("severity")
      output.jsonString(finding.severity.rawValue)
      output.jsonKey("message")
      output.jsonString(finding.message)
      output.jsonKey("file")
      output.jsonString(finding.path)
      output.jsonKey("line")
      output.jsonInt(finding.line)
      output.jsonKey("column")
      output.jsonInt(finding.column)
      output.jsonKey("test")
      output.jsonString(finding.test)
      output.jsonEndObject()
    }
  }

  /// The same as `file(_:to:)`, on any thread.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    self.file(file, to: &part)
    return true
  }

  /// The `errors` list, and the document's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.jsonEndArray()
    output.jsonKey("errors")
    output.jsonBeginArray()
    for error in totals.errors {
      output.jsonBeginObject()
      output.jsonKey("file")
      output.jsonString(error.path)
      output.jsonKey("line")
      output.jsonInt(error.line)
      output.jsonKey("column")
      output.jsonInt(error.column)
      output.jsonKey("message")
      output.jsonString(error.message)
      output.jsonEndObject()
    }
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndDocument()
  }
}
