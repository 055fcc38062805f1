/// Escaping of arbitrary text for one line of GitHub-flavoured Markdown, table cells included.
///
/// A pull-request comment must show a hostile message as text, never as markup:
/// - every line break (`\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029…) becomes a space, so text
///   stays inside its table row or list item;
/// - `&`, `<` and `>` become `&amp;`, `&lt;` and `&gt;`, so no HTML tag or entity survives;
/// - the ASCII punctuation that starts Markdown syntax (`` \ ` * _ [ ] ( ) # + - ! | ~ $ ``) is
///   backslash-escaped; `\|` also keeps a cell from splitting; so are `:` and `.`, which keeps
///   GitHub from turning `https://…` and `www.…` into links and `:name:` into emoji;
/// - `@` is followed by a WORD JOINER (U+2060), invisible, so `@name` can neither mention anyone
///   nor become an e-mail link;
/// - controls and bidirectional overrides become a visible `\u{X}` (see ``VisibleEscape``).
public enum MarkdownEscaping {
  /// `text` as inline Markdown that renders as exactly that text, on one line.
  public static func inline(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      if character.isNewline {
        output += " "
        continue
      }
      for scalar in character.unicodeScalars {
        append(scalar, to: &output)
      }
    }
    return output
  }
}

private extension MarkdownEscaping {
  static let backslashed: Set<Unicode.Scalar> = [
    "\\", "`", "*", "_", "[", "]", "(", ")", "#", "+", "-", "!", "|", "~", "$", ":", ".",
  ]

  static func append(_ scalar: Unicode.Scalar, to output: inout String) {
    switch scalar {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "@": output += "@\u{2060}"
    case "\t": output += " "
    default:
      if backslashed.contains(scalar) {
        output += "\\"
        output.unicodeScalars.append(scalar)
      } else if VisibleEscape.isNeeded(for: scalar) {
        output += VisibleEscape.escape(scalar)
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
  }
}
