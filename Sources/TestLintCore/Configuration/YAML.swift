/// The value of one YAML node.
public enum YAMLValue: Sendable {
  /// A scalar; `quoted` is true for `'single'` and `"double"` quoted text. An absent value
  /// (`key:` with nothing after it) is the empty unquoted scalar.
  case scalar(String, quoted: Bool)
  /// A block (`- item`) or flow (`[a, b]`) sequence.
  case sequence([YAMLNode])
  /// A block (`key: value`) or flow (`{a: 1}`) mapping, in source order.
  case mapping([(key: YAMLNode, value: YAMLNode)])
}

/// One node of a parsed YAML document, with the position where it starts.
public struct YAMLNode: Sendable {
  /// What the node holds.
  public var value: YAMLValue
  /// 1-based line of the node's first character.
  public var line: Int
  /// 1-based column of the node's first character, counted in Unicode scalars.
  public var column: Int

  /// Creates a node.
  public init(value: YAMLValue, line: Int, column: Int) {
    self.value = value
    self.line = line
    self.column = column
  }

  /// The text of a scalar node, `nil` for collections.
  public var scalar: String? {
    if case .scalar(let text, _) = value { return text }
    return nil
  }

  /// True for the empty unquoted scalar that stands for an absent value.
  public var isNull: Bool {
    if case .scalar(let text, let quoted) = value { return text.isEmpty && !quoted }
    return false
  }
}

/// Why a YAML text could not be parsed, and where.
public struct YAMLError: Error, Sendable, Hashable {
  /// 1-based line of the problem.
  public var line: Int
  /// 1-based column of the problem, counted in Unicode scalars.
  public var column: Int
  /// What is wrong, lowercase.
  public var message: String

  /// Creates an error.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Parses the YAML subset `.lint.yml` uses.
///
/// Supported: block mappings and sequences (indentation with spaces), flow sequences `[a, b]`
/// and flow mappings `{a: 1}` (which may span lines), plain, `'single'` and `"double"` quoted
/// single-line scalars, `#` comments, an optional leading `---`. Everything else (anchors,
/// aliases, tags, block scalars, several documents, complex keys, tabs in indentation,
/// duplicate keys) is rejected with a position. The parser is iterative and linear in the size
/// of the input; nesting deeper than ``maximumDepth`` levels is rejected.
public struct YAMLParser: Sendable {
  /// The deepest nesting of collections accepted.
  public static let maximumDepth = 64

  /// Parses `text`; returns `nil` for a document without content.
  public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
    var reader = Reader(text)
    return try reader.parseDocument()
  }
}

// MARK: - Reader

/// A collection under construction in block context.
private struct BlockFrame {
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

/// A collection under construction in flow context.
private struct FlowFrame {
  enum State {
    case item
    case separator
    case key
    case colon
    case value
  }

  var isMapping: Bool
  var line: Int
  var column: Int
  var state: State
  var items: [YAMLNode] = []
  var entries: [(key: YAMLNode, value: YAMLNode)] = []
  var keys: Set<String> = []
  var pendingKey: YAMLNode?
}

/// What a line's content starts with, in block context.
private enum BlockStart {
  case key(YAMLNode)
  case value(YAMLNode)
}

private struct Reader {
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

  // MARK: Flow context

