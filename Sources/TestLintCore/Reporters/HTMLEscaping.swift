/// Escaping of arbitrary text for HTML element content and quoted attribute values.
///
/// The five markup characters become references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`:
/// `&apos;` is not an HTML 4 entity), so user text can neither open a tag nor leave an attribute,
/// and the output is also well-formed XML. Controls, non-characters and bidirectional overrides
/// become a visible `\u{X}` (see ``VisibleEscape``). CR, CRLF, U+2028 and U+2029 become LF: a
/// numeric reference to CR is an HTML parse error, and a line break is what each means.
public enum HTMLEscaping {
  /// `text` escaped for element content or a `"`- or `'`-quoted attribute value.
  public static func escape(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\r", "\u{2028}", "\u{2029}": output += "\n"
      case "\n": if !previousWasCR { output += "\n" }
      default:
        if VisibleEscape.isNeeded(for: scalar) {
          output += VisibleEscape.escape(scalar)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}
