import XCTest

@testable import TestLintCore

final class ConfigurationTests: XCTestCase {
  // MARK: Parsing

  func test_documentedExample_parsesEveryKey() throws {
    let text = """
      version: 1
      included: ["Tests/**"]
      excluded:
        - "**/Generated/**"
      test_base_classes: [PersistenceTestCase]
      disabled_rules: [api_mock_seeding]
      opt_in_rules: []
      test_name_format:
        severity: error        # off | warning | error
        max_segments: 3
      missing_assertion:
        assertion_functions: ["assert*", "verify*"]
      """
    let configuration = try parse(text)
    XCTAssertEqual(configuration.version, 1)
    XCTAssertEqual(configuration.included, ["Tests/**"])
    XCTAssertEqual(configuration.excluded, ["**/Generated/**"])
    XCTAssertEqual(configuration.testBaseClasses, ["PersistenceTestCase"])
    XCTAssertEqual(configuration.disabledRules, ["api_mock_seeding"])
    XCTAssertEqual(configuration.optInRules, [])
    XCTAssertNil(configuration.onlyRules)
    XCTAssertEqual(configuration.directory, "config/dir")
    XCTAssertEqual(
      configuration.ruleSettings["test_name_format"],
      RuleSetting(severity: .error, options: ["max_segments": .int(3)]))
    XCTAssertEqual(
      configuration.ruleSettings["missing_assertion"],
      RuleSetting(options: ["assertion_functions": .strings(["assert*", "verify*"])]))
  }

  func test_emptyFile_givesDefaults() throws {
    for text in ["", "# nothing yet\n", "---\n"] {
      let configuration = try parse(text)
      XCTAssertEqual(configuration.version, 1, "for \(text.debugDescription)")
      XCTAssertTrue(configuration.ruleSettings.isEmpty, "for \(text.debugDescription)")
      XCTAssertEqual(
        enabledIDs(configuration), ["generic_xctassert", "missing_assertion", "test_name_format"])
    }
  }

  func test_assumedTestBases_defaultOnWithTheDocumentedSuffixes() throws {
    let defaults = try parse("")
    XCTAssertTrue(defaults.assumesTestBases)
    XCTAssertEqual(defaults.assumedTestBaseSuffixes, ["TestCase", "TestBase", "TestCaseBase", "Tests", "Test", "Spec"])
    XCTAssertEqual(defaults.baseAssumption, BaseAssumption())
    let configured = try parse("assume_test_bases: false\nassumed_test_base_suffixes: [Harness, Case]\n")
    XCTAssertFalse(configured.assumesTestBases)
    XCTAssertNil(configured.baseAssumption)
    XCTAssertEqual(configured.assumedTestBaseSuffixes, ["Harness", "Case"])
    XCTAssertEqual(
      try parse("assumed_test_base_suffixes: [Harness]\n").baseAssumption, BaseAssumption(suffixes: ["Harness"]))
  }

  func test_assumedTestBases_wrongValuesAndTyposAreErrors() {
    XCTAssertEqual(
      diagnostics("assume_test_bases: maybe\nassumed_test_base_suffixes: {a: 1}\nassume_test_base: true\n"),
      [
        "1:20: 'assume_test_bases' must be true or false",
        "2:29: 'assumed_test_base_suffixes' must be a list of strings",
        "3:1: unknown key 'assume_test_base'; did you mean 'assume_test_bases'?",
      ])
  }

  func test_everyOptionKind_acceptsValidValues() throws {
    let text = """
      test_name_format:
        max_segments: 4
        style: snake_case
        pattern: '^test_[a-z]+$'
        allow_underscores: true
      missing_assertion:
        assertion_functions: verify*
        note: 42
      """
    let configuration = try parse(text)
    XCTAssertEqual(
      configuration.ruleSettings["test_name_format"]?.options,
      [
        "max_segments": .int(4), "style": .string("snake_case"),
        "pattern": .string("^test_[a-z]+$"), "allow_underscores": .bool(true),
      ])
    XCTAssertEqual(
      configuration.ruleSettings["missing_assertion"]?.options,
      ["assertion_functions": .strings(["verify*"]), "note": .string("42")])
  }

  // MARK: Enabled rules

