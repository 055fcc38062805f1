/// The words a check's name starts with (`assert...`, `verify...`, `expect...`, `check...`,
/// `validate...`), read once for the two readers of names: `AssertionMatcher.readsAsCheck`
/// (helpers declared in the run: a lowercase first letter, then a capital or `_`) and
/// `BaseAssumption.readsAsCheck` (names declared nowhere: the first letter in any case, a digit
/// after it too). Read from the name's bytes: nothing is made for a name that does not match.
enum CheckWords {
  static let words: [StaticString] = ["assert", "verify", "expect", "check", "validate"]

  /// Whether `name` starts with one of `words` at a word boundary: the end, a capital, `_` or
  /// (with `digits`) a digit. With `anyCase`, the first letter may be a capital (`Verify...`).
  static func startsAName(_ name: String, anyCase: Bool, digits: Bool) -> Bool {
    words.contains { startsWith($0, name, anyCase: anyCase, boundary: true, digits: digits) }
  }

  /// Whether `name` starts with `word` (its first letter in any case with `anyCase`), followed,
  /// when `boundary` asks for one, by a word boundary as `startsAName` says.
  static func startsWith(_ word: StaticString, _ name: String, anyCase: Bool, boundary: Bool, digits: Bool) -> Bool {
    let utf8 = name.utf8
    let count = word.utf8CodeUnitCount
    guard utf8.count >= count else { return false }
    var index = utf8.startIndex
    for offset in 0..<count {
      var byte = utf8[index]
      // ASCII capitals to lowercase, the first letter only.
      if offset == 0, anyCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
      if byte != word.utf8Start[offset] { return false }
      index = utf8.index(after: index)
    }
    guard boundary, index != utf8.endIndex else { return true }
    let next = utf8[index]
    if next >= 0x80 {
      guard let character = name[index...].first else { return false }
      return character.isUppercase || digits && character.isNumber
    }
    return (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || next == UInt8(ascii: "_")
      || (digits && next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
  }
}
