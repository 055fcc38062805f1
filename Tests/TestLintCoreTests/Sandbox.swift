import Foundation
import TestLintCore
import XCTest

/// A temporary folder to write Swift files and `.lint.yml` into, and to run testlint in
/// in-process, the way a user runs it from a shell in that folder.
struct Sandbox {
  /// What one run printed and returned.
  struct Output {
    var code: ExitCode
    var stdout: String
    var stderr: String
  }

  /// The folder's absolute path, without a trailing slash.
  let root: String

  /// Creates an empty folder under `NSTemporaryDirectory()` and removes it when `testCase` ends.
  init(_ testCase: XCTestCase) throws {
    let base = FileWalker.absolutePath(NSTemporaryDirectory(), workingDirectory: "/")
    root = base + "/testlint-cli-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let root = self.root
    testCase.addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
  }

  /// The absolute path of `relative`.
  func path(_ relative: String) -> String { root + "/" + relative }

  /// Writes `text` (UTF-8) to `relative`, creating folders as needed.
  func write(_ relative: String, _ text: String) throws {
    try write(relative, bytes: Array(text.utf8))
  }

  /// Writes raw bytes to `relative`, creating folders as needed.
  func write(_ relative: String, bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: path(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
  }

  /// The text of `relative`, or nil when it does not exist.
  func read(_ relative: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path(relative)) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Runs `testlint arguments` with `directory` (relative to the root) as working directory.
  func run(_ arguments: [String], in directory: String = "") -> Output {
    var stdout = ""
    var stderr = ""
    let workingDirectory = directory.isEmpty ? root : path(directory)
    let code = TestLintCLI.run(
      arguments, workingDirectory: workingDirectory, stdout: &stdout, stderr: &stderr)
    return Output(code: code, stdout: stdout, stderr: stderr)
  }
}

/// Swift sources the tests write; kept here so every test reads the same small files.
enum Source {
  /// An XCTest class whose single test is clean.
  static func clean(_ suite: String = "CleanTests") -> String {
    """
    import XCTest

    final class \(suite): XCTestCase {
      func test_load_showsTitle() {
        XCTAssertEqual(1, 1)
      }
    }

    """
  }

  /// An XCTest class with one badly named (but asserting) test: one warning at 4:8.
  static func badName(_ suite: String = "NameTests", test: String = "testLoad") -> String {
    """
    import XCTest

    final class \(suite): XCTestCase {
      func \(test)() {
        XCTAssertEqual(1, 1)
      }
    }

    """
  }

  /// An XCTest class with one test that asserts nothing: one error at 4:8.
  static func noAssertion(_ suite: String = "EmptyTests") -> String {
    """
    import XCTest

    final class \(suite): XCTestCase {
      func test_load_showsTitle() {
        let value = 1
        _ = value
      }
    }

    """
  }
}
