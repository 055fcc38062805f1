import Foundation
import TestLintCore
import XCTest

/// `--fix` and `--fix --dry-run`: fixes that cannot change what a test checks, applied safely.
final class FixTests: XCTestCase {
  static let before = """
    import XCTest

    final class CartTests: XCTestCase {
      func test_total_isTen() {
        XCTAssert(cart.total == 10)
        XCTAssert(cart.coupon == nil, "")
        XCTAssert(!cart.isEmpty, file: file, line: line)
        XCTAssert(cart.isValid)
        XCTAssert(cart.isPaid == true)
        XCTAssert(type(of: cart) == Cart.self)
        XCTAssert((1, 2) == pair)
        XCTAssert(value == ())
      }
    }

    """

  /// A run that only reports (`RuleContext.buildsFixes` off) gets the same violations, without
  /// fixes: no rule builds a fix nobody applies.
  func test_contextWithoutFixes_sameViolationsAndNoFixes() {
    let source = """
      import XCTest

      final class CartTests: XCTestCase {
        override func setUp() {
          cart = Cart()
        }

        func test_total_isSum() throws {
          let item = try! Cart.load().items.first!
          XCTAssert(item.price == 2)
        }
      }

      """
    var fixed = 0
    for (id, withFixes, without) in sameViolations(of: source, without: \.buildsFixes) {
      XCTAssertEqual(without.map(\.test), withFixes.map(\.test), id)
      XCTAssertTrue(without.allSatisfy { $0.fix == nil }, "\(id) built a fix")
      fixed += withFixes.filter { $0.fix != nil }.count
    }
    XCTAssertEqual(fixed, 3, "lifecycle_super_call, force_unwrap_in_test and generic_xctassert fix")
  }

  /// A run whose findings keep no details (`RuleContext.keepsTestNames` off, the `text`
  /// report) gets the same violations, naming no test.
  func test_contextWithoutTestNames_sameViolationsNamingNoTest() {
    let source = """
      import XCTest

      final class CartTests: XCTestCase {
        func testTotal() {
          sleep(1)
          let item = try! Cart.load().items.first!
          XCTAssert(item.price == 2)
        }

        func test_empty_isZero() {
        }
      }

      """
    var named = Set<String>()
    for (id, withNames, without) in sameViolations(of: source, without: \.keepsTestNames) {
      XCTAssertTrue(without.allSatisfy { $0.test == nil }, "\(id) named a test")
      if withNames.contains(where: { $0.test != nil }) { named.insert(id) }
    }
    let expected: Set = ["test_name_format", "sleep_in_test", "force_unwrap_in_test", "missing_assertion"]
    XCTAssertTrue(named.isSuperset(of: expected), "\(named)")
  }

  /// Each rule's violations of `source` (default options) with the context as made and with
  /// `flag` off, after checking both are at the same places with the same messages.
  private func sameViolations(
    of source: String, without flag: WritableKeyPath<RuleContext, Bool>
  ) -> [(id: String, with: [Violation], without: [Violation])] {
    let model = Scanner.scan(SourceFile(path: "CartTests.swift", text: source))
    let context = RuleContext(model: model, discovery: TestDiscovery(testCaseClasses: ["XCTestCase"]))
    var off = context
    off[keyPath: flag] = false
    return RuleRegistry.all.map { type in
      let rule = type.init(options: RuleOptions(defaultsOf: type.description))
      let (with, without) = (rule.check(context), rule.check(off))
      let id = type.description.id
      XCTAssertEqual(without.map(\.offset), with.map(\.offset), id)
      XCTAssertEqual(without.map(\.message), with.map(\.message), id)
      return (id, with, without)
    }
  }

  static let after = """
    import XCTest

    final class CartTests: XCTestCase {
      func test_total_isTen() {
        XCTAssertEqual(cart.total, 10)
        XCTAssertNil(cart.coupon)
        XCTAssertFalse(cart.isEmpty, file: file, line: line)
        XCTAssertTrue(cart.isValid)
        XCTAssert(cart.isPaid == true)
        XCTAssert(type(of: cart) == Cart.self)
        XCTAssert((1, 2) == pair)
        XCTAssert(value == ())
      }
    }

    """

