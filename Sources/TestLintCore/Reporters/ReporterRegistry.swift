#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every reporter, by the name `--reporter NAME` takes.
public enum ReporterRegistry {
  /// Reporter names, sorted.
  public static let names = [
    "checkstyle", "github", "gitlab", "html", "json", "junit", "junit-gitlab", "markdown", "sarif",
    "text",
  ]

  /// A reporter for a name, or nil when there is none.
  public static func make(_ name: String) -> (any Reporter)? {
    switch name {
    case TextReporter.name: return TextReporter()
    case JSONReporter.name: return JSONReporter()
    case MarkdownReporter.name: return MarkdownReporter()
    case HTMLReporter.name: return HTMLReporter()
    case JUnitReporter.name: return JUnitReporter(timestamp: JUnitReporter.timestamp(for: Date()))
    case JUnitReporter.locatedName:
      return JUnitReporter(timestamp: JUnitReporter.timestamp(for: Date()), includesLocation: true)
    case SARIFReporter.name: return SARIFReporter()
    case GitHubReporter.name: return GitHubReporter()
    case GitLabReporter.name: return GitLabReporter()
    case CheckstyleReporter.name: return CheckstyleReporter()
    default: return nil
    }
  }
}
