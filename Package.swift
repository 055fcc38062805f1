// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TestLint",
  products: [
    .executable(name: "testlint", targets: ["testlint"]),
    .library(name: "TestLintCore", targets: ["TestLintCore"]),
    .plugin(name: "TestLintPlugin", targets: ["TestLintBuildToolPlugin"]),
    .plugin(name: "TestLintCommandPlugin", targets: ["TestLintCommandPlugin"]),
  ],
  targets: [
    .target(name: "TestLintCore"),
    .executableTarget(name: "testlint", dependencies: ["TestLintCore"]),
    .testTarget(name: "TestLintCoreTests", dependencies: ["TestLintCore"], exclude: ["Fixtures"]),
    .testTarget(name: "testlintTests", dependencies: ["testlint", "TestLintCore"]),
    // Lints a test target on each build in which its files changed (see the README).
    .plugin(
      name: "TestLintBuildToolPlugin", capability: .buildTool(), dependencies: ["testlint"]),
    // `swift package testlint [--fix] [OPTIONS]`: lints the package's test targets. It declares
    // no write permission, which SwiftPM would demand on every run, even without `--fix`;
    // `swift package --allow-writing-to-package-directory testlint --fix` grants it when needed.
    .plugin(
      name: "TestLintCommandPlugin",
      capability: .command(
        intent: .custom(verb: "testlint", description: "Lint the package's test targets")),
      dependencies: ["testlint"]),
  ],
  swiftLanguageModes: [.v6]
)
