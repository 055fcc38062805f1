// swift-tools-version:6.0
import PackageDescription

// testlint's two SwiftPM plugins, running the prebuilt binary of the artifact bundle instead of
// compiling testlint inside every package that uses them (see docs/editors.md). The plugins'
// sources are the main package's (Plugins/TestLint*Plugin, linked here).
//
// `Scripts/release` builds the bundle and copies it beside this file. A published copy of this
// package names the release's zip instead, with the checksum that `Scripts/release` prints:
//   .binaryTarget(
//     name: "testlint",
//     url: "https://github.com/testlint/testlint/releases/download/VERSION/testlint.artifactbundle.zip",
//     checksum: "...")
let package = Package(
  name: "TestLintBinary",
  products: [
    .plugin(name: "TestLintPlugin", targets: ["TestLintBuildToolPlugin"]),
    .plugin(name: "TestLintCommandPlugin", targets: ["TestLintCommandPlugin"]),
  ],
  targets: [
    .binaryTarget(name: "testlint", path: "testlint.artifactbundle.zip"),
    .plugin(
      name: "TestLintBuildToolPlugin", capability: .buildTool(), dependencies: ["testlint"]),
    .plugin(
      name: "TestLintCommandPlugin",
      capability: .command(
        intent: .custom(verb: "testlint", description: "Lint the package's test targets")),
      dependencies: ["testlint"]),
  ],
  swiftLanguageModes: [.v6]
)
