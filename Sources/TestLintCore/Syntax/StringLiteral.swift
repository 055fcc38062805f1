/// Reads the text of a string literal token.
public enum StringLiteral {
  /// The content of a literal as written, delimiters removed and simple escapes resolved
  /// (`\n`, `\t`, `\"`, `\\`); interpolations stay as written.
  public static func content(_ literal: String) -> String {
    var text = Substring(literal)
    var hashes = 0
    while text.first == "#" {
      hashes += 1
      text = text.dropFirst()
    }
    if hashes > 0 { text = text.dropLast(hashes) }
    let multiline = text.hasPrefix("\"\"\"")
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
}
