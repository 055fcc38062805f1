import Foundation

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
    guard reporters.contains(GitHubReporter.name),
      let path = environment[variable], !path.isEmpty
    else { return nil }
    let data = Data(GitHubReporter.stepSummary(result).utf8)
    if !FileManager.default.fileExists(atPath: path) {
      return FileManager.default.createFile(atPath: path, contents: data)
        ? nil : "cannot create '\(path)'"
    }
    do {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      try handle.seekToEnd()
      try handle.write(contentsOf: data)
      return nil
    } catch {
      return "cannot append to '\(path)': \(error.localizedDescription.lowercased())"
    }
  }
}