  func test_enabledRules_mergeSeverityAndOptionsOverDefaults() throws {
    let configuration = try parse("test_name_format:\n  severity: error\n  max_segments: 2\n")
    let enabled = configuration.enabledRules(rules)
    XCTAssertEqual(
      enabled.map(\.description.id), ["generic_xctassert", "missing_assertion", "test_name_format"])
    let rule = try XCTUnwrap(enabled.last)
    XCTAssertEqual(rule.severity, .error)
    XCTAssertEqual(rule.options.int("max_segments", default: 0), 2)
    XCTAssertEqual(rule.options.string("style"), "camelCase")
    XCTAssertEqual(enabled.first?.severity, .warning)
  }

  func test_scalarOff_disablesRule() throws {
    XCTAssertEqual(
      enabledIDs(try parse("generic_xctassert: off\n")), ["missing_assertion", "test_name_format"])
    XCTAssertEqual(
      enabledIDs(try parse("test_name_format:\n  severity: off\n")),
      ["generic_xctassert", "missing_assertion"])
  }

  func test_scalarSeverity_setsSeverity() throws {
    let enabled = try parse("generic_xctassert: error\n").enabledRules(rules)
    XCTAssertEqual(enabled.first?.description.id, "generic_xctassert")
    XCTAssertEqual(enabled.first?.severity, .error)
  }

  func test_disabledRules_turnRulesOff() throws {
    XCTAssertEqual(
      enabledIDs(
        try parse("disabled_rules: [test_name_format]\ntest_name_format:\n  severity: error")),
      ["generic_xctassert", "missing_assertion"])
  }

  func test_optInRule_runsOnlyWhenListedOrGivenSeverity() throws {
    XCTAssertEqual(
      enabledIDs(try parse("opt_in_rules: [api_mock_seeding]")),
      ["api_mock_seeding", "generic_xctassert", "missing_assertion", "test_name_format"])
    XCTAssertEqual(
      enabledIDs(try parse("force_unwrap:\n  severity: warning")),
      ["force_unwrap", "generic_xctassert", "missing_assertion", "test_name_format"])
    XCTAssertEqual(
      enabledIDs(try parse("force_unwrap: off\napi_mock_seeding: {}")),
      ["generic_xctassert", "missing_assertion", "test_name_format"])
  }

  func test_onlyRules_overridesEverything() throws {
    let text = """
      only_rules: [api_mock_seeding, missing_assertion]
      disabled_rules: [missing_assertion]
      """
    XCTAssertEqual(enabledIDs(try parse(text)), ["api_mock_seeding", "missing_assertion"])
  }

  // MARK: Diagnostics

  func test_unknownTopLevelKey_suggestsClosestName() {
    XCTAssertEqual(
      diagnostics("exclude: [a]\ntest_name_formt: off\nzzz: 1\n"),
      [
        "1:1: unknown key 'exclude'; did you mean 'excluded'?",
        "2:1: unknown key 'test_name_formt'; did you mean 'test_name_format'?",
        "3:1: unknown key 'zzz'",
      ])
  }

  func test_unknownRuleInLists_suggestsClosestId() {
    let text = """
      disabled_rules: [missing_asertion]
      opt_in_rules:
        - api_mock
      only_rules: generic
      """
    XCTAssertEqual(
      diagnostics(text),
      [
        "1:18: unknown rule 'missing_asertion'; did you mean 'missing_assertion'?",
        "3:5: unknown rule 'api_mock'; did you mean 'api_mock_seeding'?",
        "4:13: unknown rule 'generic'; did you mean 'generic_xctassert'?",
      ])
  }

  func test_unknownOption_suggestsClosestName() {
    XCTAssertEqual(
      diagnostics("test_name_format:\n  max_segmnts: 3\n  sevrity: error\n  color: red\n"),
      [
        "2:3: unknown option 'max_segmnts' for rule 'test_name_format'; "
          + "did you mean 'max_segments'?",
        "3:3: unknown option 'sevrity' for rule 'test_name_format'; did you mean 'severity'?",
        "4:3: unknown option 'color' for rule 'test_name_format'",
      ])
  }

