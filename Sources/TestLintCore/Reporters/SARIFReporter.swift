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

  /// Each rule's index in the log's rule list (set by `begin`).
  private var ruleIndex: [String: Int] = [:]
  /// A result's bytes around its values in the `results` list (set by `begin`).
  private var resultTemplate: JSONTemplate?
  /// Whether results are written with `resultTemplate` (tests compare both ways).
  var usesTemplate = true

  /// Creates the reporter; `pages` are the embedded `Rules/*.md` unless a test swaps them.
  public init(sourceRootURI: String? = nil, pages: [String: String] = RulePages.pages) {
    self.sourceRootURI = sourceRootURI
    self.pages = pages
  }

  /// The rule list counts rules that findings name beyond the run's.
  public var needsTotals: Bool { true }

  /// The log up to its `results` list, open: the tool with its rules, the invocation with
  /// the files that could not be read.
  public mutating func begin(_ header: ReportHeader, to output: inout ReportWriter) {
    let rules = header.rules + (header.totals?.otherRules ?? [])
    ruleIndex = [:]
    for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil {
      ruleIndex[rule.id] = index
    }
    var sourceRoot: [(String, JSONValue)] = []
    if let sourceRootURI { sourceRoot.append(("uri", .string(sourceRootURI))) }
    sourceRoot.append(
      ("description", .object([("text", .string("The directory the paths are relative to"))])))

    output.jsonBeginObject()
    output.jsonKey("$schema")
    output.jsonString(Self.schemaURI)
    output.jsonKey("version")
    output.jsonString("2.1.0")
    output.jsonKey("runs")
    output.jsonBeginArray()
    output.jsonBeginObject()
    output.jsonKey("tool")
    output.jsonBeginObject()
    output.jsonKey("driver")
    output.jsonBeginObject()
    output.jsonKey("name")
    output.jsonString(ToolInfo.name)
    output.jsonKey("version")
    output.jsonString(ToolInfo.version)
    output.jsonKey("semanticVersion")
    output.jsonString(ToolInfo.version)
    output.jsonKey("informationUri")
    output.jsonString(ToolInfo.homeURL)
    output.jsonKey("rules")
    output.jsonBeginArray()
    for rule in rules { Self.json(for: rule, page: pages[rule.id]).write(into: &output) }
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndObject()
    output.jsonKey("invocations")
    output.jsonBeginArray()
    output.jsonBeginObject()
    output.jsonKey("executionSuccessful")
    output.jsonBool(header.errors.isEmpty)
    output.jsonKey("toolExecutionNotifications")
    output.jsonBeginArray()
    for error in header.errors { Self.write(error, to: &output) }
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndArray()
    output.jsonKey("originalUriBaseIds")
    JSONValue.object([(Self.sourceRootBaseID, .object(sourceRoot))]).write(into: &output)
    output.jsonKey("results")
    output.jsonBeginArray()
    resultTemplate = usesTemplate ? Self.resultTemplate(for: output) : nil
  }

  /// One result per finding.
  public func file(_ file: ReportedFile, to output: inout ReportWriter) {
    let fingerprints = FindingFingerprint.hashes(of: file.findings)
    var uri = (path: "", uri: "", baseID: String?.none)
    // Findings of a file mostly repeat a few rules: the last one's index is kept.
    var rule = (id: "", index: Int?.none)
    for (finding, fingerprint) in zip(file.findings, fingerprints) {
      if finding.path != uri.path {
        let (text, baseID) = Self.uri(for: finding.path)
        uri = (finding.path, text, baseID)
      }
      if finding.ruleID != rule.id || rule.id.isEmpty { rule = (finding.ruleID, ruleIndex[finding.ruleID]) }
      if let resultTemplate, resultTemplate.fits(output) {
        Self.write(
          finding, ruleIndex: rule.index, fingerprint: fingerprint, uri: uri.uri, baseID: uri.baseID,
          template: resultTemplate, to: &output)
        continue
      }
      Self.write(
        finding, ruleIndex: rule.index, fingerprint: fingerprint, uri: uri.uri, baseID: uri.baseID,
        to: &output)
    }
  }

  /// The same as `file(_:to:)`, on any thread.
  public func render(_ file: ReportedFile, into part: inout ReportWriter, marks: inout [Int]) -> Bool {
    part.reserve(file.findings.count * 1_100)  // about what a finding takes, and some
    self.file(file, to: &part)
    return true
  }

  /// The log's end.
  public func end(_ totals: ReportTotals, to output: inout ReportWriter) {
    output.jsonEndArray()
    output.jsonKey("columnKind")
    output.jsonString("unicodeCodePoints")
    output.jsonEndObject()
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndDocument()
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
    if path.utf8.allSatisfy(isUnreserved) { return path }
    let digits: StaticString = "0123456789ABCDEF"
    var output: [UInt8] = []
    output.reserveCapacity(path.utf8.count + 16)
    for byte in path.utf8 {
      if isUnreserved(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(digits.utf8Start[Int(byte >> 4)])
        output.append(digits.utf8Start[Int(byte & 0xF)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

private extension SARIFReporter {
  /// RFC 3986's unreserved characters and `/`: what `percentEncoded` keeps.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
      return true
    default:
      return false
    }
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

  static func write(
    _ finding: Finding, ruleIndex: Int?, fingerprint: UInt64, uri: String, baseID: String?,
    to output: inout ReportWriter
  ) {
    output.jsonBeginObject()
    output.jsonKey("ruleId")
    output.jsonString(finding.ruleID)
    if let ruleIndex {
      output.jsonKey("ruleIndex")
      output.jsonInt(ruleIndex)
    }
    output.jsonKey("level")
    output.jsonString(finding.severity.rawValue)
    output.jsonKey("message")
    output.jsonBeginObject()
    output.jsonKey("text")
    output.jsonString(finding.message)
    output.jsonEndObject()
    output.jsonKey("locations")
    output.jsonBeginArray()
    output.jsonBeginObject()
    writePhysicalLocation(uri, baseID, finding.line, finding.column, to: &output)
    if let logical = logicalLocation(for: finding) {
      output.jsonKey("logicalLocations")
      output.jsonBeginArray()
      output.jsonBeginObject()
      output.jsonKey("fullyQualifiedName")
      output.jsonString(logical.name)
      output.jsonKey("kind")
      output.jsonString(logical.kind)
      output.jsonEndObject()
      output.jsonEndArray()
    }
    output.jsonEndObject()
    output.jsonEndArray()
    output.jsonKey("partialFingerprints")
    output.jsonBeginObject()
    output.jsonKey(FindingFingerprint.sarifKey)
    output.jsonHexString(fingerprint)
    output.jsonEndObject()
    output.jsonEndObject()
  }

  /// The bytes of a result around its values, at `output`'s depth: `write(_:...template:to:)`
  /// lists its 14 pieces.
  static func resultTemplate(for output: ReportWriter) -> JSONTemplate {
    JSONTemplate(for: output) { output in
      output.jsonBeginObject()
      output.jsonKey("ruleId")
      output.jsonHole()
      output.jsonKey("ruleIndex")
      output.jsonHole()
      output.jsonKey("level")
      output.jsonHole()
      output.jsonKey("message")
      output.jsonBeginObject()
      output.jsonKey("text")
      output.jsonHole()
      output.jsonEndObject()
      output.jsonKey("locations")
      output.jsonBeginArray()
      output.jsonBeginObject()
      output.jsonKey("physicalLocation")
      output.jsonBeginObject()
      output.jsonKey("artifactLocation")
      output.jsonBeginObject()
      output.jsonKey("uri")
      output.jsonHole()
      output.jsonKey("uriBaseId")
      output.jsonHole()
      output.jsonEndObject()
      output.jsonKey("region")
      output.jsonBeginObject()
      output.jsonKey("startLine")
      output.jsonHole()
      output.jsonKey("startColumn")
      output.jsonHole()
      output.jsonEndObject()
      output.jsonEndObject()
      output.jsonCut()
      output.jsonKey("logicalLocations")
      output.jsonBeginArray()
      output.jsonBeginObject()
      output.jsonKey("fullyQualifiedName")
      output.jsonHole()
      output.jsonKey("kind")
      output.jsonHole()
      output.jsonEndObject()
      output.jsonEndArray()
      output.jsonCut()
      output.jsonEndObject()
      output.jsonEndArray()
      output.jsonKey("partialFingerprints")
      output.jsonBeginObject()
      output.jsonKey(FindingFingerprint.sarifKey)
      output.jsonHole()
      output.jsonEndObject()
      output.jsonEndObject()
    }
  }

  /// The same bytes as `write(_:ruleIndex:fingerprint:uri:baseID:to:)`, from the template's
  /// pieces (an absent optional member is its piece and its value left out).
  static func write(
    _ finding: Finding, ruleIndex: Int?, fingerprint: UInt64, uri: String, baseID: String?,
    template: JSONTemplate, to output: inout ReportWriter
  ) {
    output.write(template, piece: 0)
    output.jsonRawString(finding.ruleID)
    if let ruleIndex {
      output.write(template, piece: 1)
      output.write(number: ruleIndex)
    }
    output.write(template, piece: 2)
    switch finding.severity {
    case .warning: output.jsonRawString("warning")
    case .error: output.jsonRawString("error")
    }
    output.write(template, piece: 3)
    output.jsonRawString(finding.message)
    output.write(template, piece: 4)
    output.jsonRawString(uri)
    if let baseID {
      output.write(template, piece: 5)
      output.jsonRawString(baseID)
    }
    output.write(template, piece: 6)
    output.write(number: max(1, finding.line))
    output.write(template, piece: 7)
    output.write(number: max(1, finding.column))
    output.write(template, piece: 8)
    if let logical = logicalLocation(for: finding) {
      output.write(template, piece: 9)
      output.jsonRawString(logical.name)
      output.write(template, piece: 10)
      output.jsonRawString(logical.kind)
      output.write(template, piece: 11)
    }
    output.write(template, piece: 12)
    output.jsonRawHex(fingerprint)
    output.write(template, piece: 13)
    output.jsonEndElement()
  }

  static func write(_ error: Diagnostic, to output: inout ReportWriter) {
    output.jsonBeginObject()
    output.jsonKey("level")
    output.jsonString("error")
    output.jsonKey("message")
    output.jsonBeginObject()
    output.jsonKey("text")
    output.jsonString(error.message)
    output.jsonEndObject()
    output.jsonKey("locations")
    output.jsonBeginArray()
    output.jsonBeginObject()
    let (uri, baseID) = uri(for: error.path)
    writePhysicalLocation(uri, baseID, error.line, error.column, to: &output)
    output.jsonEndObject()
    output.jsonEndArray()
    output.jsonEndObject()
  }

  /// The `physicalLocation` member.
  static func writePhysicalLocation(
    _ uri: String, _ baseID: String?, _ line: Int, _ column: Int, to output: inout ReportWriter
  ) {
    output.jsonKey("physicalLocation")
    output.jsonBeginObject()
    output.jsonKey("artifactLocation")
    output.jsonBeginObject()
    output.jsonKey("uri")
    output.jsonString(uri)
    if let baseID {
      output.jsonKey("uriBaseId")
      output.jsonString(baseID)
    }
    output.jsonEndObject()
    output.jsonKey("region")
    output.jsonBeginObject()
    output.jsonKey("startLine")
    output.jsonInt(max(1, line))
    output.jsonKey("startColumn")
    output.jsonInt(max(1, column))
    output.jsonEndObject()
    output.jsonEndObject()
  }

  /// The enclosing test (a function) or else type, if known: its name and kind.
  static func logicalLocation(for finding: Finding) -> (name: String, kind: StaticString)? {
    if let test = finding.test { return (test, "function") }
    if let suite = finding.suite { return (suite, "type") }
    return nil
  }

  /// `missing_assertion` → `MissingAssertion`.
  static func upperCamelCase(_ id: String) -> String {
    id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The text of a page's `## title` section, trimmed, or nil when it has none. Lines are
  /// cut at line feeds byte-wise: the same lines as Character-wise unless a CR joins one to
  /// its LF (then the Character-wise code runs).
  static func section(_ title: String, of page: String) -> String? {
    let utf8 = page.utf8
    if utf8.contains(0x0D) { return sectionByCharacters(title, of: page) }
    var lineStart = utf8.startIndex
    // The section's text: from the line after its title to the end of its last line.
    var collected: (start: String.Index, end: String.Index?)?
    while true {
      let lineEnd = utf8[lineStart...].firstIndex(of: 0x0A) ?? utf8.endIndex
      let line = page[lineStart..<lineEnd]
      if line.hasPrefix("## ") {
        if collected != nil { break }
        if line.dropFirst(3).trimmingWhiteSpace(newlines: false) == title {
          collected = (lineEnd == utf8.endIndex ? lineEnd : utf8.index(after: lineEnd), nil)
        }
      } else if collected != nil {
        collected?.end = lineEnd
      }
      if lineEnd == utf8.endIndex { break }
      lineStart = utf8.index(after: lineEnd)
    }
    guard let collected else { return nil }
    guard let end = collected.end else { return "" }
    return page[collected.start..<end].trimmingWhiteSpace(newlines: true)
  }

  /// `section(_:of:)` Character by Character.
  static func sectionByCharacters(_ title: String, of page: String) -> String? {
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
    let utf8 = page.utf8
    if utf8.contains(0x0D) { return bodyByCharacters(of: page) }
    var start = page.startIndex
    if page.hasPrefix("# ") {
      start = utf8.firstIndex(of: 0x0A).map { utf8.index(after: $0) } ?? utf8.endIndex
    }
    let text = page[start...].trimmingWhiteSpace(newlines: true)
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != RulePage.marker }))
  }

  /// `body(of:)` Character by Character.
  static func bodyByCharacters(of page: String) -> String {
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    if let first = lines.first, first.hasPrefix("# ") { lines.removeFirst() }
    let text = lines.joined(separator: "\n").trimmingWhiteSpace(newlines: true)
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != RulePage.marker }))
  }
}
