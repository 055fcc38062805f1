/// The tool's name, version and home, as reporters print them.
public enum ToolInfo {
  /// The command's name.
  public static let name = "testlint"
  /// The release version (semantic versioning).
  public static let version = "0.1.0"
  /// The project's home page.
  public static let homeURL = "https://github.com/testlint/testlint"
  /// Where the rule pages live, for links in reports.
  public static let rulesURL = "https://github.com/testlint/testlint/blob/main/Rules/"
}