  /// Parses a flow collection starting at `[` or `{`; it may span lines.
  mutating func parseFlow() throws(YAMLError) -> YAMLNode {
    var flows: [FlowFrame] = []
    try openFlow(&flows)
    while true {
      try skipFlowSpace()
      guard var frame = flows.popLast() else { throw error("expected a flow collection") }
      guard let scalar = current else {
        let kind = frame.isMapping ? "flow mapping" : "flow sequence"
        throw YAMLError(line: frame.line, column: frame.column, message: "unterminated \(kind)")
      }
      var finished: YAMLNode?
      let closer: Unicode.Scalar = frame.isMapping ? "}" : "]"
      switch frame.state {
      case .item, .key, .value:
        if scalar == closer {
          if frame.state == .value, let key = frame.pendingKey {
            frame.entries.append((key: key, value: nullNode()))
          }
          pos += 1
          finished = close(frame)
        } else if scalar == "," {
          guard frame.state == .value, let key = frame.pendingKey else {
            throw error("unexpected ','")
          }
          frame.entries.append((key: key, value: nullNode()))
          frame.pendingKey = nil
          frame.state = .key
          pos += 1
        } else if scalar == "[" || scalar == "{" {
          if frame.state == .key { throw error("flow collections cannot be mapping keys") }
          flows.append(frame)
          try openFlow(&flows)
          continue
        } else if frame.state == .key {
          if scalar == "?", isSpaceOrEnd(peek(1)) {
            throw error("complex keys ('?') are not supported")
          }
          let key = try parseFlowScalar()
          let name = key.scalar ?? ""
          if frame.keys.contains(name) {
            throw YAMLError(line: key.line, column: key.column, message: "duplicate key '\(name)'")
          }
          frame.keys.insert(name)
          frame.pendingKey = key
          frame.state = .colon
        } else {
          let value = try parseFlowScalar()
          add(value, to: &frame)
        }
      case .colon:
        guard scalar == ":" else { throw error("expected ':' after the key") }
        pos += 1
        frame.state = .value
      case .separator:
        if scalar == "," {
          pos += 1
          frame.state = frame.isMapping ? .key : .item
        } else if scalar == closer {
          pos += 1
          finished = close(frame)
        } else if scalar == ":" && !frame.isMapping {
          throw error("mappings inside a flow sequence need braces: '{key: value}'")
        } else {
          throw error("expected ',' or '\(closer)'")
        }
      }
      guard let node = finished else {
        flows.append(frame)
        continue
      }
      guard !flows.isEmpty else { return node }
      add(node, to: &flows[flows.count - 1])
    }
  }

  mutating func openFlow(_ flows: inout [FlowFrame]) throws(YAMLError) {
    if stack.count + flows.count >= YAMLParser.maximumDepth {
      throw error("nesting deeper than \(YAMLParser.maximumDepth) levels is not supported")
    }
    let isMapping = current == "{"
    flows.append(
      FlowFrame(isMapping: isMapping, line: line, column: column, state: isMapping ? .key : .item))
    pos += 1
  }

  func close(_ frame: FlowFrame) -> YAMLNode {
    let value: YAMLValue = frame.isMapping ? .mapping(frame.entries) : .sequence(frame.items)
    return YAMLNode(value: value, line: frame.line, column: frame.column)
  }

  func add(_ node: YAMLNode, to frame: inout FlowFrame) {
    if frame.isMapping, let key = frame.pendingKey {
      frame.entries.append((key: key, value: node))
      frame.pendingKey = nil
    } else {
      frame.items.append(node)
    }
    frame.state = .separator
  }

  func nullNode() -> YAMLNode {
    YAMLNode(value: .scalar("", quoted: false), line: line, column: column)
  }

  /// Parses a quoted or plain scalar inside a flow collection.
  mutating func parseFlowScalar() throws(YAMLError) -> YAMLNode {
    if current == "\"" || current == "'" { return try parseQuoted() }
    if current == "#" { throw error("a comment needs a space before '#'") }
    if current == "]" || current == "}" { throw error("unexpected '\(current ?? " ")'") }
    if current == "-", isSpaceOrEnd(peek(1)) {
      throw error("block sequence items ('- ') are not allowed inside flow collections")
    }
    try checkPlainStart(flow: true)
    let startLine = line
    let startColumn = column
    var end = pos
    var index = pos
    while index < scalars.count {
      let scalar = scalars[index]
      if isLineBreak(scalar) || isFlowIndicator(scalar) { break }
      if scalar == "#", index > pos, isWhitespace(scalars[index - 1]) { break }
      if scalar == ":" {
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        if next == nil || isSpaceOrEnd(next) || next.map(isFlowIndicator) == true { break }
      }
      index += 1
      if !isWhitespace(scalar) { end = index }
    }
    let value = YAMLNode(
      value: .scalar(text(pos, end), quoted: false), line: startLine, column: startColumn)
    pos = end
    return value
  }

