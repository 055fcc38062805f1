// swift-tools-version:6.0
import PackageDescription

// SamplePackage's code (Sources and Tests are links to it) with testlint's plugins from the
// artifact bundle: the build runs the prebuilt testlint and compiles none of it.
// Run `Scripts/release` first: it puts the bundle where Plugins/Binary expects it.
let package = Package(
  name: "BinarySamplePackage",
  dependencies: [
    // In your own package: the published plugin package (see docs/editors.md).
    .package(name: "TestLintBinary", path: "../../Plugins/Binary")
  ],
  targets: [
    .target(name: "Courses"),
    .testTarget(
      name: "CoursesTests",
      dependencies: ["Courses"],
      plugins: [.plugin(name: "TestLintPlugin", package: "TestLintBinary")]),
  ],
  swiftLanguageModes: [.v6]
)
