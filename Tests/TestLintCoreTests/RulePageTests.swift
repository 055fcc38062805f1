import TestLintCore
import XCTest

/// Runs every example of every `Rules/<id>.md` page, in the variants STYLE.md lists, and checks
/// that the pages, the registry, the embedded copies and the README agree.
final class RulePageTests: XCTestCase {
  func test_triggeringExamples_findAtMarkers() throws {
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        XCTAssertFalse(example.markers.isEmpty, "\(page.location(example)): a triggering example has no ↓")
        let found = try Self.positions(page.page.id, example, code: example.code)
        XCTAssertEqual(found, example.markers, "\(page.location(example)): findings differ from ↓ markers")
      }
    }
  }

  func test_passingExamples_findNothing() throws {
    for page in try Self.pages() {
      for example in page.page.examples where !example.triggers {
        let found = try Self.positions(page.page.id, example, code: example.code)
        XCTAssertEqual(found, [], "\(page.location(example)): a passing example has findings")
      }
    }
  }

  func test_commentedOutExamples_findNothing() throws {
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        let wrapped = "/*\n" + example.code + "*/\n"
        XCTAssertEqual(
          try Self.positions(page.page.id, example, code: wrapped), [],
          "\(page.location(example)): findings inside a block comment")
      }
    }
  }

  func test_examplesInsideStrings_findNothing() throws {
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        let wrapped = "let text = #\"\"\"\n" + example.code + "\"\"\"#\n"
        XCTAssertEqual(
          try Self.positions(page.page.id, example, code: wrapped), [],
          "\(page.location(example)): findings inside a multi-line string")
      }
    }
  }

  func test_disableNextComments_suppressFindings() throws {
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        let markedLines = Set(example.markers.map(\.line))
        var lines: [String] = []
        for (offset, line) in example.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          if markedLines.contains(offset + 1) {
            lines.append("// testlint:disable:next \(page.page.id) - documented example")
          }
          lines.append(String(line))
        }
        XCTAssertEqual(
          try Self.positions(page.page.id, example, code: lines.joined(separator: "\n")), [],
          "\(page.location(example)): 'testlint:disable:next' did not suppress")
      }
    }
  }

  func test_multibyteLineAbove_shiftsLinesOnly() throws {
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        let code = "// Ünïcödé: 日本語のテキスト, emoji 👩‍👩‍👧 and é\n" + example.code
        let expected = example.markers.map { RulePage.Marker(line: $0.line + 1, column: $0.column) }
        XCTAssertEqual(
          try Self.positions(page.page.id, example, code: code), expected,
          "\(page.location(example)): positions after a multi-byte line")
      }
    }
  }

  func test_emojiPrefixOnEveryLine_shiftsColumnsByWidth() throws {
    let prefix = "/*👩‍👩‍👧*/"
    let width = prefix.unicodeScalars.count
    for page in try Self.pages() {
      for example in page.page.examples where example.triggers {
        let lines = example.code.split(separator: "\n", omittingEmptySubsequences: false)
        let code = lines.map { $0.isEmpty ? "" : prefix + $0 }.joined(separator: "\n")
        let expected = example.markers.map { RulePage.Marker(line: $0.line, column: $0.column + width) }
        XCTAssertEqual(
          try Self.positions(page.page.id, example, code: code), expected,
          "\(page.location(example)): columns after a \(width)-scalar prefix")
      }
    }
  }

  func test_registryAndPages_agree() throws {
    let pages = try Self.pages()
    XCTAssertEqual(pages.map(\.page.id), RuleRegistry.descriptions.map(\.id).sorted())
    for page in pages {
      let description = try XCTUnwrap(RuleRegistry.rule(id: page.page.id)?.description)
      XCTAssertEqual(page.file, "\(description.id).md", "the title is the rule id")
      for section in ["Why", "Examples", "When not to use it"] {
        XCTAssertTrue(page.page.sections.contains(section), "\(page.file) has no '## \(section)'")
      }
      XCTAssertTrue(
        page.text.contains("**Default severity:** \(description.defaultSeverity.rawValue)"),
        "\(page.file) states another default severity than the rule")
      XCTAssertTrue(
        page.text.contains("**Opt-in:** \(description.isOptIn ? "yes" : "no")"),
        "\(page.file) states another opt-in flag than the rule")
      XCTAssertTrue(page.text.contains(".txt`"), "\(page.file) cites no seed document")
      for option in description.options {
        XCTAssertTrue(page.text.contains("\(option.name):"), "\(page.file) does not document '\(option.name)'")
      }
      XCTAssertTrue(page.page.examples.contains { $0.triggers }, "\(page.file) has no triggering example")
      XCTAssertTrue(page.page.examples.contains { !$0.triggers }, "\(page.file) has no passing example")
    }
  }

  func test_optionsBlocks_showTheRealDefaults() throws {
    // Each page's `## Options` block, read as `.lint.yml`, sets the rule's default severity and
    // writes out every option with its default value: a page cannot show defaults the rule
    // does not have.
    for page in try Self.pages() {
      let description = try XCTUnwrap(RuleRegistry.rule(id: page.page.id)?.description)
      guard let section = Self.section("Options", of: page.text) else {
        XCTAssertEqual(description.options.map(\.name), [], "\(page.file) documents no options")
        continue
      }
      let blocks = section.components(separatedBy: "```yaml\n").dropFirst().map {
        $0.components(separatedBy: "```").first ?? ""
      }
      XCTAssertEqual(blocks.count, 1, "\(page.file) has one YAML block under '## Options'")
      guard let block = blocks.first else { continue }
      let configuration = try Configuration.parse(
        block, path: page.file, directory: ".", rules: RuleRegistry.descriptions)
      let setting = try XCTUnwrap(configuration.ruleSettings[description.id], "\(page.file) sets no '\(description.id)'")
      XCTAssertEqual(setting.severity, description.defaultSeverity, "\(page.file) shows another severity")
      // An option unset by default is shown commented out (`# pattern: ...`).
      XCTAssertEqual(
        Set(setting.options.keys), Set(description.options.filter { $0.defaultValue != nil }.map(\.name)),
        "\(page.file) shows other options, or sets one that is unset by default")
      for option in description.options {
        XCTAssertEqual(
          setting.options[option.name], option.defaultValue,
          "\(page.file) shows '\(option.name)' with another value than its default")
        XCTAssertTrue(block.contains("\(option.name):"), "\(page.file) does not show '\(option.name)'")
      }
      let enabled = configuration.enabledRules(RuleRegistry.descriptions).map(\.description.id)
      XCTAssertTrue(enabled.contains(description.id), "\(page.file)'s block does not enable the rule")
    }
  }

  /// The text of a page's `## title` section, up to the next `## `.
  static func section(_ title: String, of text: String) -> String? {
    guard let start = text.range(of: "\n## \(title)\n") else { return nil }
    let rest = text[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  func test_embeddedPages_matchRulesFolder() throws {
    for page in try Self.pages() {
      XCTAssertEqual(
        RulePages.pages[page.page.id].map { $0 + "\n" }, page.text,
        "\(page.file) changed: run Scripts/generate-rule-pages")
    }
    XCTAssertEqual(RulePages.pages.count, try Self.pages().count, "run Scripts/generate-rule-pages")
  }

  func test_readmeRuleTable_listsEveryRule() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    // The rules' options are in the configuration page's table.
    let configuration = try String(
      contentsOf: Self.root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
    for description in RuleRegistry.descriptions {
      let row =
        "| [`\(description.id)`](Rules/\(description.id).md) | \(description.summary) | "
        + "\(description.defaultSeverity.rawValue) | \(description.isOptIn ? "yes" : "no") |"
      XCTAssertTrue(readme.contains(row), "README.md has no rule table row:\n\(row)")
      for option in description.options {
        XCTAssertTrue(
          configuration.contains("| `\(option.name)` |"),
          "docs/configuration.md does not list option '\(option.name)' of '\(description.id)'")
      }
    }
  }
}

extension RulePageTests {
  struct LoadedPage {
    var file: String
    var text: String
    var page: RulePage

    func location(_ example: RulePage.Example) -> String { "Rules/\(file):\(example.pageLine)" }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func pages() throws -> [LoadedPage] {
    let folder = root.appendingPathComponent("Rules")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    return try names.map { name in
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      return LoadedPage(file: name, text: text, page: RulePage(text: text))
    }
  }

  /// Lints `code` with only the page's rule (and the example's options); returns where the
  /// findings are. Fails on lexer problems, so an example cannot pass by being broken.
  static func positions(
    _ id: String, _ example: RulePage.Example, code: String
  ) throws -> [RulePage.Marker] {
    let type = try XCTUnwrap(RuleRegistry.rule(id: id), "no rule '\(id)'")
    var options = RuleOptions(defaultsOf: type.description)
    if let text = example.options {
      let optIn = type.description.isOptIn ? "opt_in_rules: [\(id)]\n" : ""
      let configuration = try Configuration.parse(
        optIn + "\(id): \(text)\n", path: "options", directory: ".", rules: RuleRegistry.descriptions)
      let enabled = try XCTUnwrap(configuration.enabledRules(RuleRegistry.descriptions).first { $0.description.id == id })
      options = enabled.options
    }
    var engine = LintEngine(
      rules: [ConfiguredRule(type, severity: type.description.defaultSeverity, options: options)],
      testBaseClasses: [], threads: 1)
    // `missing_assertion`'s and `lifecycle_super_call`'s pages say what counts in a class on a
    // base declared nowhere: their examples run as the command line's default configuration
    // does (`assume_test_bases`).
    if [MissingAssertionRule.description.id, LifecycleSuperCallRule.description.id].contains(id) {
      engine.baseAssumption = BaseAssumption()
    }
    let bytes = Array(code.utf8)
    // `<!-- files: -->` names the example's path and empty files linted beside it.
    let paths = example.files.isEmpty ? ["Example.swift"] : example.files
    let entries = paths.map { FileEntry(path: $0, displayPath: $0) }
    let result = engine.run(entries) { entry in entry.path == paths[0] ? bytes : [] }
    XCTAssertEqual(result.errors.map(\.message), [], "the example does not lex cleanly")
    return result.findings.filter { $0.path == paths[0] }.map { RulePage.Marker(line: $0.line, column: $0.column) }
  }
}
