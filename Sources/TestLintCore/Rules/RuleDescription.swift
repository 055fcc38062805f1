/// What a rule option accepts.
public enum OptionKind: Sendable, Hashable {
  /// `true` / `false`.
  case bool
  /// A whole number within the range.
  case int(ClosedRange<Int>)
  /// Any string.
  case string
  /// A string that must compile as a Swift regular expression.
  case regex
  /// One of the listed strings.
  case choice([String])
  /// A list of strings.
  case strings
  /// A list of non-empty lists of strings: `[[Arrange, Act, Assert], [Given, When, Then]]`.
  case stringLists
}

/// A configured option value.
public enum OptionValue: Sendable, Hashable {
  case bool(Bool)
  case int(Int)
  case string(String)
  case strings([String])
  case stringLists([[String]])
}

/// One typed option a rule accepts in `.lint.yml`.
public struct OptionSpec: Sendable, Hashable {
  /// The key, `snake_case`.
  public var name: String
  /// What it accepts.
  public var kind: OptionKind
  /// Its value when not configured; `nil` means "unset" (only for `string`/`regex`).
  public var defaultValue: OptionValue?
  /// One line for the README and `testlint rules`.
  public var summary: String

  /// Creates an option spec.
  public init(name: String, kind: OptionKind, defaultValue: OptionValue?, summary: String) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.summary = summary
  }
}

/// The static description of a rule.
public struct RuleDescription: Sendable, Hashable {
  /// The rule id, `snake_case`.
  public var id: String
  /// One line: what the rule flags.
  public var summary: String
  /// Severity when not configured.
  public var defaultSeverity: Severity
  /// Opt-in rules run only when named in `opt_in_rules` (or `only_rules`).
  public var isOptIn: Bool
  /// The options the rule accepts besides `severity`.
  public var options: [OptionSpec]

  /// Creates a description.
  public init(
    id: String, summary: String, defaultSeverity: Severity, isOptIn: Bool = false,
    options: [OptionSpec] = []
  ) {
    self.id = id
    self.summary = summary
    self.defaultSeverity = defaultSeverity
    self.isOptIn = isOptIn
    self.options = options
  }
}

/// The option values a rule sees: configured ones over the defaults.
public struct RuleOptions: Sendable, Hashable {
  /// Values by option name.
  public var values: [String: OptionValue]

  /// Creates options from explicit values.
  public init(_ values: [String: OptionValue] = [:]) { self.values = values }

  /// The defaults of a rule, overridden by `configured`.
  public init(defaultsOf description: RuleDescription, configured: [String: OptionValue] = [:]) {
    var values: [String: OptionValue] = [:]
    for option in description.options {
      if let value = option.defaultValue { values[option.name] = value }
    }
    for (key, value) in configured { values[key] = value }
    self.values = values
  }

  /// A boolean option (false when missing).
  public func bool(_ name: String) -> Bool {
    if case .bool(let value)? = values[name] { return value }
    return false
  }

  /// An integer option.
  public func int(_ name: String, default fallback: Int) -> Int {
    if case .int(let value)? = values[name] { return value }
    return fallback
  }

  /// A string option.
  public func string(_ name: String) -> String? {
    if case .string(let value)? = values[name] { return value }
    return nil
  }

  /// A string-list option (empty when missing).
  public func strings(_ name: String) -> [String] {
    if case .strings(let value)? = values[name] { return value }
    if case .string(let value)? = values[name] { return [value] }
    return []
  }

  /// A list-of-string-lists option (empty when missing).
  public func stringLists(_ name: String) -> [[String]] {
    if case .stringLists(let value)? = values[name] { return value }
    return []
  }
}
