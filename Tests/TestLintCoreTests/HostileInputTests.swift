import Foundation
@testable import TestLintCore
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and configurations written to break a linter: deep nesting, huge files and lines,
/// unterminated literals, bytes that are not UTF-8 text, odd file-system entries, hostile
/// `.lint.yml` files, and the shapes that once made a step quadratic. Each must end without a
/// crash, in bounded time, with a clear message at a position, the rest of the run completed,
/// and the exit code the README documents (0 clean, 1 error findings, 2 a file or configuration
/// problem). Big inputs are generated in memory; the time bounds are in CPU seconds (see
/// `TimeBound`), loose for debug builds but far below what the quadratic versions took.
final class HostileInputTests: XCTestCase {
  /// The rules whose findings these tests spell out; the other rules may add their own.
  static let coreRules: Set<String> = ["missing_assertion", "test_name_format", "generic_xctassert"]

  /// Every rule, opt-in ones too, at its default severity.
  static let allRules: [ConfiguredRule] = RuleRegistry.all.map { type in
    ConfiguredRule(
      type, severity: type.description.defaultSeverity,
      options: RuleOptions(defaultsOf: type.description))
  }

  // MARK: Deep nesting

  func test_hundredThousandNestedBraces_lintInBoundedTime() {
    let balanced = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
    let open = "func test_a_b() {" + String(repeating: "{", count: 100_000) + "\n"
    let close = String(repeating: "}", count: 100_000) + "\nlet after = 1\n"
    let run = lintInMemory(["Balanced.swift": balanced, "Open.swift": open, "Close.swift": close])
    XCTAssertEqual(run.result.files.count, 3)
    XCTAssertEqual(run.result.errors, [])
    XCTAssertLessThan(run.seconds, TimeBound.seconds(20), "nesting must not cost more than linear time")
  }

