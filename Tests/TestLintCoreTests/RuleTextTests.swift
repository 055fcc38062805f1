@testable import TestLintCore
import XCTest

/// The byte-level fast paths rules take for ASCII text must answer exactly as the `String`
/// operations they replace, Unicode equivalence and `\r\n` included.
final class RuleTextTests: XCTestCase {
  static let texts = [
    "", "Snapshot", "SnapshotTesting", "iOSSnapshotTestCase", "Snapsho", "Snaps\u{301}hot",
    "Snapshot\u{301}", "xSnapshot", "a\r\nSnapshot", "test", "testLogin", "test\u{301}Login",
    "tes", "Test_", "te\u{301}st", "\u{212A}test", "LoginTests", "LoginTests_Errors", "Tests_",
    "Login_Tests_", "e\u{301}Tests", "Login\u{301}Tests",
  ]

  /// Against the Character search the library's `contains` makes (`firstRange(of:)`): here
  /// XCTest brings Foundation's `contains`, which compares otherwise (`\n` inside `\r\n`).
  func test_contains_answersAsCharacterSearch() {
    let needles = ["Snapshot", "Test", "", "->", "\r\n", "\nS", "s\u{301}", "e\u{301}", "\u{E9}", "K"]
    for text in Self.texts + ["Int -> Void", "(\r\n) -> Bool", "a\nb", "\u{E9}Tests"] {
      for needle in needles {
        let label = text.debugDescription + " " + needle.debugDescription
        XCTAssertEqual(RuleText.contains(text, needle), text.firstRange(of: needle) != nil, label)
        XCTAssertEqual(
          RuleText.contains(text.dropFirst(), needle), text.dropFirst().firstRange(of: needle) != nil, label)
      }
    }
  }

  func test_hasPrefix_answersAsString() {
    for text in Self.texts {
      XCTAssertEqual(RuleText.hasPrefix(text, "test"), text.hasPrefix("test"), text.debugDescription)
      XCTAssertEqual(RuleText.hasPrefix(text, "Test"), text.hasPrefix("Test"), text.debugDescription)
    }
  }

  func test_concatenate_joinsParts() {
    XCTAssertEqual(RuleText.concatenate("name '", "té\u{301}st", "' in ", ""), "name 'té\u{301}st' in ")
  }

  func test_subject_answersAsCharacterSearch() {
    for text in Self.texts {
      for suffix in ["Tests", "Spec"] {
        XCTAssertEqual(
          TestFileNameRule.subject(of: text, suffix: suffix), Self.subject(of: text, suffix: suffix),
          text.debugDescription)
      }
    }
  }

  func test_pathParts_answerAsCharacterSplit() {
    let paths = [
      "LoginTests.swift", "Tests/LoginTests.swift", "/a//b/LoginTests.swift", "a/", "/",
      "iOS 16/BasicsTests.swift", "Fe\u{301}/x/LoginTests.swift", "a/b\u{301}/c.swift",
    ]
    for path in paths {
      let parts = TestFileNameRule.pathParts(path)
      let slash = path.lastIndex(of: "/")
      let folder = slash.map { String(path[...$0]) } ?? ""
      XCTAssertEqual(parts.folder, folder, path)
      XCTAssertEqual(parts.fileName, slash.map { String(path[path.index(after: $0)...]) } ?? path, path)
      XCTAssertEqual(
        parts.parent, folder.dropLast().split(separator: "/").last.map(String.init) ?? "", path)
    }
  }

  func test_normalised_answersAsCharacterFilter() {
    for text in Self.texts + ["UIColor+Brand Tests", "A-B.C_D"] {
      let expected = String(
        text.lowercased().filter { $0 != "+" && $0 != "_" && $0 != "-" && $0 != "." && $0 != " " })
      XCTAssertEqual(TestFileNameRule.normalised(text), expected, text.debugDescription)
    }
  }

