/// A JSON value whose objects keep their keys in insertion order, so output is deterministic.
///
/// Shared by the reporters that speak JSON (`json`, and later SARIF and LSP). Keys are written
/// as given: callers must not insert the same key twice.
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A whole number.
  case int(Int)
  /// A floating-point number; NaN and infinities are written as `null` (JSON has neither).
  case double(Double)
  /// A string, escaped on output.
  case string(String)
  /// An ordered list.
  case array([JSONValue])
  /// An object as ordered key-value pairs.
  case object([(String, JSONValue)])

  /// The JSON text of this value.
  ///
  /// Pretty output indents by two spaces, puts each element and member on its own line and
  /// writes `"key": value`; compact output has no whitespace at all. Neither ends with a newline.
  public func serialized(pretty: Bool) -> String {
    var output = ""
    write(to: &output, pretty: pretty, depth: 0)
    return output
  }

  /// Values are equal when they have the same shape and contents, member order included.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let left), .bool(let right)): return left == right
    case (.int(let left), .int(let right)): return left == right
    case (.double(let left), .double(let right)): return left == right
    case (.string(let left), .string(let right)): return left == right
    case (.array(let left), .array(let right)): return left == right
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }
}

private extension JSONValue {
  /// Recursion depth equals nesting depth, which is small for every value testlint builds.
  func write(to output: inout String, pretty: Bool, depth: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += value.isFinite ? "\(value)" : "null"
    case .string(let value): JSONValue.appendQuoted(value, to: &output)
    case .array(let elements):
      writeContainer(elements, open: "[", close: "]", to: &output, pretty: pretty, depth: depth) {
        element, output in element.write(to: &output, pretty: pretty, depth: depth + 1)
      }
    case .object(let members):
      writeContainer(members, open: "{", close: "}", to: &output, pretty: pretty, depth: depth) {
        member, output in
        JSONValue.appendQuoted(member.0, to: &output)
        output += pretty ? ": " : ":"
        member.1.write(to: &output, pretty: pretty, depth: depth + 1)
      }
    }
  }

  func writeContainer<Element>(
    _ elements: [Element], open: String, close: String, to output: inout String, pretty: Bool,
    depth: Int, writeElement: (Element, inout String) -> Void
  ) {
    output += open
    guard !elements.isEmpty else {
      output += close
      return
    }
    let innerIndent = String(repeating: "  ", count: depth + 1)
    for (index, element) in elements.enumerated() {
      if index > 0 { output += "," }
      if pretty { output += "\n" + innerIndent }
      writeElement(element, &output)
    }
    if pretty { output += "\n" + String(repeating: "  ", count: depth) }
    output += close
  }

  /// Escapes as RFC 8259 requires: quotes, backslashes and control characters (`\n`, `\r`,
  /// `\t`, otherwise `\u00XX`); U+2028 and U+2029 too, so the text is also safe inside
  /// JavaScript. Everything else, non-ASCII included, stays UTF-8.
  static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{2028}", "\u{2029}": output += unicodeEscape(scalar)
      default:
        if scalar.value < 0x20 {
          output += unicodeEscape(scalar)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
