/// A problem the lexer found, such as an unterminated literal. The file is still scanned.
public struct LexProblem: Sendable, Hashable {
  /// Byte offset where the problem starts.
  public var offset: Int
  /// What is wrong, lowercase.
  public var message: String
}

/// The tokens of one file, comments apart.
public struct LexedFile: Sendable {
  /// Significant tokens, in order.
  public var tokens: [Token]
  /// Comment tokens, in order (for suppressions).
  public var comments: [Token]
  /// Unterminated literals and comments.
  public var problems: [LexProblem]
  /// Whether some token may be a `#if` / `#elseif` / `#else` / `#endif` directive (false: none
  /// is, so `Preprocessor` has nothing to resolve).
  public var mayHaveDirectives = true
  /// The contents (between `\(` and its `)`) of the outermost interpolations of the string
  /// literals marked `Token.interpolatedCall`, in order: the calls a test makes there
  /// (`"\(XCTFail("unexpected"))"`) are read from them (`ScannerState.readInterpolatedCalls`).
  public var interpolations: [Range<Int>] = []
}

/// A byte-level lexer for the Swift lexical grammar that can hide code from a scanner: nested
/// comments, all string forms with interpolation, regex literals, backticks, directives.
///
/// Iterative throughout: nesting (comments, interpolations, strings inside them) lives on
/// explicit counters and stacks, never on the call stack.
public struct Lexer {
  /// Splits a file into tokens.
  public static func lex(_ file: SourceFile) -> LexedFile {
    file.bytes.withUnsafeBufferPointer { buffer in
      // The tokens are written into the array's own storage, room for a token per 4 bytes
      // (real code has about one per 5): not copied into an array after (1% of a run). A file
      // with more moves them to storage of the lexer's own, and they are copied once at the end.
      var rest: (comments: [Token], problems: [LexProblem], mayHaveDirectives: Bool, interpolations: [Range<Int>]) =
        ([], [], true, [])
      var grown: [Token]?
      let tokens = [Token](unsafeUninitializedCapacity: buffer.count / 4 + 16) { storage, count in
        var lexer = LexerState(buffer: buffer, storage: storage)
        lexer.run()
        if lexer.ownsTokens {
          grown = lexer.takeTokens()
          count = 0
        } else {
          count = lexer.tokenCount
        }
        rest = (lexer.comments, lexer.problems, lexer.mayHaveDirectives, lexer.interpolations)
      }
      return LexedFile(
        tokens: grown ?? tokens, comments: rest.comments, problems: rest.problems,
        mayHaveDirectives: rest.mayHaveDirectives, interpolations: rest.interpolations)
    }
  }

  /// The tokens of the bytes `range` of a file (an interpolation's contents), at their places
  /// in the file; its comments and problems are the file's, already reported.
  static func lex(_ file: SourceFile, range: Range<Int>) -> (tokens: [Token], interpolations: [Range<Int>]) {
    file.bytes.withUnsafeBufferPointer { whole in
      guard range.lowerBound >= 0, range.upperBound <= whole.count, !range.isEmpty else { return ([], []) }
      let buffer = UnsafeBufferPointer(rebasing: whole[range])
      var result: (tokens: [Token], interpolations: [Range<Int>]) = ([], [])
      let storage = UnsafeMutableBufferPointer<Token>.allocate(capacity: buffer.count / 4 + 16)
      defer { storage.deallocate() }
      var lexer = LexerState(buffer: buffer, storage: storage)
      lexer.run()
      let shift = Int32(truncatingIfNeeded: range.lowerBound)
      result.tokens =
        lexer.ownsTokens ? lexer.takeTokens() : Array(UnsafeBufferPointer(start: lexer.tokens, count: lexer.tokenCount))
      for index in result.tokens.indices {
        result.tokens[index].start += shift
        result.tokens[index].end += shift
      }
      result.interpolations = lexer.interpolations.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) }
      return result
    }
  }
}

