/// Findings as LSP `Diagnostic` objects.
enum LSPDiagnostics {
  /// The `source` of every diagnostic.
  static let source = ToolInfo.name

  /// A diagnostic: severity 1 (error) or 2 (warning), the underlined range, the rule id as
  /// `code` with its page as `codeDescription.href`, `source` and the message.
  static func diagnostic(
    _ finding: LocatedFinding, in document: TextDocument, encoding: PositionEncoding
  ) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("range", range(finding.range, in: document, encoding: encoding)),
      ("severity", .int(finding.severity == .error ? 1 : 2)),
    ]
    if let rule = finding.ruleID {
      members.append(("code", .string(rule)))
      members.append(
        ("codeDescription", .object([("href", .string(ToolInfo.rulesURL + rule + ".md"))])))
    }
    members.append(("source", .string(source)))
    members.append(("message", .string(finding.message)))
    return .object(members)
  }

  /// Writes `diagnostic(_:in:encoding:)` of each finding into `output`, byte for byte as
  /// `diagnostic` would be written (compact JSON; pretty output is written from the values).
  ///
  /// A save of a large file publishes a thousand diagnostics or more, most of whose bytes
  /// repeat: the keys, the members after the severity (`code`, `codeDescription`, `source`),
  /// the same for every finding of a rule, and often the message of the finding before
  /// (`generic_xctassert` on every `XCTAssert(a == b)`). Keys are copied as static bytes and
  /// the rest is escaped once and copied after; only the numbers are written each time. (The
  /// writer's `json…` methods cost a few hundred instructions a call, and a bare literal given
  /// to `jsonKey` picks its `String` overload, which escapes the key again each time.)
  static func write(
    _ findings: [LocatedFinding], in document: TextDocument, encoding: PositionEncoding,
    to output: inout ReportWriter
  ) {
    guard !output.jsonPretty else {
      for finding in findings {
        diagnostic(finding, in: document, encoding: encoding).write(into: &output)
      }
      return
    }
    output.bytes.reserveCapacity(output.bytes.count + findings.count * 320)
    var ruleMembers: [String: [UInt8]] = [:]
    var previousRule: (rule: String?, members: [UInt8])?
    var previousMessage: (text: String, member: [UInt8])?
    for finding in findings {
      // The object through the writer (the comma before it is the writer's), its members as
      // bytes: each after a value, with the comma before it.
      output.jsonBeginObject()
      let (start, end) = document.positions(of: finding.range, encoding: encoding)
      output.write(Self.rangeStartLine)
      output.write(number: start.line)
      output.write(Self.character)
      output.write(number: start.character)
      output.write(Self.endLine)
      output.write(number: end.line)
      output.write(Self.character)
      output.write(number: end.character)
      output.write(finding.severity == .error ? Self.severityError : Self.severityWarning)
      if let previous = previousRule, previous.rule == finding.ruleID {
        previous.members.withUnsafeBufferPointer { output.write(bytes: $0) }
      } else {
        let members = ruleMembers[finding.ruleID ?? ""] ?? Self.members(rule: finding.ruleID)
        ruleMembers[finding.ruleID ?? ""] = members
        previousRule = (finding.ruleID, members)
        members.withUnsafeBufferPointer { output.write(bytes: $0) }
      }
      if let previous = previousMessage, previous.text == finding.message {
        previous.member.withUnsafeBufferPointer { output.write(bytes: $0) }
      } else {
        let first = output.bytes.count
        output.write(Self.messageKey)
        output.writeQuoted(finding.message)
        previousMessage = (finding.message, Array(output.bytes[first...]))
      }
      output.jsonEndObject()
    }
  }

  /// The static parts of a compact diagnostic, around its numbers.
  private static let rangeStartLine: StaticString = #""range":{"start":{"line":"#
  private static let character: StaticString = #","character":"#
  private static let endLine: StaticString = #"},"end":{"line":"#
  private static let severityError: StaticString = #"}},"severity":1"#
  private static let severityWarning: StaticString = #"}},"severity":2"#
  private static let messageKey: StaticString = #","message":"#

  /// The members a diagnostic of `rule` has between its severity and its message, compact,
  /// each with the comma before it: `,"code":…,"codeDescription":{…},"source":"testlint"`.
  private static func members(rule: String?) -> [UInt8] {
    var scratch = ReportWriter()
    scratch.jsonPretty = false
    scratch.jsonBeginObject()
    scratch.jsonKey("severity")
    scratch.jsonInt(0)
    let start = scratch.bytes.count
    if let rule {
      scratch.jsonKey("code")
      scratch.jsonString(rule)
      scratch.jsonKey("codeDescription")
      scratch.jsonBeginObject()
      scratch.jsonKey("href")
      scratch.jsonString(ToolInfo.rulesURL + rule + ".md")
      scratch.jsonEndObject()
    }
    scratch.jsonKey("source")
    scratch.jsonString(source)
    return Array(scratch.bytes[start...])
  }

  /// The body of a `textDocument/publishDiagnostics` notification, compact JSON, whose
  /// diagnostics `diagnostics` writes into the open list.
  static func publishBody(
    uri: String, version: Int?, _ diagnostics: (inout ReportWriter) -> Void
  ) -> [UInt8] {
    var output = ReportWriter()
    output.jsonPretty = false
    output.jsonBeginObject()
    output.jsonKey("jsonrpc")
    output.jsonString("2.0")
    output.jsonKey("method")
    output.jsonString("textDocument/publishDiagnostics")
    output.jsonKey("params")
    output.jsonBeginObject()
    output.jsonKey("uri")
    output.jsonString(uri)
    if let version {
      output.jsonKey("version")
      output.jsonInt(version)
    }
    output.jsonKey("diagnostics")
    output.jsonBeginArray()
    diagnostics(&output)
    output.jsonEndArray()
    output.jsonEndObject()
    output.jsonEndObject()
    return output.bytes
  }

  /// A message's body: `value` as compact JSON.
  static func body(_ value: JSONValue) -> [UInt8] {
    var output = ReportWriter()
    output.jsonPretty = false
    value.write(into: &output)
    return output.bytes
  }

  /// A configuration problem, on the `.lint.yml` line and column it names (1-based, in Unicode
  /// scalars) and one character wide.
  static func diagnostic(
    configurationProblem problem: Diagnostic, text: TextDocument, encoding: PositionEncoding
  ) -> JSONValue {
    let line = max(0, problem.line - 1)
    let start = text.offset(
      of: TextPosition(line: line, character: max(0, problem.column - 1)), encoding: .utf32)
    let end = min(text.lineContentEnd(line), start + 1)
    return .object([
      ("range", range(start..<max(start, end), in: text, encoding: encoding)),
      ("severity", .int(1)),
      ("source", .string(source)),
      ("message", .string(problem.message)),
    ])
  }

  /// An LSP `Range` of a byte range.
  static func range(_ bytes: Range<Int>, in document: TextDocument, encoding: PositionEncoding)
    -> JSONValue
  {
    .object([
      ("start", position(document.position(of: bytes.lowerBound, encoding: encoding))),
      ("end", position(document.position(of: bytes.upperBound, encoding: encoding))),
    ])
  }

  /// An LSP `Position`.
  static func position(_ position: TextPosition) -> JSONValue {
    .object([("line", .int(position.line)), ("character", .int(position.character))])
  }

  /// Reads an LSP `Position`.
  static func position(_ value: JSONValue?) -> TextPosition? {
    guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue else {
      return nil
    }
    return TextPosition(line: line, character: character)
  }

  /// Reads an LSP `Range`.
  static func range(_ value: JSONValue?) -> (start: TextPosition, end: TextPosition)? {
    guard let start = position(value?["start"]), let end = position(value?["end"]) else {
      return nil
    }
    return (start, end)
  }
}
