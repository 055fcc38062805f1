import Foundation
import TestLintCore
import XCTest

/// `testlint lsp` in-process: recorded sessions drive `LanguageServer` with framed bytes and
/// check every message it sends back.
final class LanguageServerTests: XCTestCase {
  static let badName = """
    import XCTest

    final class NameTests: XCTestCase {
      func testLoad() {
        XCTAssert(value == 2)
      }
    }

    """

  // MARK: lifecycle

  func test_initialize_advertisesSyncAndCodeActions() throws {
    var client = LSPClient()
    let reply = try client.request("initialize", ["capabilities": [:], "rootUri": NSNull()])
    let capabilities = try XCTUnwrap(reply.result?["capabilities"] as? [String: Any])
    let sync = try XCTUnwrap(capabilities["textDocumentSync"] as? [String: Any])
    XCTAssertEqual(sync["change"] as? Int, 2, "incremental sync")
    XCTAssertEqual(sync["openClose"] as? Bool, true)
    XCTAssertNotNil(sync["save"] as? [String: Any], "save notifications wanted")
    XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-16")
    let actions = try XCTUnwrap(capabilities["codeActionProvider"] as? [String: Any])
    XCTAssertEqual(actions["codeActionKinds"] as? [String], ["quickfix", "source.fixAll.testlint"])
    XCTAssertEqual((reply.result?["serverInfo"] as? [String: Any])?["name"] as? String, "testlint")
  }

  func test_requestBeforeInitialize_isServerNotInitialized() throws {
    var client = LSPClient()
    let reply = try client.request(
      "textDocument/codeAction", ["textDocument": ["uri": "file:///a.swift"]])
    XCTAssertEqual(reply.errorCode, -32002)
  }

  func test_shutdownThenExit_exitsWithZero() throws {
    var client = try LSPClient.initialized()
    let reply = try client.request("shutdown", nil)
    XCTAssertTrue(reply.message.keys.contains("result"), "shutdown answers with a null result")
    XCTAssertEqual(
      try client.request("textDocument/codeAction", [:]).errorCode, -32600, "refused after shutdown"
    )
    XCTAssertEqual(try client.notify("exit", nil).count, 0, "exit is not answered")
    XCTAssertEqual(client.server.exitCode, 0)
  }

  func test_exitWithoutShutdown_exitsWithOne() throws {
    var client = try LSPClient.initialized()
    _ = try client.notify("exit", nil)
    XCTAssertEqual(client.server.exitCode, 1)
  }

  // MARK: malformed input

  func test_badMessages_answerErrorsAndServerKeepsRunning() throws {
    var client = try LSPClient.initialized()
    let notJSON = try client.send(raw: Array("Content-Length: 9\r\n\r\n{\"id\": 1,".utf8))
    XCTAssertEqual(notJSON.map(\.errorCode), [-32700])
    XCTAssertTrue(notJSON.first?.message["id"] is NSNull, "the id of unreadable JSON is null")
    let badHeader = try client.send(raw: Array("Content-Length: many\r\n\r\n{}".utf8))
    XCTAssertEqual(badHeader.map(\.errorCode), [-32700])
    let noMethod = try client.send(["jsonrpc": "2.0", "id": 7])
    XCTAssertEqual(noMethod.map(\.errorCode), [-32600])
    XCTAssertEqual(noMethod.first?.message["id"] as? Int, 7)
    let notObject = try client.send(raw: LSPClient.frame(Array("[1, 2]".utf8)))
    XCTAssertEqual(notObject.map(\.errorCode), [-32600])
    let unknown = try client.request(
      "textDocument/hover", ["textDocument": ["uri": "file:///a.swift"]])
    XCTAssertEqual(unknown.errorCode, -32601)
    XCTAssertEqual(
      try client.notify("custom/somethingElse", ["x": 1]).count, 0,
      "unknown notifications are ignored")
    let alive = try client.request("shutdown", nil)
    XCTAssertNil(alive.errorCode, "the server still answers")
  }

