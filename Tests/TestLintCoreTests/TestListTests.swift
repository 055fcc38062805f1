import XCTest

@testable import TestLintCore

/// The run's tests as the health reports read them (`TestList`): encoded where the run keeps
/// them, read back file by file in the order of `LintResult.tests` (file, line, name), counted
/// exactly, the lists cut at what a report shows.
final class TestListTests: XCTestCase {
  /// A file with one test per name, each asserting `assertions` times.
  private static func file(_ suite: String, _ names: [String], assertions: Int = 0) -> [UInt8] {
    var text = "import XCTest\nfinal class \(suite): XCTestCase {\n"
    for name in names {
      text += "  func \(name)() {\n"
      text += String(repeating: "    XCTAssertTrue(value)\n", count: assertions)
      text += "  }\n"
    }
    return Array((text + "}\n").utf8)
  }

  private static var rules: [ConfiguredRule] {
    RuleRegistry.all.filter { !$0.description.isOptIn }.map { type in
      ConfiguredRule(
        type, severity: type.description.defaultSeverity, options: RuleOptions(defaultsOf: type.description))
    }
  }

  private static func run(
    _ entries: [FileEntry], _ files: [String: [UInt8]], memoryBytes: Int = 4 << 20
  ) -> LintResult {
    var engine = LintEngine(rules: Self.rules, testBaseClasses: [], threads: 2)
    engine.findingMemoryBytes = memoryBytes
    return engine.run(entries) { entry throws(Diagnostic) in files[entry.displayPath] ?? [] }
  }

  func test_filesGivenOutOfPathOrder_listTestsByFileAndLine() {
    let files = [
      "Tests/B.swift": Self.file("BTests", ["test_b_one", "test_b_two"]),
      "Tests/A.swift": Self.file("ATests", ["test_a_one", "test_a_two"]),
    ]
    let entries = ["Tests/B.swift", "Tests/A.swift"].map { FileEntry(path: "/memory/" + $0, displayPath: $0) }
    let result = Self.run(entries, files)
    XCTAssertEqual(
      result.tests.map { "\($0.file):\($0.line) \($0.name)" },
      ["Tests/A.swift:3 test_a_one", "Tests/A.swift:5 test_a_two", "Tests/B.swift:3 test_b_one",
        "Tests/B.swift:5 test_b_two"])
  }

  func test_twoFilesOfOneDisplayPath_listTheirTestsTogetherByLine() {
    let contents: [String: [UInt8]] = [
      "/memory/1": Self.file("OneTests", ["test_one_first", "test_one_second"]),
      "/memory/2": Self.file("TwoTests", ["test_two_first"], assertions: 1),
    ]
    let entries = ["/memory/1", "/memory/2"].map { FileEntry(path: $0, displayPath: "Tests/Same.swift") }
    var engine = LintEngine(rules: Self.rules, testBaseClasses: [], threads: 1)
    engine.collectsTests = true
    let result = engine.run(entries) { entry throws(Diagnostic) in contents[entry.path] ?? [] }
    XCTAssertEqual(
      result.tests.map { "\($0.line) \($0.name)" }, ["3 test_one_first", "3 test_two_first", "5 test_one_second"])
  }

  func test_testsPagedOutToTheTemporaryFile_areReadBackWhole() {
    // 200 files of 5 tests, with no memory for the run's stores: nearly all are read back
    // from the temporary file.
    var files: [String: [UInt8]] = [:]
    for number in 0..<200 {
      let names = (0..<5).map { "test_case\($0)_works" }
      files["Tests/F\(1_000 + number).swift"] = Self.file("F\(number)Tests", names, assertions: number % 3)
    }
    let entries = files.keys.sorted().map { FileEntry(path: "/memory/" + $0, displayPath: $0) }
    let result = Self.run(entries, files, memoryBytes: 0)
    XCTAssertEqual(result.tests.count, 1_000)
    XCTAssertEqual(result.tests.map(\.assertions).reduce(0, +), 5 * (67 * 0 + 67 * 1 + 66 * 2))
    XCTAssertEqual(result.tests.first?.file, "Tests/F1000.swift")
    XCTAssertEqual(result.tests.last?.file, "Tests/F1199.swift")
  }

