/// How serious a finding is; `error` findings fail the run.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  case warning
  case error

  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs == .warning && rhs == .error
  }
}

/// One violation of one rule, as reporters see it.
public struct Finding: Sendable, Hashable {
  /// The id of the rule that produced the finding, such as `missing_assertion`.
  public var ruleID: String
  /// The configured severity.
  public var severity: Severity
  /// What is wrong and what to do, lowercase, no trailing period.
  public var message: String
  /// The file's path as reporters print it (relative to the working directory when inside it).
  public var path: String
  /// 1-based line.
  public var line: Int
  /// 1-based column, counted in Unicode scalars.
  public var column: Int
  /// The enclosing test as `Suite.test` (or just `test` for a free function), if any.
  public var test: String?
  /// The innermost type declaration around the finding (`Outer.Inner`), if any.
  public var suite: String?
  /// The flagged line's code with whitespace collapsed: what the finding is about, independent
  /// of where it is (baselines and fingerprints hash it, never the line number).
  public var snippet: String

  /// Creates a finding.
  public init(
    ruleID: String, severity: Severity, message: String, path: String, line: Int, column: Int,
    test: String? = nil, suite: String? = nil, snippet: String = ""
  ) {
    self.ruleID = ruleID
    self.severity = severity
    self.message = message
    self.path = path
    self.line = line
    self.column = column
    self.test = test
    self.suite = suite
    self.snippet = snippet
  }
}

extension Finding: Comparable {
  /// Findings sort by path, line, column, then rule id, so output is deterministic.
  public static func < (lhs: Finding, rhs: Finding) -> Bool {
    if lhs.path != rhs.path { return lhs.path < rhs.path }
    if lhs.line != rhs.line { return lhs.line < rhs.line }
    if lhs.column != rhs.column { return lhs.column < rhs.column }
    if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
    return lhs.message < rhs.message
  }
}

/// A problem that is not a rule finding: an unreadable file, a bad configuration value.
public struct Diagnostic: Sendable, Hashable, Error {
  /// The file the problem is in.
  public var path: String
  /// 1-based line (1 when the problem concerns the whole file).
  public var line: Int
  /// 1-based column.
  public var column: Int
  /// What went wrong, lowercase.
  public var message: String

  /// Creates a diagnostic.
  public init(path: String, line: Int = 1, column: Int = 1, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `path:line:column: error: message`, the format editors parse.
  public var formatted: String { "\(path):\(line):\(column): error: \(message)" }
}

extension Diagnostic: Comparable {
  /// Diagnostics sort by path, line and column.
  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    (lhs.path, lhs.line, lhs.column, lhs.message) < (rhs.path, rhs.line, rhs.column, rhs.message)
  }
}
