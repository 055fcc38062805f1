/// The typed, versioned contents of a `.lint.yml` file; missing keys take their defaults.
public struct Configuration: Sendable {
  /// The format version, `version: 1` (the only one; a missing key means 1).
  public var version: Int
  /// Globs of the files to lint, relative to ``directory``; empty means every file given.
  public var included: [String]
  /// Globs of the files to skip, relative to ``directory``.
  public var excluded: [String]
  /// Extra base classes whose subclasses count as test cases (`test_base_classes`).
  public var testBaseClasses: [String]
  /// Whether a class on a base declared in none of the linted files, named like a test base,
  /// is taken for a test case (`assume_test_bases`, on by default; see `BaseAssumption`).
  public var assumesTestBases: Bool
  /// The endings that make a base's name read as a test base (`assumed_test_base_suffixes`).
  public var assumedTestBaseSuffixes: [String]
  /// Rules that do not run (`disabled_rules`).
  public var disabledRules: [String]
  /// Opt-in rules that run (`opt_in_rules`).
  public var optInRules: [String]
  /// When set, exactly these rules run, opt-in or not (`only_rules`).
  public var onlyRules: [String]?
  /// The base assumption the configuration asks for (nil: `assume_test_bases: false`).
  public var baseAssumption: BaseAssumption? {
    assumesTestBases ? BaseAssumption(suffixes: assumedTestBaseSuffixes) : nil
  }
  /// The per-rule sections, keyed by rule id.
  public var ruleSettings: [String: RuleSetting]
  /// The folder of the configuration file (`.` for the defaults).
  public var directory: String

  /// The default configuration: version 1, every default rule enabled, nothing excluded.
  public init() {
    version = 1
    included = []
    excluded = []
    testBaseClasses = []
    assumesTestBases = true
    assumedTestBaseSuffixes = BaseAssumption.defaultSuffixes
    disabledRules = []
    optInRules = []
    onlyRules = nil
    ruleSettings = [:]
    directory = "."
  }

  /// The top-level keys that are not rule ids.
  public static let keys = [
    "version", "included", "excluded", "test_base_classes", "assume_test_bases", "assumed_test_base_suffixes",
    "disabled_rules", "opt_in_rules", "only_rules",
  ]

  /// Parses and validates `.lint.yml` text against the known `rules`.
  ///
  /// - Parameters:
  ///   - text: the file's contents.
  ///   - path: the file's path, for diagnostics.
  ///   - directory: the folder globs are relative to.
  ///   - rules: every rule that exists, to validate rule ids and options.
  /// - Throws: every problem found, each at its line and column, sorted.
  public static func parse(
    _ text: String, path: String, directory: String, rules: [RuleDescription]
  ) throws(ConfigurationError) -> Configuration {
    let root: YAMLNode?
    do {
      root = try YAMLParser.parse(text)
    } catch {
      throw ConfigurationError(diagnostics: [
        Diagnostic(path: path, line: error.line, column: error.column, message: error.message)
      ])
    }
    var decoder = Decoder(path: path, rules: rules)
    var configuration = decoder.decode(root)
    configuration.directory = directory
    if !decoder.diagnostics.isEmpty {
      throw ConfigurationError(diagnostics: decoder.diagnostics.sorted())
    }
    return configuration
  }

  /// The rules that run, with their effective severity and options, sorted by id.
  ///
  /// `only_rules` decides alone when present. Otherwise a rule is off when listed in
  /// `disabled_rules` or set to `off`; an opt-in rule runs only when listed in `opt_in_rules`
  /// or given a severity in its section.
  public func enabledRules(
    _ all: [RuleDescription]
  ) -> [(description: RuleDescription, severity: Severity, options: RuleOptions)] {
    all.sorted { $0.id < $1.id }.compactMap { rule in
      let setting = ruleSettings[rule.id]
      guard isEnabled(rule, setting: setting) else { return nil }
      return (
        description: rule,
        severity: setting?.severity ?? rule.defaultSeverity,
        options: RuleOptions(defaultsOf: rule, configured: setting?.options ?? [:])
      )
    }
  }
}

/// One rule's section in `.lint.yml`: `rule_id: off`, or a mapping of severity and options.
public struct RuleSetting: Sendable, Hashable {
  /// The configured severity, if any.
  public var severity: Severity?
  /// True for `off` (`rule_id: off` or `severity: off`).
  public var isOff: Bool
  /// Validated option values by name.
  public var options: [String: OptionValue]

  /// Creates a setting.
  public init(severity: Severity? = nil, isOff: Bool = false, options: [String: OptionValue] = [:])
  {
    self.severity = severity
    self.isOff = isOff
    self.options = options
  }
}

/// Every problem found in a configuration file, each with the file's path, line and column.
public struct ConfigurationError: Error, Sendable, Hashable {
  /// The problems, sorted by position.
  public var diagnostics: [Diagnostic]

  /// Creates an error.
  public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}

// MARK: - Decoding

