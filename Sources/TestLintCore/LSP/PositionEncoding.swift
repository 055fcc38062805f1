/// How an LSP `Position.character` counts: UTF-16 code units by default, or UTF-8 bytes or
/// Unicode scalars (UTF-32) when client and server agree on it at `initialize`.
public enum PositionEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"

  /// The encoding to use given the client's `general.positionEncodings` (in its order of
  /// preference): the first one the server supports, else UTF-16, which every client supports.
  public static func negotiate(_ offered: [String]?) -> PositionEncoding {
    for name in offered ?? [] {
      if let encoding = PositionEncoding(rawValue: name.lowercased()) { return encoding }
    }
    return .utf16
  }

  /// Code units a scalar whose UTF-8 form starts with `leadByte` takes in this encoding.
  func units(leadByte: UInt8) -> Int {
    let length = Self.scalarLength(leadByte)
    switch self {
    case .utf8: return length
    case .utf16: return length == 4 ? 2 : 1
    case .utf32: return 1
    }
  }

  /// Bytes of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
  static func scalarLength(_ leadByte: UInt8) -> Int {
    switch leadByte {
    case 0xF0...0xFF: return 4
    case 0xE0...0xEF: return 3
    case 0xC0...0xDF: return 2
    default: return 1
    }
  }
}
