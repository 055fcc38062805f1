/// A JSON value whose objects keep their keys in insertion order, so output is deterministic.
///
/// The language server's messages and a few small documents are built as values and written
/// with `ReportWriter`'s JSON methods, as the reporters write theirs directly. Keys are written
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
    var output = ReportWriter()
    output.jsonPretty = pretty
    write(to: &output)
    return output.text
  }

  /// Writes this value into `output`, as the next value of what is open there.
  public func write(into output: inout ReportWriter) {
    write(to: &output)
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
  func write(to output: inout ReportWriter) {
    switch self {
    case .null: output.jsonNull()
    case .bool(let value): output.jsonBool(value)
    case .int(let value): output.jsonInt(value)
    case .double(let value): output.jsonDouble(value)
    case .string(let value): output.jsonString(value)
    case .array(let elements):
      output.jsonBeginArray()
      for element in elements { element.write(to: &output) }
      output.jsonEndArray()
    case .object(let members):
      output.jsonBeginObject()
      for (key, value) in members {
        output.jsonKey(key)
        value.write(to: &output)
      }
      output.jsonEndObject()
    }
  }
}

/// JSON written straight into a report's bytes, as it is produced: no value tree. Shared by the
/// `json`, `sarif` and `gitlab` reporters, the baseline, the inventory and the language server.
///
/// Containers are opened and closed with `jsonBegin…`/`jsonEnd…`, members named with `jsonKey`;
/// the writer adds the commas and, when `jsonPretty`, the line breaks and two-space indentation
/// (`"key": value`, an empty container as `[]` or `{}`), as `JSONValue.serialized` writes them.
extension ReportWriter {
  /// Starts an object.
  public mutating func jsonBeginObject() {
    jsonBeforeValue()
    write(byte: 0x7B)
    jsonLevels.append(false)
  }

  /// Ends the innermost object.
  public mutating func jsonEndObject() {
    jsonClose(0x7D)
  }

  /// Starts an array.
  public mutating func jsonBeginArray() {
    jsonBeforeValue()
    write(byte: 0x5B)
    jsonLevels.append(false)
  }

  /// Ends the innermost array.
  public mutating func jsonEndArray() {
    jsonClose(0x5D)
  }

  /// Names the next member of the innermost object: a literal name, which needs no escaping
  /// (no quote, backslash or control character), copied as it is. A bare literal
  /// (`jsonKey("rule")`) takes this overload, the `String` one being disfavoured.
  public mutating func jsonKey(_ key: StaticString) {
    assert(Self.needsNoEscaping(key), "a literal JSON key must need no escaping: \(key)")
    jsonBeforeValue()
    write(byte: 0x22)
    bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    if jsonPretty { write("\": ") } else { write("\":") }
    jsonAfterKey = true
  }

  /// Names the next member of the innermost object (the name escaped).
  @_disfavoredOverload
  public mutating func jsonKey(_ key: String) {
    jsonBeforeValue()
    writeQuoted(key)
    if jsonPretty { write(": ") } else { write(byte: 0x3A) }
    jsonAfterKey = true
  }

  /// A string value, escaped.
  @_disfavoredOverload
  public mutating func jsonString(_ value: String) {
    jsonBeforeValue()
    writeQuoted(value)
  }

  /// A string value known to need no escaping (a bare literal takes this overload).
  public mutating func jsonString(_ value: StaticString) {
    assert(Self.needsNoEscaping(value), "a literal JSON string must need no escaping: \(value)")
    jsonBeforeValue()
    write(byte: 0x22)
    write(value)
    write(byte: 0x22)
  }