/// Walks the YAML tree, building a configuration and collecting every problem.
private struct Decoder {
  let path: String
  let rules: [String: RuleDescription]
  let ruleIDs: [String]
  var diagnostics: [Diagnostic] = []

  init(path: String, rules: [RuleDescription]) {
    self.path = path
    self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    ruleIDs = self.rules.keys.sorted()
  }

  mutating func decode(_ root: YAMLNode?) -> Configuration {
    var configuration = Configuration()
    guard let root else { return configuration }
    guard case .mapping(let entries) = root.value else {
      if !root.isNull { report(root, "the configuration must be a mapping of keys to values") }
      return configuration
    }
    for (keyNode, value) in entries {
      let key = keyNode.scalar ?? ""
      switch key {
      case "version":
        configuration.version = decodeVersion(value)
      case "included":
        configuration.included = strings(value, name: key)
      case "excluded":
        configuration.excluded = strings(value, name: key)
      case "test_base_classes":
        configuration.testBaseClasses = strings(value, name: key)
      case "assume_test_bases":
        configuration.assumesTestBases = bool(value, name: key) ?? configuration.assumesTestBases
      case "assumed_test_base_suffixes":
        configuration.assumedTestBaseSuffixes = strings(value, name: key)
      case "disabled_rules":
        configuration.disabledRules = ruleList(value, name: key)
      case "opt_in_rules":
        configuration.optInRules = ruleList(value, name: key)
      case "only_rules":
        configuration.onlyRules = ruleList(value, name: key)
      default:
        if let rule = rules[key] {
          configuration.ruleSettings[key] = decodeSetting(value, rule: rule)
        } else {
          report(
            keyNode,
            "unknown key '\(key)'"
              + hint(key, in: Configuration.keys + ruleIDs))
        }
      }
    }
    return configuration
  }

  mutating func decodeVersion(_ node: YAMLNode) -> Int {
    guard case .scalar(let text, quoted: false) = node.value, let version = Int(text) else {
      report(node, "'version' must be a whole number; only version 1 is supported")
      return 1
    }
    if version != 1 {
      report(node, "unsupported version \(version); only version 1 is supported")
    }
    return 1
  }

  /// `true` or `false`; nil (reported) for anything else.
  mutating func bool(_ node: YAMLNode, name: String) -> Bool? {
    if case .scalar(let text, quoted: false) = node.value {
      switch text {
      case "true", "True", "TRUE": return true
      case "false", "False", "FALSE": return false
      default: break
      }
    }
    report(node, "'\(name)' must be true or false")
    return nil
  }

  /// A list of strings; a single scalar is a one-element list and an absent value is empty.
  mutating func strings(_ node: YAMLNode, name: String) -> [String] {
    switch node.value {
    case .scalar(let text, _):
      return node.isNull ? [] : [text]
    case .mapping:
      report(node, "'\(name)' must be a list of strings")
      return []
    case .sequence(let items):
      var result: [String] = []
      for item in items {
        if let text = item.scalar, !item.isNull {
          result.append(text)
        } else {
          report(item, "'\(name)' must contain only strings")
        }
      }
      return result
    }
  }

  mutating func ruleList(_ node: YAMLNode, name: String) -> [String] {
    var elements: [YAMLNode] = []
    if case .sequence(let items) = node.value { elements = items } else { elements = [node] }
    let valid = strings(node, name: name)
    for element in elements {
      guard let id = element.scalar, !element.isNull, rules[id] == nil else { continue }
      report(element, "unknown rule '\(id)'" + hint(id, in: ruleIDs))
    }
    return valid.filter { rules[$0] != nil }
  }

  mutating func decodeSetting(_ node: YAMLNode, rule: RuleDescription) -> RuleSetting {
    var setting = RuleSetting()
    switch node.value {
    case .scalar:
      if node.isNull { return setting }
      decodeSeverity(node, rule: rule, into: &setting)
    case .sequence:
      report(
        node,
        "rule '\(rule.id)' takes a severity ('off', 'warning' or 'error') or a mapping of options")
    case .mapping(let entries):
      let names = ["severity"] + rule.options.map(\.name)
      for (keyNode, value) in entries {
        let key = keyNode.scalar ?? ""
        if key == "severity" {
          decodeSeverity(value, rule: rule, into: &setting)
        } else if let option = rule.options.first(where: { $0.name == key }) {
          if let decoded = decodeOption(value, option: option) {
            setting.options[key] = decoded
          }
        } else {
          report(
            keyNode,
            "unknown option '\(key)' for rule '\(rule.id)'" + hint(key, in: names))
        }
      }
    }
    return setting
  }

  mutating func decodeSeverity(
    _ node: YAMLNode, rule: RuleDescription, into setting: inout RuleSetting
  ) {
    let text = node.scalar ?? ""
    if text == "off" {
      setting.isOff = true
      setting.severity = nil
    } else if let severity = Severity(rawValue: text), node.scalar != nil {
      setting.isOff = false
      setting.severity = severity
    } else {
      let shown = node.scalar.map { "'\($0)'" } ?? "a collection"
      report(
        node,
        "invalid severity \(shown) for rule '\(rule.id)'; expected 'off', 'warning' or 'error'"
          + hint(text, in: ["error", "off", "warning"]))
    }
  }

