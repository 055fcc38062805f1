import Foundation
import XCTest

@testable import TestLintCore

/// With timing traced (`TESTLINT_LSP_TRACE_TIMING=1`), the server says which of its messages
/// publish a saved document's diagnostics, so `testlint lsp` can write the time each took once
/// its last byte is out. What is checked is which message and how many diagnostics, never a
/// duration.
final class LanguageServerTimingTests: XCTestCase {
  static let text = """
    import XCTest

    final class CartTests: XCTestCase {
      func testLoads() { sut.load() }
      func test_total_isSummed() { XCTAssert(total == 3) }
    }

    """

  func test_savedWithTimingTraced_marksItsPublish() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/CartTests.swift", Self.text)
    let uri = DocumentURIForTests.uri(sandbox.path("Tests/CartTests.swift"))
    var client = try LSPClient.initialized(root: sandbox.root)
    client.server.tracesTiming = true
    let opened = try client.open(uri, Self.text)
    XCTAssertEqual(client.server.publishTimings, [], "an open is no save")
    // A save and a request in one read: the request's answer comes after the publish.
    let save = LSPClient.frame(
      Array(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri)"}}}"#.utf8))
    let request = LSPClient.frame(Array(#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#.utf8))
    let frames = client.server.receive(save + request)
    let timings = client.server.publishTimings
    XCTAssertEqual(timings.map(\.message), [0])
    XCTAssertEqual(timings.map(\.uri), [uri])
    XCTAssertEqual(timings.map(\.diagnostics), [opened.count])
    XCTAssertEqual(opened.count, 3, "\(opened.map(\.message))")
    let published = try LSPClient.parse(frames[0])
    XCTAssertEqual(published.first?.uri, uri)
    XCTAssertEqual(published.first?.findings?.count, opened.count)
    XCTAssertEqual(try LSPClient.parse(frames[1]).first?.message["id"] as? Int, 99)
  }

  func test_savedWithoutTimingTraced_marksNothing() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Tests/CartTests.swift", Self.text)
    let uri = DocumentURIForTests.uri(sandbox.path("Tests/CartTests.swift"))
    var client = try LSPClient.initialized(root: sandbox.root)
    _ = try client.open(uri, Self.text)
    _ = try client.save(uri)
    XCTAssertEqual(client.server.publishTimings, [])
  }

  func test_timingLine_namesEveryFigure() {
    let timing = PublishTiming(
      message: 0, uri: "file:///a.swift", diagnostics: 1000, indexNanoseconds: 1_500,
      lintNanoseconds: 0, serializeNanoseconds: 812_000)
    XCTAssertEqual(
      timing.line(total: 2_345_678, bytes: 320_000),
      "testlint lsp: timing: didSave to publishDiagnostics total_us=2345 index_us=1 lint_us=0"
        + " serialize_us=812 diagnostics=1000 bytes=320000 uri=file:///a.swift")
  }

  func test_manyDiagnosticsWritten_equalValueBuiltOnes() {
    // Rules repeated and interleaved, a message repeated, then changed, a problem without a
    // rule, text to escape, ranges over multi-byte text, one over a line break, one at the end.
    let text = "let a = \"é😀\" // x\r\nlet b = 1\nlet c = \"\\\"\"\n"
    let document = TextDocument(uri: "file:///a.swift", text: text)
    let count = document.bytes.count
    let findings = [
      LocatedFinding(ruleID: "generic_xctassert", severity: .warning, range: 0..<3, message: "use 'XCTAssertEqual'", fix: nil),
      LocatedFinding(ruleID: "generic_xctassert", severity: .warning, range: 9..<16, message: "use 'XCTAssertEqual'", fix: nil),
      LocatedFinding(ruleID: "missing_assertion", severity: .error, range: 12..<26, message: "test 'a' \"quoted\"\u{2028}", fix: nil),
      LocatedFinding(ruleID: "generic_xctassert", severity: .warning, range: 26..<27, message: "use 'XCTAssertEqual'", fix: nil),
      LocatedFinding(ruleID: "missing_assertion", severity: .error, range: 16..<23, message: "up to the next line", fix: nil),
      LocatedFinding(ruleID: nil, severity: .error, range: 30..<30, message: "unterminated\tstring", fix: nil),
      LocatedFinding(ruleID: "generic_xctassert", severity: .warning, range: count..<count + 2, message: "other", fix: nil),
    ]
    for encoding in PositionEncoding.allCases {
      let streamed = LSPDiagnostics.publishBody(uri: document.uri, version: 3) { output in
        LSPDiagnostics.write(findings, in: document, encoding: encoding, to: &output)
      }
      let built = LSPDiagnostics.publishBody(uri: document.uri, version: 3) { output in
        for finding in findings {
          LSPDiagnostics.diagnostic(finding, in: document, encoding: encoding).write(into: &output)
        }
      }
      XCTAssertEqual(String(decoding: streamed, as: UTF8.self), String(decoding: built, as: UTF8.self), "\(encoding)")
    }
  }
}
