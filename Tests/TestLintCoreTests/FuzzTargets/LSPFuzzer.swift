// The `lsp` fuzz target: bytes as JSON-RPC frames and messages to the language server.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module. Each
// input starts a `LanguageServer` (one thread), initializes it for the workspace folder
// `/fuzz` (which does not exist: nothing is read from disk but absent files), then the first
// byte picks how the rest is sent:
// - 0: raw bytes, in two reads split where the second byte says (headers, lengths, framing);
// - 1: parts between NUL bytes, each framed as a message body (the JSON parser and dispatch);
// - 2: a script of editor messages built from the bytes (`didOpen`, `didChange` with ranges
//   in every position encoding, saves, closes, code actions, cancels, shutdown and exit),
//   with document text from the input (the edits and position mapping).
// Raw and body inputs that name a `file:` URI outside `/fuzz/` are skipped, so the fuzzer never
// makes the server read or walk the machine's files. Traps when an outgoing message is not a
// frame whose `Content-Length` is its body's, a body that is not a JSON-RPC 2.0 object, or a
// published diagnostic with a negative or reversed range.

import Foundation

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum LSPFuzzer {
  static let encodings = ["utf-8", "utf-16", "utf-32"]
  static let uris = [
    "file:///fuzz/Tests/ATests.swift", "file:///fuzz/Tests/B%20Tests.swift",
    "file:///fuzz/.lint.yml", "untitled:Untitled-1", "file:///fuzz/Sources/c.txt",
  ]
  static let methods = [
    "textDocument/didOpen", "textDocument/didChange", "textDocument/didSave",
    "textDocument/didClose", "textDocument/codeAction", "$/cancelRequest", "shutdown", "exit",
    "workspace/didChangeWatchedFiles", "initialize", "unknown/method",
  ]

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    var reader = FuzzReader(bytes)
    let mode = reader.byte() % 3
    let encoding = encodings[Int(reader.byte()) % encodings.count]
    var server = LanguageServer(threads: 1)
    var outgoing = server.receive(
      frame(initialize(encoding)) + frame(notification("initialized", .object([]))))
    let rest = Array(bytes[min(bytes.count, reader.index)...])
    switch mode {
    case 0:
      guard isConfined(rest) else { return }
      let cut = rest.isEmpty ? 0 : Int(reader.byte()) % (rest.count + 1)
      outgoing += server.receive(rest[..<cut])
      if server.exitCode == nil { outgoing += server.receive(rest[cut...]) }
    case 1:
      let framed = rest.split(separator: 0, omittingEmptySubsequences: false).prefix(32)
        .flatMap { MessageFramer.frame(Array($0)) }
      guard isConfined(framed) else { return }
      outgoing += server.receive(framed)
    default:
      var script = FuzzReader(rest)
      var id = 2
      while !script.atEnd, server.exitCode == nil {
        // One read may carry several messages, as a typing burst does.
        var chunk: [UInt8] = []
        for _ in 0...Int(script.byte() % 4) {
          chunk += frame(message(&script, id: &id))
        }
        outgoing += server.receive(chunk)
      }
    }
    for message in outgoing { try check(message) }
  }

  /// One message of an editor's traffic, from the script.
  static func message(_ script: inout FuzzReader, id: inout Int) -> JSONValue {
    let method = methods[Int(script.byte()) % methods.count]
    let uri = uris[Int(script.byte()) % uris.count]
    let document = JSONValue.object([("uri", .string(uri)), ("version", .int(Int(script.byte())))])
    let params: JSONValue
    switch method {
    case "textDocument/didOpen":
      params = .object([
        (
          "textDocument",
          .object([
            ("uri", .string(uri)), ("languageId", .string("swift")), ("version", .int(1)),
            ("text", .string(text(&script))),
          ])
        )
      ])
    case "textDocument/didChange":
      var changes: [JSONValue] = []
      for _ in 0...Int(script.byte() % 3) {
        if script.byte() % 5 == 0 {
          changes.append(.object([("text", .string(text(&script)))]))
        } else {
          changes.append(.object([("range", range(&script)), ("text", .string(text(&script)))]))
        }
      }
      params = .object([("textDocument", document), ("contentChanges", .array(changes))])
    case "textDocument/didSave":
      var fields: [(String, JSONValue)] = [("textDocument", document)]
      if script.byte() % 2 == 0 { fields.append(("text", .string(text(&script)))) }
      params = .object(fields)
    case "textDocument/codeAction":
      params = .object([
        ("textDocument", document), ("range", range(&script)),
        ("context", .object([("diagnostics", .array([]))])),
      ])
    case "$/cancelRequest":
      params = .object([("id", .int(id - Int(script.byte() % 4)))])
    case "workspace/didChangeWatchedFiles":
      params = .object([
        (
          "changes",
          .array([.object([("uri", .string(uri)), ("type", .int(Int(script.byte() % 4)))])])
        )
      ])
    default:
      params = .object([])
    }
    let isRequest = ["textDocument/codeAction", "shutdown", "initialize", "unknown/method"]
      .contains(method)
    guard isRequest else { return notification(method, params) }
    id += 1
    return .object([
      ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)),
      ("params", params),
    ])
  }

  /// A range with lines and characters near the document's (negative and far off ones too).
  static func range(_ script: inout FuzzReader) -> JSONValue {
    func position() -> JSONValue {
      let line = Int(script.byte()) % 12 - (script.byte() % 16 == 0 ? 3 : 0)
      let character = Int(script.byte()) % 40 - (script.byte() % 16 == 0 ? 2 : 0)
      return .object([("line", .int(line)), ("character", .int(character))])
    }
    return .object([("start", position()), ("end", position())])
  }

  /// Document text: bytes of the script (invalid UTF-8 replaced) or a test file's pieces.
  static func text(_ script: inout FuzzReader) -> String {
    let pieces = [
      "import XCTest\n", "final class ATests: XCTestCase {\n", "  func test_a_b() {\n",
      "    XCTAssertTrue(x == 1)\n", "  }\n", "}\n", "  func testThing() { sleep(1) }\n",
      "\r\n", "é👨‍👩‍👧", "\"\"\"\n", "/*", "*/", "#if DEBUG\n", "#endif\n", "@Test func f() {}\n",
    ]
    var result = String(decoding: script.bytes(Int(script.byte() % 24)), as: UTF8.self)
    for _ in 0..<Int(script.byte() % 6) { result += pieces[Int(script.byte()) % pieces.count] }
    return result
  }

  static func initialize(_ encoding: String) -> JSONValue {
    .object([
      ("jsonrpc", .string("2.0")), ("id", .int(1)), ("method", .string("initialize")),
      (
        "params",
        .object([
          ("rootUri", .string("file:///fuzz")),
          (
            "capabilities",
            .object([
              ("general", .object([("positionEncodings", .array([.string(encoding)]))])),
              (
                "workspace",
                .object([("didChangeWatchedFiles", .object([("dynamicRegistration", .bool(true))]))]
                )
              ),
            ])
          ),
        ])
      ),
    ])
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
  }

  static func frame(_ message: JSONValue) -> [UInt8] {
    MessageFramer.frame(Array(message.serialized(pretty: false).utf8))
  }

  /// Whether every message the bytes frame names `file:` URIs (and `/` paths) under `/fuzz/`
  /// only: as the server's own framer and parser read them.
  static func isConfined<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
    var framer = MessageFramer()
    framer.append(bytes)
    while let frame = framer.next() {
      guard case .body(let body) = frame, let value = try? JSONValue.parse(body) else { continue }
      var pending = [value]
      while let next = pending.popLast() {
        switch next {
        case .string(let text):
          // Only a string with a `:` or starting with `/` can name a file: lowercasing every
          // string first (most are not) took a ninth of an `lsp` input's instructions.
          guard text.utf8.first == UInt8(ascii: "/") || text.utf8.contains(UInt8(ascii: ":")) else {
            continue
          }
          let lowered = text.lowercased()
          if lowered.contains("file:") || lowered.hasPrefix("/") {
            guard lowered.hasPrefix("file:///fuzz/") || lowered.hasPrefix("/fuzz/"),
              !lowered.contains(".."), !lowered.contains("%")
            else { return false }
          }
        case .array(let items): pending += items
        case .object(let members): pending += members.map(\.1)
        default: break
        }
      }
    }
    return true
  }

  /// An outgoing message: a frame whose length is its body's, the body a JSON-RPC 2.0 object;
  /// published diagnostics have ranges that start before they end, at no negative position.
  static func check(_ message: [UInt8]) throws(FuzzFailure) {
    var framer = MessageFramer()
    framer.append(message)
    guard case .body(let body)? = framer.next(), framer.next() == nil, framer.bufferedCount == 0
    else {
      throw FuzzFailure(
        "the server wrote a broken frame: \(String(decoding: message, as: UTF8.self))")
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      object["jsonrpc"] as? String == "2.0"
    else {
      throw FuzzFailure(
        "the server wrote a body that is not JSON-RPC: \(String(decoding: body, as: UTF8.self))")
    }
    guard object["method"] as? String == "textDocument/publishDiagnostics" else { return }
    let diagnostics = (object["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    for diagnostic in diagnostics {
      let range = diagnostic["range"] as? [String: Any]
      let start = range?["start"] as? [String: Any]
      let end = range?["end"] as? [String: Any]
      guard let startLine = start?["line"] as? Int,
        let startCharacter = start?["character"] as? Int,
        let endLine = end?["line"] as? Int, let endCharacter = end?["character"] as? Int,
        startLine >= 0, startCharacter >= 0,
        (startLine, startCharacter) <= (endLine, endCharacter)
      else { throw FuzzFailure("a diagnostic with a bad range: \(diagnostic)") }
    }
  }
}
