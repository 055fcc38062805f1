/// Escaping of arbitrary text for HTML element content and quoted attribute values.
///
/// The five markup characters become references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`:
/// `&apos;` is not an HTML 4 entity), so user text can neither open a tag nor leave an attribute,
/// and the output is also well-formed XML. Controls, non-characters and bidirectional overrides
/// become a visible `\u{X}` (see ``VisibleEscape``). CR, CRLF, U+2028 and U+2029 become LF: a
/// numeric reference to CR is an HTML parse error, and a line break is what each means.
///
/// The text is read as UTF-8 bytes: runs that need nothing are copied at once, and text that
/// needs nothing is returned as it is. (Appending scalar by scalar took 90% of an `html` report's
/// rendering: 5,000 findings' messages and snippets cost 0.9 billion instructions.)
public enum HTMLEscaping {
  /// `text` escaped for element content or a `"`- or `'`-quoted attribute value.
  public static func escape(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
      guard let first = firstToChange(in: bytes) else { return nil }
      var output: [UInt8] = []
      output.reserveCapacity(bytes.count + 16)
      output.append(contentsOf: bytes[..<first])
      append(bytes, from: first, to: &output)
      return String(decoding: output, as: UTF8.self)
    } ?? text
  }

  /// The offset of the first byte of `bytes` (valid UTF-8) that starts a scalar the escape
  /// changes; nil when it changes none.
  private static func firstToChange(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if needsChange(ascii: byte) { return index }
        index += 1
        continue
      }
      let (value, length) = scalar(in: bytes, at: index)
      if needsChange(value) { return index }
      index += length
    }
    return nil
  }

  /// Escapes `bytes` from `start` (the start of a scalar) onto `output`.
  private static func append(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to output: inout [UInt8]) {
    var run = start
    var index = start
    func flush() {
      if run < index { output.append(contentsOf: bytes[run..<index]) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        guard needsChange(ascii: byte) else {
          index += 1
          continue
        }
        flush()
        switch byte {
        case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): output.append(contentsOf: "&#39;".utf8)
        case 0x0D: output.append(0x0A)
        // LF right after CR is the CR's line break, already written.
        case 0x0A: if index == 0 || bytes[index - 1] != 0x0D { output.append(0x0A) }
        default: output.append(contentsOf: VisibleEscape.escape(Unicode.Scalar(byte)).utf8)
        }
        index += 1
        run = index
        continue
      }
      let (value, length) = scalar(in: bytes, at: index)
      guard needsChange(value) else {
        index += length
        continue
      }
      flush()
      if value == 0x2028 || value == 0x2029 {
        output.append(0x0A)
      } else if let scalar = Unicode.Scalar(value) {
        output.append(contentsOf: VisibleEscape.escape(scalar).utf8)
      }
      index += length
      run = index
    }
    flush()
  }

  /// Whether the ASCII `byte` is written otherwise: a markup character, CR, LF (dropped after
  /// CR) or a control other than tab.
  private static func needsChange(ascii byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
    case 0x09: false
    case 0x00...0x1F, 0x7F: true
    default: false
    }
  }

  /// Whether the scalar `value` (not ASCII) is written otherwise.
  private static func needsChange(_ value: UInt32) -> Bool {
    if value == 0x2028 || value == 0x2029 { return true }
    guard let scalar = Unicode.Scalar(value) else { return false }
    return VisibleEscape.isNeeded(for: scalar)
  }

  /// The scalar whose first byte (not ASCII) is at `index` of valid UTF-8, and its length.
  private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
    let lead = UInt32(bytes[index])
    func continuation(_ offset: Int) -> UInt32 {
      index + offset < bytes.count ? UInt32(bytes[index + offset] & 0x3F) : 0
    }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
    if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
    return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
  }
}
