/// Where a report's bytes go: a buffer passed on to a sink in chunks of about 256 KB, so a
/// report of any size is written as it is rendered and never held whole.
///
/// Reporters write text, numbers and escaped values straight into the buffer as UTF-8 (no
/// intermediate `String` per value). JSON is written with the `json…` methods (`JSONWriter`),
/// which keep the nesting state here, between a reporter's calls.
public struct ReportWriter {
  /// The bytes not yet passed to the sink.
  public internal(set) var bytes: [UInt8] = []
  /// Receives each full chunk, then the rest on `flush()`; nil keeps every byte in `bytes`.
  private let sink: ((UnsafeRawBufferPointer) -> Void)?
  /// For each open JSON container, whether it has an element yet (`JSONWriter`).
  var jsonLevels: [Bool] = []
  /// Whether the next JSON value is an object member's, right after its key.
  var jsonAfterKey = false
  /// Whether JSON is indented (two spaces a level, `"key": value`) or compact.
  var jsonPretty = true
  /// While a `JSONTemplate` is made: where its pieces end.
  var jsonCuts: [Int]?

  /// The size at which the buffer is passed to the sink.
  static let chunkBytes = 1 << 18

  /// A writer passing its bytes to `sink` in chunks; nil keeps them all (`bytes`).
  public init(sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
    self.sink = sink
    bytes.reserveCapacity(sink == nil ? 256 : Self.chunkBytes + 4_096)
  }

  /// A writer of one file's part rendered apart (`Reporter.render`): no sink, and the JSON
  /// state of `output` as if the open container had an element already, so each element the
  /// part writes starts with its comma (`write(part:)` drops the first one when needed).
  public init(partOf output: ReportWriter) {
    self.init()
    jsonLevels = output.jsonLevels
    if !jsonLevels.isEmpty { jsonLevels[jsonLevels.count - 1] = true }
    jsonPretty = output.jsonPretty
  }

  /// Writes a part rendered apart by a writer `init(partOf:)` of this one: its bytes, less
  /// the comma before its first element when the open container has none yet.
  public mutating func write(part: [UInt8]) {
    guard !part.isEmpty else { return }
    var start = 0
    if let last = jsonLevels.last, !jsonAfterKey {
      if !last, part[0] == 0x2C { start = 1 }
      jsonLevels[jsonLevels.count - 1] = true
    }
    part.withUnsafeBufferPointer { write(bytes: UnsafeBufferPointer(rebasing: $0[start...])) }
  }

  /// Passes the buffered bytes to the sink (nothing without a sink).
  public mutating func flush() {
    guard let sink, !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { sink($0) }
    bytes.removeAll(keepingCapacity: true)
  }

  /// The bytes written so far as text (without a sink: the whole report).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes static text.
  public mutating func write(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    flushIfFull()
  }

  /// Writes a string's UTF-8. Disfavoured, so a bare literal (`write("&amp;")`) takes the
  /// `StaticString` overload, copied at once, rather than the default literal type's.
  @_disfavoredOverload
  public mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    flushIfFull()
  }

  /// Writes UTF-8 bytes: a block of a chunk or more goes to the sink as it is, after what
  /// is buffered (one `write`, no copy).
  public mutating func write(bytes text: UnsafeBufferPointer<UInt8>) {
    if let sink, text.count >= Self.chunkBytes {
      flush()
      sink(UnsafeRawBufferPointer(text))
      return
    }
    bytes.append(contentsOf: text)
    flushIfFull()
  }

  /// Makes room for `count` more bytes at once (a part rendered ahead, whose reporter can
  /// tell about how large it gets), instead of growing step by step.
  public mutating func reserve(_ count: Int) {
    bytes.reserveCapacity(bytes.count + count)
  }

  /// Writes UTF-8 bytes.
  public mutating func write(_ text: [UInt8]) {
    text.withUnsafeBufferPointer { write(bytes: $0) }
  }

  /// Writes one byte.
  public mutating func write(byte: UInt8) {
    bytes.append(byte)
  }

  /// Writes `value` in decimal, as string interpolation does.
  public mutating func write(number value: Int) {
    Self.withDecimal(value) { bytes.append(contentsOf: $0) }
  }

  /// Calls `body` with the decimal digits of `number` (after a `-` when negative), as
  /// `String(number)` spells them, from a buffer on the stack.
  static func withDecimal(_ number: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var length = 0
    var rest = number.magnitude
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - length] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
        rest /= 10
        length += 1
      } while rest > 0
      if number < 0 {
        buffer[23 - length] = UInt8(ascii: "-")
        length += 1
      }
      body(UnsafeRawBufferPointer(rebasing: buffer[(24 - length)...]))
    }
  }

  /// Passes the buffer on once it holds a chunk.
  @inline(__always)
  mutating func flushIfFull() {
    if bytes.count >= Self.chunkBytes, sink != nil { flush() }
  }
}
