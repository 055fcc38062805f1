/// The words a check's name starts with (`assert...`, `verify...`, `expect...`, `check...`,
/// `validate...`), read once for the two readers of names: `AssertionMatcher.readsAsCheck`
/// (helpers declared in the run: a lowercase first letter, then a capital or `_`) and
/// `BaseAssumption.readsAsCheck` (names declared nowhere: the first letter in any case, a digit
/// after it too). Read from the name's bytes: nothing is made for a name that does not match.
enum CheckWords {
  static let words: [StaticString] = ["assert", "verify", "expect", "check", "validate"]

  /// The third-person forms of `words`: a function's name may state what it does
  /// (`checksLayout()`, `verifiesTotal(of:)`).
  static let thirdPersonWords: [StaticString] = ["asserts", "verifies", "expects", "checks", "validates"]

  /// Whether `name` starts with one of `words` at a word boundary: the end, a capital, `_` or
  /// (with `digits`) a digit. With `anyCase`, the first letter may be a capital (`Verify...`).
  /// Or with one of `thirdPersonWords` (`startsWithThirdPerson`).
  static func startsAName(_ name: String, anyCase: Bool, digits: Bool) -> Bool {
    words.contains { startsWith($0, name, anyCase: anyCase, boundary: true, digits: digits) }
      || thirdPersonWords.contains { startsWithThirdPerson($0, name, digits: digits) }
  }

  /// Whether `name` starts with a verb's third-person form (`checks`, `requires`), lowercase,
  /// followed by a word boundary and more of the name (`checksLayout`, `requiresSendable`): a
  /// verb in a function's name. Not the word alone, nor capitalized, nor a later word: `checks`,
  /// `Checks` and `AvailabilityChecks` are plural nouns (a list of checks, a type of them).
  static func startsWithThirdPerson(_ word: StaticString, _ name: String, digits: Bool) -> Bool {
    name.utf8.count > word.utf8CodeUnitCount
      && startsWith(word, name, anyCase: false, boundary: true, digits: digits)
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

  /// Whether one of `words`, capitalized, is a camel-case word of `name` after its first
  /// (`SnapshotVerifyAccessibility`, `FBSnapshotVerifyView`), followed by a word boundary as
  /// `startsAName` says (digits included). A lowercase letter is no word start (`Recheckout`).
  static func hasLaterWord(_ name: String) -> Bool {
    if let answer = name.utf8.withContiguousStorageIfAvailable(hasLaterWord) { return answer }
    return Array(name.utf8).withUnsafeBufferPointer(hasLaterWord)
  }

  /// `hasLaterWord` of a name's UTF-8 bytes.
  private static func hasLaterWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    // Most names hold no capital that could start a check word.
    let mayStartWord = utf8.dropFirst().contains { byte in
      byte == UInt8(ascii: "A") || byte == UInt8(ascii: "V") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "C")
    }
    guard mayStartWord else { return false }
    for start in 1..<utf8.count {
      let byte = utf8[start]
      guard byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") else { continue }
      for word in words where word.utf8Start[0] == byte | 0x20 {
        let count = word.utf8CodeUnitCount
        guard start + count <= utf8.count else { continue }
        var matches = true
        for offset in 1..<count where utf8[start + offset] != word.utf8Start[offset] {
          matches = false
          break
        }
        guard matches else { continue }
        let end = start + count
        if end == utf8.count { return true }
        let next = utf8[end]
        if next >= 0x80 {
          let rest = String(decoding: utf8[end...], as: UTF8.self)
          if let character = rest.first, character.isUppercase || character.isNumber { return true }
          continue
        }
        if (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || next == UInt8(ascii: "_")
          || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
        {
          return true
        }
      }
    }
    return false
  }

  /// Whether a segment of a snake-and-camel name after an inner `_` starts with one of `words`,
  /// in either case, followed by a word boundary as `startsAName` says (digits included):
  /// `runTest_expectGraphResolves`, `helper_verifyLayout`, `scenario_Check`. Such a name is
  /// read in words as a camel-case one is (`hasLaterWord`); leading underscores are no
  /// segment's start (`_expectFailure` is read by its first word).
  static func hasSegmentWord(_ name: String) -> Bool {
    if let answer = name.utf8.withContiguousStorageIfAvailable(hasSegmentWord) { return answer }
    return Array(name.utf8).withUnsafeBufferPointer(hasSegmentWord)
  }

  /// `hasSegmentWord` of a name's UTF-8 bytes.
  private static func hasSegmentWord(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    // Nothing is made for a name without an inner underscore (nearly all names).
    guard let first = utf8.firstIndex(where: { $0 != UInt8(ascii: "_") }),
      utf8[first...].contains(UInt8(ascii: "_"))
    else { return false }
    var index = first
    while let underscore = utf8[index...].firstIndex(of: UInt8(ascii: "_")) {
      let start = underscore + 1
      guard start != utf8.endIndex else { return false }
      if utf8[start] != UInt8(ascii: "_"),
        startsAName(String(decoding: utf8[start...], as: UTF8.self), anyCase: true, digits: true)
      {
        return true
      }
      index = start
    }
    return false
  }
}
