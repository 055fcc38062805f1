import Foundation
import TestLintCore
import XCTest

/// `force_unwrap_in_test`: telling `x!` from other `!`s, messages per framework, and the `try!`
/// fix (parses, is idempotent, keeps CRLF and BOM, stays out of closures).
final class ForceUnwrapInTestRuleTests: XCTestCase {
  func test_operators_areTold() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let a = value!
        let b = call()!.count + list[0]! + self!
        XCTAssertTrue(a != b && !a.isEmpty && a !== b)
        var c: Int! = nil
        var d: [String: Int]! = [:]
        let e = a!=b
        let f = { value! }
        XCTAssertTrue(flag ?!c : d)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(ForceUnwrapInTestRule.self, source),
      ["5:16", "6:17", "6:34", "6:42", "11:18"])
  }

  func test_messages_followFramework() {
    let source = """
      import XCTest
      import Testing
      import Quick
      final class ATests: XCTestCase {
        func test_a_b() { XCTAssertTrue(x! && try! y() && (z as! Bool)) }
      }
      @Test func b() { #expect(x!) }
      final class ASpec: QuickSpec {
        override class func spec() { it("c") { expect(try! z()) == x! } }
      }
      """
    XCTAssertEqual(
      RuleLinting.findings(ForceUnwrapInTestRule.self, source).map(\.message),
      [
        "unwrap with 'XCTUnwrap' instead of '!', so a nil fails the test instead of crashing the run",
        "use 'try' and make the test 'throws' instead of 'try!', so an error fails the test instead of crashing the run",
        "cast with 'as?' and unwrap with 'XCTUnwrap' instead of 'as!', so a wrong type fails the test instead of crashing the run",
        "unwrap with '#require' instead of '!', so a nil fails the test instead of crashing the run",
        "use 'try' in a throwing example instead of 'try!', so an error fails the example instead of crashing the run",
        "unwrap with Nimble's 'unwrap' instead of '!', so a nil fails the test instead of crashing the run",
      ])
  }

  func test_helpersAndProperties_areNotRead() {
    let source = RuleLinting.xctest(
      """
      let url = URL(string: "https://example.com")!
      func make() -> Profile { try! Profile.load() }
      func test_a_b() { XCTAssertNotNil(make()) }
      """)
    XCTAssertEqual(RuleLinting.positions(ForceUnwrapInTestRule.self, source), [])
  }

  static let before = """
    import XCTest
    import Testing

    final class ProfileTests: XCTestCase {
      func test_decode_readsName() {
        let data = try! load()
        if ready {
          let other = try! load()
          XCTAssertEqual(try! decode(other), data)
        }
        guard let value = try! decode(data) else { return }
        for item in try! items() { XCTAssertNotNil(item) }
        do {
          XCTAssertNotNil(try! load())
        }
        XCTAssertNotNil(value)
      }

      func test_async_throws() async {
        let profile = try! await fetch()
        XCTAssertNotNil(profile)
      }

      func test_already_throws() throws -> Void {
        XCTAssertNotNil(try! load())
      }
    }

    @Test func loads() {
      #expect(try! load() != nil)
    }

    """

  static let after = """
    import XCTest
    import Testing

    final class ProfileTests: XCTestCase {
      func test_decode_readsName() throws {
        let data = try load()
        if ready {
          let other = try load()
          XCTAssertEqual(try decode(other), data)
        }
        guard let value = try decode(data) else { return }
        for item in try items() { XCTAssertNotNil(item) }
        do {
          XCTAssertNotNil(try load())
        }
        XCTAssertNotNil(value)
      }

      func test_async_throws() async throws {
        let profile = try await fetch()
        XCTAssertNotNil(profile)
      }

      func test_already_throws() throws -> Void {
        XCTAssertNotNil(try load())
      }
    }

    @Test func loads() throws {
      #expect(try load() != nil)
    }

    """

  func test_fix_makesTestsThrow() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("ProfileTests.swift", Self.before)
    let output = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(sandbox.read("ProfileTests.swift"), Self.after)
    XCTAssertEqual(output.stdout, "", "every finding was fixed")
  }

  func test_fixedFile_stillParses() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("ProfileTests.swift", Self.before + Self.unfixable)
    _ = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    let fixed = try XCTUnwrap(FileManager.default.contents(atPath: sandbox.path("ProfileTests.swift")))
    XCTAssertEqual(try LintHarness.parseErrors(Array(fixed)), "", "the fixed file parses")
    XCTAssertEqual(sandbox.read("ProfileTests.swift"), Self.after + Self.unfixable)
  }

  func test_secondFix_changesNothing() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("ProfileTests.swift", Self.before + Self.unfixable)
    _ = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    let once = sandbox.read("ProfileTests.swift")
    let second = sandbox.run(["--fix", "--dry-run", "--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(sandbox.read("ProfileTests.swift"), once)
    XCTAssertEqual(second.stdout, "", "no diff")
    let remaining = sandbox.run(["--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(
      remaining.stdout.filter { $0 == "\n" }.count, 7, "only the 7 unfixable findings remain")
  }

  func test_crlfAndBOM_arePreserved() throws {
    let sandbox = try Sandbox(self)
    let text =
      "import XCTest\r\nfinal class ATests: XCTestCase {\r\n  func test_a_b() async {\r\n    let x = try! await load()\r\n    XCTAssertNotNil(x)\r\n  }\r\n}\r\n"
    try sandbox.write("ATests.swift", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    _ = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    let after = try XCTUnwrap(FileManager.default.contents(atPath: sandbox.path("ATests.swift")))
    let expected = text.replacingOccurrences(of: "async {", with: "async throws {")
      .replacingOccurrences(of: "try! await", with: "try await")
    XCTAssertEqual(Array(after), [0xEF, 0xBB, 0xBF] + Array(expected.utf8))
  }

  /// `try!` the fix must leave alone: closures, local functions, `defer`, `do`/`catch`, right of
  /// an operator, non-throwing autoclosures and `override`: 7 findings.
  static let unfixable = """
    final class LeftAloneTests: XCTestCase {
      func test_closures_stay() {
        items.forEach { try! $0.run() }
        func local() { try! run() }
        defer { try! cleanUp() }
        do {
          try! run()
        } catch {}
        let value = cached ?? try! load()
        assert(try! check())
        XCTAssertNotNil(value)
      }

      override func test_inherited_stays() {
        XCTAssertNotNil(try! load())
      }
    }

    """

  func test_unfixableTries_keepFinding() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("LeftAloneTests.swift", "import XCTest\n" + Self.unfixable)
    let output = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(sandbox.read("LeftAloneTests.swift"), "import XCTest\n" + Self.unfixable)
    XCTAssertEqual(output.stdout.filter { $0 == "\n" }.count, 7, output.stdout)
  }

  func test_quickAndTypedThrows_getNoFix() throws {
    let sandbox = try Sandbox(self)
    let source = """
      import XCTest
      import Quick
      final class ASpec: QuickSpec {
        override class func spec() { it("a") { _ = try! load() } }
      }
      final class BTests: XCTestCase {
        func test_typed_throws() throws(LoadError) { _ = try! load() }
      }

      """
    try sandbox.write("ASpec.swift", source)
    _ = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(sandbox.read("ASpec.swift"), source)
  }
}