  func test_wrongValueKinds_reportEveryProblem() {
    let text = """
      version: 2
      included: {a: 1}
      test_name_format:
        severity: fatal
        max_segments: 9
        style: camel
        pattern: "[unclosed"
        allow_underscores: yes
      missing_assertion:
        assertion_functions: [ok, [nested]]
        note: [a]
      generic_xctassert: [error]
      """
    XCTAssertEqual(
      diagnostics(text),
      [
        "1:10: unsupported version 2; only version 1 is supported",
        "2:11: 'included' must be a list of strings",
        "4:13: invalid severity 'fatal' for rule 'test_name_format'; "
          + "expected 'off', 'warning' or 'error'",
        "5:17: option 'max_segments' must be between 1 and 4, got 9",
        "6:10: invalid value 'camel' for option 'style'; "
          + "expected one of 'camelCase', 'snake_case'; did you mean 'camelCase'?",
        "7:12: option 'pattern' is not a valid regular expression: '[unclosed'",
        "8:22: option 'allow_underscores' must be true or false",
        "10:29: 'assertion_functions' must contain only strings",
        "11:9: option 'note' must be a string",
        "12:20: rule 'generic_xctassert' takes a severity ('off', 'warning' or 'error') "
          + "or a mapping of options",
      ])
  }

  func test_nonNumericInt_isReported() {
    XCTAssertEqual(
      diagnostics("test_name_format:\n  max_segments: '3'\nversion: one"),
      [
        "2:17: option 'max_segments' must be a whole number between 1 and 4",
        "3:10: 'version' must be a whole number; only version 1 is supported",
      ])
  }

  func test_shortSeverity_suggestsFullName() {
    XCTAssertEqual(
      diagnostics("generic_xctassert: warn"),
      [
        "1:20: invalid severity 'warn' for rule 'generic_xctassert'; expected 'off', 'warning' or "
          + "'error'; did you mean 'warning'?"
      ])
  }

  func test_yamlError_carriesPathAndPosition() throws {
    let error = try XCTUnwrap(parseError("included:\n\t- a\n"))
    XCTAssertEqual(
      error.diagnostics.map(\.formatted),
      ["config/dir/.lint.yml:2:1: error: tabs are not allowed in indentation; use spaces"])
  }

  func test_nonMappingRoot_isError() {
    XCTAssertEqual(
      diagnostics("- a\n- b\n"), ["1:1: the configuration must be a mapping of keys to values"])
  }
}

// MARK: - Helpers

extension ConfigurationTests {
  /// A small rule set with one option of each kind.
  fileprivate var rules: [RuleDescription] {
    [
      RuleDescription(
        id: "test_name_format", summary: "names", defaultSeverity: .warning,
        options: [
          OptionSpec(name: "max_segments", kind: .int(1...4), defaultValue: .int(3), summary: ""),
          OptionSpec(
            name: "style", kind: .choice(["camelCase", "snake_case"]),
            defaultValue: .string("camelCase"), summary: ""),
          OptionSpec(name: "pattern", kind: .regex, defaultValue: nil, summary: ""),
          OptionSpec(
            name: "allow_underscores", kind: .bool, defaultValue: .bool(false), summary: ""),
        ]),
      RuleDescription(
        id: "missing_assertion", summary: "assert", defaultSeverity: .warning,
        options: [
          OptionSpec(
            name: "assertion_functions", kind: .strings, defaultValue: .strings(["XCTAssert*"]),
            summary: ""),
          OptionSpec(name: "note", kind: .string, defaultValue: nil, summary: ""),
        ]),
      RuleDescription(id: "generic_xctassert", summary: "generic", defaultSeverity: .warning),
      RuleDescription(
        id: "api_mock_seeding", summary: "mocks", defaultSeverity: .error, isOptIn: true),
      RuleDescription(
        id: "force_unwrap", summary: "unwrap", defaultSeverity: .error, isOptIn: true),
    ]
  }

  fileprivate func parse(_ text: String) throws -> Configuration {
    try Configuration.parse(
      text, path: "config/dir/.lint.yml", directory: "config/dir", rules: rules)
  }

  fileprivate func parseError(_ text: String) -> ConfigurationError? {
    do {
      _ = try parse(text)
      return nil
    } catch let error as ConfigurationError {
      return error
    } catch {
      return nil
    }
  }

  /// `line:column: message` for each diagnostic, after checking they all name the file.
  fileprivate func diagnostics(_ text: String) -> [String] {
    let found = parseError(text)?.diagnostics ?? []
    XCTAssertEqual(Set(found.map(\.path)), found.isEmpty ? [] : ["config/dir/.lint.yml"])
    return found.map { "\($0.line):\($0.column): \($0.message)" }
  }

  fileprivate func enabledIDs(_ configuration: Configuration) -> [String] {
    configuration.enabledRules(rules).map(\.description.id)
  }
}

extension ConfigurationTests {
  func test_excludedGlobWithHash_isAccepted() throws {
    XCTAssertEqual(try parse("version: 1\nexcluded: [Gen#1/**]\n").excluded, ["Gen#1/**"])
  }
}
