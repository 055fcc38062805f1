import Foundation
import PackagePlugin

/// Lints a test target's Swift files with testlint on every build in which one of them (or the
/// `.lint.yml` that applies) changed; findings show as the build's warnings and errors.
///
/// The command declares its inputs (the target's `.swift` files and the configuration) and an
/// output (a JSON report in the plugin's work folder), so SwiftPM and Xcode skip it when nothing
/// changed, unlike a pre-build command, which runs on every build. testlint prints findings as
/// `path:line:column: warning|error: message (rule)` lines, which Xcode and `swift build` show
/// as diagnostics; it exits 1 on a finding at error severity, which fails the build, and 0 when
/// there are only warnings.
@main
struct TestLintBuildToolPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    guard module.kind == .test else {
      Diagnostics.remark("testlint lints test targets only; skipping '\(target.name)'")
      return []
    }
    let files = module.sourceFiles.map(\.url).filter { $0.pathExtension == "swift" }
    return try LintCommand.make(
      targetName: target.name, files: files, workDirectory: context.pluginWorkDirectoryURL,
      tool: try context.tool(named: "testlint").url)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension TestLintBuildToolPlugin: XcodeBuildToolPlugin {
    /// The same for an Xcode project's unit and UI test bundles.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let testKinds = [
        "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
      ]
      guard case .other(let kind)? = target.product?.kind, testKinds.contains(kind) else {
        Diagnostics.remark("testlint lints test bundles only; skipping '\(target.displayName)'")
        return []
      }
      let files = target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" }
      return try LintCommand.make(
        targetName: target.displayName, files: files, workDirectory: context.pluginWorkDirectoryURL,
        tool: try context.tool(named: "testlint").url)
    }
  }
#endif

/// The build command both entry points return.
enum LintCommand {
  static func make(
    targetName: String, files: [URL], workDirectory: URL, tool: URL
  ) throws -> [Command] {
    guard !files.isEmpty else { return [] }
    // testlint reads one configuration per run: the one nearest to the folder that holds all
    // of the target's files, as when running `testlint` in that folder.
    let folder = files.dropFirst().reduce(files[0].deletingLastPathComponent()) {
      commonAncestor($0, $1)
    }
    let report = workDirectory.appendingPathComponent("\(targetName).testlint.json")
    // Absolute paths: the command runs in a folder SwiftPM or Xcode picks (Xcode's is in
    // DerivedData), and Xcode places a diagnostic only by its full path.
    // The result cache lives in the work folder too: the plugin may write nowhere else.
    var arguments = [
      "--quiet", "--absolute-paths", "--reporter", "text", "--reporter", "json:\(report.path)",
      "--cache-path", workDirectory.appendingPathComponent("cache").path,
    ]
    var inputs = files
    if let configuration = nearestConfiguration(from: folder) {
      arguments += ["--config", configuration.path]
      inputs.append(configuration)
    }
    arguments.append("--")
    arguments += files.map(\.path)
    return [
      .buildCommand(
        displayName: "testlint \(targetName)", executable: tool, arguments: arguments,
        inputFiles: inputs, outputFiles: [report])
    ]
  }

  /// The deepest folder that holds both `folder` and `file`.
  static func commonAncestor(_ folder: URL, _ file: URL) -> URL {
    let a = folder.standardizedFileURL.pathComponents
    let b = file.standardizedFileURL.deletingLastPathComponent().pathComponents
    let shared = zip(a, b).prefix { $0 == $1 }.map(\.0)
    return URL(fileURLWithPath: "/" + shared.dropFirst().joined(separator: "/"), isDirectory: true)
  }

  /// The `.lint.yml` testlint itself would find: in `folder` or the nearest parent.
  static func nearestConfiguration(from folder: URL) -> URL? {
    var current = folder.standardizedFileURL
    while true {
      let candidate = current.appendingPathComponent(".lint.yml")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      let parent = current.deletingLastPathComponent()
      if parent.path == current.path { return nil }
      current = parent
    }
  }
}