  // testlint:disable:next indiscrete_test - one behaviour: the figures count every test
  func test_moreTestsWithoutAssertionsThanListed_countAllListTheFirst() throws {
    let sandbox = try Sandbox(self)
    for letter in ["A", "B", "C"] {
      try sandbox.write(
        "\(letter)Tests.swift",
        String(decoding: Self.file("\(letter)Tests", (1...5).map { "test_case\($0)_works" }), as: UTF8.self))
    }
    let markdown = sandbox.run(["--no-cache", "--reporter", "markdown"]).stdout
    XCTAssertTrue(markdown.contains("| Tests without assertions | 15 |"), markdown)
    // Names and paths escaped as Markdown text.
    XCTAssertTrue(markdown.contains(#"- ATests\.test\_case1\_works (ATests\.swift:3)"#), "the first listed")
    XCTAssertTrue(markdown.contains(#"- BTests\.test\_case5\_works (BTests\.swift:11)"#), "the tenth listed")
    XCTAssertFalse(markdown.contains(#"- CTests\.test\_case1\_works"#), "the eleventh is not")
    XCTAssertTrue(markdown.contains("- …and 5 more"), "the rest counted")
    let html = sandbox.run(["--no-cache", "--reporter", "html", "--report-limit", "4"]).stdout
    XCTAssertTrue(html.contains("<h2>Tests without assertions (15)</h2>"), "all of them counted")
    XCTAssertEqual(html.components(separatedBy: "<td>XCTest</td>").count - 1, 4, "four listed")
    XCTAssertTrue(html.contains("…and 11 more, not listed</td></tr>"), "the rest of the tests")
  }
  // testlint:disable:next indiscrete_test - one behaviour: the figures are the same however read
  func test_testsCountedWithoutTheirNames_figuresEqualTheWholeListsAndListTheSameTests() {
    // Files of tests as the run encodes them, one damaged, with names the figures read
    // byte-wise (`test_` names, non-ASCII ones, a combining accent after `test_`).
    func test(_ name: String, _ framework: TestFramework = .xctest, assertions: Int, line: Int) -> InventoryEntry {
      InventoryEntry(file: "", suite: "S", name: name, framework: framework, line: line, assertions: assertions)
    }
    let contents: [[InventoryEntry]] = [
      [test("test_a_works", assertions: 2, line: 9), test("testPlain", assertions: 0, line: 3)],
      [test("test_caf\u{E9}_works", assertions: 0, line: 4), test("test_\u{301}x_y", assertions: 1, line: 5)],
      [test("it works", .quick, assertions: 0, line: 2), test("checks", .swiftTesting, assertions: 3, line: 7)],
      [],
      [test("test_b_c_d", assertions: 0, line: 1), test("test_b_c_d_e", assertions: 0, line: 2)],
      [test("test_x_y", assertions: 1, line: 1), test("test_x_z", assertions: 0, line: 3)],
    ]
    let files = FileList((0...contents.count).map { FileEntry(path: "/memory/\($0)", displayPath: "Tests/F\($0).swift") })
    let store = FindingStore(memoryBytes: 1 << 20)
    var locations = contents.map { store.keep(ResultCache.encodeTests($0)) }
    locations.append(store.keep([0x02, 0x00, 0x01]))
    let list = TestList(files: files, store: store, memoryBytes: 1 << 20, directory: nil) { locations[$0] }
    for limit in [0, 1, 2, 3, 100] {
      var whole = HealthSummary.TestFigures(limit: limit)
      let completeWhole = list.forEachFile { tests in for test in tests { whole.add(test) } }
      var counted = HealthSummary.TestFigures(limit: limit)
      var decodedWhole = 0
      let complete = list.forEachFile(
        in: 0..<files.count, conventional: HealthSummary.isConventionalName, wantsWhole: { counted.listsMore },
        whole: { tests in
          decodedWhole += 1
          for test in tests { counted.add(test) }
        }, counted: { tests in for test in tests { counted.add(test) } })
      XCTAssertEqual(complete, completeWhole, "the damaged file told the same way")
      XCTAssertFalse(complete)
      XCTAssertEqual(
        [counted.count, counted.xctest, counted.swiftTesting, counted.conventionalNames, counted.assertionSum,
          counted.withoutAssertions],
        [whole.count, whole.xctest, whole.swiftTesting, whole.conventionalNames, whole.assertionSum,
          whole.withoutAssertions], "limit \(limit)")
      XCTAssertEqual(counted.byAssertions, whole.byAssertions, "limit \(limit)")
      XCTAssertEqual(
        counted.listedWithoutAssertions.map(\.name), whole.listedWithoutAssertions.map(\.name), "limit \(limit)")
      XCTAssertLessThanOrEqual(decodedWhole, limit, "only files whose tests are listed are decoded whole")
    }
  }
}
