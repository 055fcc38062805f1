/// The code actions offered for findings: a rule's safe fix as a `quickfix`, "disable for this
/// line" for every finding, and `source.fixAll.testlint` for every safe fix of the file.
enum CodeActions {
  /// The kind of the fix-all action (editors run it on save with `codeActionsOnSave`).
  static let fixAllKind = "source.fixAll.testlint"

  /// The actions for the findings on the lines of `lines` (zero-based, inclusive).
  ///
  /// `only` is the client's `context.only` filter: kinds it wants (a kind matches its
  /// sub-kinds: `source` matches `source.fixAll.testlint`).
  static func actions(
    for linted: LintedDocument, document: TextDocument, lines: ClosedRange<Int>, only: [String]?,
    encoding: PositionEncoding
  ) -> [JSONValue] {
    func wanted(_ kind: String) -> Bool {
      guard let only else { return kind == "quickfix" }
      return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
    var actions: [JSONValue] = []
    if wanted("quickfix") {
      for finding in linted.findings {
        guard let rule = finding.ruleID else { continue }
        let findingLines =
          document.position(of: finding.range.lowerBound, encoding: .utf8)
          .line...document.position(
            of: finding.range.upperBound, encoding: .utf8
          ).line
        guard findingLines.overlaps(lines) else { continue }
        let diagnostic = LSPDiagnostics.diagnostic(finding, in: document, encoding: encoding)
        if let fix = finding.fix, !fix.isEmpty {
          actions.append(
            action(
              title: "Fix: \(finding.message)", kind: "quickfix", diagnostic: diagnostic,
              preferred: true,
              edits: fix, document: document, encoding: encoding))
        }
        if let disable = disableEdit(
          rule: rule, at: finding.range.lowerBound, model: linted.model, document: document)
        {
          actions.append(
            action(
              title: "Disable \(rule) for this line", kind: "quickfix", diagnostic: diagnostic,
              preferred: false,
              edits: [disable], document: document, encoding: encoding))
        }
      }
    }
    if wanted(fixAllKind), let fixed = linted.fixAll(), fixed != document.bytes {
      let whole = Edit(
        range: 0..<document.bytes.count, replacement: String(decoding: fixed, as: UTF8.self))
      actions.append(
        action(
          title: "Fix all safely fixable testlint findings", kind: fixAllKind, diagnostic: nil,
          preferred: false,
          edits: [whole], document: document, encoding: encoding))
    }
    return actions
  }

  /// The edit that suppresses `rule` on the line of `offset`: a `// testlint:disable:next RULE`
  /// line above it with the line's indentation (the rule id is added to such a comment when
  /// the line above already is one); `// testlint:disable:this RULE` at the end of the line
  /// when the line starts inside a multi-line literal, where no comment can go; nil when
  /// neither end of the line is outside one.
  static func disableEdit(rule: String, at offset: Int, model: FileModel, document: TextDocument)
    -> Edit?
  {
    let line = document.position(of: offset, encoding: .utf8).line
    let start = document.lineStarts[line]
    let end = document.lineContentEnd(line)
    let bytes = document.bytes
    func insideToken(_ offset: Int) -> Bool {
      model.tokens.contains { Int($0.start) < offset && offset < Int($0.end) }
        || model.comments.contains {
          Int($0.start) < offset && offset < Int($0.end)
            && bytes[Int($0.start) + 1] == UInt8(ascii: "*")
        }
    }
    if !insideToken(start) {
      if line > 0,
        let extended = extendDisableNext(
          rule: rule, line: line - 1, model: model, document: document)
      {
        return extended
      }
      var indentEnd = start
      while indentEnd < end, bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09 { indentEnd += 1 }
      let indentation = String(decoding: bytes[start..<indentEnd], as: UTF8.self)
      return Edit(
        range: start..<start,
        replacement: indentation + "// testlint:disable:next \(rule)" + document.lineBreak)
    }
    guard !insideToken(end) else { return nil }
    return Edit(range: end..<end, replacement: " // testlint:disable:this \(rule)")
  }

  /// Adds `rule` to a `// testlint:disable:next` comment that is alone on `line`.
  private static func extendDisableNext(
    rule: String, line: Int, model: FileModel, document: TextDocument
  ) -> Edit? {
    let start = document.lineStarts[line]
    let end = document.lineContentEnd(line)
    guard
      let comment = model.comments.first(where: { Int($0.start) >= start && Int($0.end) <= end }),
      document.bytes[start..<Int(comment.start)].allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
      Int(comment.end) == end
    else { return nil }
    let text = String(decoding: document.bytes[Int(comment.start)..<end], as: UTF8.self)
    guard text.hasPrefix("//"), !text.contains(" - "),
      let directive = Suppressions.parse(text), directive.command == "disable:next",
      !directive.ids.contains("all")
    else { return nil }
    if directive.ids.contains(rule) { return nil }
    return Edit(range: end..<end, replacement: " \(rule)")
  }

  private static func action(
    title: String, kind: String, diagnostic: JSONValue?, preferred: Bool, edits: [Edit],
    document: TextDocument,
    encoding: PositionEncoding
  ) -> JSONValue {
    let textEdits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
      edit -> JSONValue in
      .object([
        ("range", LSPDiagnostics.range(edit.range, in: document, encoding: encoding)),
        ("newText", .string(edit.replacement)),
      ])
    }
    var members: [(String, JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
    if let diagnostic { members.append(("diagnostics", .array([diagnostic]))) }
    if preferred { members.append(("isPreferred", .bool(true))) }
    members.append(("edit", .object([("changes", .object([(document.uri, .array(textEdits))]))])))
    return .object(members)
  }
}

/// One linted buffer: its findings, its model and how to fix it.
struct LintedDocument: Sendable {
  /// The findings, in offset order.
  var findings: [LocatedFinding]
  /// The scanned buffer.
  var model: FileModel
  /// The linter the findings came from (for fix-all).
  var linter: FileLinter

  /// The buffer with every safe fix applied (as `--fix` would write it), or nil when none applies.
  func fixAll() -> [UInt8]? {
    let fixed = Fixer(linter: linter).fix(path: model.source.path, bytes: model.source.bytes)
    return fixed.applied > 0 ? fixed.bytes : nil
  }
}
