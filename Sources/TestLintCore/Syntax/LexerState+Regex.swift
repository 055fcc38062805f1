/// Regex literals: when a `/` opens one, and where bare and extended literals end.
extension LexerState {
  /// Whether a `/` here may open a regex rather than divide. As in swiftc's lexer
  /// (swift-syntax's `tryScanOperatorAsRegexLiteral`): a `/` glued to what precedes it (left
  /// bound) never does, nor one right after `func` or `operator`; one in prefix position
  /// (whitespace before, none after) always may, whatever precedes it (a string ending the line
  /// before, in a result builder); otherwise the previous token decides.
  func regexAllowedHere() -> Bool {
    guard let next = peek(1) else { return false }
    if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { return false }
    guard tokenCount > 0 else { return true }
    let previous = tokens[tokenCount - 1]
    if isLeftBound(index) { return false }
    if previous.keyword == .func || previous.keyword == .operator { return false }
    if isRightBound(index + 1) { return true }
    switch previous.kind {
    case .identifier:
      switch previous.keyword {
      case .return, .in, .case, .try, .await, .if, .guard, .where, .while, .else, .throw, .is, .as,
        .switch, .repeat, .do, .default:
        return true
      default:
        return false
      }
    case .number, .string, .regex, .rightParen, .rightBracket, .rightBrace, .backtickIdentifier,
      .pound:
      return false
    case .operator:
      // A postfix `?`/`!` glued to an operand ends an expression: `x! / 2` is division.
      let text = buffer[Int(previous.start)]
      if previous.end - previous.start == 1, text == UInt8(ascii: "!") || text == UInt8(ascii: "?"),
        previous.flags & Token.spaceBefore == 0
      {
        return false
      }
      return true
    default:
      return true
    }
  }

  /// Whether the operator starting at `position` is glued to what precedes it: swiftc's
  /// `isLeftBound`, where whitespace, an opening bracket, `,` `;` `:` and the end of a block
  /// comment do not bind.
  func isLeftBound(_ position: Int) -> Bool {
    guard position > 0 else { return false }
    switch buffer[position - 1] {
    case 0x20, 0x0D, 0x0A, 0x09, 0x00, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
      return false
    case UInt8(ascii: "/"):
      return !(position > 1 && buffer[position - 2] == UInt8(ascii: "*"))
    case 0xA0:
      return !(position > 1 && buffer[position - 2] == 0xC2)
    default:
      return true
    }
  }

  /// Whether the operator ending before `position` is glued to what follows it (swiftc's
  /// `isRightBound` for an operator that is not left bound).
  func isRightBound(_ position: Int) -> Bool {
    guard position < count else { return false }
    switch buffer[position] {
    case 0x20, 0x0D, 0x0A, 0x09, 0x00, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
      return false
    case UInt8(ascii: "/"):
      return !(position + 1 < count
        && (buffer[position + 1] == UInt8(ascii: "/") || buffer[position + 1] == UInt8(ascii: "*")))
    case 0xC2:
      return !(position + 1 < count && buffer[position + 1] == 0xA0)
    default:
      return true
    }
  }

  /// `scanBareRegex(from:)` within the line's budget of failed scans.
  mutating func bareRegexEnd(from start: Int) -> Int? {
    if start < failedRegexLineEnd, failedRegexScans >= LexerState.maximumFailedRegexScans {
      return nil
    }
    if let end = scanBareRegex(from: start) { return end }
    if start >= failedRegexLineEnd {
      failedRegexScans = 0
      failedRegexLineEnd = start
      while failedRegexLineEnd < count, buffer[failedRegexLineEnd] != 0x0A,
        buffer[failedRegexLineEnd] != 0x0D
      {
        failedRegexLineEnd += 1
      }
    }
    failedRegexScans += 1
    return nil
  }

  /// The end of a `/.../` regex on this line, or nil when it is not one. The heuristics are
  /// swiftc's for a `/` that may be an operator (swift-syntax's `RegexLiteralLexer`): the first
  /// unescaped `/` ends the literal, even inside `[...]`; an unbalanced `)` outside `[...]`
  /// (`.compactMap(/Action.loaded)`), a space before the closing `/`, or a closing `/` that
  /// opens a comment (`/.../*`, `/...//`) make it no regex; the `/` is then an operator.
  func scanBareRegex(from start: Int) -> Int? {
    var position = start + 1
    var groupDepth = 0
    var classDepth = 0
    var lastSpace = -1
    while position < count {
      let byte = buffer[position]
      switch byte {
      case UInt8(ascii: "/"):
        if position + 1 < count,
          buffer[position + 1] == UInt8(ascii: "*") || buffer[position + 1] == UInt8(ascii: "/")
        {
          return nil
        }
        return lastSpace == position - 1 ? nil : position + 1
      case 0x0A, 0x0D:
        return nil
      case UInt8(ascii: "\\"):
        // The escaped byte is plain pattern, but a line break still ends the line.
        position += 1
        if position >= count || buffer[position] == 0x0A || buffer[position] == 0x0D { return nil }
      case UInt8(ascii: "("):
        if classDepth == 0 { groupDepth += 1 }
      case UInt8(ascii: ")"):
        if classDepth == 0 {
          if groupDepth == 0 { return nil }
          groupDepth -= 1
        }
      case UInt8(ascii: "["):
        classDepth += 1
      case UInt8(ascii: "]"):
        if classDepth > 0 { classDepth -= 1 }
      case 0x20, 0x09:
        lastSpace = position
      default:
        break
      }
      position += 1
    }
    return nil
  }

  mutating func lexExtendedRegex(hashes: Int, start: Int) {
    var position = start + hashes + 1
    // Only `#/` followed by a line break opens a multi-line literal; any other one ends with its
    // line, so an unterminated one must not swallow the rest of the file.
    var probe = position
    while probe < count, buffer[probe] == 0x20 || buffer[probe] == 0x09 { probe += 1 }
    let multiline = probe < count && (buffer[probe] == 0x0A || buffer[probe] == 0x0D)
    while position < count {
      let byte = buffer[position]
      if !multiline, byte == 0x0A || byte == 0x0D { break }
      if byte == UInt8(ascii: "\\"), position + 1 < count, multiline
        || (buffer[position + 1] != 0x0A && buffer[position + 1] != 0x0D)
      {
        position += 2
        continue
      }
      if byte == UInt8(ascii: "/"), hashesFollow(position + 1, hashes) {
        add(.regex, start, position + 1 + hashes)
        return
      }
      position += 1
    }
    problems.append(LexProblem(offset: start, message: "unterminated regex literal"))
    add(.regex, start, min(position, count))
  }
}