  func test_badHeaderWithBody_nextMessageAnswered() throws {
    var client = try LSPClient.initialized()
    let garbage = Array(
      "Content-Length: -4\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"shutdown\"}".utf8)
    let next = LSPClient.frame(Array(#"{"jsonrpc":"2.0","id":10,"method":"shutdown"}"#.utf8))
    let replies = try client.send(raw: garbage + next)
    XCTAssertEqual(replies.map(\.errorCode), [-32700, nil])
    XCTAssertEqual(replies.last?.message["id"] as? Int, 10, "the message after the bad one is read")
  }

  func test_framesSplitAnywhere_areReassembled() throws {
    var client = LSPClient()
    let body = try JSONSerialization.data(
      withJSONObject: [
        "jsonrpc": "2.0", "id": "a", "method": "initialize", "params": ["capabilities": [:]],
      ])
    let bytes =
      Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8)
      + LSPClient.frame(Array(body))
    var replies: [LSPClient.Message] = []
    for byte in bytes { replies += try client.send(raw: [byte]) }
    XCTAssertEqual(replies.count, 1, "\(replies.map(\.message))")
    XCTAssertEqual(replies.first?.message["id"] as? String, "a", "a string id comes back as given")
  }

  // MARK: the recorded session

  /// open → incremental edit → save → code action → apply the fix → diagnostics gone.
  // testlint:disable:next indiscrete_test - a recorded session checks every step of one conversation
  func test_recordedSession_fixClearsDiagnostics() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/NameTests.swift", Self.badName)
    var client = try LSPClient.initialized(root: sandbox.root)
    let uri = DocumentURIForTests.uri(sandbox.path("Tests/NameTests.swift"))

    var published = try client.open(uri, Self.badName)
    XCTAssertEqual(published.map(\.rule), ["test_name_format", "generic_xctassert"])
    XCTAssertEqual(
      published.first?.range, LSPClient.Range(3, 7, 3, 15), "the range covers 'testLoad'")
    XCTAssertEqual(published.first?.severity, 2)
    XCTAssertEqual(
      published.first?.href,
      "https://github.com/testlint/testlint/blob/main/Rules/test_name_format.md")

    // Rename the test: an incremental edit replacing "testLoad" with "test_load_showsValue".
    published = try client.change(
      uri, version: 2, range: LSPClient.Range(3, 7, 3, 15), text: "test_load_showsValue")
    XCTAssertEqual(published.map(\.rule), ["generic_xctassert"])
    XCTAssertEqual(published.first?.range, LSPClient.Range(4, 4, 4, 13))

    published = try client.save(uri)
    XCTAssertEqual(published.map(\.rule), ["generic_xctassert"], "a save republishes")

    let actions = try client.codeActions(uri, line: 4)
    XCTAssertEqual(
      actions.map(\.title),
      [
        "Fix: use 'XCTAssertEqual' instead of 'XCTAssert' with '=='",
        "Disable generic_xctassert for this line",
      ])
    XCTAssertEqual(actions.first?.kind, "quickfix")
    published = try client.apply(try XCTUnwrap(actions.first), to: uri, version: 3)
    XCTAssertEqual(published.map(\.rule), [], "the fix removes the finding")
    XCTAssertTrue(
      client.texts[uri]?.contains("XCTAssertEqual(value, 2)") == true, client.texts[uri] ?? "")

    XCTAssertNil(try client.request("shutdown", nil).errorCode)
    _ = try client.notify("exit", nil)
    XCTAssertEqual(client.server.exitCode, 0)
  }

  func test_disableLineAction_suppressesFinding() throws {
    var client = try LSPClient.initialized()
    let uri = "untitled:Untitled-1"
    let text = Self.badName.replacingOccurrences(
      of: "XCTAssert(value == 2)", with: "XCTAssertEqual(value, 2)")
    XCTAssertEqual(try client.open(uri, text).map(\.rule), ["test_name_format"])
    let actions = try client.codeActions(uri, line: 3)
    let disable = try XCTUnwrap(
      actions.first { $0.title == "Disable test_name_format for this line" })
    let published = try client.apply(disable, to: uri, version: 2)
    XCTAssertEqual(published.map(\.rule), [])
    XCTAssertTrue(
      client.texts[uri]?.contains(
        "\n  // testlint:disable:next test_name_format\n  func testLoad()") == true,
      "the comment goes above the line with its indentation: \(client.texts[uri] ?? "")")
  }