  func test_fix_rewritesSafeAssertionsOnly() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    let output = sandbox.run(["--fix", "--only-rule", "generic_xctassert"])
    XCTAssertEqual(sandbox.read("CartTests.swift"), Self.after)
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      output.stdout.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") },
      ["CartTests.swift:9", "CartTests.swift:10", "CartTests.swift:11", "CartTests.swift:12"],
      "the unfixable ones remain")
  }

  func test_fixedFile_stillParses() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    _ = sandbox.run(["--fix"])
    let fixed = try XCTUnwrap(FileManager.default.contents(atPath: sandbox.path("CartTests.swift")))
    XCTAssertEqual(try LintHarness.parseErrors(Array(fixed)), "", "the fixed file parses")
  }

  func test_secondFix_changesNothing() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    _ = sandbox.run(["--fix"])
    let once = sandbox.read("CartTests.swift")
    let second = sandbox.run(["--fix", "--dry-run"])
    XCTAssertEqual(sandbox.read("CartTests.swift"), once)
    XCTAssertEqual(second.stdout, "")
    XCTAssertEqual(second.code, .success)
  }

  func test_cleanFile_staysByteIdentical() throws {
    let sandbox = try Sandbox(self)
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("import XCTest\r\nfinal class ATests: XCTestCase {\r\n  func test_a_b() { XCTAssertEqual(1, 1) }\r\n}".utf8)
    try sandbox.write("ATests.swift", bytes: bytes)
    let output = sandbox.run(["--fix"])
    let after = try XCTUnwrap(FileManager.default.contents(atPath: sandbox.path("ATests.swift")))
    XCTAssertEqual(Array(after), bytes)
    XCTAssertEqual(output.code, .success)
  }

  func test_crlfAndBOM_arePreserved() throws {
    let sandbox = try Sandbox(self)
    let text = "import XCTest\r\nfinal class ATests: XCTestCase {\r\n  func test_a_b() {\r\n    XCTAssert(a == b)\r\n  }\r\n}\r\n"
    try sandbox.write("ATests.swift", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    _ = sandbox.run(["--fix"])
    let after = try XCTUnwrap(FileManager.default.contents(atPath: sandbox.path("ATests.swift")))
    let expected = text.replacingOccurrences(of: "XCTAssert(a == b)", with: "XCTAssertEqual(a, b)")
    XCTAssertEqual(Array(after), [0xEF, 0xBB, 0xBF] + Array(expected.utf8))
  }

  func test_dryRun_printsUnifiedDiff() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    let output = sandbox.run(["--fix", "--dry-run"])
    XCTAssertEqual(sandbox.read("CartTests.swift"), Self.before, "a dry run writes nothing")
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(
      output.stdout,
      """
      --- a/CartTests.swift
      +++ b/CartTests.swift
      @@ -2,10 +2,10 @@
       
       final class CartTests: XCTestCase {
         func test_total_isTen() {
      -    XCTAssert(cart.total == 10)
      -    XCTAssert(cart.coupon == nil, "")
      -    XCTAssert(!cart.isEmpty, file: file, line: line)
      -    XCTAssert(cart.isValid)
      +    XCTAssertEqual(cart.total, 10)
      +    XCTAssertNil(cart.coupon)
      +    XCTAssertFalse(cart.isEmpty, file: file, line: line)
      +    XCTAssertTrue(cart.isValid)
           XCTAssert(cart.isPaid == true)
           XCTAssert(type(of: cart) == Cart.self)
           XCTAssert((1, 2) == pair)

      """)
  }

  func test_dryRunWithoutFix_isUsageError() throws {
    let sandbox = try Sandbox(self)
    let output = sandbox.run(["--dry-run"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.contains("'--dry-run' goes with '--fix'"), output.stderr)
  }

  func test_fileChangedAfterRead_isNotOverwritten() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    let entry = FileEntry(path: sandbox.path("CartTests.swift"), displayPath: "CartTests.swift")
    XCTAssertThrowsError(
      try FileWalker.replaceContents(of: entry, expected: Array("something else".utf8), with: [0x41])
    ) { error in
      XCTAssertEqual((error as? Diagnostic)?.message, "not fixed: the file changed since it was read")
    }
    XCTAssertEqual(sandbox.read("CartTests.swift"), Self.before)
  }

  func test_linkToFileOutsideLintedPaths_isNotRewritten() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Outside/CartTests.swift", Self.before)
    try sandbox.write("Tree/OtherTests.swift", Self.before.replacingOccurrences(of: "CartTests", with: "OtherTests"))
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tree/CartTests.swift"), withDestinationPath: sandbox.path("Outside/CartTests.swift"))
    let output = sandbox.run(["--fix", "Tree"])
    XCTAssertEqual(sandbox.read("Outside/CartTests.swift"), Self.before, "the file outside is left alone")
    XCTAssertEqual(
      sandbox.read("Tree/OtherTests.swift"), Self.after.replacingOccurrences(of: "CartTests", with: "OtherTests"),
      "the rest of the run is fixed")
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(
      output.stderr.contains("Tree/CartTests.swift:1:1: error: not fixed: it links to '"), output.stderr)
    XCTAssertTrue(output.stderr.contains("outside the linted paths"), output.stderr)
  }

  func test_linkToFileInsideLintedPaths_isFixedAtItsTarget() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tree/Real/CartTests.swift", Self.before)
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tree/CartTests.swift"), withDestinationPath: sandbox.path("Tree/Real/CartTests.swift"))
    let output = sandbox.run(["--fix", "--only-rule", "generic_xctassert", "Tree/CartTests.swift"])
    XCTAssertEqual(sandbox.read("Tree/Real/CartTests.swift"), Self.after)
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.path("Tree/CartTests.swift"))
    XCTAssertEqual(link, sandbox.path("Tree/Real/CartTests.swift"), "the link stays a link")
    XCTAssertEqual(output.code, .success, output.stderr)
  }

  func test_atomicReplace_keepsPermissions() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("CartTests.swift", Self.before)
    let path = sandbox.path("CartTests.swift")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    _ = sandbox.run(["--fix"])
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
    XCTAssertEqual(sandbox.read("CartTests.swift"), Self.after)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.root).filter { $0.contains(".swift.testlint-") }
    XCTAssertEqual(leftovers, [], "no temporary file is left behind")
  }

  func test_diffOfEqualTexts_isEmpty() {
    XCTAssertEqual(UnifiedDiff.render(path: "a.swift", old: "a\nb\n", new: "a\nb\n"), "")
  }

  func test_diffOfLinesAddedAndRemovedAroundKeptOnes_rebuildsBothTexts() {
    // What `patch` needs: the context and `-` lines are the old text, the context and `+`
    // lines the new one, also when kept lines sit between the changes.
    let cases = [("one\ntwo\n", "zero\none\n"), ("c\nc\nb\na\nc\n", "a\nb\nc\nc\nb\n"), ("a\nb\n", "c\na\na\nc\n")]
    for (old, new) in cases {
      let diff = UnifiedDiff.render(path: "a.swift", old: old, new: new, context: 10)
      let lines = diff.split(separator: "\n").dropFirst(3)
      XCTAssertEqual(lines.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst()) + "\n" }.joined(), old, diff)
      XCTAssertEqual(lines.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst()) + "\n" }.joined(), new, diff)
    }
  }

  func test_diffWithoutFinalNewline_saysSo() {
    let diff = UnifiedDiff.render(path: "a.swift", old: "a\nb", new: "a\nc")
    XCTAssertEqual(
      diff,
      "--- a/a.swift\n+++ b/a.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
  }
}

