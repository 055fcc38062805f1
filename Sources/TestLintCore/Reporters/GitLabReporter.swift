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

  /// Creates the reporter.
  public init() {}

  /// The JSON array, pretty-printed, ending in a newline.
  public func render(_ result: LintResult) -> String {
    let fingerprints = FindingFingerprint.fingerprints(of: result.findings)
    var issues = zip(result.findings, fingerprints).map { finding, fingerprint in
      Self.issue(
        description: finding.message, checkName: finding.ruleID, fingerprint: fingerprint,
        severity: Self.severity(finding.severity), path: finding.path, line: finding.line)
    }
    var seen: [[String]: Int] = [:]
    for error in result.errors {
      // Errors have no snippet; their identity is what went wrong where.
      let identity = [Self.errorCheckName, error.path, error.message]
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      issues.append(
        Self.issue(
          description: error.message, checkName: Self.errorCheckName,
          fingerprint: FindingFingerprint.fingerprint(identity + [String(occurrence)]),
          severity: "critical", path: error.path, line: error.line))
    }
    return JSONValue.array(issues).serialized(pretty: true) + "\n"
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
  static func issue(
    description: String, checkName: String, fingerprint: String, severity: String, path: String,
    line: Int
  ) -> JSONValue {
    .object([
      ("description", .string(description)),
      ("check_name", .string(checkName)),
      ("fingerprint", .string(fingerprint)),
      ("severity", .string(severity)),
      (
        "location",
        .object([
          ("path", .string(path)),
          ("lines", .object([("begin", .int(max(1, line)))])),
        ])
      ),
    ])
  }
}
