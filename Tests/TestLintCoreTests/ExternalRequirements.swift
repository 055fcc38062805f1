import Foundation
import XCTest

/// Finds what some tests need from outside the package: the schemas the reports are validated
/// against and the programs that validate or render them.
///
/// A missing one skips the test that needs it, saying what is missing and how to provide it,
/// except under CI (`CI` set, and not `false` or `0`), where it fails the test: our own CI must
/// validate every report, so a lost schema or tool there is a defect, not a skip.
enum ExternalRequirements {
  /// Thrown under CI, failing the test, when a file or tool the test needs is missing.
  struct Missing: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// The folder named by this environment variable holds the schemas when it is set.
  static let schemasVariable = "TESTLINT_SCHEMAS"

  /// Whether this run is CI's, where a missing requirement fails instead of skipping.
  static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "0", "false"].contains(value.lowercased())
  }

  /// The schema file `name`: in the folder `TESTLINT_SCHEMAS` names when it is set, else in
  /// `../shared/schemas/` beside the package (where this project's CI lays it).
  static func schema(
    _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> URL {
    let folder: URL
    if let named = environment[schemasVariable], !named.isEmpty {
      folder = URL(fileURLWithPath: named, isDirectory: true)
    } else {
      folder = packageRoot.appendingPathComponent("../shared/schemas", isDirectory: true)
        .standardizedFileURL
    }
    let file = folder.appendingPathComponent(name)
    guard FileManager.default.isReadableFile(atPath: file.path) else {
      throw missing(
        environment: environment,
        "the schema \(name) is not at \(file.path); put the schemas folder (junit.xsd, "
          + "sarif-schema-2.1.0.json) at ../shared/schemas beside the package or name it in "
          + "\(schemasVariable)")
    }
    return file
  }

  /// The first of `names` found on `PATH`, or `missing(hint)` thrown.
  static func executable(_ names: String..., hint: String) throws -> URL {
    guard let url = findExecutable(names) else { throw missing(hint) }
    return url
  }

  /// The first of `names` found on `PATH`, or nil.
  static func findExecutable(_ names: [String]) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
      for directory in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
    }
    return nil
  }

  /// What a test throws when a requirement is missing: a failure under CI, a skip elsewhere.
  static func missing(
    environment: [String: String] = ProcessInfo.processInfo.environment, _ hint: String
  ) -> Error {
    isCI(environment) ? Missing(message: hint) : XCTSkip(hint)
  }

  /// The package's root folder (the one holding `Package.swift`).
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
