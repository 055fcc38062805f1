// MARK: - Reader

/// A collection under construction in block context.
struct BlockFrame {
  enum Kind {
    case mapping
    case sequence
  }

  var kind: Kind
  /// 0-based column of the `-` or of the keys.
  var indent: Int
  var line: Int
  var column: Int
  var items: [YAMLNode] = []
  var entries: [(key: YAMLNode, value: YAMLNode)] = []
  var keys: Set<String> = []
  /// A key (mapping) or a `-` (sequence) still waiting for its value.
  var pendingKey: YAMLNode?
  var pendingItem = false
  /// Where an absent pending value would be.
  var pendingLine = 0
  var pendingColumn = 0

  var hasPending: Bool { pendingKey != nil || pendingItem }
}

/// What a line's content starts with, in block context.
enum BlockStart {
  case key(YAMLNode)
  case value(YAMLNode)
}

struct Reader {
  let scalars: [Unicode.Scalar]
  var pos = 0
  var line = 1
  var lineStart = 0
  var stack: [BlockFrame] = []
  var root: YAMLNode?

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" {
      pos = 1
      lineStart = 1
    }
  }

  var column: Int { pos - lineStart + 1 }
  var atEnd: Bool { pos >= scalars.count }
  var current: Unicode.Scalar? { pos < scalars.count ? scalars[pos] : nil }

  func peek(_ offset: Int) -> Unicode.Scalar? {
    let index = pos + offset
    return index < scalars.count ? scalars[index] : nil
  }

  func error(_ message: String) -> YAMLError {
    YAMLError(line: line, column: column, message: message)
  }

  // MARK: Document

  mutating func parseDocument() throws(YAMLError) -> YAMLNode? {
    try checkCharacters()
    var sawMarker = false
    var sawContent = false
    while !atEnd {
      var indent = 0
      while current == " " {
        pos += 1
        indent += 1
      }
      if current == "\t" {
        if lineIsBlank() { continue }
        throw error("tabs are not allowed in indentation; use spaces")
      }
      if atEnd { break }
      if isLineBreak(current) || current == "#" {
        skipToNextLine()
        continue
      }
      if indent == 0, isMarker("-") {
        if sawMarker || sawContent {
          throw error("multiple documents are not supported")
        }
        sawMarker = true
        pos += 3
        try expectLineEnd(after: "'---'")
        continue
      }
      if indent == 0, isMarker(".") {
        throw error("document end markers ('...') are not supported")
      }
      sawContent = true
      try parseLine()
    }
    while !stack.isEmpty { try closeTopFrame() }
    return root
  }

  /// Rejects binary content before parsing starts.
  func checkCharacters() throws(YAMLError) {
    var line = 1
    var lineStart = pos
    var index = pos
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" {
        line += 1
        lineStart = index + 1
      } else if scalar == "\r" {
        if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        line += 1
        lineStart = index + 1
      } else if isForbidden(scalar) {
        throw YAMLError(
          line: line, column: index - lineStart + 1,
          message: "binary content: character \(codePoint(scalar)) is not allowed")
      }
      index += 1
    }
  }

  // MARK: Block context

  /// Parses the content of one line, starting at its first non-space character.
  mutating func parseLine() throws(YAMLError) {
    while true {
      let indent = pos - lineStart
      while let topIndent = stack.last?.indent, topIndent > indent { try closeTopFrame() }
      let isEntry = isSequenceEntry()

      // Read the top frame's fields, never copy it: a live copy would make every append to its
      // items copy the whole array.
      guard let topIndent = stack.last?.indent, let topKind = stack.last?.kind else {
        if root != nil {
          throw error("unexpected content after the document's root value")
        }
        if isEntry {
          try pushFrame(.sequence, indent: indent)
          if try consumeDash() { return }
          continue
        }
        switch try parseBlockStart() {
        case .key(let key):
          try pushFrame(.mapping, indent: indent, at: key)
          try parseMappingEntry(key: key)
        case .value(let value):
          root = value
          try expectLineEnd(after: "the value")
        }
        return
      }

      if topIndent == indent {
        switch topKind {
        case .sequence:
          if isEntry {
            fillPendingWithNull()
            if try consumeDash() { return }
            continue
          }
          if stack.count >= 2, stack[stack.count - 2].indent == indent,
            stack[stack.count - 2].pendingKey != nil
          {
            try closeTopFrame()
            continue
          }
          throw error("expected a sequence item ('- ') at this indentation")
        case .mapping:
          if isEntry {
            guard stack[stack.count - 1].pendingKey != nil else {
              throw error("unexpected sequence item ('- ') among the keys of a mapping")
            }
            try pushFrame(.sequence, indent: indent)
            if try consumeDash() { return }
            continue
          }
          fillPendingWithNull()
          switch try parseBlockStart() {
          case .key(let key): try parseMappingEntry(key: key)
          case .value(let value):
            throw atPosition(value, "expected 'key: value' at this indentation")
          }
          return
        }
      }

      guard stack[stack.count - 1].hasPending else { throw error("bad indentation") }
      if isEntry {
        try pushFrame(.sequence, indent: indent)
        if try consumeDash() { return }
        continue
      }
      switch try parseBlockStart() {
      case .key(let key):
        try pushFrame(.mapping, indent: indent, at: key)
        try parseMappingEntry(key: key)
      case .value(let value):
        deliver(value)
        try expectLineEnd(after: "the value")
      }
      return
    }
  }

  /// Consumes `-` and the spaces after it; true when the item's value is on later lines.
  mutating func consumeDash() throws(YAMLError) -> Bool {
    let dashLine = line
    let dashColumn = column
    pos += 1
    skipSpaces()
    if atEnd || isLineBreak(current) || current == "#" {
      stack[stack.count - 1].pendingItem = true
      stack[stack.count - 1].pendingLine = dashLine
      stack[stack.count - 1].pendingColumn = dashColumn + 1
      skipToNextLine()
      return true
    }
    stack[stack.count - 1].pendingItem = true
    stack[stack.count - 1].pendingLine = line
    stack[stack.count - 1].pendingColumn = column
    return false
  }

  /// Records `key` in the mapping on top of the stack and parses its value, if on this line.
  mutating func parseMappingEntry(key: YAMLNode) throws(YAMLError) {
    let name = key.scalar ?? ""
    if stack[stack.count - 1].keys.contains(name) {
      throw YAMLError(line: key.line, column: key.column, message: "duplicate key '\(name)'")
    }
    stack[stack.count - 1].keys.insert(name)
    // `parseBlockStart` left the position just after the colon.
    let colonEnd = column
    skipSpaces()
    stack[stack.count - 1].pendingKey = key
    if atEnd || isLineBreak(current) || current == "#" {
      stack[stack.count - 1].pendingLine = line
      stack[stack.count - 1].pendingColumn = colonEnd
      skipToNextLine()
      return
    }
    if isSequenceEntry() {
      throw error("a block sequence cannot start on the same line as its key")
    }
    let value = try parseInlineValue()
    deliver(value)
    try expectLineEnd(after: "the value")
  }

  /// Parses a key followed by `:`, or a value, at the current position.
  mutating func parseBlockStart() throws(YAMLError) -> BlockStart {
    let startLine = line
    let startColumn = column
    guard let first = current else { throw error("expected a value") }
    if first == "?", isSpaceOrEnd(peek(1)) {
      throw error("complex keys ('?') are not supported")
    }
    if first == ":", isSpaceOrEnd(peek(1)) { throw error("missing key before ':'") }
    // After a flow collection or a quoted scalar that is a value, the position goes back to
    // just after it, so that `expectLineEnd` sees the spaces before a `# comment`.
    if first == "[" || first == "{" {
      let value = try parseFlow()
      let end = pos
      skipSpaces()
      if current == ":" { throw atPosition(value, "flow collections cannot be mapping keys") }
      pos = end
      return .value(value)
    }
    if first == "\"" || first == "'" {
      let value = try parseQuoted()
      let end = pos
      skipSpaces()
      if current == ":", isSpaceOrEnd(peek(1)) {
        pos += 1
        return .key(value)
      }
      pos = end
      return .value(value)
    }
    try checkPlainStart(flow: false)
    var end = pos
    var index = pos
    while index < scalars.count, !isLineBreak(scalars[index]) {
      let scalar = scalars[index]
      if scalar == "#", index > pos, isWhitespace(scalars[index - 1]) { break }
      if scalar == ":", isSpaceOrEndAt(index + 1) {
        let key = YAMLNode(
          value: .scalar(text(pos, trimmedEnd(pos, index)), quoted: false),
          line: startLine, column: startColumn)
        pos = index + 1
        return .key(key)
      }
      index += 1
      if !isWhitespace(scalar) { end = index }
    }
    let value = YAMLNode(
      value: .scalar(text(pos, end), quoted: false), line: startLine, column: startColumn)
    pos = end
    return .value(value)
  }

  /// Parses a value after `key: ` or `- `: a scalar or a flow collection, never a new key.
  mutating func parseInlineValue() throws(YAMLError) -> YAMLNode {
    guard let first = current else { throw error("expected a value") }
    if first == "[" || first == "{" { return try parseFlow() }
    if first == "\"" || first == "'" { return try parseQuoted() }
    if first == "?", isSpaceOrEnd(peek(1)) {
      throw error("complex keys ('?') are not supported")
    }
    try checkPlainStart(flow: false)
    let startLine = line
    let startColumn = column
    var end = pos
    var index = pos
    while index < scalars.count, !isLineBreak(scalars[index]) {
      let scalar = scalars[index]
      if scalar == "#", index > pos, isWhitespace(scalars[index - 1]) { break }
      if scalar == ":", isSpaceOrEndAt(index + 1) {
        pos = index
        throw error("unexpected ':' in a value; quote the value or put the mapping on its own line")
      }
      index += 1
      if !isWhitespace(scalar) { end = index }
    }
    let value = YAMLNode(
      value: .scalar(text(pos, end), quoted: false), line: startLine, column: startColumn)
    pos = end
    return value
  }

  /// Opens a block collection starting at `start` (a mapping's first key) or here (a `-`).
  mutating func pushFrame(
    _ kind: BlockFrame.Kind, indent: Int, at start: YAMLNode? = nil
  ) throws(YAMLError) {
    let startLine = start?.line ?? line
    let startColumn = start?.column ?? column
    if stack.count >= YAMLParser.maximumDepth {
      throw YAMLError(
        line: startLine, column: startColumn,
        message: "nesting deeper than \(YAMLParser.maximumDepth) levels is not supported")
    }
    stack.append(BlockFrame(kind: kind, indent: indent, line: startLine, column: startColumn))
  }

  /// Gives a pending key or `-` on top of the stack the absent value.
  mutating func fillPendingWithNull() {
    guard let last = stack.indices.last, stack[last].hasPending else { return }
    let node = YAMLNode(
      value: .scalar("", quoted: false), line: stack[last].pendingLine,
      column: stack[last].pendingColumn)
    deliver(node)
  }

  /// Completes the collection on top of the stack and hands it to its parent.
  mutating func closeTopFrame() throws(YAMLError) {
    fillPendingWithNull()
    guard let frame = stack.popLast() else { return }
    let value: YAMLValue =
      frame.kind == .mapping ? .mapping(frame.entries) : .sequence(frame.items)
    deliver(YAMLNode(value: value, line: frame.line, column: frame.column))
  }

  /// Stores `node` as the pending value of the top frame, or as the root.
  mutating func deliver(_ node: YAMLNode) {
    guard !stack.isEmpty else {
      root = node
      return
    }
    let last = stack.count - 1
    if let key = stack[last].pendingKey {
      stack[last].entries.append((key: key, value: node))
      stack[last].pendingKey = nil
    } else {
      stack[last].items.append(node)
      stack[last].pendingItem = false
    }
  }

  // MARK: Lines

  /// Requires the rest of the line to be blank or a comment, then moves to the next line.
  mutating func expectLineEnd(after what: String) throws(YAMLError) {
    let hadSpace = skipSpaces()
    if atEnd || isLineBreak(current) || (current == "#" && hadSpace) {
      skipToNextLine()
      return
    }
    throw error("unexpected content after \(what)")
  }

  /// True (and moves to the next line) when the rest of the line holds nothing.
  mutating func lineIsBlank() -> Bool {
    var index = pos
    while index < scalars.count, isWhitespace(scalars[index]) { index += 1 }
    if index >= scalars.count || isLineBreak(scalars[index]) || scalars[index] == "#" {
      skipToNextLine()
      return true
    }
    return false
  }

  @discardableResult
  mutating func skipSpaces() -> Bool {
    let start = pos
    while let scalar = current, isWhitespace(scalar) { pos += 1 }
    return pos > start
  }

  mutating func skipComment() {
    while let scalar = current, !isLineBreak(scalar) { pos += 1 }
  }

  mutating func skipToNextLine() {
    skipComment()
    if !atEnd { consumeLineBreak() }
  }

  mutating func consumeLineBreak() {
    if current == "\r", peek(1) == "\n" { pos += 1 }
    pos += 1
    line += 1
    lineStart = pos
  }

  func isSequenceEntry() -> Bool { current == "-" && isSpaceOrEnd(peek(1)) }

  /// True at `---` or `...` followed by a space or the end of the line.
  func isMarker(_ scalar: Unicode.Scalar) -> Bool {
    current == scalar && peek(1) == scalar && peek(2) == scalar && isSpaceOrEnd(peek(3))
  }

  func isSpaceOrEndAt(_ index: Int) -> Bool {
    isSpaceOrEnd(index < scalars.count ? scalars[index] : nil)
  }

  func text(_ start: Int, _ end: Int) -> String {
    // Encoded by hand: appending to a `String.UnicodeScalarView` goes through a generic path
    // that costs about a thousand instructions per scalar, the bulk of reading a `.lint.yml`.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end - start)
    for scalar in scalars[start..<end] {
      if scalar.isASCII {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  func trimmedEnd(_ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, isWhitespace(scalars[end - 1]) { end -= 1 }
    return end
  }

  func atPosition(_ node: YAMLNode, _ message: String) -> YAMLError {
    YAMLError(line: node.line, column: node.column, message: message)
  }
}

// MARK: - Character classes

func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

func isLineBreak(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

func isSpaceOrEnd(_ scalar: Unicode.Scalar?) -> Bool {
  guard let scalar else { return true }
  return isWhitespace(scalar) || isLineBreak(scalar)
}

func isFlowIndicator(_ scalar: Unicode.Scalar) -> Bool {
  scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
}

func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0D: return false
  case 0..<0x20, 0x7F, 0xFFFE, 0xFFFF: return true
  default: return false
  }
}

func codePoint(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
  switch scalar.value {
  case 0x30...0x39: return scalar.value - 0x30
  case 0x41...0x46: return scalar.value - 0x41 + 10
  case 0x61...0x66: return scalar.value - 0x61 + 10
  default: return nil
  }
}
