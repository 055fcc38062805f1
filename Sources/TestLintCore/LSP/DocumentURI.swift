/// `file://` URIs to and from absolute paths, with percent-encoding (RFC 3986).
public enum DocumentURI {
  /// The absolute path of a `file:` URI (`file:///a%20b/c.swift` → `/a b/c.swift`), or nil for
  /// other schemes (`untitled:`, `git:`), which have no file around them.
  public static func path(_ uri: String) -> String? {
    var rest = Substring(uri)
    guard rest.lowercased().hasPrefix("file://") else { return nil }
    rest = rest.dropFirst("file://".count)
    // `file://host/path`: only an empty host or `localhost` is this machine.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      guard rest[..<slash].lowercased() == "localhost" else { return nil }
      rest = rest[slash...]
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    guard let decoded = percentDecoded(rest) else { return nil }
    return FileWalker.absolutePath(decoded, workingDirectory: "/")
  }

  /// The `file://` URI of an absolute path.
  public static func uri(path: String) -> String {
    var result = "file://"
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%" + hex(byte >> 4) + hex(byte & 0xF)
      }
    }
    return result
  }
}

extension DocumentURI {
  fileprivate static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): return true
    default: return false
    }
  }

  fileprivate static func hex(_ nibble: UInt8) -> String {
    String(nibble, radix: 16, uppercase: true)
  }

  fileprivate static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let digits = iterator.prefix(2).compactMap(hexValue)
      guard digits.count == 2 else { return nil }
      iterator = iterator.dropFirst(2)
      bytes.append(digits[0] << 4 | digits[1])
    }
    return String(validating: bytes, as: UTF8.self)
  }

  fileprivate static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
