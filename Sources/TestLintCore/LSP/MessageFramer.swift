/// Splits a byte stream into JSON-RPC message bodies framed with `Content-Length` headers, and
/// frames outgoing bodies the same way (the LSP base protocol).
///
/// Incremental: bytes arrive in any chunks (a header split across reads, several messages in
/// one read). A malformed header block is reported and skipped: reading resumes at the next
/// `Content-Length:` header, so one bad message never stops the server.
public struct MessageFramer: Sendable {
  /// What one step of reading produced.
  public enum Frame: Sendable, Equatable {
    /// A complete message body.
    case body([UInt8])
    /// A header block that cannot be read; its bytes were dropped.
    case badHeader(String)
  }

  /// Header blocks longer than this without an end are garbage, not a slow client.
  public static let maximumHeaderBytes = 8_192
  /// Bodies longer than this are refused (and skipped) rather than buffered.
  public static let maximumBodyBytes = 256 << 20

  private var buffer: [UInt8] = []
  private var start = 0
  /// The body length of a header block already read, while its body is still arriving.
  private var pendingLength: Int?
  /// Bytes of an oversized body still to drop.
  private var skipping = 0

  /// Creates an empty reader.
  public init() {}

  /// Adds bytes read from the stream.
  public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    if start > 0, start >= buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// Bytes received but not yet returned as a frame.
  public var bufferedCount: Int { buffer.count - start }

  /// The next complete frame, or nil when more bytes are needed.
  public mutating func next() -> Frame? {
    while true {
      if skipping > 0 {
        let dropped = min(skipping, buffer.count - start)
        start += dropped
        skipping -= dropped
        if skipping > 0 { return nil }
      }
      if let length = pendingLength {
        guard buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        pendingLength = nil
        return .body(body)
      }
      // Blank lines between messages are tolerated.
      while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
      guard start < buffer.count else { return nil }
      guard let (end, next) = headerEnd() else {
        if buffer.count - start > Self.maximumHeaderBytes {
          resynchronize(from: start + 1)
          return .badHeader("no end of header block within \(Self.maximumHeaderBytes) bytes")
        }
        return nil
      }
      switch Self.contentLength(buffer[start..<end]) {
      case .success(let length):
        start = next
        if length > Self.maximumBodyBytes {
          skipping = length
          return .badHeader(
            "Content-Length \(length) is over the limit of \(Self.maximumBodyBytes)")
        }
        pendingLength = length
      case .failure(let problem):
        resynchronize(from: start + 1)
        return .badHeader(problem.message)
      }
    }
  }

  /// `Content-Length: N\r\n\r\n` followed by the body.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension MessageFramer {
  private struct HeaderProblem: Error {
    var message: String
  }

  /// The end of the header block at `start` and where the body begins: `\r\n\r\n`, or `\n\n`
  /// from a sloppy client.
  private func headerEnd() -> (end: Int, bodyStart: Int)? {
    var index = start
    while index < buffer.count {
      if buffer[index] == 0x0A {
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }

  /// Reads the header lines (`Name: value`, names case-insensitive); only `Content-Length`
  /// matters, `Content-Type` and unknown headers are accepted and ignored.
  private static func contentLength(_ block: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
    var length: Int?
    // Split on bytes: as `Character`s, `\r\n` is one grapheme and `"\n"` would not match it.
    for bytes in block.split(separator: 0x0A, omittingEmptySubsequences: true) {
      let line = Substring(
        String(decoding: bytes.last == 0x0D ? bytes.dropLast() : bytes, as: UTF8.self))
      guard let colon = line.firstIndex(of: ":") else {
        return .failure(HeaderProblem(message: "header line without ':': '\(line.prefix(80))'"))
      }
      let name = line[..<colon].trimmingSpaces.lowercased()
      let value = line[line.index(after: colon)...].trimmingSpaces
      if name == "content-length" {
        guard let number = Int(value), number >= 0 else {
          return .failure(
            HeaderProblem(message: "Content-Length is not a whole number: '\(value)'"))
        }
        length = number
      }
    }
    guard let length else { return .failure(HeaderProblem(message: "no Content-Length header")) }
    return .success(length)
  }

  /// Drops bytes up to the next `Content-Length:` (any case). It need not start a line: after
  /// a header without a usable length, the body that followed it is read as garbage and the
  /// next message's header comes right after its last byte.
  private mutating func resynchronize(from index: Int) {
    let needle = Array("content-length:".utf8)
    var cursor = index
    while cursor + needle.count <= buffer.count {
      if (0..<needle.count).allSatisfy({ Self.lowered(buffer[cursor + $0]) == needle[$0] }) {
        start = cursor
        return
      }
      cursor += 1
    }
    // Keep a tail that may be the start of a `Content-Length:` split across reads.
    var keep = min(needle.count - 1, buffer.count - index)
    while keep > 0 {
      let tail = buffer.count - keep
      if (0..<keep).allSatisfy({ Self.lowered(buffer[tail + $0]) == needle[$0] }) { break }
      keep -= 1
    }
    start = buffer.count - keep
  }

  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
    while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
    return result
  }
}
