import XCTest

@testable import TestLintCore

final class FileWalkerPathTests: XCTestCase {
  /// `absolutePath` returns a normalized absolute path as it is without splitting it; the
  /// result must be what splitting and joining gives.
  func test_absolutePath_fastPathMatchesSplitting() {
    let paths = [
      "/", "/a", "/a/b.swift", "/a/", "//a", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "/.a/..b/...",
      "/a/b.", "relative/x", ".", "..", "", "/é/x", "/a/\u{301}b", "/\u{301}a", "/a\r\n/b", "/ /x",
    ]
    for path in paths {
      XCTAssertEqual(
        FileWalker.absolutePath(path, workingDirectory: "/work/dir"), split(path, in: "/work/dir"), path)
    }
    XCTAssertTrue(FileWalker.isNormalizedAbsolute("/a/b.swift"), "the common case takes the fast path")
  }

  /// A walked file's path is kept as its folder (shared) and its display path; it reads,
  /// compares and changes as two separate paths would.
  func test_entryUnderFolder_behavesAsTwoPaths() {
    let folder = "/work/dir/"
    var walked = FileWalker.entry(
      "/work/dir/Tests/ATests.swift", displayPath: "Tests/ATests.swift", folder: folder, stamp: nil)
    let plain = FileEntry(path: "/work/dir/Tests/ATests.swift", displayPath: "Tests/ATests.swift")
    XCTAssertEqual(walked.path, "/work/dir/Tests/ATests.swift")
    XCTAssertEqual(walked, plain)
    XCTAssertEqual(Set([walked, plain]).count, 1)
    walked.displayPath = "/work/dir/Tests/ATests.swift"
    XCTAssertEqual(walked.path, "/work/dir/Tests/ATests.swift", "the path stays")
    walked.path = "/elsewhere/B.swift"
    XCTAssertEqual(walked.path, "/elsewhere/B.swift")
    XCTAssertEqual(walked.displayPath, "/work/dir/Tests/ATests.swift")
    // A display path that is not the path's last bytes (another normalization) keeps both.
    let other = FileWalker.entry(
      "/work/dir/e\u{301}.swift", displayPath: "\u{E9}.swift", folder: folder, stamp: nil)
    XCTAssertEqual(Array(other.path.utf8), Array("/work/dir/e\u{301}.swift".utf8))
  }

  /// The splitting the fast path stands for.
  private func split(_ path: String, in workingDirectory: String) -> String {
    let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Files not named like tests are read first (they may declare base classes and helpers),
  /// whatever form the entry's path takes.
  func test_mayDeclareBases_readsTheFileName() {
    let folder = "/work/dir/"
    let cases: [(FileEntry, Bool)] = [
      (FileWalker.entry("/work/dir/Tests/ATests.swift", displayPath: "Tests/ATests.swift", folder: folder, stamp: nil), false),
      (FileWalker.entry("/work/dir/Tests/Helpers.swift", displayPath: "Tests/Helpers.swift", folder: folder, stamp: nil), true),
      (FileEntry(path: "/elsewhere/BSpec.swift", displayPath: "shown/Other.swift"), false),
      (FileEntry(path: "CSpecs.swift", displayPath: "CSpecs.swift"), false),
      (FileEntry(path: "DTest.swift", displayPath: "DTest.swift"), false),
      (FileEntry(path: "Tests/BaseTestCase.swift", displayPath: "Tests/BaseTestCase.swift"), true),
      (FileEntry(path: "Tests/BaseBackendTests.swift", displayPath: "Tests/BaseBackendTests.swift"), true),
      (FileEntry(path: "Tests/BaselineTests.swift", displayPath: "Tests/BaselineTests.swift"), false),
      (FileEntry(path: "Tests/BaseTests.swift", displayPath: "Tests/BaseTests.swift"), true),
      (FileEntry(path: "Tests/Base.swift", displayPath: "Tests/Base.swift"), true),
      (FileEntry(path: "Tests.swift/x", displayPath: "Tests.swift/x"), true),
      (FileEntry(path: "Tests", displayPath: "Tests"), false),
      (FileEntry(path: "Ünïcödé/ÉTests.swift", displayPath: "Ünïcödé/ÉTests.swift"), false),
    ]
    for (entry, expected) in cases {
      XCTAssertEqual(LintEngine.mayDeclareBases(entry), expected, entry.path)
    }
  }
}
