/// Reading JSON into `JSONValue`, and the accessors the language server reads messages with.
extension JSONValue {
  /// Parses JSON text (any value at the top level). Of an object's members named alike, the
  /// last counts, as with Foundation's `JSONSerialization`, which this replaces (only
  /// `FoundationEssentials` is linked on Linux, and it has none).
  /// - Throws: `JSONParseError` when the bytes are not JSON.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    guard let value = reader.document() else {
      throw JSONParseError(message: "the message is not valid JSON")
    }
    return value
  }

  /// The member named `key` of an object; nil for anything else or a missing member.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The whole number, if this is one (a double with no fraction counts).
  public var intValue: Int? {
    switch self {
    case .int(let value): return value
    case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
    default: return nil
    }
  }

  /// The boolean, if this is one.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// Whether this is an object.
  public var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}

/// Bytes that are not JSON.
public struct JSONParseError: Error, Sendable, Equatable {
  /// What is wrong.
  public var message: String
}

/// A JSON reader over UTF-8 bytes (RFC 8259). Iterative: nesting lives on an explicit stack,
/// at most `maximumDepth` deep, like `JSONSerialization`'s limit.
private struct JSONReader {
  static let maximumDepth = 512

  /// A container being read.
  enum Frame {
    case array([JSONValue])
    /// The members so far, where each name is among them, and the name of the value being read.
    case object([(String, JSONValue)], positions: [String: Int], key: String)
  }

  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte order mark is skipped.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  /// The one value the bytes hold, or nil when they are not JSON.
  mutating func document() -> JSONValue? {
    var stack: [Frame] = []
    while true {
      skipSpace()
      guard position < bytes.count else { return nil }
      var value: JSONValue
      // A value, or the end of an empty container.
      switch bytes[position] {
      case UInt8(ascii: "["):
        position += 1
        guard stack.count < Self.maximumDepth else { return nil }
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
          position += 1
          value = .array([])
        } else {
          stack.append(.array([]))
          continue
        }
      case UInt8(ascii: "{"):
        position += 1
        guard stack.count < Self.maximumDepth else { return nil }
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
          position += 1
          value = .object([])
        } else {
          guard let key = memberKey() else { return nil }
          stack.append(.object([], positions: [:], key: key))
          continue
        }
      default:
        guard let scalar = scalarValue() else { return nil }
        value = scalar
      }
      // Hand the value to the containers, closing those that end after it.
      while true {
        guard let top = stack.popLast() else {
          skipSpace()
          return position == bytes.count ? value : nil
        }
        skipSpace()
        guard position < bytes.count else { return nil }
        let next = bytes[position]
        position += 1
        switch top {
        case .array(var items):
          items.append(value)
          if next == UInt8(ascii: ",") {
            stack.append(.array(items))
          } else if next == UInt8(ascii: "]") {
            value = .array(items)
            continue
          } else {
            return nil
          }
        case .object(var members, var positions, let key):
          if let existing = positions[key] {
            members[existing].1 = value
          } else {
            positions[key] = members.count
            members.append((key, value))
          }
          if next == UInt8(ascii: ",") {
            skipSpace()
            guard let key = memberKey() else { return nil }
            stack.append(.object(members, positions: positions, key: key))
          } else if next == UInt8(ascii: "}") {
            value = .object(members)
            continue
          } else {
            return nil
          }
        }
        break
      }
    }
  }

  /// `"key" :` of an object member.
  mutating func memberKey() -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else {
      return nil
    }
    skipSpace()
    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
    position += 1
    return key
  }

  /// A string, number, `true`, `false` or `null`.
  mutating func scalarValue() -> JSONValue? {
    switch bytes[position] {
    case UInt8(ascii: "\""): return string().map(JSONValue.string)
    case UInt8(ascii: "t"): return word("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return word("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return word("null") ? .null : nil
    default: return number()
    }
  }

  mutating func word(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != text.utf8Start[offset] { return false }
    position += count
    return true
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: a whole number is an `int` (one
  /// beyond `Int` but within `UInt64` wraps, as `NSNumber.intValue` did), anything else a
  /// `double`.
  mutating func number() -> JSONValue? {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
        position += 1
      }
      return position - first
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      return nil
    }
    var isWhole = true
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return nil }
      isWhole = false
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits() > 0 else { return nil }
      isWhole = false
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    if isWhole {
      if let whole = Int(text) { return .int(whole) }
      if let unsigned = UInt64(text) { return .int(Int(truncatingIfNeeded: unsigned)) }
    }
    guard let double = Double(text), double.isFinite else { return nil }
    return .double(double)
  }

  /// A string from its opening quote: escapes decoded, surrogate pairs joined; nil for
  /// control characters, bad escapes, lone surrogates or bytes that are not UTF-8.
  mutating func string() -> String? {
    position += 1
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    func flush() -> Bool {
      guard !utf8.isEmpty else { return true }
      var iterator = utf8.makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): scalars.append(scalar)
        case .emptyInput:
          utf8.removeAll(keepingCapacity: true)
          return true
        case .error: return false
        }
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return flush() ? String(scalars) : nil
      case UInt8(ascii: "\\"):
        guard flush(), position < bytes.count else { return nil }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard let unit = hexUnit() else { return nil }
          if unit >= 0xD800, unit < 0xDC00 {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { return nil }
            position += 2
            guard let low = hexUnit(), low >= 0xDC00, low < 0xE000,
              let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            else { return nil }
            scalars.append(scalar)
          } else {
            guard let scalar = Unicode.Scalar(unit) else { return nil }
            scalars.append(scalar)
          }
        default: return nil
        }
      case 0..<0x20: return nil
      default: utf8.append(byte)
      }
    }
    return nil
  }

  /// Four hex digits of a `\u` escape.
  mutating func hexUnit() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: return nil
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  mutating func skipSpace() {
    while position < bytes.count,
      bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09
    {
      position += 1
    }
  }
}
