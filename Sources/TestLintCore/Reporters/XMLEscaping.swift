/// Escaping of arbitrary text for XML 1.0 attribute values and character data.
///
/// Findings quote user code, so their text can hold anything: markup characters are written as
/// entities, and characters XML 1.0 cannot carry at all (C0 controls other than tab, LF and CR;
/// U+FFFE; U+FFFF) become a visible `\u{X}` escape instead of making the document ill-formed.
/// No CDATA sections are used, and `>` is always escaped, so `]]>` never appears as is.
public enum XMLEscaping {
  /// `text` escaped for use between `"` or `'` quotes in an attribute.
  ///
  /// Tab, LF and CR are written as character references so that attribute-value normalization
  /// does not turn them into spaces.
  public static func attribute(_ text: String) -> String {
    escape(text, inAttribute: true)
  }

  /// `text` escaped for use as element content.
  ///
  /// CR is written as `&#13;` so that end-of-line normalization keeps it; tab and LF stay as is.
  public static func text(_ text: String) -> String {
    escape(text, inAttribute: false)
  }
}

private extension XMLEscaping {
  static func escape(_ text: String, inAttribute: Bool) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&apos;"
      case "\r": output += "&#13;"
      case "\t": output += inAttribute ? "&#9;" : "\t"
      case "\n": output += inAttribute ? "&#10;" : "\n"
      default:
        if isAllowed(scalar) {
          output.unicodeScalars.append(scalar)
        } else {
          output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
      }
    }
    return output
  }

  /// XML 1.0's `Char` production, minus tab, LF and CR which the caller handles. Surrogates
  /// cannot occur in a Swift `String`.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0xFFFD: return true
    case 0x10000...0x10FFFF: return true
    default: return false
    }
  }
}