  func test_disableOnLineAfterDisableComment_extendsIt() throws {
    var client = try LSPClient.initialized()
    let uri = "untitled:Untitled-2"
    let text = Self.badName.replacingOccurrences(
      of: "  func testLoad() {",
      with: "  // testlint:disable:next missing_assertion\n  func testLoad() {")
    _ = try client.open(uri, text)
    let disable = try XCTUnwrap(
      try client.codeActions(uri, line: 4).first { $0.title.hasPrefix("Disable") })
    XCTAssertEqual(
      try client.apply(disable, to: uri, version: 2).map(\.rule), ["generic_xctassert"])
    XCTAssertTrue(
      client.texts[uri]?.contains("// testlint:disable:next missing_assertion test_name_format\n")
        == true,
      client.texts[uri] ?? "")
  }

  func test_fixAllAction_appliesEverySafeFix() throws {
    var client = try LSPClient.initialized()
    let uri = "untitled:Untitled-3"
    let text = Self.badName.replacingOccurrences(
      of: "XCTAssert(value == 2)", with: "XCTAssert(value == 2)\n    XCTAssert(other == nil)")
    _ = try client.open(uri, text)
    let actions = try client.codeActions(uri, line: 0, only: ["source.fixAll"])
    XCTAssertEqual(actions.map(\.kind), ["source.fixAll.testlint"])
    let published = try client.apply(try XCTUnwrap(actions.first), to: uri, version: 2)
    XCTAssertEqual(published.map(\.rule), ["test_name_format"])
    XCTAssertTrue(
      client.texts[uri]?.contains("XCTAssertNil(other)") == true, client.texts[uri] ?? "")
  }

  func test_didClose_publishesNoDiagnostics() throws {
    var client = try LSPClient.initialized()
    _ = try client.open("untitled:a", Self.badName)
    let replies = try client.notify(
      "textDocument/didClose", ["textDocument": ["uri": "untitled:a"]])
    XCTAssertEqual(replies.map(\.diagnostics?.count), [0])
  }

  // MARK: positions

  func test_utf16Positions_countSurrogatePairsTwice() throws {
    var client = try LSPClient.initialized()
    let uri = "untitled:emoji"
    let text =
      "import XCTest\nfinal class ETests: XCTestCase {\n  func test_a_b() { /*😀é*/ XCTAssert(a == b) }\n}\n"
    let published = try client.open(uri, text)
    // "  func test_a_b() { /*" is 22 units, 😀 two more, é one, "*/ " three: 28.
    XCTAssertEqual(published.map(\.range), [LSPClient.Range(2, 28, 2, 37)])
    // An incremental edit after the emoji lands where UTF-16 says.
    let after = try client.change(
      uri, version: 2, range: LSPClient.Range(2, 38, 2, 44), text: "x != y")
    XCTAssertEqual(after.map(\.range), [LSPClient.Range(2, 28, 2, 37)])
    XCTAssertTrue(client.texts[uri]?.contains("XCTAssert(x != y)") == true, client.texts[uri] ?? "")
  }

