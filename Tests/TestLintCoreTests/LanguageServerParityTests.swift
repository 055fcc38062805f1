import Foundation
import XCTest

@testable import TestLintCore

/// The language server publishes what a fresh command-line run of the same text finds
/// (`testlint --stdin-path PATH --reporter json` in the workspace, with its `.lint.yml`): rule,
/// severity, message, line and column of every finding, for what the run learns across files
/// (bases it assumes are test cases, checks declared elsewhere, helpers that call checks).
final class LanguageServerParityTests: XCTestCase {
  /// A class on `FooTestCase`, which no file declares: a test base by its name
  /// (`assume_test_bases`), so its tests are checked, one of them through an undeclared check.
  static let onUndeclaredBase = """
    import XCTest

    final class CartTests: FooTestCase {
      func testLoads() { sut.load() }
      func test_total_isSummed() { verifyTotal(sut) }
      func test_empty_hasNoItems() { XCTAssertTrue(sut.items.isEmpty) }
    }

    """

  func test_undeclaredTestCaseBase_serverMatchesCommandLine() throws {
    let (cli, server) = try findings(
      configuration: "missing_assertion:\n  severity: error\n",
      files: [:], document: Self.onUndeclaredBase)
    XCTAssertEqual(server, cli)
    // The class is a test case: `testLoads` has no assertion and breaks the name format.
    XCTAssertEqual(cli.map(\.rule), ["missing_assertion", "test_name_format"], "\(cli)")
  }