struct LexerState {
  let buffer: UnsafeBufferPointer<UInt8>
  let count: Int
  var index = 0
  /// The tokens so far, in the storage given, then (once it is full) in storage of our own,
  /// grown by doubling: appending is a store, with no uniqueness or capacity checks of an
  /// array; `takeTokens` makes the array of our own storage once.
  var tokens: UnsafeMutablePointer<Token>
  var tokenCount = 0
  var tokenCapacity: Int
  /// Whether `tokens` is storage of our own (the storage given was too small).
  var ownsTokens = false
  var comments: [Token] = []
  var problems: [LexProblem] = []
  /// `LexedFile.interpolations`.
  var interpolations: [Range<Int>] = []
  var pendingFlags: UInt8 = 0
  /// A `#if`, `#elseif`, `#else` or `#endif` token was read.
  var mayHaveDirectives = false
  /// Bare-regex scans that failed on the line that ends at `failedRegexLineEnd`. A failed scan
  /// may read to the end of its line, so after `maximumFailedRegexScans` of them the rest of
  /// the line is not tried: retrying at every `/` is quadratic on a long line like `(/[(/[...`.
  var failedRegexScans = 0
  var failedRegexLineEnd = -1
  static let maximumFailedRegexScans = 16
  /// The shared tables, read once here rather than through their lazy globals at every token.
  let classes = ByteClass.table
  let keywords = KeywordTable.shared

  /// A lexer of `buffer` writing its tokens into `storage` (not empty) while they fit.
  init(buffer: UnsafeBufferPointer<UInt8>, storage: UnsafeMutableBufferPointer<Token>) {
    self.buffer = buffer
    self.count = buffer.count
    tokenCapacity = storage.count
    tokens = storage.baseAddress!
  }

  /// The tokens as an array, when in storage of our own (`ownsTokens`); frees it (call once,
  /// after `run`).
  mutating func takeTokens() -> [Token] {
    let array = Array(UnsafeBufferPointer(start: tokens, count: tokenCount))
    tokens.deinitialize(count: tokenCount)
    tokens.deallocate()
    tokenCount = 0
    tokenCapacity = 0
    return array
  }

