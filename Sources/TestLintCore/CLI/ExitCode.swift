/// The process exit status testlint returns.
public enum ExitCode: Int32, Sendable {
  /// No finding at error severity (and no warning with `--strict`).
  case success = 0
  /// Findings at error severity, or warnings with `--strict`.
  case findings = 1
  /// Usage, configuration or I/O error (the rest of the files are still linted).
  case failure = 2
}