  func test_follows_answersAsScalarCheck() {
    let names = Self.texts + [
      "test_a_b", "test_a", "test_a_b_c_d", "test__a", "test_a_", "test_é_b", "test_e\u{301}_b",
      "test_a1_B2", "a_b", "test_a-b_c",
    ]
    for name in names {
      for prefix in ["test_", ""] {
        XCTAssertEqual(
          TestNameFormatRule.follows(name, prefix: prefix), Self.follows(name, prefix: prefix),
          name.debugDescription)
      }
    }
  }

  /// Names compared by length first answer as `==` does, whatever the text: only a name with a
  /// `K` has an equal text of another length (the Kelvin sign).
  func test_isName_answersAsEquality() {
    XCTAssertEqual("\u{212A}ind", "Kind", "why a name with K is left out")
    let names = ["waitUntil", "addTeardownBlock", "wait", "expect"]
    let texts = names + ["", "waitUntiL", "wait\u{301}", "w\u{61}it", "expec\u{0074}", "waitUntil ", "addTeardownBloc"]
    for name in names {
      for text in texts { XCTAssertEqual(RuleText.isName(text, name), text == name, "\(text) \(name)") }
    }
  }

  func test_asciiMarkers_answerAsCharacterLoop() {
    let known: Set<String> = ["given", "when", "then", "arrange", "act", "assert"]
    let comments = [
      "// Given", "// When: tapping", "// When & Then", "// Act - load", "/* Given and When */",
      "// given and", "//", "// Givén", "// Give\u{301}n", "// When\r\nThen", "// When,\tThen/Act",
      "// Then\u{301}", "//\u{301} Given", "// and Given", "// Arrange+Act+Assert done",
    ]
    for comment in comments {
      let bytes = Array(comment.utf8)
      if let markers = ArrangeActAssertRule.asciiMarkers(in: bytes, 0..<bytes.count, known: known) {
        XCTAssertEqual(markers, ArrangeActAssertRule.markers(in: comment, known: known), comment.debugDescription)
      } else {
        XCTAssertTrue(comment.utf8.contains { $0 >= 0x80 }, comment.debugDescription)
      }
    }
    // Configured words: one not ASCII leaves every comment to the Character loop; others
    // answer as it does.
    for words: Set<String> in [["given", "act-1", "x"], ["\u{E9}tape", "given"], ["and", "given"]] {
      for comment in comments + ["// X and given", "// act-1", "// and and given", "// \u{E9}tape"] {
        let bytes = Array(comment.utf8)
        if let markers = ArrangeActAssertRule.asciiMarkers(in: bytes, 0..<bytes.count, known: words) {
          XCTAssertEqual(markers, ArrangeActAssertRule.markers(in: comment, known: words), comment.debugDescription)
        } else {
          XCTAssertTrue(
            comment.utf8.contains { $0 >= 0x80 } || words.contains { $0.utf8.contains { $0 >= 0x80 } },
            comment.debugDescription)
        }
      }
    }
  }

  /// `TestNameFormatRule.follows` as written before its byte-level path (2 to 3 segments).
  static func follows(_ name: String, prefix: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let segments = name.dropFirst(prefix.count).split(separator: "_", omittingEmptySubsequences: false)
    guard segments.count >= 2, segments.count <= 3 else { return false }
    return segments.allSatisfy { segment in
      !segment.isEmpty
        && segment.unicodeScalars.allSatisfy {
          $0.properties.isAlphabetic || $0.properties.numericType == .decimal
        }
    }
  }

  /// `TestFileNameRule.subject(of:suffix:)` as written before its byte-level path.
  static func subject(of name: String, suffix: String) -> String? {
    if name.hasSuffix(suffix), name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    guard let range = name.range(ofText: suffix + "_", backwards: true),
      range.lowerBound > name.startIndex, range.upperBound < name.endIndex
    else { return nil }
    return String(name[..<range.lowerBound])
  }
}