  mutating func decodeOption(_ node: YAMLNode, option: OptionSpec) -> OptionValue? {
    let name = option.name
    let plain: String? = if case .scalar(let text, quoted: false) = node.value { text } else { nil }
    switch option.kind {
    case .bool:
      switch plain {
      case "true", "True", "TRUE": return .bool(true)
      case "false", "False", "FALSE": return .bool(false)
      default:
        report(node, "option '\(name)' must be true or false")
      }
    case .int(let range):
      guard let text = plain, let number = Int(text) else {
        report(
          node,
          "option '\(name)' must be a whole number between \(range.lowerBound) and "
            + "\(range.upperBound)")
        return nil
      }
      guard range.contains(number) else {
        report(
          node,
          "option '\(name)' must be between \(range.lowerBound) and \(range.upperBound), "
            + "got \(number)")
        return nil
      }
      return .int(number)
    case .string:
      guard let text = node.scalar, !node.isNull else {
        report(node, "option '\(name)' must be a string")
        return nil
      }
      return .string(text)
    case .regex:
      guard let text = node.scalar, !node.isNull else {
        report(node, "option '\(name)' must be a regular expression")
        return nil
      }
      do {
        _ = try Regex(text)
      } catch {
        report(node, "option '\(name)' is not a valid regular expression: '\(text)'")
        return nil
      }
      return .string(text)
    case .choice(let choices):
      let listed = choices.map { "'\($0)'" }.joined(separator: ", ")
      guard let text = node.scalar, !node.isNull else {
        report(node, "option '\(name)' must be one of \(listed)")
        return nil
      }
      guard choices.contains(text) else {
        report(
          node,
          "invalid value '\(text)' for option '\(name)'; expected one of \(listed)"
            + hint(text, in: choices))
        return nil
      }
      return .string(text)
    case .strings:
      let before = diagnostics.count
      let values = strings(node, name: name)
      return diagnostics.count == before ? .strings(values) : nil
    case .stringLists:
      return stringLists(node, name: name)
    }
    return nil
  }

  /// A list of non-empty lists of strings, such as `[[Arrange, Act, Assert]]`.
  mutating func stringLists(_ node: YAMLNode, name: String) -> OptionValue? {
    let shape = "option '\(name)' must be a list of lists of strings, such as [[Arrange, Act, Assert]]"
    guard case .sequence(let items) = node.value, !items.isEmpty else {
      report(node, shape)
      return nil
    }
    let before = diagnostics.count
    var lists: [[String]] = []
    for item in items {
      guard case .sequence(let elements) = item.value, !elements.isEmpty else {
        report(item, shape)
        return nil
      }
      lists.append(strings(item, name: name))
    }
    return diagnostics.count == before ? .stringLists(lists) : nil
  }

  mutating func report(_ node: YAMLNode, _ message: String) {
    diagnostics.append(
      Diagnostic(path: path, line: node.line, column: node.column, message: message))
  }
}

extension Configuration {
  private func isEnabled(_ rule: RuleDescription, setting: RuleSetting?) -> Bool {
    if let onlyRules { return onlyRules.contains(rule.id) }
    if disabledRules.contains(rule.id) || setting?.isOff == true { return false }
    if rule.isOptIn {
      return optInRules.contains(rule.id) || setting?.severity != nil
    }
    return true
  }
}

// MARK: - Suggestions

/// `; did you mean 'x'?` for the closest candidate, or an empty string.
private func hint(_ name: String, in candidates: [String]) -> String {
  guard let match = closest(to: name, in: candidates) else { return "" }
  return "; did you mean '\(match)'?"
}

/// The candidate within edit distance 2 (1 for short names), else one sharing a prefix.
private func closest(to name: String, in candidates: [String]) -> String? {
  let lowered = name.lowercased()
  guard !lowered.isEmpty, lowered.count <= 200 else { return nil }
  let limit = lowered.count <= 3 ? 1 : 2
  var best: (rank: Int, candidate: String)?
  for candidate in candidates.sorted() {
    let target = candidate.lowercased()
    var rank: Int?
    if abs(target.count - lowered.count) <= limit {
      let distance = editDistance(Array(lowered.unicodeScalars), Array(target.unicodeScalars))
      if distance <= limit { rank = distance }
    }
    if rank == nil, lowered.count >= 3, target.count >= 3,
      target.hasPrefix(lowered) || lowered.hasPrefix(target)
    {
      rank = limit + 1
    }
    if let rank, rank < (best?.rank ?? Int.max) { best = (rank, candidate) }
  }
  return best?.candidate
}

/// Levenshtein distance, two rows at a time.
private func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
  var previous = Array(0...rhs.count)
  var current = previous
  for (i, left) in lhs.enumerated() {
    current[0] = i + 1
    for (j, right) in rhs.enumerated() {
      current[j + 1] = min(
        previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
    }
    swap(&previous, &current)
  }
  return previous[rhs.count]
}
