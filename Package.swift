// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TestLint",
  products: [
    .executable(name: "testlint", targets: ["testlint"]),
    .library(name: "TestLintCore", targets: ["TestLintCore"]),
  ],
  targets: [
    .target(name: "TestLintCore"),
    .executableTarget(name: "testlint", dependencies: ["TestLintCore"]),
    .testTarget(name: "TestLintCoreTests", dependencies: ["TestLintCore"], exclude: ["Fixtures"]),
    .testTarget(name: "testlintTests", dependencies: ["testlint", "TestLintCore"]),
  ],
  swiftLanguageModes: [.v6]
)
