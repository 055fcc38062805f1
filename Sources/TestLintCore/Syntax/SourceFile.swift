#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one Swift file and the table that maps byte offsets to lines and columns.
///
/// Columns are 1-based and count Unicode scalars, so a multi-scalar emoji counts once per scalar;
/// the README and SARIF's `columnKind` (`unicodeCodePoints`) say the same.
public struct SourceFile: Sendable {
  /// The path as reporters print it.
  public let path: String
  /// The file's bytes, as read (a UTF-8 BOM stays in, and is skipped by the lexer).
  public let bytes: [UInt8]
  /// Offset of the first byte of each line; `lineStarts[0]` is past a BOM.
  public let lineStarts: [Int]

  /// Wraps bytes after checking they are text: valid UTF-8 with no NUL byte.
  /// - Throws: a `Diagnostic` at the first offending byte.
  public init(path: String, bytes: [UInt8]) throws(Diagnostic) {
    self.path = path
    self.bytes = bytes
    self.lineStarts = SourceFile.computeLineStarts(bytes)
    if let bad = SourceFile.firstInvalidByte(bytes) {
      if let encoding = SourceFile.wideEncoding(bytes) {
        throw Diagnostic(
          path: path, line: 1, column: 1, message: "cannot read file: it is \(encoding) text; save it as UTF-8")
      }
      let position = SourceFile.position(of: bad.offset, in: bytes, lineStarts: lineStarts)
      throw Diagnostic(
        path: path, line: position.line, column: position.column,
        message: "cannot read file: \(bad.reason); is it a Swift source file?")
    }
  }

  /// Wraps a string (always valid UTF-8).
  public init(path: String, text: String) {
    self.path = path
    self.bytes = Array(text.utf8)
    self.lineStarts = SourceFile.computeLineStarts(bytes)
  }

  /// Whether the file starts with a UTF-8 byte order mark.
  public var hasBOM: Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The 1-based line and column of a byte offset.
  public func position(of offset: Int) -> (line: Int, column: Int) {
    SourceFile.position(of: offset, in: bytes, lineStarts: lineStarts)
  }

  /// The positions of many offsets, as `position(of:)` gives them, in one pass per line:
  /// counting each one's column from its line's start is quadratic on a long line.
  public func positions(of offsets: [Int]) -> [(line: Int, column: Int)] {
    var result = [(line: Int, column: Int)](repeating: (1, 1), count: offsets.count)
    var currentLine = -1
    var cursor = 0
    var column = 1
    for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
      let offset = offsets[index]
      let line = SourceFile.lineIndex(of: offset, lineStarts: lineStarts)
      if line != currentLine {
        currentLine = line
        cursor = lineStarts[line]
        column = 1
      }
      let end = min(offset, bytes.count)
      while cursor < end {
        if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
        cursor += 1
      }
      result[index] = (line + 1, column)
    }
    return result
  }

  /// The 1-based line of a byte offset.
  public func line(of offset: Int) -> Int {
    SourceFile.lineIndex(of: offset, lineStarts: lineStarts) + 1
  }

  /// The text of a byte range (invalid sequences, which cannot occur after `init`, become U+FFFD).
  public func text(_ range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, bytes.count))
    let upper = max(lower, min(range.upperBound, bytes.count))
    return String(decoding: bytes[lower..<upper], as: UTF8.self)
  }

  /// The byte range of a 1-based line, without its line break.
  public func lineRange(_ line: Int) -> Range<Int> {
    guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }
}

