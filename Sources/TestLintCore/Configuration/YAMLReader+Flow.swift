/// A collection under construction in flow context.
struct FlowFrame {
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

extension Reader {
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
}
