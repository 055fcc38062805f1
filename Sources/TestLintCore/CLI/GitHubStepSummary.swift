#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Appends the `github` reporter's Markdown summary to the file GitHub Actions names in
/// `GITHUB_STEP_SUMMARY`, which GitHub shows on the run's summary page.
public enum GitHubStepSummary {
  /// The environment variable GitHub Actions sets to the summary file of the current step.
  public static let variable = "GITHUB_STEP_SUMMARY"

  /// Appends ``GitHubReporter/stepSummary(_:)`` when one of `reporters` is `github` and the
  /// variable names a file (created if missing). Returns the problem when it cannot be written.
  public static func append(
    _ result: LintResult, reporters: [String], environment: [String: String]
  ) -> String? {
    append(GitHubReporter.stepSummary(result), reporters: reporters, environment: environment)
  }

  /// Appends `summary` as `append(_:reporters:environment:)` does.
  static func append(
    _ summary: @autoclosure () -> String, reporters: [String], environment: [String: String]
  ) -> String? {
    guard reporters.contains(GitHubReporter.name),
      let path = environment[variable], !path.isEmpty
    else { return nil }
    let bytes = Array(summary().utf8)
    if access(path, F_OK) != 0 {
      return ReportFile.replace(path, with: bytes, createFolder: false) == nil
        ? nil : "cannot create '\(path)'"
    }
    let descriptor = open(path, O_WRONLY | O_APPEND)
    guard descriptor >= 0 else { return "cannot append to '\(path)': \(ReportFile.errorText())" }
    defer { close(descriptor) }
    guard bytes.withUnsafeBytes({ FileWalker.writeAll(descriptor, $0) }) else {
      return "cannot append to '\(path)': \(ReportFile.errorText())"
    }
    return nil
  }
}