  func test_hundredThousandNestedParentheses_lintAndFixInBoundedTime() {
    let deep = String(repeating: "(", count: 100_000) + "flag" + String(repeating: ")", count: 100_000)
    let text = """
      import XCTest
      final class DeepTests: XCTestCase {
        func test_deep_holds() {
          XCTAssert(\(deep))
        }
      }

      """
    let run = lintInMemory(["DeepTests.swift": text])
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.findings.map(\.ruleID), ["generic_xctassert"])
    XCTAssertEqual(run.result.findings.first?.line, 4)
    XCTAssertEqual(run.fixes.count, 1, "the fix still applies under deep nesting")
    XCTAssertLessThan(run.seconds, TimeBound.seconds(20), "CPU seconds")
  }

  func test_hundredThousandNestedClosures_keepTheTestFound() {
    let text =
      "import XCTest\nfinal class ClosureTests: XCTestCase {\n  func test_deep_runs() {\n"
      + String(repeating: "run { value in\n", count: 100_000) + "XCTAssertTrue(value)\n"
      + String(repeating: "}\n", count: 100_000) + "  }\n  func testNamedBadly() {}\n}\n"
    let run = lintInMemory(["ClosureTests.swift": text])
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.tests.map(\.name), ["test_deep_runs", "testNamedBadly"])
    XCTAssertEqual(run.result.tests.first?.assertions, 1, "the assertion deep inside counts")
    let core = run.result.findings.filter { Self.coreRules.contains($0.ruleID) }
    XCTAssertEqual(
      core.map(\.ruleID), ["missing_assertion", "test_name_format"],
      "only the test after the closures is reported")
    XCTAssertEqual(core.first?.line, 200_006)
    XCTAssertLessThan(run.seconds, TimeBound.seconds(20), "CPU seconds")
  }

  func test_hundredThousandNestedConditionals_keepTheTestFound() {
    let text =
      "import XCTest\nfinal class IfTests: XCTestCase {\n"
      + String(repeating: "#if DEBUG\n", count: 100_000) + "  func testDeep() { XCTAssertTrue(true) }\n"
      + String(repeating: "#endif\n", count: 100_000) + "}\n"
    let unterminated = "import XCTest\n" + String(repeating: "#if A\n#else\n", count: 50_000)
    let run = lintInMemory(["IfTests.swift": text, "Open.swift": unterminated])
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.findings.map(\.ruleID), ["test_name_format"])
    XCTAssertEqual(run.result.findings.first?.line, 100_003)
    XCTAssertLessThan(run.seconds, TimeBound.seconds(20), "CPU seconds")
  }

  func test_hundredThousandNestedTypes_lintInBoundedTime() {
    let text =
      String(repeating: "class Outer: XCTestCase {\n", count: 100_000) + "func testDeep() {}\n"
      + String(repeating: "}\n", count: 100_000)
    let run = lintInMemory(["Nested.swift": text], fix: false)
    XCTAssertEqual(run.result.errors, [])
    let core = run.result.findings.filter { Self.coreRules.contains($0.ruleID) }
    XCTAssertEqual(core.map(\.ruleID), ["missing_assertion", "test_name_format"])
    XCTAssertEqual(core.first?.line, 100_001)
    // About 36 CPU seconds alone in a debug build on CI's 2-core machine, up to 47 late in the
    // whole suite; a step quadratic in the nesting would take hours.
    XCTAssertLessThan(run.seconds, TimeBound.seconds(75), "CPU seconds; about 36 s in a debug build")
  }

  // MARK: Size

  func test_twentyMegabyteFile_lintsInBoundedTime() {
    // Real test code with long doc comments between the classes: the lexer reads every byte.
    let comment = "/// " + String(repeating: "words about the test ", count: 30) + "\n"
    var text = "import XCTest\n"
    var classes = 0
    while text.utf8.count < 20_000_000 {
      text += String(repeating: comment, count: 300)
      text += """
        final class Feature\(classes)Tests: XCTestCase {
          func test_load_showsTitle() { XCTAssertEqual(title, "Title \\(classes) /x/") }
          func testBadName() { XCTAssert(a == b) }
        }

        """
      classes += 1
    }
    let run = lintInMemory(["Big.swift": text], fix: false)
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.findings.count, classes * 2, "a bad name and a generic assert each")
    let lines = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    XCTAssertEqual(run.result.findings.last?.line, lines - 1)
    XCTAssertLessThan(run.seconds, TimeBound.seconds(30), "CPU seconds")
  }

  func test_fiveMegabyteLine_lintsInBoundedTime() {
    let item = "\"item\", value(1) /* note */, [#\"raw\"#: 2], "
    let long = String(repeating: item, count: 5_000_000 / item.utf8.count + 1)
    let text =
      "import XCTest\nfinal class LongTests: XCTestCase { func test_long_isHandled() { let values = ["
      + long + "]; XCTAssert(values.isEmpty) } }\n"
    XCTAssertGreaterThan(text.utf8.count, 5_000_000)
    let run = lintInMemory(["LongTests.swift": text], fix: false)
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.findings.map(\.ruleID), ["generic_xctassert"])
    XCTAssertEqual(run.result.findings.first?.line, 2)
    let lineLength = text.utf8.count - "import XCTest\n".utf8.count
    XCTAssertEqual(
      run.result.findings.first?.column,
      lineLength - "XCTAssert(values.isEmpty) } }\n".utf8.count + 1, "a column far along")
    XCTAssertLessThan(run.seconds, TimeBound.seconds(20), "CPU seconds")
  }

  // MARK: Shapes that were quadratic

  func test_longLinesOfSlashesAndHashes_lexInLinearTime() {
    let regexLike = "let x = " + String(repeating: "(/[", count: 200_000) + "\n"
    let hashes = String(repeating: "#", count: 1_000_000) + "\n"
    let run = lintInMemory(["Regex.swift": regexLike, "Hashes.swift": hashes])
    XCTAssertEqual(run.result.errors, [])
    XCTAssertEqual(run.result.files.count, 2)
    XCTAssertLessThan(run.seconds, TimeBound.seconds(10), "was quadratic: 60 KB of '(/[' took 24 s")
  }

  func test_manyFindingsOnOneLine_lintAndFixInLinearTime() {
    let prefix = "final class LineTests: XCTestCase { func test_line_holds() { "
    let text =
      "import XCTest\n" + prefix + String(repeating: "XCTAssert(!flag); ", count: 10_000) + "} }\n"
    let run = lintInMemory(["LineTests.swift": text])
    let asserts = run.result.findings.filter { $0.ruleID == "generic_xctassert" }
    XCTAssertEqual(asserts.count, 10_000)
    XCTAssertEqual(Set(run.result.findings.map(\.line)), [2])
    XCTAssertEqual(asserts.last?.column, prefix.utf8.count + 9_999 * 18 + 1)
    // Every reporter repeats the flagged line per finding: the snippet is capped, so the
    // reports stay small (the whole 180 KB line each time made a 1.8 GB HTML page).
    XCTAssertLessThanOrEqual(
      run.result.findings.map(\.snippet.utf8.count).max() ?? 0,
      FileLinter.maximumSnippetBytes + "…".utf8.count)
    XCTAssertLessThan(run.largestReport, 30_000_000)
    XCTAssertEqual(run.fixes.first?.applied, 10_000)
    XCTAssertLessThan(run.seconds, TimeBound.seconds(15), "was quadratic: 10,000 took over 100 s")
  }

  func test_thousandsOfTestClassesAndSuppressions_lintInLinearTime() {
    var text = "import XCTest\n"
    for index in 0..<3_000 {
      text += """
        // testlint:disable test_name_format
        final class Feature\(index)Tests: XCTestCase { func testBad() {} }
        // testlint:enable test_name_format
        final class Feature\(index)Tests: XCTestCase { func testWorse() { XCTAssert(a == b) } }

        """
    }
    let run = lintInMemory(["ManyTests.swift": text])
    XCTAssertEqual(run.result.findings.filter { $0.ruleID == "test_name_format" }.count, 3_000)
    XCTAssertEqual(run.result.findings.filter { $0.ruleID == "missing_assertion" }.count, 3_000)
    XCTAssertEqual(run.result.findings.last?.suite, "Feature2999Tests")
    XCTAssertLessThan(run.seconds, TimeBound.seconds(15), "was quadratic: 4,000 classes took 118 s")
  }

  func test_findingsInNestedAndSiblingTypes_getInnermostSuite() throws {
    let text = """
      import XCTest
      enum Feature {
        final class OuterTests: XCTestCase {
          func testOuter() {}
          final class InnerTests: XCTestCase { func testInner() {} }
          func testAfterInner() {}
        }
      }
      final class SiblingTests: XCTestCase { func testSibling() {} }
      @Test func free() {}

      """
    let model = Scanner.scan(SourceFile(path: "Suites.swift", text: text))
    let offsets = Array(0...text.utf8.count)
    let suites = FileLinter.suites(at: offsets, in: model)
    for offset in offsets {
      XCTAssertEqual(suites[offset], naiveSuite(at: offset, in: model), "offset \(offset)")
    }
    let run = lintInMemory(["Suites.swift": text], fix: false)
    let named = run.result.findings.filter { $0.ruleID == "test_name_format" }
    XCTAssertEqual(
      named.map(\.suite),
      ["Feature.OuterTests", "Feature.OuterTests.InnerTests", "Feature.OuterTests", "SiblingTests"])
  }

  // MARK: Unterminated literals

  func test_unterminatedLiterals_reportedAtTheirStart() throws {
    let cases: [(source: String, line: Int, column: Int, message: String)] = [
      ("let a = 1\nlet s = \"open\n", 2, 9, "unterminated string literal"),
      ("let s = #\"raw \"\n", 1, 9, "unterminated string literal"),
      ("let s = \"\"\"\n  open\n", 1, 9, "unterminated multi-line string literal"),
      ("let s = \"\\(value + \"inner\")\n", 1, 9, "unterminated string literal"),
      ("let s = \"\\(call(\n", 1, 9, "unterminated string literal"),
      ("let x = 1\n/* open /* nested */\nlet y = 2\n", 2, 1, "unterminated block comment"),
      ("let r = #/open\n", 1, 9, "unterminated regex literal"),
    ]
    for (index, item) in cases.enumerated() {
      let sandbox = try Sandbox(self)
      try sandbox.write("Broken.swift", item.source)
      try sandbox.write("NameTests.swift", Source.badName())
      let output = sandbox.run(["--quiet"])
      XCTAssertEqual(output.code, .failure, "case \(index)")
      XCTAssertEqual(
        output.stderr, "Broken.swift:\(item.line):\(item.column): error: \(item.message)\n",
        "case \(index): \(item.source)")
      XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), "the rest is linted")
    }
  }

  // MARK: Bytes that are not text

  func test_bytesThatAreNotText_reportedWithPosition() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Latin1.swift", bytes: Array("let a = 1\nlet b = \"caf".utf8) + [0xE9, 0x22, 0x0A])
    try sandbox.write("Truncated.swift", bytes: Array("let é = 1\n".utf8) + [0xE2, 0x82])
    try sandbox.write("Overlong.swift", bytes: [0x61, 0xC0, 0xAF, 0x0A])
    try sandbox.write("Surrogate.swift", bytes: Array("x\n\n".utf8) + [0xED, 0xA0, 0x80])
    try sandbox.write("Nul.swift", bytes: Array("let a = 1\nlet b = 2".utf8) + [0, 0x0A])
    try sandbox.write("NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .failure)
    let reason = "; is it a Swift source file?"
    XCTAssertEqual(
      output.stderr.split(separator: "\n").map(String.init),
      [
        "Latin1.swift:2:13: error: cannot read file: it is not valid UTF-8" + reason,
        "Nul.swift:2:10: error: cannot read file: it contains a NUL byte" + reason,
        "Overlong.swift:1:2: error: cannot read file: it is not valid UTF-8" + reason,
        "Surrogate.swift:3:1: error: cannot read file: it is not valid UTF-8" + reason,
        "Truncated.swift:2:1: error: cannot read file: it is not valid UTF-8" + reason,
      ])
    XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), output.stdout)
  }

  func test_utf16AndUtf32Files_reportedAsSuch() throws {
    let sandbox = try Sandbox(self)
    let text = "import XCTest\n"
    let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let utf16BE = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let utf32LE = text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
    try sandbox.write("A.swift", bytes: [0xFF, 0xFE] + utf16LE)
    try sandbox.write("B.swift", bytes: [0xFE, 0xFF] + utf16BE)
    try sandbox.write("C.swift", bytes: utf16LE)
    try sandbox.write("D.swift", bytes: utf16BE)
    try sandbox.write("E.swift", bytes: [0xFF, 0xFE, 0, 0] + utf32LE)
    try sandbox.write("F.swift", bytes: [0x61, 0, 0x62, 0])
    try sandbox.write("NameTests.swift", Source.badName())
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .failure)
    let save = " text; save it as UTF-8"
    XCTAssertEqual(
      output.stderr.split(separator: "\n").map(String.init),
      [
        "A.swift:1:1: error: cannot read file: it is UTF-16 (little-endian)" + save,
        "B.swift:1:1: error: cannot read file: it is UTF-16 (big-endian)" + save,
        "C.swift:1:1: error: cannot read file: it is UTF-16 (little-endian)" + save,
        "D.swift:1:1: error: cannot read file: it is UTF-16 (big-endian)" + save,
        "E.swift:1:1: error: cannot read file: it is UTF-32 (little-endian)" + save,
        "F.swift:1:1: error: cannot read file: it is UTF-16 (little-endian)" + save,
      ])
    XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), output.stdout)
    // Valid UTF-8 whose first line is short is not mistaken for UTF-16.
    try sandbox.write("G.swift", bytes: [0x61, 0x0A, 0x62, 0x0A, 0x00])
    XCTAssertTrue(
      sandbox.run(["--quiet", "G.swift"]).stderr.hasPrefix("G.swift:3:1: error: cannot read file: it contains a NUL byte"))
  }

  func test_loneCarriageReturnsAndInnerBOM_countLinesAndColumns() throws {
    let sandbox = try Sandbox(self)
    let crOnly = Source.badName().replacingOccurrences(of: "\n", with: "\r")
    try sandbox.write("Mac/NameTests.swift", crOnly)
    // Inside the text a BOM is an identifier character, as for swiftc: alone on its line it
    // is harmless, and it takes one column.
    try sandbox.write(
      "Bom/NameTests.swift",
      "import XCTest\n\u{FEFF}\nfinal class NameTests: XCTestCase {\n"
        + "  let mark = \"\u{FEFF}\"; func testLoad() { XCTAssertEqual(1, 1) }\n}\n")
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stderr, "")
    XCTAssertEqual(
      output.stdout.split(separator: "\n").map { $0.split(separator: " ").first ?? "" },
      ["Bom/NameTests.swift:4:24:", "Mac/NameTests.swift:4:8:"],
      "a BOM inside the text is one column; a lone CR ends a line")
  }

  func test_bomOfSecondConcatenatedFile_keepsItsTests() throws {
    // `cat A.swift B.swift` of two files saved with a BOM: the second BOM starts a line.
    let sandbox = try Sandbox(self)
    try sandbox.write("AllTests.swift", Source.clean("ATests") + "\u{FEFF}" + Source.badName("BTests"))
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(output.stderr, "")
    XCTAssertEqual(
      output.stdout.split(separator: "\n").map { $0.split(separator: " ").first ?? "" },
      ["AllTests.swift:11:8:"], "the test after the BOM is found, at its line")
  }

  func test_strayWordBeforeDeclaration_keepsDeclaration() {
    // Code mid-edit: a lone word (or a stray BOM) on the line before a declaration.
    let topLevel = "import XCTest\npresen\nfinal class NameTests: XCTestCase {\n  func testLoad() {}\n}\n"
    let member = "import XCTest\nclass MemberTests: XCTestCase {\n  presenter\n  func testLoad() {}\n}\n"
    let run = lintInMemory(["Member.swift": member, "TopLevel.swift": topLevel], fix: false)
    XCTAssertEqual(run.result.tests.map(\.suite), ["MemberTests", "NameTests"])
    XCTAssertEqual(
      run.result.findings.filter { Self.coreRules.contains($0.ruleID) }.map(\.line), [4, 4, 4, 4])
  }

  // MARK: File-system entries

  func test_directoryNamedLikeSwiftFile_isWalkedNotRead() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Folder.swift/InnerTests.swift", Source.noAssertion("InnerTests"))
    let walked = sandbox.run(["--quiet"])
    XCTAssertEqual(walked.code, .findings)
    XCTAssertTrue(walked.stdout.hasPrefix("Folder.swift/InnerTests.swift:4:8: error: "), walked.stdout)
    XCTAssertEqual(walked.stderr, "")
    let entry = FileEntry(path: sandbox.path("Folder.swift"), displayPath: "Folder.swift")
    XCTAssertThrowsError(try FileWalker.contents(of: entry)) { error in
      XCTAssertEqual(
        (error as? Diagnostic)?.formatted, "Folder.swift:1:1: error: cannot read file: it is a directory")
    }
  }

  func test_namesThatAreNotUTF8_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    let folder = Array(sandbox.path("Dir").utf8) + [0xFE]
    XCTAssertEqual(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755), 0)
    for name in [Array(sandbox.path("Bad").utf8) + [0xFF] + Array(".swift".utf8), folder + Array("/ATests.swift".utf8)] {
      let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
      XCTAssertGreaterThanOrEqual(descriptor, 0)
      close(descriptor)
    }
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(
      output.stderr.split(separator: "\n").map(String.init),
      [
        "Bad\u{FFFD}.swift:1:1: error: cannot open: its name is not valid UTF-8",
        "Dir\u{FFFD}:1:1: error: cannot open: its name is not valid UTF-8",
      ], "not skipped silently")
    XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), output.stdout)
  }

  func test_symlinkLoopNamedExplicitly_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/NameTests.swift", Source.badName())
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("A.swift"), withDestinationPath: sandbox.path("B.swift"))
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("B.swift"), withDestinationPath: sandbox.path("A.swift"))
    try FileManager.default.createSymbolicLink(
      atPath: sandbox.path("Tests/Loop"), withDestinationPath: sandbox.path("Tests"))
    let output = sandbox.run(["--quiet", "A.swift", "Tests", "Tests/Loop/Loop/Loop/NameTests.swift"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertTrue(output.stderr.hasPrefix("A.swift:1:1: error: cannot open: "), output.stderr)
    XCTAssertEqual(output.stderr.split(separator: "\n").count, 1)
    XCTAssertEqual(
      output.stdout.split(separator: "\n").map { $0.split(separator: ":").first ?? "" },
      ["Tests/Loop/Loop/Loop/NameTests.swift", "Tests/NameTests.swift"],
      "a path through the loop is read once as named; the walk does not enter the loop")
  }

  func test_unreadableFile_reportedAndRestLinted() throws {
    guard geteuid() != 0 else { throw XCTSkip("root reads a chmod 000 file; see the read-error test") }
    let sandbox = try Sandbox(self)
    try sandbox.write("Locked.swift", Source.noAssertion())
    try sandbox.write("NameTests.swift", Source.badName())
    XCTAssertEqual(chmod(sandbox.path("Locked.swift"), 0), 0)
    addTeardownBlock { _ = chmod(sandbox.path("Locked.swift"), 0o644) }
    let output = sandbox.run(["--quiet"])
    XCTAssertEqual(output.code, .failure)
    XCTAssertEqual(output.stderr, "Locked.swift:1:1: error: cannot read file: permission denied\n")
    XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), output.stdout)
  }

  func test_readErrorAndSpecialFiles_reportedAndRestLinted() throws {
    // `/proc/self/mem` opens as a regular file and fails to read (EIO), even for root; a named
    // pipe and a device must not block or read forever.
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", Source.badName())
    XCTAssertEqual(mkfifo(sandbox.path("Pipe.swift"), 0o644), 0)
    var arguments = ["--quiet", "Pipe.swift", "/dev/zero", "NameTests.swift"]
    let hasProc = FileManager.default.fileExists(atPath: "/proc/self/mem")
    if hasProc { arguments.append("/proc/self/mem") }
    let output = sandbox.run(arguments)
    XCTAssertEqual(output.code, .failure)
    var expected = [
      "/dev/zero:1:1: error: cannot read file: it is not a regular file",
      "Pipe.swift:1:1: error: cannot read file: it is not a regular file",
    ]
    if hasProc { expected.insert("/proc/self/mem:1:1: error: cannot read file: input/output error", at: 1) }
    XCTAssertEqual(output.stderr.split(separator: "\n").map(String.init), expected)
    XCTAssertTrue(output.stdout.hasPrefix("NameTests.swift:4:8: warning: "), output.stdout)
  }

  func test_fileDeletedDuringRun_reportedAndRestLinted() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Gone.swift", Source.noAssertion())
    try sandbox.write("NameTests.swift", Source.badName())
    let collected = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }
    XCTAssertEqual(collected.files.map(\.displayPath), ["Gone.swift", "NameTests.swift"])
    try FileManager.default.removeItem(atPath: sandbox.path("Gone.swift"))
    let engine = LintEngine(rules: Self.allRules, testBaseClasses: [], threads: 2)
    let result = engine.run(collected.files)
    XCTAssertEqual(
      result.errors.map(\.formatted),
      ["Gone.swift:1:1: error: cannot read file: no such file or directory"])
    XCTAssertEqual(result.findings.map(\.path), ["NameTests.swift"])

    // Vanishing between the two readings: read and linted in pass 1, where its base class (in
    // another file) was not known yet, so read again to be linted anew, and gone by then.
    // (One thread: Gone.swift is read before Base.swift. On two, Base.swift may be known in
    // time, and the file is then read once.)
    let reads = ReadCounter()
    let rereading = LintEngine(rules: Self.allRules, testBaseClasses: [], threads: 1)
    let base = FileEntry(path: sandbox.path("Base.swift"), displayPath: "Base.swift")
    let second = rereading.run(collected.files + [base]) { entry throws(Diagnostic) in
      switch entry.displayPath {
      case "Gone.swift":
        if reads.next() > 0 {
          throw Diagnostic(path: entry.displayPath, message: "cannot read file: no such file or directory")
        }
        return Array("import XCTest\nfinal class GoneTests: GoneBase {\n  func test_load() {}\n}\n".utf8)
      case "Base.swift": return Array("import XCTest\nclass GoneBase: XCTestCase {}\n".utf8)
      default: return Array(Source.badName().utf8)
      }
    }
    XCTAssertEqual(reads.next(), 2, "read in pass 1, then again to be linted anew")
    XCTAssertEqual(second.errors.map(\.path), ["Gone.swift"])
    XCTAssertFalse(second.findings.contains { $0.path == "Gone.swift" })
    XCTAssertTrue(second.findings.contains { $0.path == "NameTests.swift" })
  }

  // MARK: Hostile configurations

  func test_emptyConfiguration_usesDefaults() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    for text in ["", "\n\n", "# only a comment\n", "---\n"] {
      try sandbox.write(".lint.yml", text)
      let output = sandbox.run(["--quiet"])
      XCTAssertEqual(output.code, .findings, "\(text.debugDescription) means the defaults")
      XCTAssertEqual(output.stderr, "")
    }
  }

  func test_hostileConfigurations_reportedWithPosition() throws {
    let deep = (0..<200).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n")
    let cases: [(text: [UInt8], expected: String)] = [
      ([0x76, 0x3A, 0x20, 0xFF, 0xFE, 0x0A], ".lint.yml:1:4: error: cannot read file: it is not valid UTF-8"),
      ([0x00, 0x01, 0x02], ".lint.yml:1:1: error: cannot read file: it contains a NUL byte"),
      ([0xFF, 0xFE, 0x76, 0x00, 0x3A, 0x00], ".lint.yml:1:1: error: cannot read file: it is UTF-16 (little-endian) text"),
      (Array((deep + "\n").utf8), ".lint.yml:65:"),
      (Array((String(repeating: "[", count: 100_000) + "\n").utf8), ".lint.yml:1:"),
      (Array("base: &base\n  severity: error\ntest_name_format: *base\n".utf8), ".lint.yml:1:7: error: anchors"),
      (Array("test_name_format: *base\n".utf8), ".lint.yml:1:19: error: aliases"),
      (Array("excluded: !!seq [a]\n".utf8), ".lint.yml:1:11: error: "),
      (Array("disabled_rules: [test_name_fromat]\n".utf8), ".lint.yml:1:18: error: unknown rule"),
      (Array("test_name_fromat: off\n".utf8), ".lint.yml:1:1: error: unknown key 'test_name_fromat'"),
    ]
    for (index, item) in cases.enumerated() {
      let sandbox = try Sandbox(self)
      try sandbox.write("EmptyTests.swift", Source.noAssertion())
      try sandbox.write(".lint.yml", bytes: item.text)
      let output = sandbox.run(["--quiet"])
      XCTAssertEqual(output.code, .failure, "case \(index)")
      XCTAssertTrue(output.stderr.hasPrefix(item.expected), "case \(index): \(output.stderr)")
      XCTAssertEqual(output.stderr.split(separator: "\n").count, 1, "case \(index): one message")
    }
  }

  func test_configurationThatIsNotAFile_reportedNotIgnored() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    try FileManager.default.createSymbolicLink(atPath: sandbox.path(".lint.yml"), withDestinationPath: ".lint.yml")
    let loop = sandbox.run(["--quiet"])
    XCTAssertEqual(loop.code, .failure)
    XCTAssertTrue(loop.stderr.hasPrefix(".lint.yml:1:1: error: cannot read file: "), loop.stderr)
    try FileManager.default.removeItem(atPath: sandbox.path(".lint.yml"))
    try FileManager.default.createDirectory(atPath: sandbox.path(".lint.yml"), withIntermediateDirectories: false)
    let folder = sandbox.run(["--quiet"])
    XCTAssertEqual(folder.code, .failure)
    XCTAssertTrue(folder.stderr.hasPrefix(".lint.yml:1:1: error: cannot read file: it is a directory"), folder.stderr)
  }

  func test_tenMegabyteConfiguration_parsesInBoundedTime() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("EmptyTests.swift", Source.noAssertion())
    var text = "version: 1\nexcluded:\n"
    var count = 0
    while text.utf8.count < 10_000_000 {
      text += "  - \"Generated/Module\(count)/**/*.swift\"  # generated\n"
      count += 1
    }
    try sandbox.write(".lint.yml", text + "missing_assertion: {severity: warning}\n")
    let (output, seconds) = TimeBound.measure { sandbox.run(["--quiet"]) }
    XCTAssertEqual(output.code, .success, "missing_assertion is a warning now")
    XCTAssertEqual(output.stdout.split(separator: "\n").count, 1)
    XCTAssertLessThan(seconds, TimeBound.seconds(20), "CPU seconds")
  }
}