  /// Whether a literal can be copied into the output as it is: no quote, backslash or control
  /// character (checked in debug builds, where the tests run, for every literal written).
  static func needsNoEscaping(_ text: StaticString) -> Bool {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).allSatisfy {
      $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C
    }
  }

  /// A string value of `value`'s 16 lowercase hex digits (a ``FindingFingerprint``).
  public mutating func jsonHexString(_ value: UInt64) {
    jsonBeforeValue()
    let digits: StaticString = "0123456789abcdef"
    bytes.append(0x22)
    for shift in stride(from: 60, through: 0, by: -4) {
      bytes.append(digits.utf8Start[Int((value >> UInt64(shift)) & 0xF)])
    }
    bytes.append(0x22)
  }

  /// A string value, or `null`.
  @_disfavoredOverload
  public mutating func jsonString(_ value: String?) {
    if let value { jsonString(value) } else { jsonNull() }
  }

  /// A whole number.
  public mutating func jsonInt(_ value: Int) {
    jsonBeforeValue()
    write(number: value)
  }

  /// A floating-point number; NaN and infinities as `null`.
  public mutating func jsonDouble(_ value: Double) {
    jsonBeforeValue()
    if value.isFinite { write("\(value)") } else { write("null") }
  }

  /// `true` or `false`.
  public mutating func jsonBool(_ value: Bool) {
    jsonBeforeValue()
    if value { write("true") } else { write("false") }
  }

  /// `null`.
  public mutating func jsonNull() {
    jsonBeforeValue()
    write("null")
  }

  /// Writes `text` between quotes, escaped as RFC 8259 requires: quotes, backslashes and
  /// control characters (`\n`, `\r`, `\t`, otherwise `\u00XX`); U+2028 and U+2029 too, so
  /// the text is also safe inside JavaScript. Everything else, non-ASCII included, stays UTF-8.
  /// Runs of bytes that need nothing are copied at once.
  public mutating func writeQuoted(_ text: String) {
    var text = text
    write(byte: 0x22)
    text.withUTF8 { utf8 in
      var start = 0
      var index = 0
      let count = utf8.count
      // Eight bytes at a time while none is one of those; then those eight byte by byte.
      var wordEnd = 0
      while index < count {
        if index >= wordEnd {
          if index + 8 <= count, let base = utf8.baseAddress {
            if !Self.mayNeedJSONEscaping(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
              index += 8
              continue
            }
          }
          wordEnd = index + 8
        }
        let byte = utf8[index]
        if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0xE2 {
          index += 1
          continue
        }
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        if byte == 0xE2 {
          guard index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 else {
            index += 1
            continue
          }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        switch byte {
        case 0x22: write("\\\"")
        case 0x5C: write("\\\\")
        case 0x0A: write("\\n")
        case 0x0D: write("\\r")
        case 0x09: write("\\t")
        case 0xE2:
          write(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
          index += 2
        default:
          write("\\u00")
          write(byte: Self.hexDigits[Int(byte >> 4)])
          write(byte: Self.hexDigits[Int(byte & 0xF)])
        }
        index += 1
        start = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
    }
    write(byte: 0x22)
    flushIfFull()
  }

  /// Ends the document's top-level value with a newline.
  public mutating func jsonEndDocument() {
    write(byte: 0x0A)
    flushIfFull()
  }
}

/// The bytes a fixed sequence of JSON writer calls writes around its values (keys, commas,
/// line breaks, indentation, brackets), made once for one nesting depth: a reporter writes each
/// finding's object as these pieces with its values between them, one copy per piece instead
/// of a `jsonKey` and its indentation per member (SARIF's results nest ten deep).
///
/// Made by running the writer calls on a writer in the state of the one it is for, with
/// `jsonHole()` where a value goes and `jsonCut()` where an optional part starts or ends; so
/// the pieces are exactly the bytes those calls write. An optional member is its piece and its
/// value, skipped together: each piece of a member that is not an object's first starts with
/// its comma. The sequence must write one whole element of the open container.
public struct JSONTemplate: Sendable {
  /// The static bytes: `pieces[i]` comes before the i-th hole (or cut).
  let pieces: [[UInt8]]
  /// The nesting depth and style it was made for.
  let depth: Int
  let pretty: Bool

  /// The template of what `body` writes as the next element of `output`'s open container.
  public init(for output: ReportWriter, _ body: (inout ReportWriter) -> Void) {
    var scratch = ReportWriter()
    scratch.jsonLevels = output.jsonLevels
    if !scratch.jsonLevels.isEmpty { scratch.jsonLevels[scratch.jsonLevels.count - 1] = true }
    scratch.jsonPretty = output.jsonPretty
    scratch.jsonCuts = []
    body(&scratch)
    assert(scratch.jsonLevels.count == output.jsonLevels.count && !scratch.jsonAfterKey)
    var pieces: [[UInt8]] = []
    var start = 0
    for cut in (scratch.jsonCuts ?? []) + [scratch.bytes.count] {
      pieces.append(Array(scratch.bytes[start..<cut]))
      start = cut
    }
    self.pieces = pieces
    depth = output.jsonLevels.count
    pretty = output.jsonPretty
  }

  /// Whether the template writes at `output`'s depth and in its style, an element of its open
  /// container (not a member's value).
  public func fits(_ output: ReportWriter) -> Bool {
    output.jsonLevels.count == depth && output.jsonPretty == pretty && !output.jsonAfterKey
      && depth > 0
  }
}

extension ReportWriter {
  /// In a `JSONTemplate`'s making: where a value goes.
  public mutating func jsonHole() {
    jsonBeforeValue()
    jsonCuts?.append(bytes.count)
  }

  /// In a `JSONTemplate`'s making: where an optional part starts or ends.
  public mutating func jsonCut() {
    jsonCuts?.append(bytes.count)
  }

  /// Writes piece `index` of `template` (which `fits` this writer): the first one starts the
  /// element, after its comma unless the container has none yet.
  @inline(__always)
  public mutating func write(_ template: JSONTemplate, piece index: Int) {
    template.pieces[index].withUnsafeBufferPointer { piece in
      if index == 0, let last = jsonLevels.last, !last {
        jsonLevels[jsonLevels.count - 1] = true
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: piece.dropFirst()))
      } else {
        bytes.append(contentsOf: piece)
      }
    }
  }

  /// A string value in a template's hole: quoted and escaped.
  @inline(__always)
  public mutating func jsonRawString(_ value: String) {
    writeQuoted(value)
  }

  /// A string value in a template's hole, known to need no escaping.
  @inline(__always)
  public mutating func jsonRawString(_ value: StaticString) {
    write(byte: 0x22)
    bytes.append(contentsOf: UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    write(byte: 0x22)
  }

  /// `value`'s 16 hex digits in a template's hole, quoted.
  public mutating func jsonRawHex(_ value: UInt64) {
    let digits: StaticString = "0123456789abcdef"
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { buffer in
      buffer[0] = 0x22
      for index in 0..<16 {
        buffer[1 + index] = digits.utf8Start[Int((value >> UInt64(60 - 4 * index)) & 0xF)]
      }
      buffer[17] = 0x22
      bytes.append(contentsOf: UnsafeBufferPointer(buffer))
    }
  }

  /// Passes the buffer on if full, after a template's element.
  @inline(__always)
  public mutating func jsonEndElement() {
    flushIfFull()
  }
}

extension ReportWriter {
  /// `0x01` in every byte of a word.
  static let everyByte: UInt64 = 0x0101_0101_0101_0101

  /// Whether some byte of `word` is below `limit` (at most 0x80): exact, as a whole.
  @inline(__always)
  static func hasByte(below limit: UInt8, in word: UInt64) -> UInt64 {
    (word &- everyByte &* UInt64(limit)) & ~word & (everyByte &* 0x80)
  }

  /// Whether some byte of `word` is `byte`: exact, as a whole.
  @inline(__always)
  static func hasByte(_ byte: UInt8, in word: UInt64) -> UInt64 {
    hasByte(below: 1, in: word ^ (everyByte &* UInt64(byte)))
  }

  /// Whether some byte of these eight (a UTF-8 word) may need JSON escaping: a control
  /// character, a quote, a backslash, or the lead byte of U+2028 and U+2029.
  @inline(__always)
  static func mayNeedJSONEscaping(_ word: UInt64) -> Bool {
    hasByte(below: 0x20, in: word) | hasByte(0x22, in: word) | hasByte(0x5C, in: word) | hasByte(0xE2, in: word) != 0
  }
}

private extension ReportWriter {
  static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

  /// The comma, line break and indentation before an element or a member's key; nothing
  /// before a member's value.
  mutating func jsonBeforeValue() {
    if jsonAfterKey {
      jsonAfterKey = false
      return
    }
    guard let last = jsonLevels.last else { return }
    if last { write(byte: 0x2C) } else { jsonLevels[jsonLevels.count - 1] = true }
    if jsonPretty { jsonNewline(depth: jsonLevels.count) }
  }

  mutating func jsonClose(_ bracket: UInt8) {
    let hadElements = jsonLevels.removeLast()
    if hadElements, jsonPretty { jsonNewline(depth: jsonLevels.count) }
    write(byte: bracket)
  }

  /// A line break and `depth` levels of indentation, copied at once (SARIF nests ten deep).
  mutating func jsonNewline(depth: Int) {
    let spaces: StaticString = "\n                                                                "
    let available = spaces.utf8CodeUnitCount - 1
    var width = 2 * depth
    let first = min(width, available)
    bytes.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: 1 + first))
    width -= first
    while width > 0 {
      let count = min(width, available)
      bytes.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start + 1, count: count))
      width -= count
    }
  }
}
