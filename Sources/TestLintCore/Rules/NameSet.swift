/// A fixed set of names that rules look call and declaration names up in, per call or per
/// token. Most names looked up are not in it: a table of the members' first bytes and lengths
/// rejects those with a bit test, before any hashing (`Set<String>.contains` hashes the whole
/// name every time).
///
/// Lookups agree with `Set<String>.contains` exactly, Unicode equivalence included: a name
/// whose first byte is not ASCII, or that has a non-ASCII byte and a length no member of its
/// first byte has, is looked up in the set.
struct NameSet: Sendable {
  /// The members.
  let names: Set<String>
  private let filter: NameFilter

  /// A set of these names.
  init(_ names: Set<String>) {
    self.names = names
    filter = NameFilter(exact: names)
  }

  /// Whether `name` is a member (`names.contains(name)`).
  func contains(_ name: String) -> Bool {
    filter.mayMatch(name) && names.contains(name)
  }
}

extension NameSet: ExpressibleByArrayLiteral {
  init(arrayLiteral elements: String...) { self.init(Set(elements)) }
}

/// Which first bytes and lengths some names have: a quick "surely not one of them".
struct NameFilter: Sendable {
  /// For each ASCII first byte, a bit per length in bytes (bit 63: 63 and more).
  private var lengths = [UInt64](repeating: 0, count: 128)

  /// A filter for names equal to one of `exact` or starting with one of `prefixes`.
  init(exact: some Sequence<String>, prefixes: some Sequence<String> = [String]()) {
    for name in exact { add(name, orLonger: false) }
    for prefix in prefixes { add(prefix, orLonger: true) }
  }

  private mutating func add(_ name: String, orLonger: Bool) {
    guard let first = name.utf8.first, first < 0x80 else { return }
    if name.utf8.contains(where: { $0 >= 0x80 }) {
      // Equal names may differ in length (a Kelvin sign is 3 bytes, `K` one): any length.
      lengths[Int(first)] = .max
      return
    }
    let length = min(name.utf8.count, 63)
    for bit in length...(orLonger ? 63 : length) { lengths[Int(first)] |= 1 << UInt64(bit) }
  }

  /// False when `name` surely neither equals an exact name nor starts with a prefix (as
  /// `String`'s `==` and `hasPrefix` compare, canonical equivalence included).
  func mayMatch(_ name: String) -> Bool {
    name.utf8.withContiguousStorageIfAvailable { mayMatch($0) } ?? mayMatch(Array(name.utf8))
  }

  private func mayMatch(_ bytes: some Collection<UInt8>) -> Bool {
    // A first byte that is not ASCII can start a scalar equivalent to an ASCII one.
    guard let first = bytes.first, first < 0x80 else { return true }
    // An ASCII first scalar decomposes to itself: only names starting with it can be equal.
    let mask = lengths[Int(first)]
    if mask == 0 { return false }
    if mask & (1 << UInt64(min(bytes.count, 63))) != 0 { return true }
    // Lengths in bytes compare only between ASCII names.
    return bytes.contains { $0 >= 0x80 }
  }
}
