/// The `sarif` reporter: SARIF 2.1.0, as GitHub code scanning and other SARIF viewers load it.
///
/// One run whose `tool.driver.rules` describe every rule that was enabled or reported (id,
/// `name`, short description from the summary, full description and help from the rule's
/// page, `helpUri`, default level), and one result per finding:
/// - `ruleId`, `ruleIndex`, `level` (`warning` or `error`), `message.text`;
/// - one location: the path as a relative URI reference (percent-encoded per RFC 3986) against
///   `uriBaseId` `%SRCROOT%`, the working directory the run's paths are relative to (declared
///   in `originalUriBaseIds`; absolute paths become `file://` URIs without a base), and a region
///   with `startLine` and `startColumn` (both at least 1); the enclosing test or type as a
///   logical location;
/// - `partialFingerprints` under `testlint/v1` (see ``FindingFingerprint``), which survive
///   edits elsewhere in the file.
///
/// Columns count Unicode scalars, so the run states `columnKind: unicodeCodePoints`. Files that
/// could not be read are `toolExecutionNotifications` of the one invocation, whose
/// `executionSuccessful` is false when there are any.
public struct SARIFReporter: Reporter {
  /// The name used with `--reporter sarif`.
  public static let name = "sarif"

  /// The schema the output conforms to.
  public static let schemaURI =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  /// The base id relative paths are resolved against.
  public static let sourceRootBaseID = "%SRCROOT%"

  /// The absolute `file://` URI of the directory paths are relative to, ending in `/`, if the
  /// caller wants it recorded; nil leaves it to the consumer (GitHub uses the checkout).
  public var sourceRootURI: String?

  /// Rule pages by rule id, for each rule's full description and help.
  public var pages: [String: String]

  /// Creates the reporter; `pages` are the embedded `Rules/*.md` unless a test swaps them.
  public init(sourceRootURI: String? = nil, pages: [String: String] = RulePages.pages) {
    self.sourceRootURI = sourceRootURI
    self.pages = pages
  }

  /// The SARIF log, pretty-printed, ending in a newline.
  public func render(_ result: LintResult) -> String {
    let rules = Self.rules(of: result)
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
      ruleIndex[rule.id] = index
    }
    let fingerprints = FindingFingerprint.fingerprints(of: result.findings)
    let results = zip(result.findings, fingerprints).map { finding, fingerprint in
      Self.json(for: finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: fingerprint)
    }

    var sourceRoot: [(String, JSONValue)] = []
    if let sourceRootURI { sourceRoot.append(("uri", .string(sourceRootURI))) }
    sourceRoot.append(
      ("description", .object([("text", .string("The directory the paths are relative to"))])))

    let run = JSONValue.object([
      (
        "tool",
        .object([
          (
            "driver",
            .object([
              ("name", .string(ToolInfo.name)),
              ("version", .string(ToolInfo.version)),
              ("semanticVersion", .string(ToolInfo.version)),
              ("informationUri", .string(ToolInfo.homeURL)),
              ("rules", .array(rules.map { Self.json(for: $0, page: pages[$0.id]) })),
            ])
          )
        ])
      ),
      (
        "invocations",
        .array([
          .object([
            ("executionSuccessful", .bool(result.errors.isEmpty)),
            ("toolExecutionNotifications", .array(result.errors.map(Self.json(for:)))),
          ])
        ])
      ),
      ("originalUriBaseIds", .object([(Self.sourceRootBaseID, .object(sourceRoot))])),
      ("results", .array(results)),
      ("columnKind", .string("unicodeCodePoints")),
    ])
    let log = JSONValue.object([
      ("$schema", .string(Self.schemaURI)),
      ("version", .string("2.1.0")),
      ("runs", .array([run])),
    ])
    return log.serialized(pretty: true) + "\n"
  }

  /// `path` as a URI reference: relative paths percent-encoded against `%SRCROOT%` (so the
  /// returned base id is non-nil), absolute ones as a `file://` URI.
  public static func uri(for path: String) -> (uri: String, baseID: String?) {
    if path.hasPrefix("/") { return ("file://" + percentEncoded(path), nil) }
    return (percentEncoded(path), sourceRootBaseID)
  }

  /// Percent-encodes every UTF-8 byte except RFC 3986's unreserved characters and `/`, so the
  /// result is a valid path of a relative reference whatever the path holds (`:` in the first
  /// segment, `%`, `#`, `?`, spaces, controls, non-ASCII).
  public static func percentEncoded(_ path: String) -> String {
    var output = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        output += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return output
  }
}