  mutating func run() {
    if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
    if index + 1 < count, buffer[index] == UInt8(ascii: "#"), buffer[index + 1] == UInt8(ascii: "!")
    {
      skipToLineEnd()
    }
    while index < count {
      let byte = buffer[index]
      switch byte {
      case 0x20, 0x09, 0x0B, 0x0C, 0x00:
        pendingFlags |= Token.spaceBefore
        index += 1
        // The rest of a run of spaces (indentation) in a tight loop.
        while index < count, buffer[index] == 0x20 { index += 1 }
      case 0x0A, 0x0D:
        pendingFlags |= Token.spaceBefore | Token.newlineBefore
        index += 1
        skipIndentation()
      case UInt8(ascii: "/"):
        if peek(1) == UInt8(ascii: "/") {
          let start = index
          skipToLineEnd()
          addComment(start)
        } else if peek(1) == UInt8(ascii: "*") {
          lexBlockComment()
        } else if regexAllowedHere(), let end = bareRegexEnd(from: index) {
          add(.regex, index, end)
        } else {
          lexOperator()
        }
      case UInt8(ascii: "\""):
        lexString(hashes: 0, start: index, quote: index)
      case UInt8(ascii: "#"):
        lexPound()
      case UInt8(ascii: "`"):
        lexBacktick()
      case UInt8(ascii: "("): add(.leftParen, index, index + 1)
      case UInt8(ascii: ")"): add(.rightParen, index, index + 1)
      case UInt8(ascii: "{"): add(.leftBrace, index, index + 1)
      case UInt8(ascii: "}"): add(.rightBrace, index, index + 1)
      case UInt8(ascii: "["): add(.leftBracket, index, index + 1)
      case UInt8(ascii: "]"): add(.rightBracket, index, index + 1)
      case UInt8(ascii: ","): add(.comma, index, index + 1)
      case UInt8(ascii: ":"): add(.colon, index, index + 1)
      case UInt8(ascii: ";"): add(.semicolon, index, index + 1)
      case UInt8(ascii: "@"): add(.at, index, index + 1)
      case UInt8(ascii: "."):
        if let next = peek(1), next == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") || peek(2) == UInt8(ascii: "<") {
          lexOperator()
        } else if let next = peek(1), LexerState.isOperatorByte(next),
          !(next == UInt8(ascii: "/") && (peek(2) == UInt8(ascii: "/") || peek(2) == UInt8(ascii: "*")))
        {
          // A dot followed by an operator character opens an operator that may hold more dots
          // (`static func .== (...)`), as in swiftc's lexer; a lone `.` is a member access.
          lexOperator()
        } else {
          add(.dot, index, index + 1)
        }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        lexNumber()
      default:
        if classes[Int(byte)] & ByteClass.identifierHead != 0 {
          lexIdentifier()
        } else if LexerState.isOperatorByte(byte) {
          lexOperator()
        } else {
          add(.unknown, index, index + 1)
        }
      }
    }
  }

  // MARK: Tokens

  mutating func add(_ kind: TokenKind, _ start: Int, _ end: Int, keyword: Keyword = .none) {
    if tokenCount == tokenCapacity { growTokens() }
    (tokens + tokenCount).initialize(
      to: Token(kind: kind, keyword: keyword, flags: pendingFlags, start: Int32(start), end: Int32(end)))
    tokenCount += 1
    pendingFlags = 0
    index = end
  }

  mutating func growTokens() {
    let capacity = tokenCapacity * 2
    let grown = UnsafeMutablePointer<Token>.allocate(capacity: capacity)
    grown.moveInitialize(from: tokens, count: tokenCount)
    if ownsTokens { tokens.deallocate() }
    tokens = grown
    tokenCapacity = capacity
    ownsTokens = true
  }

  mutating func addComment(_ start: Int) {
    comments.append(
      Token(kind: .comment, keyword: .none, flags: pendingFlags, start: Int32(start), end: Int32(index)))
    pendingFlags |= Token.spaceBefore
  }

  func peek(_ offset: Int) -> UInt8? {
    let position = index + offset
    return position < count ? buffer[position] : nil
  }

  mutating func skipToLineEnd() {
    // Eight bytes at a time up to the word holding the line break (a comment's text is
    // read for nothing else), then byte by byte.
    if let base = buffer.baseAddress {
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if SourceFile.lineBreakMask(word) != 0 { break }
        index += 8
      }
    }
    while index < count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
  }

  /// Skips the spaces that start a line (its indentation), eight at a time, then one at a time.
  mutating func skipIndentation() {
    if let base = buffer.baseAddress {
      while index + 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020
      {
        index += 8
      }
    }
    while index < count, buffer[index] == 0x20 { index += 1 }
  }

  mutating func lexBlockComment() {
    let start = index
    var depth = 0
    while index < count {
      let byte = buffer[index]
      if byte == UInt8(ascii: "/"), index + 1 < count, buffer[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if byte == UInt8(ascii: "*"), index + 1 < count, buffer[index + 1] == UInt8(ascii: "/")
      {
        depth -= 1
        index += 2
        if depth == 0 { break }
      } else {
        if byte == 0x0A || byte == 0x0D { pendingFlags |= Token.newlineBefore }
        index += 1
      }
    }
    if depth > 0 { problems.append(LexProblem(offset: start, message: "unterminated block comment")) }
    addComment(start)
  }

  mutating func lexIdentifier() {
    let start = index
    var end = index + 1
    while end < count, classes[Int(buffer[end])] & ByteClass.identifierBody != 0 { end += 1 }
    add(.identifier, start, end, keyword: Keyword.lookup(buffer, start, end, in: keywords))
  }

  mutating func lexBacktick() {
    let start = index
    var end = index + 1
    while end < count, buffer[end] != UInt8(ascii: "`"), buffer[end] != 0x0A, buffer[end] != 0x0D {
      end += 1
    }
    if end < count, buffer[end] == UInt8(ascii: "`"), end > start + 1 {
      add(.backtickIdentifier, start, end + 1)
    } else {
      add(.unknown, start, start + 1)
    }
  }

  mutating func lexNumber() {
    let start = index
    var end = index + 1
    let isHex = buffer[start] == UInt8(ascii: "0") && end < count
      && (buffer[end] == UInt8(ascii: "x") || buffer[end] == UInt8(ascii: "X"))
    while end < count {
      let byte = buffer[end]
      if LexerState.isIdentifierBody(byte) && byte < 0x80 {
        end += 1
        let exponent = isHex
          ? (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P"))
          : (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"))
        if exponent, end < count, buffer[end] == UInt8(ascii: "+") || buffer[end] == UInt8(ascii: "-")
        {
          end += 1
        }
      } else if byte == UInt8(ascii: "."), end + 1 < count,
        LexerState.isDigit(buffer[end + 1]) || (isHex && LexerState.isHexDigit(buffer[end + 1]))
      {
        end += 1
      } else {
        break
      }
    }
    add(.number, start, end)
  }

  mutating func lexOperator() {
    let start = index
    let dotOperator = buffer[start] == UInt8(ascii: ".")
    var end = start
    while end < count {
      let byte = buffer[end]
      if byte == UInt8(ascii: "/"), end > start, end + 1 < count,
        buffer[end + 1] == UInt8(ascii: "/") || buffer[end + 1] == UInt8(ascii: "*")
      {
        break
      }
      if LexerState.isOperatorByte(byte) || (dotOperator && byte == UInt8(ascii: ".")) {
        end += 1
      } else {
        break
      }
    }
    if end == start { end = start + 1 }
    add(.operator, start, end)
  }

  /// `#if`, `#expect`, raw strings `#"..."#`, extended regexes `#/.../#`.
  mutating func lexPound() {
    let start = index
    var hashes = 0
    while start + hashes < count, buffer[start + hashes] == UInt8(ascii: "#") { hashes += 1 }
    let after = start + hashes
    if after < count, buffer[after] == UInt8(ascii: "\"") {
      lexString(hashes: hashes, start: start, quote: after)
      return
    }
    if after < count, buffer[after] == UInt8(ascii: "/") {
      lexExtendedRegex(hashes: hashes, start: start)
      return
    }
    if hashes == 1, after < count, LexerState.isIdentifierHead(buffer[after]) {
      var end = after + 1
      while end < count, LexerState.isIdentifierBody(buffer[end]) { end += 1 }
      let length = end - start
      if Preprocessor.directiveKind(
        length: length, buffer[start + 1], length > 2 ? buffer[start + 2] : 0,
        length > 3 ? buffer[start + 3] : 0) != nil
      {
        mayHaveDirectives = true
      }
      add(.pound, start, end)
      return
    }
    // Each `#` of the run but the last is an unknown token, as if lexed one at a time; the
    // last is lexed again on its own (`##if` ends in `#if`). One at a time, each would count
    // the rest of the run again: quadratic on a long run of `#`.
    for offset in 0..<max(hashes - 1, 1) { add(.unknown, start + offset, start + offset + 1) }
  }

  // MARK: Character classes

  @inline(__always)
  static func isIdentifierHead(_ byte: UInt8) -> Bool {
    ByteClass.table[Int(byte)] & ByteClass.identifierHead != 0
  }

  @inline(__always)
  static func isIdentifierBody(_ byte: UInt8) -> Bool {
    ByteClass.table[Int(byte)] & ByteClass.identifierBody != 0
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
  }

  static func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
      return true
    default:
      return false
    }
  }
}

/// A table of byte classes for the lexer: allocated once, never freed, read without reference
/// counting.
enum ByteClass {
  /// May start an identifier: `A`-`Z`, `a`-`z`, `_`, `$` and every byte from 0x80 on.
  static let identifierHead: UInt8 = 1
  /// May continue one: the heads and the digits.
  static let identifierBody: UInt8 = 2

  nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0..<256 {
      var flags: UInt8 = 0
      let isHead = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
        || byte == 0x24 || byte >= 0x80
      if isHead { flags |= identifierHead | identifierBody }
      if byte >= 0x30 && byte <= 0x39 { flags |= identifierBody }
      table[byte] = flags
    }
    return UnsafePointer(table)
  }()
}