extension FixTests {
  /// The compiler, for `-dump-parse`; skipped locally when absent, a failure on CI.
  static func swiftc() throws -> String {
    let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
      + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]
    if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
    if ProcessInfo.processInfo.environment["CI"] != nil {
      XCTFail("swiftc is needed on CI")
    }
    throw XCTSkip("swiftc not found")
  }
}

extension FixTests {
  func test_twoFixesInsertingAtOneOffset_areAppliedOneAfterTheOther() throws {
    // Each `try!` fix also adds `throws` after the header: one round applies only one of them.
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "ProfileTests.swift",
      """
      import XCTest
      final class ProfileTests: XCTestCase {
        func test_profiles_areEqual() {
          let a = try! decode("a")
          let b = try! decode("b")
          XCTAssertEqual(a, b)
        }
      }

      """)
    let output = sandbox.run(["--fix", "--only-rule", "force_unwrap_in_test"])
    XCTAssertEqual(
      sandbox.read("ProfileTests.swift"),
      """
      import XCTest
      final class ProfileTests: XCTestCase {
        func test_profiles_areEqual() throws {
          let a = try decode("a")
          let b = try decode("b")
          XCTAssertEqual(a, b)
        }
      }

      """)
    XCTAssertEqual(output.code, .success)
  }
}
