import Foundation
import XCTest

/// Runs the built `testlint lsp` as an editor does: a subprocess spoken to over pipes, one
/// message at a time. Standard output must hold nothing but framed protocol messages.
final class LanguageServerProcessTests: XCTestCase {
  static let source = """
    import XCTest

    final class NameTests: XCTestCase {
      func testLoad() {
        XCTAssert(value == 2)
      }
    }

    """

  // testlint:disable:next indiscrete_test - a recorded session checks every step of one conversation
  func test_sessionOverPipes_speaksOnlyProtocol() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "testlint-lsp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("NameTests.swift")
    try Data(Self.source.utf8).write(to: file)
    let uri = file.absoluteString

    let server = try ServerProcess(binary: try builtTestlint())
    defer { server.terminate() }

    server.send([
      "jsonrpc": "2.0", "id": 1, "method": "initialize",
      "params": ["rootUri": folder.absoluteString, "capabilities": [:]],
    ])
    let initialize = try server.waitForMessage { $0["id"] as? Int == 1 }
    XCTAssertNotNil((initialize["result"] as? [String: Any])?["capabilities"], "\(initialize)")
    server.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])

    server.send([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": Self.source]
      ],
    ])
    XCTAssertEqual(try server.waitForDiagnostics(uri), ["test_name_format", "generic_xctassert"])

    // Incremental edit: rename the test.
    server.send([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": uri, "version": 2],
        "contentChanges": [["range": Self.range(3, 7, 3, 15), "text": "test_load_showsValue"]],
      ],
    ])
    XCTAssertEqual(try server.waitForDiagnostics(uri), ["generic_xctassert"])
    server.send([
      "jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]],
    ])
    XCTAssertEqual(try server.waitForDiagnostics(uri), ["generic_xctassert"])

    server.send([
      "jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
      "params": [
        "textDocument": ["uri": uri], "range": Self.range(4, 0, 4, 0),
        "context": ["diagnostics": []],
      ],
    ])
    let actions = try XCTUnwrap(
      try server.waitForMessage { $0["id"] as? Int == 2 }["result"] as? [[String: Any]])
    let fix = try XCTUnwrap(actions.first { $0["isPreferred"] as? Bool == true })
    let edits = try XCTUnwrap(
      ((fix["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
    server.send([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": uri, "version": 3],
        "contentChanges": edits.reversed().map {
          ["range": $0["range"] ?? [:], "text": $0["newText"] ?? ""]
        },
      ],
    ])
    XCTAssertEqual(try server.waitForDiagnostics(uri), [], "the fix removes the finding")

    // A bad header and a body that is not JSON: error responses, and the server answers after.
    server.write(Array("Content-Length: lots\r\n\r\n".utf8))
    server.write(Array("Content-Length: 3\r\n\r\n{x}".utf8))
    let errors = try server.waitForMessages(count: 2) { $0["error"] != nil }
    XCTAssertEqual(
      errors.compactMap { ($0["error"] as? [String: Any])?["code"] as? Int }, [-32700, -32700])
    server.send(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
    XCTAssertTrue(
      try server.waitForMessage { $0["id"] as? Int == 3 }.keys.contains("result"),
      "shutdown answered")
    server.send(["jsonrpc": "2.0", "method": "exit"])

    XCTAssertEqual(try server.waitForExit(), 0)
    let stdout = server.output()
    XCTAssertNoThrow(try ServerProcess.frames(stdout), "standard output holds only framed messages")
    XCTAssertTrue(
      String(decoding: server.errorOutput(), as: UTF8.self).contains("bad message header"),
      "problems are logged on standard error")
  }

  func test_endOfInputWithoutExit_exitsWithOne() throws {
    let server = try ServerProcess(binary: try builtTestlint())
    defer { server.terminate() }
    server.send([
      "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]],
    ])
    _ = try server.waitForMessage { $0["id"] as? Int == 1 }
    server.closeInput()
    XCTAssertEqual(try server.waitForExit(), 1)
  }

  static func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int)
    -> [String: Any]
  {
    [
      "start": ["line": startLine, "character": startCharacter],
      "end": ["line": endLine, "character": endCharacter],
    ]
  }
}

/// `testlint lsp` as a child process, its standard output and error collected as they arrive.
final class ServerProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let outputPipe = Pipe()
  private let errorPipe = Pipe()
  private let lock = NSLock()
  private var stdout: [UInt8] = []
  private var stderr: [UInt8] = []
  /// How many messages of standard output the waits have already consumed.
  private var consumed = 0

  init(binary: URL) throws {
    process.executableURL = binary
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    try process.run()
    for (pipe, isOutput) in [(outputPipe, true), (errorPipe, false)] {
      let handle = pipe.fileHandleForReading
      Thread.detachNewThread { [self] in
        while true {
          let data = handle.availableData
          if data.isEmpty { break }
          lock.withLock {
            if isOutput { stdout += data } else { stderr += data }
          }
        }
      }
    }
  }

  func write(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes)) }

  func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
    write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
  }

  func closeInput() { try? input.fileHandleForWriting.close() }

  func output() -> [UInt8] { lock.withLock { stdout } }

  func errorOutput() -> [UInt8] { lock.withLock { stderr } }

  func terminate() {
    if process.isRunning { process.terminate() }
  }

  /// Waits for the next message after those already seen that matches.
  func waitForMessage(timeout: TimeInterval = 20, _ matches: ([String: Any]) -> Bool) throws
    -> [String: Any]
  {
    try waitForMessages(count: 1, timeout: timeout, matches)[0]
  }

  /// Waits until `count` new messages match; consumes everything up to the last of them.
  func waitForMessages(count: Int, timeout: TimeInterval = 20, _ matches: ([String: Any]) -> Bool)
    throws -> [[String: Any]]
  {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let messages = try Self.frames(output(), allowPartialTail: true)
      var found: [[String: Any]] = []
      for (index, message) in messages.enumerated().dropFirst(consumed) where matches(message) {
        found.append(message)
        if found.count == count {
          consumed = index + 1
          return found
        }
      }
      Thread.sleep(forTimeInterval: 0.005)
    }
    throw LSPProcessError("timed out; stdout: \(String(decoding: output(), as: UTF8.self))")
  }

  /// The rule ids of the next `publishDiagnostics` for `uri`.
  func waitForDiagnostics(_ uri: String) throws -> [String] {
    let message = try waitForMessage {
      $0["method"] as? String == "textDocument/publishDiagnostics"
        && ($0["params"] as? [String: Any])?["uri"] as? String == uri
    }
    let diagnostics =
      (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    return diagnostics.compactMap { $0["code"] as? String }
  }

  func waitForExit(timeout: TimeInterval = 20) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    guard !process.isRunning else { throw LSPProcessError("the server did not exit") }
    return process.terminationStatus
  }

  /// Parses framed messages strictly: each header exactly `Content-Length: N`, each body a JSON
  /// object, nothing between them.
  static func frames(_ bytes: [UInt8], allowPartialTail: Bool = false) throws -> [[String: Any]] {
    var messages: [[String: Any]] = []
    var rest = bytes[...]
    while !rest.isEmpty {
      guard let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) else {
        if allowPartialTail { break }
        throw LSPProcessError("bytes outside a frame: \(String(decoding: rest, as: UTF8.self))")
      }
      let header = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
      guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
        throw LSPProcessError("not a header: '\(header)'")
      }
      let body = rest[end.upperBound...].prefix(length)
      guard body.count == length else {
        if allowPartialTail { break }
        throw LSPProcessError("short body")
      }
      guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
        throw LSPProcessError("body is not a JSON object")
      }
      messages.append(object)
      rest = rest[(end.upperBound + length)...]
    }
    return messages
  }
}

struct LSPProcessError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
