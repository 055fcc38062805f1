/// Text tests rules make per file, per type or per call, read from the UTF-8 bytes when that
/// gives the answer `String`'s Character-by-Character comparison gives: `String.contains(_:)`
/// with a `String` goes through the generic `Collection` search of `_StringProcessing`, which
/// costs thousands of instructions for a short name.
enum RuleText {
  /// `text.contains(needle)` (canonical equivalence included), read from the bytes when the
  /// needle is ASCII other than CR and LF and the text is ASCII: in an all-ASCII text every
  /// byte is a Character but for `\r\n`, which such a needle cannot match either, so a byte
  /// search agrees. Other texts and needles take the `String` search.
  static func contains(_ text: some StringProtocol, _ needle: String) -> Bool {
    let answer: Bool? =
      text.utf8.withContiguousStorageIfAvailable { haystack in
        needle.utf8.withContiguousStorageIfAvailable { needle in byteContains(haystack, needle) } ?? nil
      } ?? nil
    if let answer { return answer }
    return text.contains(needle)
  }
}

extension RuleText {
  /// `text == name` for a name of ASCII letters and digits other than `K`: by their lengths
  /// first, so that most texts, which differ in length, are told apart without a call into the
  /// runtime's comparison. No other text spells such a name in another number of bytes (of
  /// every character, only the Kelvin sign is canonically an ASCII letter, `K`).
  @inline(__always)
  static func isName(_ text: String, _ name: String) -> Bool {
    text.utf8.count == name.utf8.count && text == name
  }

  /// `text.hasPrefix(prefix)` (canonical equivalence included), for a prefix of ASCII bytes
  /// other than CR: decided from the bytes while they are ASCII (an ASCII byte starts a
  /// Character of its own, and one that differs cannot be equivalent), and by `String` when a
  /// non-ASCII byte could join the prefix's last Character or stand for one of its letters.
  static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
    let answer: Bool? = text.utf8.withContiguousStorageIfAvailable { bytes in
      prefix.withUTF8Buffer { prefix in
        let count = prefix.count
        for offset in 0..<Swift.min(count, bytes.count) {
          let byte = bytes[offset]
          if byte >= 0x80 { return nil }
          if byte != prefix[offset] { return false }
        }
        if bytes.count < count { return false }
        if bytes.count == count { return true }
        return bytes[count] < 0x80 ? true : nil
      }
    } ?? nil
    if let answer { return answer }
    return text.hasPrefix(prefix.description)
  }

  /// The first byte of a name (0 for an empty one): a cheap "surely not" before comparing.
  static func firstByte(_ text: String) -> UInt8 { text.utf8.first ?? 0 }
}

extension RuleText {
  /// The first byte of a call's name, read from its name token (past a backtick, which the
  /// scanner drops from names): a check a few loads long, where reading `Call.name` retains and
  /// releases a string. 0xFF when the token does not tell. A name whose first byte differs
  /// from the first byte of an ASCII name cannot equal it (an ASCII letter has no other
  /// canonically equivalent spelling), so rules skip such calls before reading the name.
  static func firstNameByte(ofCall index: Int, in model: FileModel) -> UInt8 {
    let tokenIndex = model.calls[index].nameToken
    guard tokenIndex >= 0, tokenIndex < model.tokens.count else { return 0xFF }
    let token = model.tokens[tokenIndex]
    var start = Int(token.start)
    if token.kind == .backtickIdentifier { start += 1 }
    guard start < Int(token.end), start < model.source.bytes.count else { return 0xFF }
    return model.source.bytes[start]
  }
}

extension RuleText {
  /// The parts one after the other (`a + b + ...`), written once into a string of the right
  /// size: an interpolation of long parts grows its buffer several times.
  static func concatenate(_ parts: String...) -> String {
    var count = 0
    for part in parts { count += part.utf8.count }
    return String(unsafeUninitializedCapacity: count) { buffer in
      var offset = 0
      for var part in parts {
        part.withUTF8 { bytes in
          // One copy per part, not a loop per byte (`count` above is the sum of the parts).
          guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
          (target + offset).initialize(from: source, count: bytes.count)
          offset += bytes.count
        }
      }
      return offset
    }
  }
}

extension RuleText {
  /// The names a closure declares before `in`: `{ viewModel, scheduler in`,
  /// `{ (viewModel: ViewModel, scheduler) in`, `{ (done: CheckedContinuation<Void, Never>) in`
  /// (a comma inside a type's generic arguments separates no parameters).
  static func closureParameterNames(_ closure: Range<Int>, in model: FileModel) -> [String] {
    var names: [String] = []
    var inType = false
    var depth = 0
    var angles = 0
    var index = closure.lowerBound + 1
    while index < closure.upperBound - 1, index < closure.lowerBound + 40 {
      let token = model.tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket: depth -= 1
      case .colon: inType = true
      case .comma where depth <= 1 && angles == 0: inType = false
      case .identifier where token.keyword == .in && depth == 0: return names
      case .identifier, .backtickIdentifier:
        if !inType, token.keyword == .none || model.text(index) == "_" {
          names.append(model.text(index).replacing(text: "`", with: ""))
        }
      case .operator where model.text(index) == "->": inType = true
      case .operator where inType && model.text(index).allSatisfy({ $0 == "<" }):
        angles += model.text(index).count
      case .operator where inType && model.text(index).allSatisfy({ $0 == ">" }):
        angles = max(0, angles - model.text(index).count)
      case .leftBrace, .rightBrace, .dot, .semicolon: return []
      default: break
      }
      index += 1
    }
    return []
  }
}

extension RuleText {
  /// Whether `needle` occurs in `haystack`, byte for byte; nil when either holds a byte that a
  /// byte search cannot answer for (see `contains`).
  private static func byteContains(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    for byte in needle where byte >= 0x80 || byte == 0x0A || byte == 0x0D { return nil }
    for byte in haystack where byte >= 0x80 { return nil }
    guard let first = needle.first else { return true }
    let count = needle.count
    guard haystack.count >= count else { return false }
    var start = 0
    while start + count <= haystack.count {
      if haystack[start] == first {
        var offset = 1
        while offset < count, haystack[start + offset] == needle[offset] { offset += 1 }
        if offset == count { return true }
      }
      start += 1
    }
    return false
  }
}
