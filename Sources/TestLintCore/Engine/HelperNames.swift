/// A name by two independent 64-bit hashes of its UTF-8: the run keeps the names of its
/// functions as these 16 bytes, not as strings, so what it learns across files stays small.
///
/// Two different names get the same key with a probability of about 2^-128 per pair (10 million
/// names: 1 in 10^24); a 64-bit hash alone would make that 1 in 10^5 for a large monorepo's
/// names, too near to trust with a result.
struct NameKey: Hashable, Sendable {
  /// The first hash (for ASCII names, FNV-1a 64).
  let first: UInt64
  /// The second, unrelated one.
  let second: UInt64

  /// The key of a name.
  init(_ name: String) {
    // ASCII names (nearly all): two hashes of the bytes, in one pass.
    var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
    var mix: UInt64 = 0x9e37_79b9_7f4a_7c15
    var bits: UInt8 = 0
    for byte in name.utf8 {
      bits |= byte
      fnv = (fnv ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      mix = (mix &+ UInt64(byte)) &* 0xff51_afd7_ed55_8ccd
      mix = (mix << 29) | (mix >> 35)
    }
    guard bits < 0x80 else {
      // Other names as `String` compares them: canonically equivalent spellings (`é` as one
      // scalar or as `e` and a combining accent) are one name. The process's own seeded
      // hashes do that; keys are never kept beyond the run.
      self.init(hashing: name)
      return
    }
    mix ^= UInt64(name.utf8.count)
    mix = (mix ^ (mix >> 33)) &* 0xc4ce_b9fe_1a85_ec53
    self.init(first: fnv, second: mix ^ (mix >> 33))
  }

  /// The key of a function with its callees (`RunFacts`): the name's key with those of the
  /// callees, in order, folded in.
  init(_ name: NameKey, calling callees: [NameKey]) {
    var first = name.first
    var second = name.second
    for callee in callees {
      first = (first ^ callee.first) &* 0x0000_0100_0000_01B3
      second = ((second ^ callee.second) &* 0xff51_afd7_ed55_8ccd) ^ (second >> 29)
    }
    self.init(first: first, second: second)
  }

  private init(first: UInt64, second: UInt64) {
    self.first = first
    self.second = second
  }

  private init(hashing name: String) {
    var one = Hasher()
    one.combine(1 as UInt8)
    one.combine(name)
    var two = Hasher()
    two.combine(2 as UInt8)
    two.combine(name)
    self.init(
      first: UInt64(UInt(bitPattern: one.finalize())), second: UInt64(UInt(bitPattern: two.finalize())))
  }

  func hash(into hasher: inout Hasher) {
    // The first hash is already spread over 64 bits: one word is enough for a table.
    hasher.combine(first)
  }
}

/// The names of the functions that assert, as the rules ask about them
/// (`RuleContext.assertingHelpers`): names kept as strings (a file's own, an editor's
/// workspace), and the run's, kept as `NameKey`s.
public struct HelperNames: Sendable, ExpressibleByArrayLiteral {
  /// Names kept as they are.
  private var names: Set<String>
  /// The run's names, by key.
  private var keys: Set<NameKey>

  /// These names.
  public init(_ names: Set<String>) {
    self.names = names
    keys = []
  }

  /// These names.
  public init(arrayLiteral elements: String...) {
    self.init(Set(elements))
  }

  /// The names with these keys.
  init(keys: Set<NameKey>) {
    names = []
    self.keys = keys
  }

  /// Whether a function of this name asserts.
  public func contains(_ name: String) -> Bool {
    if names.contains(name) { return true }
    return !keys.isEmpty && keys.contains(NameKey(name))
  }

  /// Whether no name is in it.
  public var isEmpty: Bool { names.isEmpty && keys.isEmpty }
}