extension SourceFile {
  /// Offsets of line starts (a line break is LF, CRLF or a lone CR); the first line starts past
  /// a BOM unless `skippingBOM` is false.
  static func computeLineStarts(_ bytes: [UInt8], skippingBOM: Bool = true) -> [Int] {
    var starts = [Int]()
    starts.reserveCapacity(bytes.count / 32 + 1)
    let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    starts.append(bom && skippingBOM ? 3 : 0)
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      let count = buffer.count
      // Most files have no CR: their line breaks are found with the C library's `memchr`
      // (vector instructions, a fraction of the eight-bytes-at-a-time loop's cost per byte).
      if memchr(base, 0x0D, count) == nil {
        while index < count, let found = memchr(base + index, 0x0A, count - index) {
          index = UnsafeRawPointer(base).distance(to: found) + 1
          starts.append(index)
        }
        return
      }
      while index < count {
        // Eight bytes at a time up to the next CR or LF.
        while index + 8 <= count {
          let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
          let breaks = SourceFile.lineBreakMask(word)
          if breaks == 0 {
            index += 8
            continue
          }
          #if _endian(little)
            // The lowest flagged byte is the first line break.
            index += breaks.trailingZeroBitCount >> 3
          #endif
          break
        }
        guard index < count else { break }
        let byte = buffer[index]
        if byte == 0x0A {
          starts.append(index + 1)
        } else if byte == 0x0D {
          if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
          starts.append(index + 1)
        }
        index += 1
      }
    }
    return starts
  }

  /// The high bit of each byte of `word` that is a CR or an LF is set, and perhaps of bytes after
  /// such a byte (borrows), never of one before: the lowest set bit is exact; 0 when none.
  @inline(__always)
  static func lineBreakMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let lf = word ^ 0x0A0A_0A0A_0A0A_0A0A
    let cr = word ^ 0x0D0D_0D0D_0D0D_0D0D
    return ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs
  }

  fileprivate static func lineIndex(of offset: Int, lineStarts: [Int]) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  fileprivate static func position(
    of offset: Int, in bytes: [UInt8], lineStarts: [Int]
  ) -> (line: Int, column: Int) {
    let index = lineIndex(of: offset, lineStarts: lineStarts)
    let start = lineStarts[index]
    var column = 1
    var cursor = start
    let end = min(offset, bytes.count)
    while cursor < end {
      if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
      cursor += 1
    }
    return (index + 1, column)
  }

  /// The encoding of a file saved as UTF-16 or UTF-32 (which UTF-8 checks see as invalid bytes
  /// or NULs): named by its byte order mark, or without one, by the NUL bytes around its first
  /// character when that is ASCII text.
  fileprivate static func wideEncoding(_ bytes: [UInt8]) -> String? {
    let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
    let text: ClosedRange<UInt8> = 0x09...0x7E
    switch (head[0], head[1], head[2], head[3]) {
    case (0xFF, 0xFE, 0, 0): return "UTF-32 (little-endian)"
    case (0, 0, 0xFE, 0xFF): return "UTF-32 (big-endian)"
    case (0xFF, 0xFE, _, _): return "UTF-16 (little-endian)"
    case (0xFE, 0xFF, _, _): return "UTF-16 (big-endian)"
    case (let first, 0, 0, 0) where text.contains(first): return "UTF-32 (little-endian)"
    case (0, 0, 0, let first) where text.contains(first): return "UTF-32 (big-endian)"
    case (let first, 0, _, _) where text.contains(first): return "UTF-16 (little-endian)"
    case (0, let first, _, _) where text.contains(first): return "UTF-16 (big-endian)"
    default: return nil
    }
  }

  /// The first byte that is not valid UTF-8, or a NUL.
  fileprivate static func firstInvalidByte(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
    bytes.withUnsafeBufferPointer { buffer -> (Int, String)? in
      guard let base = buffer.baseAddress else { return nil }
      // The first NUL, found by the C library's `memchr` (vector instructions); the bytes before
      // it are then checked for UTF-8 alone, 32 bytes of ASCII at a time.
      let nul = memchr(base, 0, buffer.count).map { UnsafeRawPointer(base).distance(to: $0) }
      let count = nul ?? buffer.count
      let highs: UInt64 = 0x8080_8080_8080_8080
      var index = 0
      while index < count {
        while index + 32 <= count {
          let raw = UnsafeRawPointer(base + index)
          let any =
            raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
          if any & highs != 0 { break }
          index += 32
        }
        while index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highs == 0 {
          index += 8
        }
        guard index < count else { break }
        let byte = buffer[index]
        if byte < 0x80 {
          index += 1
          continue
        }
        var needed = 0
        var minimum: UInt32 = 0
        var scalar: UInt32 = 0
        switch byte {
        case 0xC2...0xDF: needed = 1; minimum = 0x80; scalar = UInt32(byte & 0x1F)
        case 0xE0...0xEF: needed = 2; minimum = 0x800; scalar = UInt32(byte & 0x0F)
        case 0xF0...0xF4: needed = 3; minimum = 0x10000; scalar = UInt32(byte & 0x07)
        default: return (index, "it is not valid UTF-8")
        }
        if index + needed >= count {
          return (index, "it is not valid UTF-8")
        }
        for step in 1...needed {
          let next = buffer[index + step]
          if next & 0xC0 != 0x80 { return (index, "it is not valid UTF-8") }
          scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) {
          return (index, "it is not valid UTF-8")
        }
        index += needed + 1
      }
      return nul.map { ($0, "it contains a NUL byte") }
    }
  }
}