  func test_clientOffersUtf8_negotiatesUtf8() throws {
    var client = LSPClient()
    let reply = try client.request(
      "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]])
    XCTAssertEqual(
      (reply.result?["capabilities"] as? [String: Any])?["positionEncoding"] as? String, "utf-8")
    _ = try client.notify("initialized", [:])
    let text =
      "import XCTest\nfinal class ETests: XCTestCase {\n  func test_a_b() { /*😀é*/ XCTAssert(a == b) }\n}\n"
    let published = try client.open("untitled:utf8", text)
    // 22 bytes, 😀 four, é two, "*/ " three: 31.
    XCTAssertEqual(published.map(\.range), [LSPClient.Range(2, 31, 2, 40)])
  }

  func test_textDocumentOffsets_roundTripInEveryEncoding() {
    let document = TextDocument(uri: "untitled:x", text: "a😀b\r\nçd\re")
    let expected: [(PositionEncoding, Int)] = [(.utf8, 5), (.utf16, 3), (.utf32, 2)]
    for (encoding, character) in expected {
      let position = TextPosition(line: 0, character: character)
      XCTAssertEqual(document.offset(of: position, encoding: encoding), 5, "\(encoding) before 'b'")
      XCTAssertEqual(document.position(of: 5, encoding: encoding), position, "\(encoding)")
    }
    XCTAssertEqual(
      document.offset(of: TextPosition(line: 2, character: 0), encoding: .utf16), 12,
      "after a bare CR")
    XCTAssertEqual(
      document.offset(of: TextPosition(line: 1, character: 99), encoding: .utf16), 11, "line end")
  }

  // MARK: the files around and the configuration

  func test_baseClassChangedOnDisk_republishesOpenDocument() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Support/Base.swift", "import Foundation\nclass BaseTestCase: NSObject {}\n")
    let text = "final class FooTests: BaseTestCase {\n  func test_a_b() {}\n}\n"
    try sandbox.write("Tests/FooTests.swift", text)
    var client = try LSPClient.initialized(root: sandbox.root)
    let uri = DocumentURIForTests.uri(sandbox.path("Tests/FooTests.swift"))
    XCTAssertEqual(try client.open(uri, text).map(\.rule), [], "not a test case yet")

    try sandbox.write("Support/Base.swift", "import XCTest\nclass BaseTestCase: XCTestCase {}\n")
    let replies = try client.notify(
      "workspace/didChangeWatchedFiles",
      [
        "changes": [
          ["uri": DocumentURIForTests.uri(sandbox.path("Support/Base.swift")), "type": 2]
        ]
      ])
    XCTAssertEqual(replies.compactMap(\.findings).map { $0.map(\.rule) }, [["missing_assertion"]])
  }

