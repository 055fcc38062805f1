/// Stable fingerprints of findings: what a finding is, not where it is.
///
/// A fingerprint hashes the rule id, the path, the enclosing type and test, the normalized
/// snippet of the flagged line and the finding's occurrence index among findings that agree on
/// all of those (counted in line order). It never hashes the line, the column or the message,
/// so inserting or deleting unrelated lines, re-indenting, or rewording a message keeps it; a
/// second identical violation in the same test gets a different one.
///
/// The hash is 64-bit FNV-1a over an unambiguous encoding (every field is prefixed with its
/// UTF-8 length), written as 16 lowercase hex digits. It is part of the output formats: the
/// `version` goes into SARIF's `partialFingerprints` key and changes if the scheme ever does.
public enum FindingFingerprint {
  /// The scheme's version, as in SARIF's `testlint/v1` key.
  public static let version = 1

  /// The key SARIF's `partialFingerprints` uses for these fingerprints.
  public static var sarifKey: String { "\(ToolInfo.name)/v\(version)" }

  /// One fingerprint per finding, in the same order as `findings`.
  ///
  /// Occurrence indices count findings with the same identity in `(line, column)` order,
  /// whatever order `findings` is in.
  public static func fingerprints(of findings: [Finding]) -> [String] {
    let order = findings.indices.sorted { left, right in
      let (a, b) = (findings[left], findings[right])
      return (a.line, a.column, left) < (b.line, b.column, right)
    }
    var seen: [[String]: Int] = [:]
    var result = Array(repeating: "", count: findings.count)
    for index in order {
      let identity = identity(of: findings[index])
      let occurrence = seen[identity, default: 0]
      seen[identity] = occurrence + 1
      result[index] = hex(fnv1a64(identity + [String(occurrence)]))
    }
    return result
  }

  /// The fingerprint of arbitrary fields (for things that are not findings, such as errors).
  public static func fingerprint(_ fields: [String]) -> String {
    hex(fnv1a64(fields))
  }

  /// 64-bit FNV-1a of the fields, each encoded as `<UTF-8 length>:<bytes>` so that no two
  /// different field lists share an encoding.
  public static func fnv1a64(_ fields: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    for field in fields {
      for byte in String(field.utf8.count).utf8 { add(byte) }
      add(UInt8(ascii: ":"))
      for byte in field.utf8 { add(byte) }
    }
    return hash
  }
}

private extension FindingFingerprint {
  /// What a finding is. `nil` suite or test differs from an empty one.
  static func identity(of finding: Finding) -> [String] {
    [
      "v\(version)", finding.ruleID, finding.path, optional(finding.suite),
      optional(finding.test), finding.snippet,
    ]
  }

  static func optional(_ value: String?) -> String {
    value.map { "+" + $0 } ?? "-"
  }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
