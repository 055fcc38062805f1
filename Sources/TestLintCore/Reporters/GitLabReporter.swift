/// The `gitlab` reporter: GitLab Code Quality JSON, for `artifacts:reports:codequality`.
///
/// A JSON array with one issue per finding:
/// `{"description", "check_name", "fingerprint", "severity", "location": {"path", "lines":
/// {"begin"}}}`. `check_name` is the rule id; severity `warning` is `minor` and `error` is
/// `major`; paths are as the run prints them (relative to the working directory, which should
/// be the repository root). Files that could not be read are `critical` issues named
/// `testlint_error`.
///
/// GitLab compares fingerprints between the merge request and its target branch to tell new
/// issues from old ones, so they must be unique and must not change when unrelated lines move:
/// they are ``FindingFingerprint``s, the same as SARIF's `partialFingerprints`.
public struct GitLabReporter: Reporter {
  /// The name used with `--reporter gitlab`.
  public static let name = "gitlab"

  /// The `check_name` of files that could not be read.
  public static let errorCheckName = "testlint_error"

  /// An issue's bytes around its values in the array (set by `begin`).
  private var issueTemplate: JSONTemplate?
  /// Whether issues are written with `issueTemplate` (tests compare both ways).
  var usesTemplate = true

  /// Creates the reporter.
  public init() {}

  /// The array, open.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    output.jsonBeginArray()
    issueTemplate = usesTemplate ? Self.issueTemplate(for: output) : nil
  }

  /// One issue per finding; fingerprints count occurrences within the file (they hash its
  /// path, so no two files share one).
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    let fingerprints = FindingFingerprint.hashes(of: file.findings)
    for (finding, fingerprint) in zip(file.findings, fingerprints) {
      if let issueTemplate, issueTemplate.fits(output) {
        Self.issue(finding, fingerprint: fingerprint, template: issueTemplate, to: &output)
        continue
      }
      Self.issue(
        description: finding.message, checkName: finding.ruleID, fingerprint: .hash(fingerprint),
        severity: Self.severity(finding.severity), path: finding.path, line: finding.line,
        to: &output)
    }
  }

  /// The same as `file(_:to:)`, on any thread.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    part.reserve(file.findings.count * 440)  // about what a finding takes, and some
    self.file(file, to: &part)
    return true
  }

  /// One `critical` issue per file that could not be read, and the array's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    var seen: [[String]: Int] = [:]
    for error in totals.errors {
      // Errors have no snippet; their identity is what went wrong where.
      let identity = [Self.errorCheckName, error.path, error.message]
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      Self.issue(
        description: error.message, checkName: Self.errorCheckName,
        fingerprint: .text(FindingFingerprint.fingerprint(identity + [String(occurrence)])),
        severity: "critical", path: error.path, line: error.line, to: &output)
    }
    output.jsonEndArray()
    output.jsonEndDocument()
  }

  /// The Code Quality severity of a finding's severity.
  public static func severity(_ severity: Severity) -> String {
    switch severity {
    case .warning: return "minor"
    case .error: return "major"
    }
  }
}

private extension GitLabReporter {
  /// A finding's fingerprint, written as its hex digits, or an error's, already text.
  enum Fingerprint {
    case hash(UInt64)
    case text(String)
  }

  /// The bytes of an issue around its values, at `output`'s depth (7 pieces).
  static func issueTemplate(for output: ReportWriter) -> JSONTemplate {
    JSONTemplate(for: output) { output in
      output.jsonBeginObject()
      output.jsonKey("description")
      output.jsonHole()
      output.jsonKey("check_name")
      output.jsonHole()
      output.jsonKey("fingerprint")
      output.jsonHole()
      output.jsonKey("severity")
      output.jsonHole()
      output.jsonKey("location")
      output.jsonBeginObject()
      output.jsonKey("path")
      output.jsonHole()
      output.jsonKey("lines")
      output.jsonBeginObject()
      output.jsonKey("begin")
      output.jsonHole()
      output.jsonEndObject()
      output.jsonEndObject()
      output.jsonEndObject()
    }
  }

  /// A finding's issue, the same bytes as `issue(description:...)` writes, from the template.
  static func issue(_ finding: Finding, fingerprint: UInt64, template: JSONTemplate, to output: inout ReportWriter) {
    output.write(template, piece: 0)
    output.jsonRawString(finding.message)
    output.write(template, piece: 1)
    output.jsonRawString(finding.ruleID)
    output.write(template, piece: 2)
    output.jsonRawHex(fingerprint)
    output.write(template, piece: 3)
    switch finding.severity {
    case .warning: output.jsonRawString("minor")
    case .error: output.jsonRawString("major")
    }
    output.write(template, piece: 4)
    output.jsonRawString(finding.path)
    output.write(template, piece: 5)
    output.write(number: max(1, finding.line))
    output.write(template, piece: 6)
    output.jsonEndElement()
  }

  static func issue(
    description: String, checkName: String, fingerprint: Fingerprint, severity: String,
    path: String, line: Int, to output: inout ReportWriter
  ) {
    output.jsonBeginObject()
    output.jsonKey("description")
    output.jsonString(description)
    output.jsonKey("check_name")
    output.jsonString(checkName)
    output.jsonKey("fingerprint")
    switch fingerprint {
    case .hash(let hash): output.jsonHexString(hash)
    case .text(let text): output.jsonString(text)
    }
    output.jsonKey("severity")
    output.jsonString(severity)
    output.jsonKey("location")
    output.jsonBeginObject()
    output.jsonKey("path")
    output.jsonString(path)
    output.jsonKey("lines")
    output.jsonBeginObject()
    output.jsonKey("begin")
    output.jsonInt(max(1, line))
    output.jsonEndObject()
    output.jsonEndObject()
    output.jsonEndObject()
  }
}