  func test_undeclaredTestCaseBaseNotAssumed_serverMatchesCommandLine() throws {
    let (cli, server) = try findings(
      configuration: "assume_test_bases: false\nmissing_assertion:\n  severity: error\n",
      files: [:], document: Self.onUndeclaredBase)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli, [], "no test class without the assumption")
  }

  func test_lifecycleOnConfiguredTestBaseEnding_serverMatchesCommandLine() throws {
    // `lifecycle_super_call` reads the configured endings: `ViewHarness` is a test base,
    // `AppSnapshotTestCase` (a default ending) is not.
    let (cli, server) = try findings(
      configuration: "assumed_test_base_suffixes: [Harness]\n", files: [:],
      document: """
        import XCTest

        class SnapshotBase: AppSnapshotTestCase {
          override func setUp() { isRecording = false }
        }
        class CardBase: ViewHarness {
          override func tearDown() { card = nil }
        }

        """)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli.map(\.rule), ["lifecycle_super_call"], "\(cli)")
  }

  func test_adoptedTestBaseByConfiguredEnding_serverMatchesCommandLine() throws {
    // An adopted type read as a test base by the configured ending (`ViewChecks`) hands the
    // test over to its harness; one read so by a default ending only (`ViewTestCase`) does not.
    let base = ["Tests/AppViewTestCase.swift": "import XCTest\n\nclass AppViewTestCase: XCTestCase {}\n"]
    let configuration = "assumed_test_base_suffixes: [Checks]\nmissing_assertion:\n  severity: error\n"
    let (cli, server) = try findings(
      configuration: configuration, files: base, document: AssumedBaseTests.adoptingByEnding)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli.filter { $0.rule == "missing_assertion" }.map(\.line), [11], "\(cli)")
    // Declared in the workspace: the server reads the other file's type by the same ending.
    let (declaredCLI, declaredServer) = try findings(
      configuration: configuration, files: base.merging(["Support/ViewChecks.swift": "protocol ViewChecks {}\n"]) { $1 },
      document: AssumedBaseTests.adoptingByEnding)
    XCTAssertEqual(declaredServer, declaredCLI)
    XCTAssertEqual(declaredCLI.filter { $0.rule == "missing_assertion" }.map(\.line), [5, 11], "\(declaredCLI)")
  }

  func test_undeclaredBaseDeclaredInWorkspace_serverMatchesCommandLine() throws {
    // Declared in the workspace as no test case: nothing is assumed.
    let (cli, server) = try findings(
      configuration: "version: 1\n",
      files: ["Support/FooTestCase.swift": "import Foundation\nclass FooTestCase: NSObject {}\n"],
      document: Self.onUndeclaredBase)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli, [])
  }

  func test_checkDeclaredInOtherFile_serverMatchesCommandLine() throws {
    // `checkTotal` reads as a check, but the workspace declares it and it asserts nothing: a
    // test that only calls it has no assertion.
    let (cli, server) = try findings(
      configuration: "missing_assertion:\n  severity: error\n",
      files: ["Support/Checks.swift": "func checkTotal(_ cart: Cart) { print(cart) }\n"],
      document: """
        import XCTest

        final class CartTests: XCTestCase {
          func test_total_isChecked() { checkTotal(sut) }
          func test_total_isVerified() { verifyTotal(sut) }
        }

        """)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli.map(\.rule), ["missing_assertion"], "\(cli)")
  }

  func test_helperCallingUndeclaredCheck_serverMatchesCommandLine() throws {
    // A helper of the workspace that calls a check declared nowhere (`VerifySnapshot`, read as
    // a check in any case) asserts, as such a call in a test would.
    let (cli, server) = try findings(
      configuration: "missing_assertion:\n  severity: error\n",
      files: ["Support/Helpers.swift": "func renderAndCompare(_ view: View) { VerifySnapshot(view) }\n"],
      document: """
        import XCTest

        final class ViewTests: XCTestCase {
          func test_view_rendersAsBefore() { renderAndCompare(sut) }
          func test_view_isLoaded() { sut.load() }
        }

        """)
    XCTAssertEqual(server, cli)
    XCTAssertEqual(cli.map(\.rule), ["missing_assertion"], "\(cli)")
  }

  func test_subjectBesideRequired_serverMatchesCommandLine() throws {
    // `require_subject_beside` looks for the subject's file among the run's files: `Cart.swift`
    // is beside `CartTests.swift`, `Order.swift` is not beside `OrderTests.swift`.
    let configuration = "test_file_name:\n  require_subject_beside: true\n"
    let files = ["Tests/Cart.swift": "struct Cart {}\n", "Tests/Order/Other.swift": "struct Other {}\n"]
    let cart = "import XCTest\n\nfinal class CartTests: XCTestCase {\n  func test_a_b() { XCTAssertTrue(ok) }\n}\n"
    let beside = try findings(configuration: configuration, files: files, document: cart)
    XCTAssertEqual(beside.server, beside.cli)
    XCTAssertEqual(beside.cli, [])
    let order = cart.replacingOccurrences(of: "CartTests", with: "OrderTests")
    let alone = try findings(configuration: configuration, files: files, document: order)
    XCTAssertEqual(alone.server, alone.cli)
    XCTAssertEqual(alone.cli.map(\.rule), ["test_file_name"], "\(alone.cli)")
  }

  // MARK: - Helpers

  /// One finding as both sides report it: 1-based line and column (Unicode scalars).
  struct Reported: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var rule: String
    var severity: String
    var message: String
    var description: String { "\(line):\(column) \(rule) \(severity) \(message)" }
  }

  /// The command line's and the server's findings for `document` as `Tests/<its first class>.swift`
  /// of a workspace holding `files` and `.lint.yml`.
  func findings(configuration: String, files: [String: String], document: String) throws
    -> (cli: [Reported], server: [Reported])
  {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", configuration)
    for (path, text) in files { try sandbox.write(path, text) }
    let name = document.split(separator: "class ").dropFirst().first?.prefix { $0.isLetter } ?? "Document"
    let path = "Tests/\(name).swift"
    try sandbox.write(path, document)
    var stdout = ""
    var stderr = ""
    _ = TestLintCLI.run(
      ["--stdin-path", path, "--reporter", "json"], workingDirectory: sandbox.root,
      standardInput: { Array(document.utf8) }, stdout: &stdout, stderr: &stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], stdout + stderr)
    let cli = try XCTUnwrap(json["findings"] as? [[String: Any]]).map {
      Reported(
        line: $0["line"] as? Int ?? 0, column: $0["column"] as? Int ?? 0, rule: $0["rule"] as? String ?? "",
        severity: $0["severity"] as? String ?? "", message: $0["message"] as? String ?? "")
    }
    var client = LSPClient()
    let reply = try client.request(
      "initialize",
      [
        "rootUri": DocumentURIForTests.uri(sandbox.root),
        "capabilities": ["general": ["positionEncodings": ["utf-32"]]],
      ])
    XCTAssertNil(reply.errorCode)
    _ = try client.notify("initialized", [:])
    let published = try client.open(
      DocumentURIForTests.uri(sandbox.path(path)), document)
    let server = published.map {
      Reported(
        line: ($0.range?.startLine ?? -1) + 1, column: ($0.range?.startCharacter ?? -1) + 1,
        rule: $0.rule ?? "", severity: $0.severity == 1 ? "error" : "warning", message: $0.message)
    }
    let order = { (a: Reported, b: Reported) in (a.line, a.column, a.rule) < (b.line, b.column, b.rule) }
    return (cli.sorted(by: order), server.sorted(by: order))
  }
}
