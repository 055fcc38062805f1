// swift-tools-version:6.0
import PackageDescription

// A tiny package that uses testlint's plugins from the repository around it:
// `swift build --build-tests` lints CoursesTests as part of the build, and
// `swift package testlint` lints every test target on demand.
let package = Package(
  name: "SamplePackage",
  dependencies: [
    // In your own package: .package(url: "https://github.com/testlint/testlint", from: "0.1.0")
    .package(name: "TestLint", path: "../..")
  ],
  targets: [
    .target(name: "Courses"),
    .testTarget(
      name: "CoursesTests",
      dependencies: ["Courses"],
      plugins: [.plugin(name: "TestLintPlugin", package: "TestLint")]),
  ],
  swiftLanguageModes: [.v6]
)