  /// Skips spaces, tabs, line breaks and comments between flow tokens.
  mutating func skipFlowSpace() throws(YAMLError) {
    while let scalar = current {
      if isWhitespace(scalar) {
        pos += 1
      } else if isLineBreak(scalar) {
        consumeLineBreak()
      } else if scalar == "#", pos == lineStart || isWhitespace(scalars[pos - 1]) {
        skipComment()
      } else {
        return
      }
    }
  }

  // MARK: Scalars

  /// Parses a single-line `'single'` or `"double"` quoted scalar.
  mutating func parseQuoted() throws(YAMLError) -> YAMLNode {
    let startLine = line
    let startColumn = column
    let quote = current
    let unterminated = YAMLError(
      line: startLine, column: startColumn,
      message: "unterminated quoted string (quoted strings must end on the same line)")
    pos += 1
    var result = String.UnicodeScalarView()
    while true {
      guard let scalar = current, !isLineBreak(scalar) else { throw unterminated }
      if scalar == quote {
        if quote == "'", peek(1) == "'" {
          result.append("'")
          pos += 2
          continue
        }
        pos += 1
        break
      }
      if quote == "\"", scalar == "\\" {
        try parseEscape(into: &result)
        continue
      }
      result.append(scalar)
      pos += 1
    }
    return YAMLNode(
      value: .scalar(String(result), quoted: true), line: startLine, column: startColumn)
  }

  mutating func parseEscape(into result: inout String.UnicodeScalarView) throws(YAMLError) {
    let escapeColumn = column
    guard let code = peek(1), !isLineBreak(code) else {
      throw error("line continuations in quoted strings are not supported")
    }
    let simple: [Unicode.Scalar: Unicode.Scalar] = [
      "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}",
      "f": "\u{0C}", "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\",
      "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}",
    ]
    if let replacement = simple[code] {
      result.append(replacement)
      pos += 2
      return
    }
    let digits: Int
    switch code {
    case "x": digits = 2
    case "u": digits = 4
    case "U": digits = 8
    default: throw error("unknown escape sequence '\\\(code)'")
    }
    var value: UInt32 = 0
    for offset in 0..<digits {
      guard let digit = peek(2 + offset), let number = hexValue(digit) else {
        throw error("escape sequence '\\\(code)' needs \(digits) hexadecimal digits")
      }
      value = value * 16 + number
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw YAMLError(
        line: line, column: escapeColumn, message: "escape sequence is not a valid character")
    }
    result.append(scalar)
    pos += 2 + digits
  }

  /// Rejects the YAML indicators that start constructs outside the subset.
  func checkPlainStart(flow: Bool) throws(YAMLError) {
    guard let first = current else { return }
    switch first {
    case "&": throw error("anchors ('&') are not supported")
    case "*": throw error("aliases ('*') are not supported")
    case "!": throw error("tags ('!') are not supported")
    case "|", ">": throw error("block scalars ('\(first)') are not supported")
    case "%": throw error("directives ('%') are not supported")
    case "@", "`": throw error("'\(first)' cannot start a plain value; quote the value")
    case ",", "]", "}": throw error("unexpected '\(first)'")
    default: return
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

private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

private func isLineBreak(_ scalar: Unicode.Scalar?) -> Bool { scalar == "\n" || scalar == "\r" }

private func isSpaceOrEnd(_ scalar: Unicode.Scalar?) -> Bool {
  guard let scalar else { return true }
  return isWhitespace(scalar) || isLineBreak(scalar)
}

private func isFlowIndicator(_ scalar: Unicode.Scalar) -> Bool {
  scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
}

private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0D: return false
  case 0..<0x20, 0x7F, 0xFFFE, 0xFFFF: return true
  default: return false
  }
}

private func codePoint(_ scalar: Unicode.Scalar) -> String {
  let hex = String(scalar.value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}

private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
  switch scalar.value {
  case 0x30...0x39: return scalar.value - 0x30
  case 0x41...0x46: return scalar.value - 0x41 + 10
  case 0x61...0x66: return scalar.value - 0x61 + 10
  default: return nil
  }
}
