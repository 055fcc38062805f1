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
