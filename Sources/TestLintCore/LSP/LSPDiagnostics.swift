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

  /// Writes `diagnostic(_:in:encoding:)` of each finding into `output`, member by member,
  /// byte for byte as `diagnostic` would be written.
  ///
  /// A save of a large file publishes a thousand diagnostics or more, most of whose bytes
  /// repeat: the members after the severity (`code`, `codeDescription`, `source`) are the same
  /// for every finding of a rule, and a rule's message is often the same as the finding's
  /// before (`generic_xctassert` on every `XCTAssert(a == b)`). Those are escaped once and
  /// copied after; only the range and the severity are written each time.
  ///
  /// Keys are written as `StaticString`s: a bare literal picks `jsonKey(_: String)`, which
  /// escapes it again for every diagnostic.
  static func write(
    _ findings: [LocatedFinding], in document: TextDocument, encoding: PositionEncoding,
    to output: inout ReportWriter
  ) {
    output.bytes.reserveCapacity(output.bytes.count + findings.count * 300)
    var ruleMembers: [String: [UInt8]] = [:]
    var previousMessage: (text: String, member: [UInt8])?
    for finding in findings {
      output.jsonBeginObject()
      output.jsonKey("range" as StaticString)
      writeRange(finding.range, in: document, encoding: encoding, to: &output)
      output.jsonKey("severity" as StaticString)
      output.jsonInt(finding.severity == .error ? 1 : 2)
      // Whole members, each after a value: the writer adds the comma before the next one.
      let members: [UInt8]
      if let known = ruleMembers[finding.ruleID ?? ""] {
        members = known
      } else {
        members = Self.members(rule: finding.ruleID)
        ruleMembers[finding.ruleID ?? ""] = members
      }
      members.withUnsafeBufferPointer { output.write(bytes: $0) }
      if let previous = previousMessage, previous.text == finding.message {
        previous.member.withUnsafeBufferPointer { output.write(bytes: $0) }
      } else {
        let start = output.bytes.count
        output.jsonKey("message" as StaticString)
        output.jsonString(finding.message)
        previousMessage = (finding.message, Array(output.bytes[start...]))
      }
      output.jsonEndObject()
    }
  }

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

  /// Writes `range(_:in:encoding:)` into `output`.
  static func writeRange(
    _ bytes: Range<Int>, in document: TextDocument, encoding: PositionEncoding,
    to output: inout ReportWriter
  ) {
    func write(_ key: StaticString, _ position: TextPosition) {
      output.jsonKey(key)
      output.jsonBeginObject()
      output.jsonKey("line" as StaticString)
      output.jsonInt(position.line)
      output.jsonKey("character" as StaticString)
      output.jsonInt(position.character)
      output.jsonEndObject()
    }
    let (start, end) = document.positions(of: bytes, encoding: encoding)
    output.jsonBeginObject()
    write("start", start)
    write("end", end)
    output.jsonEndObject()
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