private extension SARIFReporter {
  /// The run's rules, then any rule a finding names that is not among them (with only an id),
  /// so every result has a `ruleIndex`.
  static func rules(of result: LintResult) -> [RuleDescription] {
    var rules = result.rules
    var known = Set(rules.map(\.id))
    for finding in result.findings where !known.contains(finding.ruleID) {
      known.insert(finding.ruleID)
      rules.append(
        RuleDescription(id: finding.ruleID, summary: "", defaultSeverity: finding.severity))
    }
    return rules
  }

  static func json(for rule: RuleDescription, page: String?) -> JSONValue {
    let helpURI = ToolInfo.rulesURL + percentEncoded(rule.id) + ".md"
    let summary = rule.summary.isEmpty ? "Rule \(rule.id)" : rule.summary
    let why = page.flatMap { section("Why", of: $0) } ?? ""
    let full = why.isEmpty ? summary : summary + "\n\n" + why
    let helpMarkdown = (page.map(body(of:)) ?? summary) + "\n\n[Rule page](\(helpURI))"
    return .object([
      ("id", .string(rule.id)),
      ("name", .string(upperCamelCase(rule.id))),
      ("shortDescription", .object([("text", .string(summary))])),
      ("fullDescription", .object([("text", .string(full))])),
      (
        "help",
        .object([
          ("text", .string(full + "\n\nRule page: " + helpURI)),
          ("markdown", .string(helpMarkdown)),
        ])
      ),
      ("helpUri", .string(helpURI)),
      ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity.rawValue))])),
    ])
  }

  static func json(for finding: Finding, ruleIndex: Int?, fingerprint: String) -> JSONValue {
    var location: [(String, JSONValue)] = [
      ("physicalLocation", physicalLocation(finding.path, finding.line, finding.column))
    ]
    if let logical = logicalLocation(for: finding) {
      location.append(("logicalLocations", .array([logical])))
    }
    var members: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
    if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
    members += [
      ("level", .string(finding.severity.rawValue)),
      ("message", .object([("text", .string(finding.message))])),
      ("locations", .array([.object(location)])),
      ("partialFingerprints", .object([(FindingFingerprint.sarifKey, .string(fingerprint))])),
    ]
    return .object(members)
  }

  static func json(for error: Diagnostic) -> JSONValue {
    .object([
      ("level", .string("error")),
      ("message", .object([("text", .string(error.message))])),
      (
        "locations",
        .array([
          .object([("physicalLocation", physicalLocation(error.path, error.line, error.column))])
        ])
      ),
    ])
  }

  static func physicalLocation(_ path: String, _ line: Int, _ column: Int) -> JSONValue {
    let (uri, baseID) = uri(for: path)
    var artifact: [(String, JSONValue)] = [("uri", .string(uri))]
    if let baseID { artifact.append(("uriBaseId", .string(baseID))) }
    return .object([
      ("artifactLocation", .object(artifact)),
      (
        "region",
        .object([("startLine", .int(max(1, line))), ("startColumn", .int(max(1, column)))])
      ),
    ])
  }

  /// The enclosing test (a function) or else type, if known.
  static func logicalLocation(for finding: Finding) -> JSONValue? {
    if let test = finding.test {
      return .object([("fullyQualifiedName", .string(test)), ("kind", .string("function"))])
    }
    if let suite = finding.suite {
      return .object([("fullyQualifiedName", .string(suite)), ("kind", .string("type"))])
    }
    return nil
  }

  /// `missing_assertion` → `MissingAssertion`.
  static func upperCamelCase(_ id: String) -> String {
    id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The text of a page's `## title` section, trimmed, or nil when it has none.
  static func section(_ title: String, of page: String) -> String? {
    var collected: [Substring]?
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        if collected != nil { break }
        if line.dropFirst(3).trimmingWhiteSpace(newlines: false) == title { collected = [] }
      } else if collected != nil {
        collected?.append(line)
      }
    }
    return collected.map {
      $0.joined(separator: "\n").trimmingWhiteSpace(newlines: true)
    }
  }

  /// The page without its `# id` title line and without the `↓` markers of its examples
  /// (they only mean something to the page's tests).
  static func body(of page: String) -> String {
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    if let first = lines.first, first.hasPrefix("# ") { lines.removeFirst() }
    let text = lines.joined(separator: "\n").trimmingWhiteSpace(newlines: true)
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != RulePage.marker }))
  }
}
