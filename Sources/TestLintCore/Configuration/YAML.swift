/// The value of one YAML node.
public enum YAMLValue: Sendable {
  /// A scalar; `quoted` is true for `'single'` and `"double"` quoted text. An absent value
  /// (`key:` with nothing after it) is the empty unquoted scalar.
  case scalar(String, quoted: Bool)
  /// A block (`- item`) or flow (`[a, b]`) sequence.
  case sequence([YAMLNode])
  /// A block (`key: value`) or flow (`{a: 1}`) mapping, in source order.
  case mapping([(key: YAMLNode, value: YAMLNode)])
}

/// One node of a parsed YAML document, with the position where it starts.
public struct YAMLNode: Sendable {
  /// What the node holds.
  public var value: YAMLValue
  /// 1-based line of the node's first character.
  public var line: Int
  /// 1-based column of the node's first character, counted in Unicode scalars.
  public var column: Int

  /// Creates a node.
  public init(value: YAMLValue, line: Int, column: Int) {
    self.value = value
    self.line = line
    self.column = column
  }

  /// The text of a scalar node, `nil` for collections.
  public var scalar: String? {
    if case .scalar(let text, _) = value { return text }
    return nil
  }

  /// True for the empty unquoted scalar that stands for an absent value.
  public var isNull: Bool {
    if case .scalar(let text, let quoted) = value { return text.isEmpty && !quoted }
    return false
  }
}

/// Why a YAML text could not be parsed, and where.
public struct YAMLError: Error, Sendable, Hashable {
  /// 1-based line of the problem.
  public var line: Int
  /// 1-based column of the problem, counted in Unicode scalars.
  public var column: Int
  /// What is wrong, lowercase.
  public var message: String

  /// Creates an error.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Parses the YAML subset `.lint.yml` uses.
///
/// Supported: block mappings and sequences (indentation with spaces), flow sequences `[a, b]`
/// and flow mappings `{a: 1}` (which may span lines), plain, `'single'` and `"double"` quoted
/// single-line scalars, `#` comments, an optional leading `---`. Everything else (anchors,
/// aliases, tags, block scalars, several documents, complex keys, tabs in indentation,
/// duplicate keys) is rejected with a position. The parser is iterative and linear in the size
/// of the input; nesting deeper than ``maximumDepth`` levels is rejected.
public struct YAMLParser: Sendable {
  /// The deepest nesting of collections accepted.
  public static let maximumDepth = 64

  /// Parses `text`; returns `nil` for a document without content.
  public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
    var reader = Reader(text)
    return try reader.parseDocument()
  }
}
