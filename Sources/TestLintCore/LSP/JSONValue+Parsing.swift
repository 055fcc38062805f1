import Foundation

/// Reading JSON into `JSONValue`, and the accessors the language server reads messages with.
extension JSONValue {
  /// Parses JSON text (any value at the top level). Object members keep no particular order.
  /// - Throws: `JSONParseError` when the bytes are not JSON.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw JSONParseError(message: "the message is not valid JSON")
    }
    return JSONValue(foundation: object)
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

extension JSONValue {
  /// Converts what `JSONSerialization` returns. Booleans come back as `NSNumber`s whose type
  /// code is `c` (on Linux as on Darwin), so they are told apart from the numbers 0 and 1.
  fileprivate init(foundation value: Any) {
    switch value {
    case let string as String:
      self = .string(string)
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      if type == "c" || type == "B" {
        self = .bool(number.boolValue)
      } else if type == "d" || type == "f" {
        let double = number.doubleValue
        self = .double(double)
      } else {
        self = .int(number.intValue)
      }
    case let array as [Any]:
      self = .array(array.map(JSONValue.init(foundation:)))
    case let dictionary as [String: Any]:
      self = .object(dictionary.map { ($0.key, JSONValue(foundation: $0.value)) })
    default:
      self = .null
    }
  }
}