  func test_baseClassSavedInEditor_republishesOtherDocument() throws {
    let sandbox = try Sandbox(self)
    let base = "import Foundation\nclass BaseTestCase: NSObject {}\n"
    try sandbox.write("Support/Base.swift", base)
    let text = "final class FooTests: BaseTestCase {\n  func test_a_b() {}\n}\n"
    try sandbox.write("Tests/FooTests.swift", text)
    var client = try LSPClient.initialized(root: sandbox.root)
    let fooURI = DocumentURIForTests.uri(sandbox.path("Tests/FooTests.swift"))
    let baseURI = DocumentURIForTests.uri(sandbox.path("Support/Base.swift"))
    XCTAssertEqual(try client.open(fooURI, text).map(\.rule), [])
    _ = try client.open(baseURI, base)

    // Typing does not change what the other files see; saving does.
    let typed = try client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": baseURI, "version": 2],
        "contentChanges": [["range": LSPClient.Range(1, 20, 1, 28).json, "text": "XCTestCase"]],
      ])
    XCTAssertNil(typed.first { $0.uri == fooURI }, "FooTests is not linted again before the save")
    let saved = try client.notify("textDocument/didSave", ["textDocument": ["uri": baseURI]])
    XCTAssertEqual(try LSPClient.published(saved, uri: fooURI).map(\.rule), ["missing_assertion"])
  }

  func test_lintYmlSaved_reloadsConfiguration() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "test_name_format: off\n")
    try sandbox.write("Tests/NameTests.swift", Self.badName)
    var client = try LSPClient.initialized(root: sandbox.root)
    let uri = DocumentURIForTests.uri(sandbox.path("Tests/NameTests.swift"))
    XCTAssertEqual(try client.open(uri, Self.badName).map(\.rule), ["generic_xctassert"])

    try sandbox.write(".lint.yml", "generic_xctassert: off\n")
    let replies = try client.notify(
      "textDocument/didSave",
      ["textDocument": ["uri": DocumentURIForTests.uri(sandbox.path(".lint.yml"))]])
    XCTAssertEqual(replies.compactMap(\.findings).map { $0.map(\.rule) }, [["test_name_format"]])
  }

  func test_brokenLintYml_publishesItsProblems() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "version: 1\nexcludd: []\n")
    var client = try LSPClient.initialized(root: sandbox.root)
    let replies = try client.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": DocumentURIForTests.uri(sandbox.path("ATests.swift")), "languageId": "swift",
          "version": 1,
          "text": Self.badName,
        ]
      ])
    let configuration = try XCTUnwrap(replies.first { $0.uri?.hasSuffix("/.lint.yml") == true })
    XCTAssertEqual(configuration.findings?.map(\.range), [LSPClient.Range(1, 0, 1, 1)])
    XCTAssertTrue(
      configuration.findings?.first?.message.contains("did you mean 'excluded'") == true)
  }

  func test_sameBuffer_findingsMatchStdinPath() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "test_base_classes: [BaseCase]\nmissing_assertion:\n  severity: error\n")
    try sandbox.write("Support/Helpers.swift", "import XCTest\nfunc checkAll() { XCTFail() }\n")
    let text = """
      final class ATests: BaseCase {
        func testOne() { checkAll() }
        func test_two_passes() {}
        func test_three_checks() { XCTAssert(a == b); XCTAssert(!c) }
      }

      """
    try sandbox.write("Tests/ATests.swift", text)
    var stdout = ""
    var stderr = ""
    _ = TestLintCLI.run(
      ["--stdin-path", "Tests/ATests.swift", "--reporter", "json"], workingDirectory: sandbox.root,
      standardInput: { Array(text.utf8) }, stdout: &stdout, stderr: &stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any], stdout)
    let expected = try XCTUnwrap(json["findings"] as? [[String: Any]]).map {
      "\($0["rule"] ?? "") \($0["line"] ?? 0):\($0["column"] ?? 0) \($0["severity"] ?? "")"
    }
    var client = try LSPClient.initialized(root: sandbox.root)
    let published = try client.open(
      DocumentURIForTests.uri(sandbox.path("Tests/ATests.swift")), text)
    let actual = published.map {
      "\($0.rule ?? "") \(($0.range?.startLine ?? -1) + 1):\(($0.range?.startCharacter ?? -1) + 1) "
        + ($0.severity == 1 ? "error" : "warning")
    }
    XCTAssertEqual(actual, expected)
    XCTAssertEqual(expected.count, 4, "\(expected)")
  }

  func test_excludedDocument_hasNoDiagnostics() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(".lint.yml", "excluded: [\"Generated/**\"]\n")
    var client = try LSPClient.initialized(root: sandbox.root)
    let uri = DocumentURIForTests.uri(sandbox.path("Generated/A Tests.swift"))
    XCTAssertTrue(uri.contains("A%20Tests"), uri)
    XCTAssertEqual(try client.open(uri, Self.badName).map(\.rule), [])
  }

  // MARK: the command

  func test_lspCommandInProcess_answersStandardInput() throws {
    let input =
      LSPClient.frame(
        Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
      + LSPClient.frame(Array(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#.utf8))
      + LSPClient.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8))
    var stdout = ""
    var stderr = ""
    let code = TestLintCLI.run(["lsp"], standardInput: { input }, stdout: &stdout, stderr: &stderr)
    XCTAssertEqual(code, .success)
    let replies = try LSPClient.parse(Array(stdout.utf8))
    XCTAssertEqual(replies.map { $0.message["id"] as? Int }, [1, 2])
  }

  func test_lspCommandWithPath_isUsageError() {
    var stdout = ""
    var stderr = ""
    let code = TestLintCLI.run(["lsp", "Tests"], stdout: &stdout, stderr: &stderr)
    XCTAssertEqual(code, .failure)
    XCTAssertTrue(stderr.contains("'lsp' takes no paths"), stderr)
  }
}

/// File URIs as an editor writes them (percent-encoded), independent of the server's code.
enum DocumentURIForTests {
  static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }
}

