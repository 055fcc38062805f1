// The `reporters` fuzz target: hostile findings through every reporter; the output must parse.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module. The
// input is read as a little program (`FuzzReader`) that builds a result: findings, errors,
// files and tests whose paths, messages, rule ids, test and suite names and snippets are raw
// bytes (controls, NUL, U+FFFE, bidirectional overrides, markup, `]]>`, `::`, `%0A`, ...), with
// lines and columns from 1 to 2^31. Every reporter renders it (`sarif` without the rule pages,
// which are fixed text: its log with them is checked once a process, `sarifWithPages`). Traps
// when:
// - `json`, `sarif` or `gitlab` output is not JSON, or `json` does not give back each finding's
//   message, path and rule exactly;
// - `checkstyle`, `junit` or `junit-gitlab` output is not well-formed XML (libxml2 parses it);
// - user text escapes its place: an `html` or `markdown` report holding a `<fuzz` tag, or a
//   `github` line starting a `::fuzz` command.

import Foundation

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

#if canImport(FoundationXML)
  import FoundationXML
#endif

enum ReportersFuzzer {
  /// Pieces of text that break a careless escaper, picked by the input.
  static let hostile = [
    "<fuzz>", "</fuzz", "]]>", "<!--", "&", "&amp;", "\"", "'", "\n::fuzz x::y\n", "::", "%0A",
    "%", ",", ":", "\r", "\r\n", "\n", "\t", "\u{0}", "\u{1}", "\u{1B}[31m", "\u{7F}", "\u{85}",
    "\u{2028}", "\u{202E}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{10FFFF}", "\\", "\\u0000",
    "`", "|", "*", "_", "[x](javascript:alert(1))", "@here", "#", "<script>", "{{", "${x}",
    "é", "e\u{301}", "👨‍👩‍👧", "\u{D7FF}", "-->", "<![CDATA[", "?>", "<?xml", "\"\"\"",
  ]

