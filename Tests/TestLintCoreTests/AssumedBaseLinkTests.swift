import XCTest

@testable import TestLintCore

/// A shared base with no tests of its own, in a file that imports XCTest, on a base no linted
/// file declares (`class ScreenBase: KitSnapshotTestCase`), whose subclasses hold the tests in
/// files that import Foundation alone (an app target's bridging header brings XCTest): the chain
/// goes through a file that imports XCTest, so the undeclared base is assumed.
final class AssumedBaseLinkTests: XCTestCase {
  /// The shared base: no `test...` method, a helper the tests call.
  private static let base = """
    import XCTest

    class ScreenBase: KitSnapshotTestCase {
      func render(_ screen: Int) -> Int {
        screen
      }
    }

    """

  /// A middle class with no tests either, in a file that imports Foundation alone.
  private static let middle = """
    import Foundation

    class FormScreenBase: ScreenBase {
      var width = 320
    }

    """

  /// A class with a test that checks nothing, on `superclass`, importing Foundation alone.
  private static func tests(_ name: String, on superclass: String) -> String {
    """
    import Foundation

    final class \(name): \(superclass) {
      func testLayout() {
        _ = render(1)
      }
    }

    """
  }

  private func sandbox(_ files: [String: String]) throws -> Sandbox {
    let sandbox = try Sandbox(self)
    for (path, text) in files { try sandbox.write(path, text) }
    return sandbox
  }

  private func rules(_ output: Sandbox.Output) throws -> [String] {
    try JSONFile(output.stdout).findings.map { "\($0.file):\($0.line) \($0.rule)" }
  }

  private static let arguments = ["--reporter", "json", "--only-rule", "missing_assertion"]

  func test_chainThroughABaseInAFileImportingXCTest_isAssumed() throws {
    let sandbox = try sandbox([
      "Tests/ScreenBase.swift": Self.base, "Tests/FormScreenBase.swift": Self.middle,
      "Tests/LoginScreenTests.swift": Self.tests("LoginScreenTests", on: "ScreenBase"),
      "Tests/SignUpFormTests.swift": Self.tests("SignUpFormTests", on: "FormScreenBase"),
    ])
    let output = sandbox.run(Self.arguments)
    XCTAssertEqual(
      try rules(output), ["Tests/LoginScreenTests.swift:4 missing_assertion", "Tests/SignUpFormTests.swift:4 missing_assertion"])
    // The note names the undeclared base and counts the classes with tests, not the links.
    XCTAssertTrue(
      output.stderr.hasPrefix(
        "testlint: note: took 2 classes for XCTest test cases on a base declared in none of the linted files:"
          + " KitSnapshotTestCase (2);"), output.stderr)
    let inventory = sandbox.run(["inventory", "--quiet"]).stdout
    XCTAssertEqual(inventory.components(separatedBy: "\"assumed\"").count - 1, 2, inventory)
    // A second run, from the cache, says the same.
    let cached = Self.arguments + ["--cache-path", ".cache"]
    XCTAssertEqual(try rules(sandbox.run(cached)), try rules(output))
    XCTAssertEqual(try rules(sandbox.run(cached)), try rules(output))
    // With the assumption off, no class is a test class.
    try sandbox.write(".lint.yml", "assume_test_bases: false\n")
    let off = sandbox.run(Self.arguments)
    XCTAssertEqual(try rules(off), [])
    XCTAssertFalse(off.stderr.contains("note:"), off.stderr)
  }

  func test_chainWithoutTestsOrXCTestOrTestBaseName_isNotAssumed() throws {
    let noTests = Self.tests("LoginScreenTests", on: "ScreenBase").replacingOccurrences(of: "testLayout", with: "layout")
    for (base, tests) in [
      // No `test...` method anywhere down the chain.
      (Self.base, noTests),
      // The base's file imports Foundation alone, as its subclass's does.
      (Self.base.replacingOccurrences(of: "import XCTest", with: "import Foundation"), Self.tests("LoginScreenTests", on: "ScreenBase")),
      // The base's own superclass does not read as a test base.
      (Self.base.replacingOccurrences(of: "KitSnapshotTestCase", with: "KitSnapshotter"), Self.tests("LoginScreenTests", on: "ScreenBase")),
    ] {
      let sandbox = try sandbox(["Tests/ScreenBase.swift": base, "Tests/LoginScreenTests.swift": tests])
      let output = sandbox.run(Self.arguments)
      XCTAssertEqual(try rules(output), [], base)
      XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
    }
  }

  func test_linkOnAnotherChain_assumesNothing() throws {
    // A base in a file that imports XCTest on the same undeclared base, but the class with tests
    // goes up another way, through a class of a file that imports Foundation alone.
    let otherBase = "import Foundation\n\nclass PanelBase: KitSnapshotTestCase {}\n"
    let sandbox = try sandbox([
      "Tests/ScreenBase.swift": Self.base, "Tests/PanelBase.swift": otherBase,
      "Tests/PanelTests.swift": Self.tests("PanelTests", on: "PanelBase"),
    ])
    let output = sandbox.run(Self.arguments)
    XCTAssertEqual(try rules(output), [])
    XCTAssertFalse(output.stderr.contains("note:"), output.stderr)
  }
}