/// A test's side of the protocol: frames requests, parses every reply, keeps the documents'
/// texts and applies workspace edits to them in UTF-16 code units (as VS Code does).
struct LSPClient {
  /// A zero-based LSP range.
  struct Range: Equatable, CustomStringConvertible {
    var startLine, startCharacter, endLine, endCharacter: Int
    init(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) {
      (self.startLine, self.startCharacter, self.endLine, self.endCharacter) =
        (startLine, startCharacter, endLine, endCharacter)
    }
    init?(_ json: Any?) {
      guard let json = json as? [String: Any], let start = json["start"] as? [String: Any],
        let end = json["end"] as? [String: Any], let startLine = start["line"] as? Int,
        let startCharacter = start["character"] as? Int, let endLine = end["line"] as? Int,
        let endCharacter = end["character"] as? Int
      else { return nil }
      self.init(startLine, startCharacter, endLine, endCharacter)
    }
    var json: [String: Any] {
      [
        "start": ["line": startLine, "character": startCharacter],
        "end": ["line": endLine, "character": endCharacter],
      ]
    }
    var description: String { "\(startLine):\(startCharacter)-\(endLine):\(endCharacter)" }
  }

  /// One published diagnostic.
  struct Diagnostic {
    var rule: String?
    var range: Range?
    var severity: Int?
    var href: String?
    var message: String
  }

  /// One code action.
  struct Action {
    var title: String
    var kind: String?
    var edits: [String: [(range: Range, text: String)]]
  }

  /// One message from the server.
  struct Message {
    var message: [String: Any]
    var errorCode: Int? { (message["error"] as? [String: Any])?["code"] as? Int }
    var result: [String: Any]? { message["result"] as? [String: Any] }
    var uri: String? { (message["params"] as? [String: Any])?["uri"] as? String }
    var diagnostics: [[String: Any]]? {
      guard message["method"] as? String == "textDocument/publishDiagnostics" else { return nil }
      return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }
    var findings: [Diagnostic]? {
      diagnostics?.map {
        Diagnostic(
          rule: $0["code"] as? String, range: Range($0["range"]), severity: $0["severity"] as? Int,
          href: ($0["codeDescription"] as? [String: Any])?["href"] as? String,
          message: $0["message"] as? String ?? "")
      }
    }
  }

  var server = LanguageServer(threads: 1)
  var nextID = 1
  var texts: [String: String] = [:]
  var versions: [String: Int] = [:]

  /// A client past `initialize` and `initialized`.
  static func initialized(root: String? = nil) throws -> LSPClient {
    var client = LSPClient()
    var params: [String: Any] = ["capabilities": [:]]
    if let root { params["rootUri"] = DocumentURIForTests.uri(root) }
    let reply = try client.request("initialize", params)
    guard reply.errorCode == nil else { throw LSPTestError("initialize failed: \(reply.message)") }
    _ = try client.notify("initialized", [:])
    return client
  }

