import Foundation
@testable import TestLintCore
import XCTest

/// The whole result (findings with their suites and snippets, file problems, the test
/// inventory, the fixes, every report) is the same for any number of threads, with or without
/// the model cache, and from run to run, on a mixed set of generated files: XCTest classes
/// whose base and helpers live in other files, Swift Testing, Quick, suppressions, fixable
/// asserts, unterminated literals and bytes that are not text. EngineTests covers the CLI on
/// uniform files.
final class DeterminismTests: XCTestCase {
  func test_mixedFiles_sameResultForAnyThreadsAndRuns() {
    let files = Self.mixedFiles(count: 60, seed: 7)
    let entries = files.keys.sorted().map { FileEntry(path: "/memory/" + $0, displayPath: $0) }
    let load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8] = { entry throws(Diagnostic) in
      guard let bytes = files[entry.displayPath] else {
        throw Diagnostic(path: entry.displayPath, message: "cannot read file: missing")
      }
      return bytes
    }
    let reference = Self.snapshot(entries, threads: 1, cache: true, load: load)
    XCTAssertGreaterThan(reference.findings, 100, "the mix produces findings")
    XCTAssertGreaterThan(reference.errors, 5, "and file problems")
    XCTAssertGreaterThan(reference.fixes, 5, "and fixes")
    for (threads, cache) in [(2, true), (3, false), (8, true), (8, false), (16, true)] {
      for _ in 0..<2 {
        let again = Self.snapshot(entries, threads: threads, cache: cache, load: load)
        XCTAssertEqual(again.text, reference.text, "threads \(threads), cache \(cache)")
      }
    }
  }
}

extension DeterminismTests {
  /// Everything a run produces, rendered to one string, with a few counts.
  struct Snapshot {
    var text: String
    var findings: Int
    var errors: Int
    var fixes: Int
  }

  static func snapshot(
    _ entries: [FileEntry], threads: Int, cache: Bool,
    load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  ) -> Snapshot {
    var engine = LintEngine(
      rules: HostileInputTests.allRules, testBaseClasses: ["SharedTestCase"], threads: threads)
    if !cache { engine.modelCacheBytes = 0 }
    let result = engine.run(entries, load: load)
    var text = ""
    for finding in result.findings {
      text += "\(finding) suite=\(finding.suite ?? "-") snippet=\(finding.snippet)\n"
    }
    for error in result.errors { text += error.formatted + "\n" }
    for test in result.tests { text += "\(test)\n" }
    for name in ReporterRegistry.names {
      // The JUnit reporters stamp the time of the run; everything else must match to the byte.
      let report = ReporterRegistry.make(name)?.render(result) ?? ""
      text += report.replacing(/timestamp="[^"]*"/, with: "timestamp=\"-\"")
    }
    let fixes = engine.fixes(entries, load: load)
    for fixed in fixes {
      text += "fix \(fixed.file.displayPath) \(fixed.applied)\n"
      text += String(decoding: fixed.fixed, as: UTF8.self)
    }
    return Snapshot(
      text: text, findings: result.findings.count, errors: result.errors.count, fixes: fixes.count)
  }

  /// `count` files of mixed kinds, the same for the same seed.
  static func mixedFiles(count: Int, seed: UInt64) -> [String: [UInt8]] {
    var random = SeededRandom(seed: seed)
    var files: [String: [UInt8]] = [
      "Shared/SharedTestCase.swift": Array(
        "import XCTest\nclass SharedTestCase: XCTestCase {\n  func assertLoaded() { XCTAssertTrue(true) }\n}\n"
          .utf8)
    ]
    for index in 0..<count {
      let folder = ["Unit", "UI", "Unit/Deep", "Specs"][index % 4]
      let path = "\(folder)/File\(index).swift"
      switch random.next() % 8 {
      case 0:
        files[path] = Array(
          """
          import XCTest
          // testlint:disable test_name_format
          final class Legacy\(index)Tests: SharedTestCase {
            func testOld\(index)() { assertLoaded() }
            // testlint:enable test_name_format
            func testNew\(index)() { helper\(index)() }
            func helper\(index)() {}
          }

          """.utf8)
      case 1:
        files[path] = Array(
          """
          import Testing
          @Test func loads\(index)() { #expect(\(index) > 0) }
          @Test func empty\(index)() {}
          struct Suite\(index) { @Test func nested() { let x = "\\(\(index))"; _ = x } }

          """.utf8)
      case 2:
        files[path] = Array(
          """
          import Quick
          final class Spec\(index): QuickSpec {
            override class func spec() {
              describe("screen \(index)") {
                it("shows a title") { expect(1).to(equal(1)) }
                it("does nothing") { _ = 1 }
              }
            }
          }

          """.utf8)
      case 3:
        files[path] = Array(
          """
          import XCTest
          final class Course\(index)PresenterTests: XCTestCase {
            var presenter = CoursePresenter()
            func test_load_seeds() { api.mock(Course()); XCTAssert(presenter.count == \(index)) }
            func test_flag_isOff() { XCTAssert(!presenter.flag) }
            func test_value_isNil() { XCTAssert(presenter.value == nil, "") }
          }

          """.utf8)
      case 4:
        files[path] = Array("import XCTest\nlet broken\(index) = \"open\nclass X\(index): XCTestCase {}\n".utf8)
      case 5:
        files[path] = Array("let a = 1\n".utf8) + [0xFF, 0xFE] + Array("\nfunc f() {}\n".utf8)
      case 6:
        files[path] = Array(
          """
          import XCTest
          extension Legacy\(index > 0 ? index - 1 : 0)Tests {
            func test_extension_runs() { XCTAssertEqual(1, 1) }
            func testAlsoBad() { /* testlint:disable:this missing_assertion */ }
          }

          """.utf8)
      default:
        files[path] = Array(
          """
          import XCTest
          final class Deep\(index)Tests: XCTestCase {
            enum Inner { final class More\(index)Tests: XCTestCase { func testInner() {} } }
            func test_closure_asserts() { run { run { XCTAssert(a == b) } } }
          }

          """.utf8)
      }
    }
    return files
  }
}

/// A small deterministic generator (SplitMix64), so the files are the same on every run.
private struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
