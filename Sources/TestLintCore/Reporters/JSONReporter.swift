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

  /// The JSON document, ending in a newline.
  public func render(_ result: LintResult) -> String {
    let document = JSONValue.object([
      ("version", .int(Self.formatVersion)),
      (
        "tool",
        .object([
          ("name", .string(ToolInfo.name)),
          ("version", .string(ToolInfo.version)),
          ("rules_url", .string(ToolInfo.rulesURL)),
        ])
      ),
      ("files", .int(result.files.count)),
      ("findings", .array(result.findings.map(Self.json(for:)))),
      ("errors", .array(result.errors.map(Self.json(for:)))),
    ])
    return document.serialized(pretty: true) + "\n"
  }
}

private extension JSONReporter {
  static func json(for finding: Finding) -> JSONValue {
    .object([
      ("rule", .string(finding.ruleID)),
      ("severity", .string(finding.severity.rawValue)),
      ("message", .string(finding.message)),
      ("file", .string(finding.path)),
      ("line", .int(finding.line)),
      ("column", .int(finding.column)),
      ("test", finding.test.map(JSONValue.string) ?? .null),
    ])
  }

  static func json(for error: Diagnostic) -> JSONValue {
    .object([
      ("file", .string(error.path)),
      ("line", .int(error.line)),
      ("column", .int(error.column)),
      ("message", .string(error.message)),
    ])
  }
}
