/// Reads the text of a string literal token.
public enum StringLiteral {
  /// The content of a literal as written, delimiters removed and simple escapes resolved
  /// (`\n`, `\t`, `\"`, `\\`); interpolations stay as written.
  public static func content(_ literal: String) -> String {
    if let plain = asciiContent(literal) { return plain }
    var text = Substring(literal)
    var hashes = 0
    while text.first == "#" {
      hashes += 1
      text = text.dropFirst()
    }
    if hashes > 0 { text = text.dropLast(hashes) }
    // `"""` opens a multi-line literal only when a line break follows it (swiftc requires
    // one); otherwise it is a one-line raw literal whose content starts with a quote (`#"""#`).
    let afterOpening = text.dropFirst(3).first
    let multiline = text.hasPrefix("\"\"\"") && (afterOpening?.isNewline ?? false)
    let quote = multiline ? 3 : 1
    guard text.count >= quote * 2 else { return String(text) }
    text = text.dropFirst(quote).dropLast(quote)
    if multiline {
      // Drop the line break after the opening and before the closing delimiter.
      if text.first == "\n" { text = text.dropFirst() }
      if text.last == "\n" { text = text.dropLast() }
    }
    guard hashes == 0, text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "0": result.append("\0")
        case "(": result.append("\\(")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `content` on bytes, for a literal of ASCII without CR and without escapes to resolve: there
  /// each byte is one `Character`, so dropping bytes drops the same characters. Nil otherwise.
  private static func asciiContent(_ literal: String) -> String? {
    let result = literal.utf8.withContiguousStorageIfAvailable { bytes -> String? in
      var hasBackslash = false
      for byte in bytes {
        if byte >= 0x80 || byte == 0x0D { return nil }
        if byte == UInt8(ascii: "\\") { hasBackslash = true }
      }
      var lower = 0
      var upper = bytes.count
      var hashes = 0
      while lower < upper, bytes[lower] == UInt8(ascii: "#") {
        hashes += 1
        lower += 1
      }
      if hashes > 0 { upper = max(lower, upper - hashes) }
      let quote = UInt8(ascii: "\"")
      let multiline = upper - lower >= 4 && bytes[lower] == quote && bytes[lower + 1] == quote
        && bytes[lower + 2] == quote && bytes[lower + 3] == 0x0A
      let quotes = multiline ? 3 : 1
      if upper - lower >= quotes * 2 {
        lower += quotes
        upper -= quotes
        if multiline {
          if lower < upper, bytes[lower] == 0x0A { lower += 1 }
          if lower < upper, bytes[upper - 1] == 0x0A { upper -= 1 }
        }
        if hashes == 0, hasBackslash, bytes[lower..<upper].contains(UInt8(ascii: "\\")) {
          return nil
        }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
    }
    return result ?? nil
  }
}
