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
    var output = ReportWriter()
    output.writeXML(text, inAttribute: true)
    return output.text
  }

  /// `text` escaped for use as element content.
  ///
  /// CR is written as `&#13;` so that end-of-line normalization keeps it; tab and LF stay as is.
  public static func text(_ text: String) -> String {
    var output = ReportWriter()
    output.writeXML(text, inAttribute: false)
    return output.text
  }
}

extension ReportWriter {
  /// Writes `text` escaped for XML (`XMLEscaping`): in an attribute value, or as element
  /// content. Runs of bytes that need nothing (printable ASCII but markup, and every non-ASCII
  /// scalar but U+FFFE and U+FFFF) are copied at once.
  public mutating func writeXML(_ text: String, inAttribute: Bool) {
    var text = text
    text.withUTF8 { writeXML(utf8: $0, inAttribute: inAttribute) }
  }

  /// `writeXML(_:inAttribute:)` of valid UTF-8.
  public mutating func writeXML(utf8: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
    var start = 0
    var index = 0
    let count = utf8.count
    // Eight bytes at a time while none needs escaping; then those eight byte by byte.
    var wordEnd = 0
    while index < count {
      if index >= wordEnd {
        if index + 8 <= count, let base = utf8.baseAddress {
          if !Self.mayNeedXMLEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index += 8
            continue
          }
        }
        wordEnd = index + 8
      }
      let byte = utf8[index]
      // Markup and controls are ASCII; U+FFFE and U+FFFF are EF BF BE and EF BF BF.
      if byte >= 0x3F || (byte >= 0x28 && byte != 0x3C && byte != 0x3E) || byte == 0x20 || byte == 0x21
        || byte == 0x23 || byte == 0x24 || byte == 0x25
      {
        if byte != 0xEF || index + 2 >= count || utf8[index + 1] != 0xBF || utf8[index + 2] & 0xFE != 0xBE {
          index += 1
          continue
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
      var length = 1
      switch byte {
      case 0x26: write("&amp;")
      case 0x3C: write("&lt;")
      case 0x3E: write("&gt;")
      case 0x22: write("&quot;")
      case 0x27: write("&apos;")
      case 0x0D: write("&#13;")
      case 0x09: if inAttribute { write("&#9;") } else { write(byte: 0x09) }
      case 0x0A: if inAttribute { write("&#10;") } else { write(byte: 0x0A) }
      case 0xEF:
        write(utf8[index + 2] == 0xBE ? "\\u{FFFE}" : "\\u{FFFF}")
        length = 3
      default:
        write("\\u{")
        write(String(byte, radix: 16, uppercase: true))
        write(byte: 0x7D)
      }
      index += length
      start = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
    flushIfFull()
  }
}

private extension ReportWriter {
  /// Whether some byte of these eight (a UTF-8 word) may need XML escaping: a control
  /// character, markup (`"`, `&`, `'`, `<`, `>`), or the lead byte of U+FFFE and U+FFFF.
  @inline(__always)
  static func mayNeedXMLEscaping(_ word: UInt64) -> Bool {
    hasByte(below: 0x20, in: word) | hasByte(0x22, in: word) | hasByte(0x26, in: word) | hasByte(0x27, in: word)
      | hasByte(0x3C, in: word) | hasByte(0x3E, in: word) | hasByte(0xEF, in: word) != 0
  }
}
