import XCTest

/* A file whose strings, comments and regexes are full of text that looks like code.
   class NotAType { func notAFunction() {} }
   /* nested: struct AlsoNot { init() {} } */
   func stillInTheOuterComment() {}
*/

// func commentedOut() { class Nope {} }

final class ParserTests: XCTestCase {
  let template = """
    class Template {
      func render() -> String { "\(placeholder)" }
    }
    "" quotes "" and a lone " too
    """

  let raw = #"func raw() { "quoted" \(notInterpolated) }"#
  let rawer = ##"a "# that does not end it, struct Fake {}"##
  let rawLines = ##"""
    """# not the end
    enum Fake { case a }
    """##

  let identifier = /[a-zA-Z_][a-zA-Z0-9_]+/
  let extended = #/
    (?<name> [a-z]+ )   # protocol Fake {}
    \s* \{ \s* \}
  /#
  let ratio = 10 / 2 / 5

  func test_interpolation_isParsed() {
    let name = "World"
    let greeting = "Hello, \(name.uppercased()) and \("nested \(name.count) (\")") func hidden() {}"
    XCTAssertEqual(greeting.count, 44, "counted by hand: \(greeting)")
  }

  func test_closureInInterpolation_isParsed() {
    let text = "value: \({ (x: Int) -> Int in x * 2 }(21))"
    XCTAssertEqual(text, "value: 42")
  }

  func test_regex_matches() throws {
    let match = try XCTUnwrap("abc123".firstMatch(of: /[a-z]+(\d+)/))
    XCTAssertEqual(String(match.1), "123")
    let half = ratio/2
    XCTAssertEqual(half, 0, "division, not a regex: \(half / 1)")
  }

  func test_backticks_areNames() {
    let `class` = "reserved"
    let `func` = { (value: String) in value }
    XCTAssertEqual(`func`(`class`), "reserved")
  }

#if os(Linux)
  func test_linuxOnly_runs() {
    XCTAssertTrue(true, "linux")
  }
#elseif os(macOS)
  func test_macOnly_runs() {
    XCTAssertTrue(true, "mac")
  }
#else
  func test_otherPlatform_runs() {
    XCTAssertTrue(true, "other")
  }
#endif

  func test_conditionInBody_keepsBalance() {
    #if DEBUG
    let mode = "debug { ("
    #else
    let mode = "release } )"
    #endif
    XCTAssertFalse(mode.isEmpty, "a mode is set")
  }

  func `test backticked name`() {
    XCTAssertEqual(#"\"#, "\\")
  }

  func test_unicode_countsScalars() {
    let flag = "🇩🇪 \u{1F600} é" // class InComment {}
    XCTAssertEqual(flag.unicodeScalars.count, 6)
  }
}

#if canImport(UIKit)
import UIKit
final class SnapshotTests: XCTestCase {
  func test_snapshot_matches() {}
}
#endif

struct Template {
  var body: String {
    """
    } } } func fakeBody() {
    """
  }

  func render(_ values: [String: String]) -> String {
    values.reduce(into: "") { result, pair in result += "\(pair.key)=\(pair.value);" }
  }
}
