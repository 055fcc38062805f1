/// A zero-based LSP position: a line and a character offset counted in the session's
/// `PositionEncoding`.
public struct TextPosition: Sendable, Hashable, Comparable {
  /// Zero-based line.
  public var line: Int
  /// Zero-based offset in the line, in code units of the negotiated encoding.
  public var character: Int

  /// Creates a position.
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.character) < (rhs.line, rhs.character)
  }
}

/// An open document's text as the editor has it (saved or not), with its line table.
///
/// Lines end at `\n`, `\r\n` or `\r`, as LSP says. A byte order mark is text like any other here
/// (the line table of `SourceFile` skips it; editors send it as U+FEFF when they keep it).
public struct TextDocument: Sendable {
  /// The document's URI as the client sent it.
  public let uri: String
  /// The version the client gave with the last change.
  public var version: Int?
  /// The client's language id (`swift`).
  public var languageID: String
  /// The UTF-8 bytes.
  public private(set) var bytes: [UInt8]
  /// Offset of the first byte of each line.
  public private(set) var lineStarts: [Int]

  /// Creates a document.
  public init(uri: String, languageID: String = "swift", version: Int? = nil, text: String) {
    self.uri = uri
    self.languageID = languageID
    self.version = version
    self.bytes = Array(text.utf8)
    self.lineStarts = TextDocument.lineStarts(bytes)
  }

  /// The text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Replaces the whole text.
  public mutating func replaceAll(with text: String) {
    bytes = Array(text.utf8)
    lineStarts = TextDocument.lineStarts(bytes)
  }

  /// Replaces the text between two positions (an incremental `didChange`).
  public mutating func replace(
    from start: TextPosition, to end: TextPosition, with text: String, encoding: PositionEncoding
  ) {
    let lower = offset(of: start, encoding: encoding)
    let upper = max(lower, offset(of: end, encoding: encoding))
    bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
    lineStarts = TextDocument.lineStarts(bytes)
  }

  /// The byte offset of a position. A line past the end is the end of the text; a character
  /// past the end of its line is the line's end (LSP's rule); a position inside a scalar (half
  /// of a surrogate pair) moves to the scalar's end.
  public func offset(of position: TextPosition, encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let end = lineContentEnd(position.line)
    var cursor = lineStarts[position.line]
    var units = 0
    while cursor < end, units < position.character {
      let lead = bytes[cursor]
      units += encoding.units(leadByte: lead)
      cursor = min(end, cursor + PositionEncoding.scalarLength(lead))
    }
    return cursor
  }

  /// The position of a byte offset (clamped to the text).
  public func position(of offset: Int, encoding: PositionEncoding) -> TextPosition {
    let offset = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    var cursor = lineStarts[low]
    var units = 0
    while cursor < offset {
      let lead = bytes[cursor]
      // ASCII, nearly every byte of code, is one unit in every encoding.
      if lead < 0x80 {
        units += 1
        cursor += 1
      } else {
        units += encoding.units(leadByte: lead)
        cursor += PositionEncoding.scalarLength(lead)
      }
    }
    return TextPosition(line: low, character: units)
  }

  /// The positions of a range's two ends: the end counted on from the start when both are on
  /// one line (a finding's range always is), with one search of the line table.
  public func positions(of range: Range<Int>, encoding: PositionEncoding) -> (
    start: TextPosition, end: TextPosition
  ) {
    let start = position(of: range.lowerBound, encoding: encoding)
    let upper = max(0, min(range.upperBound, bytes.count))
    let nextLine = start.line + 1 < lineStarts.count ? lineStarts[start.line + 1] : bytes.count + 1
    guard upper < nextLine else { return (start, position(of: upper, encoding: encoding)) }
    var cursor = max(0, min(range.lowerBound, bytes.count))
    var units = start.character
    while cursor < upper {
      let lead = bytes[cursor]
      units += lead < 0x80 ? 1 : encoding.units(leadByte: lead)
      cursor += lead < 0x80 ? 1 : PositionEncoding.scalarLength(lead)
    }
    return (start, TextPosition(line: start.line, character: units))
  }

  /// The offset where a zero-based line's text ends (before its line break).
  public func lineContentEnd(_ line: Int) -> Int {
    guard line >= 0, line < lineStarts.count else { return bytes.count }
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The line break the document uses (`\r\n` when its first line ends with one).
  public var lineBreak: String {
    guard lineStarts.count > 1 else { return "\n" }
    let end = lineStarts[1]
    if end >= 2, bytes[end - 2] == 0x0D, bytes[end - 1] == 0x0A { return "\r\n" }
    if bytes[end - 1] == 0x0D { return "\r" }
    return "\n"
  }
}

extension TextDocument {
  /// Line starts as LSP counts lines: from the first byte, BOM or not.
  fileprivate static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    SourceFile.computeLineStarts(bytes, skippingBOM: false)
  }
}