  static let ruleIDs = RuleRegistry.all.map { $0.description.id }

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    var reader = FuzzReader(bytes)
    var findings: [Finding] = []
    var errors: [Diagnostic] = []
    var tests: [InventoryEntry] = []
    var files: Set<String> = []
    while !reader.atEnd, findings.count + errors.count + tests.count < 64 {
      let path = string(&reader)
      files.insert(path)
      switch reader.byte() % 4 {
      case 0, 1:
        findings.append(
          Finding(
            ruleID: reader.byte() % 4 == 0
              ? string(&reader) : ruleIDs[Int(reader.byte()) % ruleIDs.count],
            severity: reader.byte() % 2 == 0 ? .warning : .error, message: string(&reader),
            path: path, line: reader.position(), column: reader.position(),
            test: reader.byte() % 3 == 0 ? nil : string(&reader),
            suite: reader.byte() % 3 == 0 ? nil : string(&reader), snippet: string(&reader)))
      case 2:
        errors.append(
          Diagnostic(
            path: path, line: reader.position(), column: reader.position(), message: string(&reader)
          ))
      default:
        tests.append(
          InventoryEntry(
            file: path, suite: reader.byte() % 2 == 0 ? nil : string(&reader),
            name: string(&reader),
            framework: TestFramework.allCases[Int(reader.byte()) % TestFramework.allCases.count],
            line: reader.position(),
            // A count is never negative: a run counts calls.
            assertions: reader.byte() % 16 == 0 ? Int(Int32.max) : Int(reader.byte()),
            pending: reader.byte() % 5 == 0))
      }
    }
    findings.sort()
    errors.sort()
    let used = Set(findings.map(\.ruleID))
    let rules = RuleRegistry.descriptions.filter { used.contains($0.id) }
    let result = LintResult(
      findings: findings, errors: errors, files: files.sorted(), rules: rules,
      tests: InventoryEntry.sorted(tests))
    if let failure = sarifWithPages { throw failure }
    for name in ReporterRegistry.names {
      try check(reporter(name).render(result), of: name, result: result)
    }
  }

  /// The reporter `name` as a run makes it, except that `sarif` leaves out the rule pages:
  /// they are fixed text, the same for every input, and turning every rule's page into its
  /// description and help was most of a `config` input's time and a sixth of a `reporters`
  /// one's. `sarifWithPages` checks them, once a process.
  static func reporter(_ name: String) -> any Reporter {
    switch name {
    case JUnitReporter.name: JUnitReporter()
    case JUnitReporter.locatedName: JUnitReporter(includesLocation: true)
    case SARIFReporter.name: SARIFReporter(pages: [:])
    default: ReporterRegistry.make(name)!
    }
  }

  /// The `sarif` log of every rule with its page, checked as the target checks a log (nil when
  /// it passes): done once, at the first input.
  static let sarifWithPages: FuzzFailure? = {
    let result = LintResult(
      findings: [], errors: [], files: [], rules: RuleRegistry.descriptions, tests: [])
    do throws(FuzzFailure) {
      try check(SARIFReporter().render(result), of: SARIFReporter.name, result: result)
      return nil
    } catch {
      return error
    }
  }()

  static func check(_ output: String, of name: String, result: LintResult) throws(FuzzFailure) {
    switch name {
    case JSONReporter.name, SARIFReporter.name, GitLabReporter.name:
      guard (try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil else {
        throw FuzzFailure("\(name) wrote invalid JSON:\n\(output)")
      }
      guard name == JSONReporter.name else { return }
      // The round trip reads with our own parser: Foundation's on Linux drops a U+FEFF that
      // starts a string (a parser quirk, not a change in what we wrote).
      let written = (try? JSONValue.parse(Array(output.utf8)))?["findings"]?.arrayValue ?? []
      guard written.count == result.findings.count else {
        throw FuzzFailure("json lists \(written.count) of \(result.findings.count) findings")
      }
      for (object, finding) in zip(written, result.findings)
      where object["message"]?.stringValue != finding.message
        || object["file"]?.stringValue != finding.path
        || object["rule"]?.stringValue != finding.ruleID
      {
        throw FuzzFailure("json changed a finding: \(object) for \(finding)")
      }
    case CheckstyleReporter.name, JUnitReporter.name, JUnitReporter.locatedName:
      let parser = XMLParser(data: Data(output.utf8))
      // FoundationXML on Linux returns true from `parse()` for some ill-formed documents (an
      // unclosed element, `<` in an attribute) and only sets `parserError`: ask both.
      if !parser.parse() || parser.parserError != nil {
        throw FuzzFailure(
          "\(name) wrote ill-formed XML (\(String(describing: parser.parserError))):\n\(output)")
      }
    case HTMLReporter.name, MarkdownReporter.name:
      if containsFuzzTag(output) {
        throw FuzzFailure("\(name) let a tag through:\n\(output)")
      }
    case GitHubReporter.name:
      for line in output.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      where line.hasPrefix("::fuzz") {
        throw FuzzFailure("github let a command through:\n\(output)")
      }
    default:
      break
    }
  }

  /// Whether `output` holds `<fuzz` in any case: over the bytes (lowercasing the whole report
  /// and searching it as `String` took a tenth of the target's time).
  static func containsFuzzTag(_ output: String) -> Bool {
    var output = output
    return output.withUTF8 { bytes in
      let tag = Array("fuzz".utf8)
      var index = 0
      while index + tag.count < bytes.count {
        if bytes[index] == UInt8(ascii: "<"),
          (0..<tag.count).allSatisfy({ bytes[index + 1 + $0] | 0x20 == tag[$0] })
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  /// Text from the input: raw bytes (decoded as UTF-8, invalid sequences replaced), a hostile
  /// piece, or a mix.
  static func string(_ reader: inout FuzzReader) -> String {
    let selector = reader.byte()
    switch selector % 4 {
    case 0: return String(decoding: reader.bytes(Int(reader.byte() % 48)), as: UTF8.self)
    case 1: return hostile[Int(reader.byte()) % hostile.count]
    case 2:
      var text = ""
      for _ in 0..<Int(reader.byte() % 6) {
        text +=
          reader.byte() % 2 == 0
          ? hostile[Int(reader.byte()) % hostile.count]
          : String(decoding: reader.bytes(Int(reader.byte() % 8)), as: UTF8.self)
      }
      return text
    default: return ""
    }
  }
}

/// Reads a fuzz input front to back as small decisions; past the end every read gives zeros.
struct FuzzReader {
  let data: [UInt8]
  var index = 0

  init(_ data: [UInt8]) { self.data = data }

  var atEnd: Bool { index >= data.count }

  mutating func byte() -> UInt8 {
    guard index < data.count else { return 0 }
    defer { index += 1 }
    return data[index]
  }

  mutating func bytes(_ count: Int) -> ArraySlice<UInt8> {
    let start = min(index, data.count)
    let end = min(start + count, data.count)
    index = max(index, end)
    return data[start..<end]
  }

  /// A 1-based line or column: mostly small, sometimes huge.
  mutating func position() -> Int {
    switch byte() % 8 {
    case 0: return Int(Int32.max)
    case 1: return 1 + Int(byte()) << 16 + Int(byte()) << 8 + Int(byte())
    default: return 1 + Int(byte())
    }
  }
}
