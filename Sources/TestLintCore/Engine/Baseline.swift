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

  struct Key: Hashable, Sendable {
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
    var counter = Counter()
    counter.add(findings, relativePath: relativePath)
    self = counter.baseline
  }

  init(entries: [Entry]) { self.entries = entries.sorted() }

  static func key(_ finding: Finding, relativeFile: String) -> Key {
    Key(
      file: relativeFile, rule: finding.ruleID, suite: finding.suite, test: finding.test,
      hash: FindingFingerprint.fingerprint([finding.snippet]))
  }

  /// Splits findings into new ones and baselined ones, and lists the entries (with the count
  /// not seen) that no longer occur.
  public func apply(
    to findings: [Finding], relativePath: (String) -> String
  ) -> (new: [Finding], baselined: Int, stale: [Entry]) {
    var matcher = Matcher(self)
    let new = matcher.newFindings(findings.sorted(), relativePath: relativePath)
    return (new, matcher.baselined, matcher.stale)
  }

  /// The baseline without what no longer occurs (counts lowered to what is still there).
  public func pruned(keeping findings: [Finding], relativePath: (String) -> String) -> Baseline {
    var counter = Counter(only: self)
    counter.add(findings, relativePath: relativePath)
    return counter.pruned(self)
  }

  /// Applies a baseline to findings that come file by file, in report order: the same
  /// outcome as `apply(to:relativePath:)` of them all (an entry names one file, so what is
  /// accepted in a file depends on that file's findings alone).
  public struct Matcher: Sendable {
    /// The entries, in the baseline's order.
    let entries: [Entry]
    /// How many findings of each key are still accepted.
    var remaining: [Key: Int] = [:]
    /// How many findings were accepted.
    public private(set) var baselined = 0

    /// A matcher of `baseline`'s entries.
    public init(_ baseline: Baseline) {
      entries = baseline.entries
      for entry in entries { remaining[entry.key, default: 0] += entry.count }
    }

    /// The findings (sorted) that the baseline does not accept; `relativePath` maps their
    /// path to the baseline's folder. In line order, so the first occurrences are the
    /// accepted ones and a later copy is new.
    public mutating func newFindings(_ findings: [Finding], relativePath: (String) -> String) -> [Finding] {
      guard !remaining.isEmpty else { return findings }
      var new: [Finding] = []
      var relative = (path: "", baseline: "")
      for finding in findings {
        if finding.path != relative.path || relative.path.isEmpty {
          relative = (finding.path, relativePath(finding.path))
        }
        let key = Baseline.key(finding, relativeFile: relative.baseline)
        if let left = remaining[key], left > 0 {
          remaining[key] = left - 1
          baselined += 1
        } else {
          new.append(finding)
        }
      }
      return new
    }

    /// The entries (with the count not seen) that no longer occur.
    public var stale: [Entry] {
      var remaining = remaining
      return entries.compactMap { entry -> Entry? in
        guard let left = remaining[entry.key], left > 0 else { return nil }
        remaining[entry.key] = 0
        var copy = entry
        copy.count = left
        return copy
      }
    }
  }

  /// Counts findings by key as they come, for a baseline of them (`--write-baseline`) or for
  /// pruning one (`baseline prune`).
  public struct Counter: Sendable {
    var counts: [Key: Int] = [:]
    /// Whether only the keys already in `counts` are counted (pruning needs no other).
    let restricted: Bool

    /// Counts every key.
    public init() { restricted = false }

    /// Counts only the keys of `baseline`'s entries.
    public init(only baseline: Baseline) {
      restricted = true
      for entry in baseline.entries { counts[entry.key] = 0 }
    }

    /// Counts `findings`; `relativePath` maps their path to the baseline's folder.
    public mutating func add(_ findings: [Finding], relativePath: (String) -> String) {
      var relative = (path: "", baseline: "")
      for finding in findings {
        if finding.path != relative.path || relative.path.isEmpty {
          relative = (finding.path, relativePath(finding.path))
        }
        let key = Baseline.key(finding, relativeFile: relative.baseline)
        if restricted {
          if let count = counts[key] { counts[key] = count + 1 }
        } else {
          counts[key, default: 0] += 1
        }
      }
    }

    /// The baseline of the findings counted.
    public var baseline: Baseline {
      Baseline(
        entries: counts.map { key, count in
          Entry(file: key.file, rule: key.rule, suite: key.suite, test: key.test, hash: key.hash, count: count)
        })
    }

    /// `baseline` without what was not counted (counts lowered to what was).
    public func pruned(_ baseline: Baseline) -> Baseline {
      Baseline(
        entries: baseline.entries.compactMap { entry in
          guard let now = counts[entry.key], now > 0 else { return nil }
          var copy = entry
          copy.count = min(entry.count, now)
          return copy
        })
    }
  }

  /// Stable, sorted, pretty-printed JSON with a version: diff-friendly.
  public func serialized() -> String {
    var output = ReportWriter()
    write(to: &output)
    return output.text
  }

  /// Writes `serialized()` into `output`.
  public func write(to output: inout ReportWriter) {
    output.jsonBeginObject()
    output.jsonKey("version")
    output.jsonInt(Baseline.version)
    output.jsonKey("tool")
    output.jsonString(ToolInfo.name)
    output.jsonKey("findings")
    output.jsonBeginArray()
    for entry in entries {
      output.jsonBeginObject()
      output.jsonKey("file")
      output.jsonString(entry.file)
      output.jsonKey("rule")
      output.jsonString(entry.rule)
      output.jsonKey("suite")
      output.jsonString(entry.suite)
      output.jsonKey("test")
      output.jsonString(entry.test)
      output.jsonKey("hash")
      output.jsonString(entry.hash)
      output.jsonKey("count")
      output.jsonInt(entry.count)
      output.jsonEndObject()
    }
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndDocument()
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
