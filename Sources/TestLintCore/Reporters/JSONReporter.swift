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

  /// A finding's bytes around its values in the `findings` list (set by `begin`).
  private var findingTemplate: JSONTemplate?
  /// Whether findings are written with `findingTemplate` (tests compare both ways).
  var usesTemplate = true

  /// Creates the reporter.
  public init() {}

  /// The document up to its `findings` list, open.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
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
    findingTemplate = usesTemplate ? Self.findingTemplate(for: output) : nil
  }

  /// One object per finding.
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    for finding in file.findings {
      if let findingTemplate, findingTemplate.fits(output) {
        Self.write(finding, template: findingTemplate, to: &output)
        continue
      }
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
    part.reserve(file.findings.count * 440)  // about what a finding takes, and some
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

private extension JSONReporter {
  /// The bytes of a finding's object around its values, at `output`'s depth (8 pieces).
  static func findingTemplate(for output: ReportWriter) -> JSONTemplate {
    JSONTemplate(for: output) { output in
      output.jsonBeginObject()
      for key: StaticString in ["rule", "severity", "message", "file", "line", "column", "test"] {
        output.jsonKey(key)
        output.jsonHole()
      }
      output.jsonEndObject()
    }
  }

  /// The same bytes as `file(_:to:)` writes for `finding`, from the template.
  static func write(_ finding: Finding, template: JSONTemplate, to output: inout ReportWriter) {
    output.write(template, piece: 0)
    output.jsonRawString(finding.ruleID)
    output.write(template, piece: 1)
    switch finding.severity {
    case .warning: output.jsonRawString("warning")
    case .error: output.jsonRawString("error")
    }
    output.write(template, piece: 2)
    output.jsonRawString(finding.message)
    output.write(template, piece: 3)
    output.jsonRawString(finding.path)
    output.write(template, piece: 4)
    output.write(number: finding.line)
    output.write(template, piece: 5)
    output.write(number: finding.column)
    output.write(template, piece: 6)
    if let test = finding.test { output.jsonRawString(test) } else { output.write("null") }
    output.write(template, piece: 7)
    output.jsonEndElement()
  }
}