  static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }

  /// Splits framed output, checking each header is exactly `Content-Length: N` and the body JSON.
  static func parse(_ bytes: [UInt8]) throws -> [Message] {
    var messages: [Message] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) else {
        throw LSPTestError("no header end")
      }
      let header = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
      guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
        throw LSPTestError("bad header '\(header)'")
      }
      let body = rest[end.upperBound...].prefix(length)
      guard body.count == length else { throw LSPTestError("short body") }
      guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
        throw LSPTestError("body is not an object")
      }
      messages.append(Message(message: object))
      rest = rest[(end.upperBound + length)...]
    }
    return messages
  }

  mutating func send(raw bytes: [UInt8]) throws -> [Message] {
    try server.receive(bytes).flatMap { try Self.parse($0) }
  }

  mutating func send(_ message: [String: Any]) throws -> [Message] {
    try send(raw: Self.frame(Array(try JSONSerialization.data(withJSONObject: message))))
  }

  /// Sends a request; returns its response (other messages, such as diagnostics, are dropped).
  mutating func request(_ method: String, _ params: Any?) throws -> Message {
    let id = nextID
    nextID += 1
    var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
    if let params { message["params"] = params }
    let replies = try send(message)
    guard let reply = replies.first(where: { $0.message["id"] as? Int == id }) else {
      throw LSPTestError("no response to \(method): \(replies.map(\.message))")
    }
    return reply
  }

  mutating func notify(_ method: String, _ params: Any?) throws -> [Message] {
    var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
    if let params { message["params"] = params }
    return try send(message)
  }

  /// The diagnostics published for `uri` among replies (nil when none were).
  static func published(_ replies: [Message], uri: String) throws -> [Diagnostic] {
    guard let last = replies.last(where: { $0.uri == uri && $0.diagnostics != nil }) else {
      throw LSPTestError("no diagnostics for \(uri) in \(replies.map(\.message))")
    }
    return last.findings ?? []
  }

  mutating func open(_ uri: String, _ text: String) throws -> [Diagnostic] {
    texts[uri] = text
    versions[uri] = 1
    let replies = try notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
    return try Self.published(replies, uri: uri)
  }

  mutating func change(_ uri: String, version: Int, range: Range, text: String) throws
    -> [Diagnostic]
  {
    try change(uri, version: version, edits: [(range, text)])
  }

  mutating func change(_ uri: String, version: Int, edits: [(range: Range, text: String)]) throws
    -> [Diagnostic]
  {
    var current = texts[uri] ?? ""
    // Applied last first, so earlier ranges stay valid (as a client sends them: one at a time).
    let sorted = edits.sorted {
      ($0.range.startLine, $0.range.startCharacter) > ($1.range.startLine, $1.range.startCharacter)
    }
    for edit in sorted { current = Self.apply(edit.range, edit.text, to: current) }
    texts[uri] = current
    let changes = sorted.map { ["range": $0.range.json, "text": $0.text] as [String: Any] }
    let replies = try notify(
      "textDocument/didChange",
      ["textDocument": ["uri": uri, "version": version], "contentChanges": changes])
    return try Self.published(replies, uri: uri)
  }

  mutating func save(_ uri: String) throws -> [Diagnostic] {
    try Self.published(try notify("textDocument/didSave", ["textDocument": ["uri": uri]]), uri: uri)
  }

  mutating func codeActions(_ uri: String, line: Int, only: [String]? = nil) throws -> [Action] {
    var context: [String: Any] = ["diagnostics": []]
    if let only { context["only"] = only }
    let reply = try request(
      "textDocument/codeAction",
      ["textDocument": ["uri": uri], "range": Range(line, 0, line, 0).json, "context": context])
    guard let actions = reply.message["result"] as? [[String: Any]] else {
      throw LSPTestError("no actions: \(reply.message)")
    }
    return actions.map { action in
      let changes =
        (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
      return Action(
        title: action["title"] as? String ?? "", kind: action["kind"] as? String,
        edits: changes.mapValues { edits in
          edits.compactMap { edit in
            Range(edit["range"]).map { ($0, edit["newText"] as? String ?? "") }
          }
        })
    }
  }

  /// Applies an action's edit to `uri` as the editor would: a `didChange` with its edits.
  mutating func apply(_ action: Action, to uri: String, version: Int) throws -> [Diagnostic] {
    try change(uri, version: version, edits: action.edits[uri] ?? [])
  }

  /// Replaces a range given in UTF-16 code units.
  static func apply(_ range: Range, _ replacement: String, to text: String) -> String {
    let string = text as NSString
    func offset(_ line: Int, _ character: Int) -> Int {
      var location = 0
      for _ in 0..<line {
        let next = string.range(
          of: "\n", range: NSRange(location: location, length: string.length - location))
        guard next.location != NSNotFound else { return string.length }
        location = next.location + 1
      }
      return min(location + character, string.length)
    }
    let start = offset(range.startLine, range.startCharacter)
    let end = offset(range.endLine, range.endCharacter)
    return string.replacingCharacters(
      in: NSRange(location: start, length: end - start), with: replacement)
  }
}

struct LSPTestError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
