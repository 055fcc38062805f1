/// Searching, replacing and trimming text without Foundation (which only `FoundationEssentials`
/// replaces on Linux, and that lacks these): Character by Character, like Foundation's default
/// (non-literal) comparison, which never matches part of a composed character.
extension StringProtocol {
  /// The first range whose characters are those of `text`; with `backwards`, the last one.
  /// Nil for an empty `text`.
  func range(ofText text: String, backwards: Bool = false) -> Range<Index>? {
    let needle = Array(text)
    guard !needle.isEmpty else { return nil }
    let starts = Array(indices)
    guard starts.count >= needle.count else { return nil }
    let last = starts.count - needle.count
    for offset in backwards ? Array((0...last).reversed()) : Array(0...last) {
      var matched = true
      for (step, character) in needle.enumerated() where self[starts[offset + step]] != character {
        matched = false
        break
      }
      if matched {
        let end = offset + needle.count < starts.count ? starts[offset + needle.count] : endIndex
        return starts[offset]..<end
      }
    }
    return nil
  }

  /// The text with every occurrence of `text` (left to right, not overlapping) replaced.
  func replacing(text: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.range(ofText: text) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }

  /// The text without leading and trailing white space: with `newlines`, every scalar with
  /// Unicode's White_Space property (Foundation's `.whitespacesAndNewlines`); without, the
  /// space separators and tab (`.whitespaces`).
  func trimmingWhiteSpace(newlines: Bool) -> String {
    let scalars = unicodeScalars
    let isSpace = { (scalar: Unicode.Scalar) in
      newlines
        ? scalar.properties.isWhitespace
        : scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}
