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
}
