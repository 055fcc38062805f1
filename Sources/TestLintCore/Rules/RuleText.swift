/// Text tests rules make per file, per type or per call, read from the UTF-8 bytes when that
/// gives the answer `String`'s Character-by-Character comparison gives: `String.contains(_:)`
/// with a `String` goes through the generic `Collection` search of `_StringProcessing`, which
/// costs thousands of instructions for a short name.
enum RuleText {
  /// `text.contains(needle)` (canonical equivalence included), for a needle of ASCII bytes
  /// other than CR and LF: in an all-ASCII text every byte is a Character but for `\r\n`,
  /// which such a needle cannot match either, so a byte search agrees. Other texts take the
  /// `String` search.
  static func contains(_ text: String, _ needle: StaticString) -> Bool {
    var text = text
    let answer: Bool? = text.withUTF8 { haystack in
      needle.withUTF8Buffer { needle in
        guard let first = needle.first else { return true }
        for byte in haystack where byte >= 0x80 { return nil }
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
    if let answer { return answer }
    return text.contains(needle.description)
  }
}
