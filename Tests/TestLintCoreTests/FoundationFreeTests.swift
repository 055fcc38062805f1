import Foundation
import XCTest

@testable import TestLintCore

/// What replaced full Foundation in the library (the Linux build links only
/// `FoundationEssentials`): each is checked against the Foundation call it stands for.
final class FoundationFreeTests: XCTestCase {
  static let jsonTexts = [
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":null,"capabilities":{}}}"#,
    #"[1, -2, 3.5, -0.25, 1e3, 2E-2, 0, 9223372036854775807, true, false, null]"#,
    #"  "a \"quoted\" \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 é 😀"  "#,
    #"{"a": [[], {}, [{"b": [1, {"c": "d"}]}]], "e": ""}"#,
    "\u{FEFF}{\"bom\": 1}",
    #"{"same": 1, "same": 2}"#,
    "42",
    "-7",
  ]

  static let notJSON = [
    "", " ", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", ".5", "-", "+1", "1e", "tru",
    "nul", "\"open", "\"tab\there\"", "\"\\x\"", "\"\\ud83d\"", "\"\\ude00\"", "[1] 2", "{1: 2}",
    "'single'", "NaN", "1e999", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
  ]

  func test_jsonParse_matchesJSONSerialization() throws {
    for text in Self.jsonTexts {
      let ours = try JSONValue.parse(Array(text.utf8))
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      XCTAssertEqual(normalized(ours), normalized(foundation: object), text)
    }
  }

  func test_jsonParse_rejectsWhatIsNotJSON() {
    for text in Self.notJSON {
      XCTAssertThrowsError(try JSONValue.parse(Array(text.utf8)), text)
    }
    XCTAssertThrowsError(try JSONValue.parse([0x22, 0xFF, 0x22]), "bytes that are not UTF-8")
  }

  func test_jsonParse_keepsDeepNestingWithinLimit() throws {
    let depth = 500
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var value = try JSONValue.parse(Array(text.utf8))
    var levels = 1
    while case .array(let items) = value, let first = items.first {
      value = first
      levels += 1
    }
    XCTAssertEqual(levels, depth)
  }

  func test_textSearch_matchesFoundation() {
    let texts = ["https://example.com", "a://b://c", "LoginTests_Errors_More", "no match", "", "é://x",
                 "`name`", "##[group]x##[", "Tests/Unit/A.swift", "a/\u{301}b"]
    let needles = ["://", "Tests_", "_", "`", "##[", "/", "x"]
    for text in texts {
      for needle in needles {
        XCTAssertEqual(
          text.range(ofText: needle).map { text.distance(from: text.startIndex, to: $0.lowerBound) },
          text.range(of: needle).map { text.distance(from: text.startIndex, to: $0.lowerBound) },
          "\(text) \(needle)")
        XCTAssertEqual(
          text.range(ofText: needle, backwards: true).map { text.distance(from: text.startIndex, to: $0.lowerBound) },
          text.range(of: needle, options: .backwards).map { text.distance(from: text.startIndex, to: $0.lowerBound) },
          "\(text) \(needle) backwards")
        XCTAssertEqual(
          text.replacing(text: needle, with: "."), text.replacingOccurrences(of: needle, with: "."),
          "\(text) \(needle)")
      }
    }
  }

  func test_trimming_matchesFoundation() {
    let texts = ["  a b  ", "\t\n x \r\n", "\u{00A0}\u{2003}y\u{3000}", "\u{2028}z\u{85}", "", "   ", "\n",
                 " \u{301}e "]
    for text in texts {
      XCTAssertEqual(text.trimmingWhiteSpace(newlines: false), text.trimmingCharacters(in: .whitespaces), text)
      XCTAssertEqual(
        text.trimmingWhiteSpace(newlines: true), text.trimmingCharacters(in: .whitespacesAndNewlines), text)
    }
  }

  func test_subprocess_collectsOutputAndStatus() throws {
    let run = try XCTUnwrap(Subprocess.run(["sh", "-c", "printf 'out'; printf 'err' >&2; exit 3"]))
    XCTAssertEqual(String(decoding: run.output, as: UTF8.self), "out")
    XCTAssertEqual(run.status, 3)
  }

  func test_subprocessAfterAStaleInterruption_endsAtItsOutputsEnd() throws {
    // `errno` still says EINTR from an earlier call when the output ends (`read` returns 0 and
    // sets no `errno`): the end is the end, not an interrupted read to retry forever. Run on
    // another thread, so that a regression fails here instead of hanging the suite.
    let finished = expectation(description: "the subprocess's output ended")
    let result = Locked<(output: [UInt8], status: Int32)?>(nil)
    Thread.detachNewThread {
      errno = EINTR
      let run = Subprocess.run(["sh", "-c", "printf 'out'"])
      result.withLock { $0 = run }
      finished.fulfill()
    }
    wait(for: [finished], timeout: 60)
    let run = try XCTUnwrap(result.withLock { $0 })
    XCTAssertEqual(String(decoding: run.output, as: UTF8.self), "out")
    XCTAssertEqual(run.status, 0)
  }

  func test_reportFile_createsFoldersAndReplaces() throws {
    let folder = NSTemporaryDirectory() + "testlint-report-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/a/b/report.txt"
    XCTAssertNil(ReportFile.replace(path, with: Array("one".utf8), createFolder: true))
    XCTAssertNil(ReportFile.replace(path, with: Array("two".utf8), createFolder: false))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "two")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/a/b"), ["report.txt"])
    XCTAssertEqual(
      ReportFile.replace(path + "/below", with: [], createFolder: true), "not a directory")
  }

  /// A comparable rendering: objects as sorted members, numbers as written by `JSONValue`.
  private func normalized(_ value: JSONValue) -> String {
    switch value {
    case .object(let members):
      return "{" + members.sorted { $0.0 < $1.0 }.map { "\($0.0)=\(normalized($0.1))" }.joined(separator: ",") + "}"
    case .array(let items): return "[" + items.map(normalized).joined(separator: ",") + "]"
    default: return value.serialized(pretty: false)
    }
  }

  private func normalized(foundation value: Any) -> String {
    switch value {
    case let string as String: return JSONValue.string(string).serialized(pretty: false)
    case let number as NSNumber:
      let type = String(cString: number.objCType)
      if type == "c" || type == "B" { return JSONValue.bool(number.boolValue).serialized(pretty: false) }
      if type == "d" || type == "f" { return JSONValue.double(number.doubleValue).serialized(pretty: false) }
      return JSONValue.int(number.intValue).serialized(pretty: false)
    case let array as [Any]: return "[" + array.map { normalized(foundation: $0) }.joined(separator: ",") + "]"
    case let object as [String: Any]:
      return "{" + object.sorted { $0.key < $1.key }.map { "\($0.key)=\(normalized(foundation: $0.value))" }
        .joined(separator: ",") + "}"
    default: return "null"
    }
  }
}
