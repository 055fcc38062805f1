/// String literals: the frame stack that reads a whole literal, interpolations and the
/// strings inside them included.
extension LexerState {
  private enum Frame {
    case string(hashes: Int, multiline: Bool)
    case interpolation(depth: Int)
  }

  /// Scans a whole string literal starting at `start` (its `#`s) whose first quote is at `quote`.
  mutating func lexString(hashes: Int, start: Int, quote: Int) {
    if hashes == 0, let end = plainStringEnd(from: quote) {
      add(.string, start, end)
      return
    }
    var stack: [Frame] = []
    var position = quote
    stack.append(openString(at: &position, hashes: hashes))
    var terminated = false
    // The outermost interpolations that may hold a call: `(` or `{` inside (`\(f(x))`), at
    // any depth; not `\(name)`, which calls nothing. Where the open one's contents start.
    var calling: [Range<Int>] = []
    var contentStart = -1
    var mayCall = false
    scan: while position < count {
      guard let top = stack.last else { break }
      let byte = buffer[position]
      switch top {
      case .string(let frameHashes, let multiline):
        if byte == UInt8(ascii: "\\"), hashesFollow(position + 1, frameHashes) {
          let after = position + 1 + frameHashes
          if after < count, buffer[after] == UInt8(ascii: "(") {
            if stack.count == 1 {
              contentStart = after + 1
              mayCall = false
            }
            stack.append(.interpolation(depth: 1))
            position = after + 1
          } else {
            position = after + 1
          }
        } else if byte == UInt8(ascii: "\"") {
          if multiline {
            if position + 2 < count, buffer[position + 1] == UInt8(ascii: "\""),
              buffer[position + 2] == UInt8(ascii: "\""), hashesFollow(position + 3, frameHashes)
            {
              stack.removeLast()
              position += 3 + frameHashes
            } else {
              position += 1
            }
          } else if hashesFollow(position + 1, frameHashes) {
            stack.removeLast()
            position += 1 + frameHashes
          } else {
            position += 1
          }
        } else if (byte == 0x0A || byte == 0x0D) && !multiline {
          // A single-line string cannot span lines: unterminated. Inside an interpolation of an
          // enclosing multi-line string, drop just this frame and go on.
          guard stack.contains(where: Self.isMultiline) else { break scan }
          stack.removeLast()
        } else {
          position += 1
        }
      case .interpolation(let depth):
        if byte == UInt8(ascii: "(") {
          stack[stack.count - 1] = .interpolation(depth: depth + 1)
          position += 1
          mayCall = true
        } else if byte == UInt8(ascii: ")") {
          if depth == 1 {
            if stack.count == 2, mayCall { calling.append(contentStart..<position) }
            stack.removeLast()
          } else {
            stack[stack.count - 1] = .interpolation(depth: depth - 1)
          }
          position += 1
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
          var innerHashes = 0
          while position + innerHashes < count, buffer[position + innerHashes] == UInt8(ascii: "#") {
            innerHashes += 1
          }
          if position + innerHashes < count, buffer[position + innerHashes] == UInt8(ascii: "\"") {
            position += innerHashes
            stack.append(openString(at: &position, hashes: innerHashes))
          } else {
            position += max(1, innerHashes)
          }
        } else if byte == UInt8(ascii: "/"), position + 1 < count,
          buffer[position + 1] == UInt8(ascii: "/")
        {
          while position < count, buffer[position] != 0x0A, buffer[position] != 0x0D { position += 1 }
        } else if byte == UInt8(ascii: "/"), position + 1 < count,
          buffer[position + 1] == UInt8(ascii: "*")
        {
          position = skipBlockComment(from: position)
        } else if (byte == 0x0A || byte == 0x0D) && !stack.contains(where: Self.isMultiline) {
          break scan
        } else {
          if byte == UInt8(ascii: "{") { mayCall = true }
          position += 1
        }
      }
      if stack.isEmpty {
        terminated = true
        break
      }
    }
    if !terminated {
      let multiline = stack.contains(where: Self.isMultiline)
      problems.append(
        LexProblem(
          offset: start,
          message: multiline ? "unterminated multi-line string literal" : "unterminated string literal"))
    }
    if terminated, !calling.isEmpty {
      interpolations += calling
      pendingFlags |= Token.interpolatedCall
    }
    // A backslash as the input's last byte steps one past its end.
    add(.string, start, min(max(position, start + 1), count))
  }

  /// The end of a `"..."` literal on one line without escapes or interpolation (the usual
  /// kind), or nil for any other, which `lexString` reads with its frame stack.
  func plainStringEnd(from quote: Int) -> Int? {
    var position = quote + 1
    if position < count, buffer[position] == UInt8(ascii: "\"") {
      // `""`, unless it opens `"""`.
      if position + 1 < count, buffer[position + 1] == UInt8(ascii: "\"") { return nil }
      return position + 1
    }
    while position < count {
      let byte = buffer[position]
      if byte == UInt8(ascii: "\"") { return position + 1 }
      if byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D { return nil }
      position += 1
    }
    return nil
  }

  private static func isMultiline(_ frame: Frame) -> Bool {
    if case .string(_, true) = frame { return true }
    return false
  }

  /// Consumes an opening quote (one or three) at `position` and returns its frame.
  private func openString(at position: inout Int, hashes: Int) -> Frame {
    if position + 2 < count, buffer[position + 1] == UInt8(ascii: "\""),
      buffer[position + 2] == UInt8(ascii: "\""), !closesOnItsLine(quote: position, hashes: hashes)
    {
      position += 3
      return .string(hashes: hashes, multiline: true)
    }
    position += 1
    return .string(hashes: hashes, multiline: false)
  }

  /// Whether a raw string opening with three quotes at `quote` is a one-line literal whose
  /// content begins with a quote (`#"""#` holds `"`, `#""""#` holds `""`): as in swiftc's
  /// lexer, a quote followed by the closing `#`s later on the same line, after the second quote,
  /// makes it one. A plain `"""` always opens a multi-line string.
  func closesOnItsLine(quote: Int, hashes: Int) -> Bool {
    guard hashes > 0 else { return false }
    var position = quote + 2
    while position < count {
      let byte = buffer[position]
      if byte == 0x0A || byte == 0x0D { return false }
      if byte == UInt8(ascii: "\""), hashesFollow(position + 1, hashes) { return true }
      position += 1
    }
    return false
  }

  func hashesFollow(_ position: Int, _ hashes: Int) -> Bool {
    if hashes == 0 { return true }
    guard position + hashes <= count else { return false }
    for offset in 0..<hashes where buffer[position + offset] != UInt8(ascii: "#") { return false }
    return true
  }

  func skipBlockComment(from start: Int) -> Int {
    var depth = 0
    var position = start
    while position < count {
      if buffer[position] == UInt8(ascii: "/"), position + 1 < count,
        buffer[position + 1] == UInt8(ascii: "*")
      {
        depth += 1
        position += 2
      } else if buffer[position] == UInt8(ascii: "*"), position + 1 < count,
        buffer[position + 1] == UInt8(ascii: "/")
      {
        depth -= 1
        position += 2
        if depth == 0 { return position }
      } else {
        position += 1
      }
    }
    return position
  }
}
