/// Findings recorded as accepted, so a run reports only new ones.
///
/// An entry is keyed on what a finding is, never on where it is: the file's path (relative to
/// the baseline's folder), the enclosing type and test, the rule, and a hash of the flagged
/// line's normalised code, with how many such findings there are. Lines inserted or deleted
/// elsewhere, another test renamed, or re-indentation leave the key alone; a second identical
/// violation in the same test makes the count exceed the baseline's, and is reported.
public struct Baseline: Sendable, Equatable {
  /// One kind of accepted finding.
  public struct Entry: Sendable, Hashable, Comparable {
    /// Path relative to the baseline file's folder.
    public var file: String
    /// The rule id.
    public var rule: String
    /// The enclosing type, if any.
    public var suite: String?
    /// The enclosing test, if any.
    public var test: String?
    /// Hash of the flagged line's normalised code.
    public var hash: String
    /// How many findings have this key.
    public var count: Int

    var key: Key { Key(file: file, rule: rule, suite: suite, test: test, hash: hash) }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.file, lhs.rule, lhs.suite ?? "", lhs.test ?? "", lhs.hash)
        < (rhs.file, rhs.rule, rhs.suite ?? "", rhs.test ?? "", rhs.hash)
    }
  }

  struct Key: Hashable {
    var file: String
    var rule: String
    var suite: String?
    var test: String?
    var hash: String
  }

  /// The format version written in the file.
  public static let version = 1

  /// The entries, sorted.
  public var entries: [Entry]

  /// A baseline of these findings; `relativePath` maps a finding's path to the baseline's
  /// folder.
  public init(findings: [Finding], relativePath: (String) -> String) {
    var counts: [Key: Int] = [:]
    for finding in findings {
      counts[Baseline.key(finding, relativePath: relativePath), default: 0] += 1
    }
    entries = counts.map { key, count in
      Entry(file: key.file, rule: key.rule, suite: key.suite, test: key.test, hash: key.hash, count: count)
    }.sorted()
  }

  init(entries: [Entry]) { self.entries = entries.sorted() }

  static func key(_ finding: Finding, relativePath: (String) -> String) -> Key {
    Key(
      file: relativePath(finding.path), rule: finding.ruleID, suite: finding.suite, test: finding.test,
      hash: FindingFingerprint.fingerprint([finding.snippet]))
  }

  /// Splits findings into new ones and baselined ones, and lists the entries (with the count
  /// not seen) that no longer occur.
  public func apply(
    to findings: [Finding], relativePath: (String) -> String
  ) -> (new: [Finding], baselined: Int, stale: [Entry]) {
    var remaining: [Key: Int] = [:]
    for entry in entries { remaining[entry.key, default: 0] += entry.count }
    var new: [Finding] = []
    var baselined = 0
    // In line order, so the first occurrences are the accepted ones and a later copy is new.
    for finding in findings.sorted() {
      let key = Baseline.key(finding, relativePath: relativePath)
      if let left = remaining[key], left > 0 {
        remaining[key] = left - 1
        baselined += 1
      } else {
        new.append(finding)
      }
    }
    let stale = entries.compactMap { entry -> Entry? in
      guard let left = remaining[entry.key], left > 0 else { return nil }
      remaining[entry.key] = 0
      var copy = entry
      copy.count = left
      return copy
    }
    return (new, baselined, stale)
  }

  /// The baseline without what no longer occurs (counts lowered to what is still there).
  public func pruned(keeping findings: [Finding], relativePath: (String) -> String) -> Baseline {
    let current = Baseline(findings: findings, relativePath: relativePath)
    var counts: [Key: Int] = [:]
    for entry in current.entries { counts[entry.key] = entry.count }
    return Baseline(
      entries: entries.compactMap { entry in
        guard let now = counts[entry.key] else { return nil }
        var copy = entry
        copy.count = min(entry.count, now)
        return copy
      })
  }

  /// Stable, sorted, pretty-printed JSON with a version: diff-friendly.
  public func serialized() -> String {
    let items: [JSONValue] = entries.map { entry in
      .object([
        ("file", .string(entry.file)), ("rule", .string(entry.rule)),
        ("suite", entry.suite.map(JSONValue.string) ?? .null),
        ("test", entry.test.map(JSONValue.string) ?? .null), ("hash", .string(entry.hash)),
        ("count", .int(entry.count)),
      ])
    }
    let root = JSONValue.object([
      ("version", .int(Baseline.version)), ("tool", .string(ToolInfo.name)), ("findings", .array(items)),
    ])
    return root.serialized(pretty: true) + "\n"
  }

  /// Reads a baseline file's text.
  /// - Throws: a message saying what is wrong.
  public static func parse(_ text: String) throws(BaselineError) -> Baseline {
    guard let object = try? JSONValue.parse(Array(text.utf8)), object.isObject else {
      throw BaselineError(message: "not a testlint baseline: not a JSON object")
    }
    guard let version = object["version"]?.intValue, version == Baseline.version else {
      throw BaselineError(message: "unsupported baseline version (expected \(Baseline.version))")
    }
    guard let items = object["findings"]?.arrayValue, items.allSatisfy(\.isObject) else {
      throw BaselineError(message: "not a testlint baseline: no 'findings' list")
    }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard let file = item["file"]?.stringValue, let rule = item["rule"]?.stringValue,
        let hash = item["hash"]?.stringValue, let count = item["count"]?.intValue, count > 0
      else { throw BaselineError(message: "entry \(index + 1) needs 'file', 'rule', 'hash' and a positive 'count'") }
      entries.append(
        Entry(
          file: file, rule: rule, suite: item["suite"]?.stringValue, test: item["test"]?.stringValue,
          hash: hash, count: count))
    }
    return Baseline(entries: entries)
  }
}

/// Why a baseline file could not be read.
public struct BaselineError: Error, Sendable, Equatable {
  /// What is wrong, lowercase.
  public var message: String
}
