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
  public static let sarifKey = "\(ToolInfo.name)/v\(version)"

  /// One fingerprint per finding, in the same order as `findings`.
  ///
  /// Occurrence indices count findings with the same identity in `(line, column)` order,
  /// whatever order `findings` is in.
  public static func fingerprints(of findings: [Finding]) -> [String] {
    hashes(of: findings).map(hex)
  }

  /// ``fingerprints(of:)`` as numbers (what the reporters write, as 16 hex digits, without a
  /// `String` each).
  ///
  /// Each identity is hashed once, streamed (no field list): the hash of its fields then
  /// continues with the occurrence index. Equal identities are found by that hash and then
  /// compared field by field, so two identities whose hashes collide still count apart.
  public static func hashes(of findings: [Finding]) -> [UInt64] {
    var result = Array(repeating: UInt64(0), count: findings.count)
    var sorted = true
    for index in findings.indices.dropFirst() {
      let (a, b) = (findings[index - 1], findings[index])
      if (a.line, a.column) > (b.line, b.column) {
        sorted = false
        break
      }
    }
    let order =
      sorted
      ? Array(findings.indices)
      : findings.indices.sorted { left, right in
        let (a, b) = (findings[left], findings[right])
        return (a.line, a.column, left) < (b.line, b.column, right)
      }
    // Each identity seen: its hash so far, a finding that has it, and its count.
    var identities: [(hash: FNV1a, finding: Int, count: Int)] = []
    var firstWithHash: [UInt64: Int] = [:]
    for index in order {
      let finding = findings[index]
      let hash = identityHash(of: finding)
      var slot: Int?
      if let first = firstWithHash[hash.value] {
        slot =
          sameIdentity(finding, findings[identities[first].finding])
          ? first
          : identities.indices.first {
            identities[$0].hash.value == hash.value && sameIdentity(finding, findings[identities[$0].finding])
          }
      } else {
        firstWithHash[hash.value] = identities.count
      }
      let occurrence: Int
      if let slot {
        occurrence = identities[slot].count
        identities[slot].count += 1
      } else {
        occurrence = 0
        identities.append((hash, index, 1))
      }
      var full = hash
      full.add(numberField: occurrence)
      result[index] = full.value
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
    var hash = FNV1a()
    for field in fields { hash.add(field: field) }
    return hash.value
  }
}

/// 64-bit FNV-1a, fed field by field (`<UTF-8 length>:<bytes>`).
struct FNV1a {
  /// The hash of what was added so far.
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  @inline(__always)
  mutating func add(_ byte: UInt8) {
    value ^= UInt64(byte)
    value = value &* 0x0000_0100_0000_01B3
  }

  mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { add(byte) }
  }

  /// `number` in decimal, as `String(number)` spells it.
  mutating func add(decimal number: Int) {
    ReportWriter.withDecimal(number) { for byte in $0 { add(byte) } }
  }

  /// The field `String(number)`: `<length>:<digits>`.
  mutating func add(numberField number: Int) {
    ReportWriter.withDecimal(number) { digits in
      add(decimal: digits.count)
      add(UInt8(ascii: ":"))
      for byte in digits { add(byte) }
    }
  }

  /// The field `<length>:<text>`, with `prefix` (a byte) before the text when given.
  mutating func add(field text: String, prefix: UInt8? = nil) {
    var text = text
    text.withUTF8 { utf8 in
      add(decimal: utf8.count + (prefix == nil ? 0 : 1))
      add(UInt8(ascii: ":"))
      if let prefix { add(prefix) }
      add(bytes: utf8)
    }
  }
}

private extension FindingFingerprint {
  /// The hash of what a finding is (`v1`, rule, path, suite, test, snippet), before its
  /// occurrence. `nil` suite or test differs from an empty one (`-` against `+`).
  static func identityHash(of finding: Finding) -> FNV1a {
    var hash = versionHash
    hash.add(field: finding.ruleID)
    hash.add(field: finding.path)
    add(optional: finding.suite, to: &hash)
    add(optional: finding.test, to: &hash)
    hash.add(field: finding.snippet)
    return hash
  }

  /// The hash of the identity's first field, `v1`.
  static let versionHash: FNV1a = {
    var hash = FNV1a()
    hash.add(field: "v\(version)")
    return hash
  }()

  static func add(optional value: String?, to hash: inout FNV1a) {
    if let value { hash.add(field: value, prefix: UInt8(ascii: "+")) } else { hash.add(field: "-") }
  }

  /// Whether two findings have the same identity (what ``identityHash(of:)`` hashes).
  static func sameIdentity(_ a: Finding, _ b: Finding) -> Bool {
    a.ruleID == b.ruleID && a.path == b.path && a.suite == b.suite && a.test == b.test
      && a.snippet == b.snippet
  }

  /// The 16 lowercase hex digits of `value`.
  static func hex(_ value: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { buffer in
      let digits: StaticString = "0123456789abcdef"
      for index in 0..<16 {
        buffer[index] = digits.utf8Start[Int((value >> UInt64(60 - 4 * index)) & 0xF)]
      }
      return 16
    }
  }
}
