import Foundation
import PackagePlugin

/// `swift package testlint [--target NAME]... [OPTIONS]`: lints the Swift files of the package's
/// test targets (or of the named ones) with testlint, run from the package's folder so that its
/// `.lint.yml` applies and paths print relative to it. Every other argument goes to testlint
/// unchanged: `--fix`, `--reporter`, `--strict`, `--baseline`, ...
@main
struct TestLintCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let named = extractor.extractOption(named: "target")
    var passed = extractor.remainingArguments
    // The result cache goes to the plugin's work folder, which the sandbox lets it write,
    // unless the command line says otherwise.
    if !passed.contains(where: { $0 == "--no-cache" || $0.hasPrefix("--cache-path") }) {
      let cache = context.pluginWorkDirectoryURL.appendingPathComponent("cache")
      passed += ["--cache-path", cache.path]
    }
    let tool = try context.tool(named: "testlint").url

    // `swift package testlint rules` and the like take no files.
    if let first = extractor.remainingArguments.first, Self.fileless.contains(first) {
      try Self.run(tool, extractor.remainingArguments, in: context.package.directoryURL)
      return
    }
    let targets = try Self.testTargets(of: context.package, named: named)
    let files = targets.flatMap { $0.sourceFiles.map(\.url) }.filter { $0.pathExtension == "swift" }
    guard !files.isEmpty else {
      Diagnostics.warning("testlint: no test target with Swift files to lint")
      return
    }
    try Self.run(tool, passed + ["--"] + files.map(\.path), in: context.package.directoryURL)
  }

  /// testlint's subcommands and options that lint nothing.
  static let fileless: Set<String> = ["rules", "version", "help", "--help", "-h", "--version"]

  /// The test targets with the given names, or all of them when `names` is empty.
  static func testTargets(of package: Package, named names: [String]) throws -> [SourceModuleTarget]
  {
    let modules = package.targets.compactMap { $0 as? SourceModuleTarget }
    guard !names.isEmpty else { return modules.filter { $0.kind == .test } }
    return try names.map { name in
      guard let module = modules.first(where: { $0.name == name }) else {
        throw PluginError("no target named '\(name)' in package '\(package.displayName)'")
      }
      return module
    }
  }

  /// Runs testlint in `folder`; its output goes straight to the terminal.
  static func run(_ tool: URL, _ arguments: [String], in folder: URL) throws {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0: return
    case 1: throw PluginError("testlint found problems that fail the run (exit code 1)")
    default:
      let code = process.terminationStatus
      var message =
        "testlint could not lint: a usage, configuration or I/O error (exit code \(code))"
      if arguments.contains("--fix") {
        // On macOS the plugin sandbox keeps the package read-only unless told otherwise.
        message +=
          "; to let '--fix' write, run"
          + " 'swift package --allow-writing-to-package-directory testlint --fix'"
      }
      throw PluginError(message)
    }
  }
}

/// A failure `swift package` prints and exits non-zero on.
struct PluginError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