extension HostileInputTests {
  /// What one in-memory run produced and how long it took.
  struct InMemoryRun {
    var result: LintResult
    var fixes: [FixedFile]
    /// The size in bytes of the biggest report any reporter rendered.
    var largestReport: Int
    /// CPU seconds of the whole pipeline, all threads together.
    var seconds: Double
  }

  /// Lints in-memory files with every rule, renders every report and (with `fix`) computes
  /// the fixes and lexes them again, the whole pipeline a CLI run goes through.
  func lintInMemory(_ files: [String: String], fix: Bool = true) -> InMemoryRun {
    let contents = files.mapValues { Array($0.utf8) }
    let entries = contents.keys.sorted().map { FileEntry(path: "/memory/" + $0, displayPath: $0) }
    let load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = { entry throws(Diagnostic) in
      guard let bytes = contents[entry.displayPath] else {
        throw Diagnostic(path: entry.displayPath, message: "cannot read file: missing")
      }
      return bytes
    }
    let engine = LintEngine(rules: Self.allRules, testBaseClasses: [], threads: 2)
    var result = LintResult(findings: [], errors: [], files: [], rules: [])
    var fixes: [FixedFile] = []
    var largestReport = 0
    let seconds = TimeBound.measure {
      result = engine.run(entries, load: load)
      for name in ReporterRegistry.names {
        largestReport = max(largestReport, ReporterRegistry.make(name)?.render(result).utf8.count ?? 0)
      }
      if fix { fixes = engine.fixes(entries, load: load) }
    }.seconds
    for fixed in fixes {
      XCTAssertNoThrow(try SourceFile(path: fixed.file.displayPath, bytes: fixed.fixed), "fixed text reads")
    }
    return InMemoryRun(result: result, fixes: fixes, largestReport: largestReport, seconds: seconds)
  }

  /// The suite of an offset as `FileLinter` found it before it found all at once.
  func naiveSuite(at offset: Int, in model: FileModel) -> String? {
    var best: Int?
    for (index, type) in model.types.enumerated() {
      guard let open = type.body.first, let close = type.body.last, close < model.tokens.count
      else { continue }
      let start = type.nameOffset
      let end = Int(model.tokens[close].end)
      guard offset >= min(start, Int(model.tokens[open].start)), offset < end else { continue }
      if let current = best, model.types[current].nameOffset > start { continue }
      best = index
    }
    return best.map { TestDiscovery.qualifiedTypeName($0, in: model) }
  }
}

/// Counts calls from concurrent readers.
private final class ReadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  /// The number of earlier calls.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count - 1
  }
}
