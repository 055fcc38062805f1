import Foundation
import XCTest

@testable import TestLintCore

/// Replays every input in `Fixtures/Fuzz/<target>/` through its fuzz target (`FuzzTargets/`,
/// the same code `Scripts/fuzz` compiles into the libFuzzer binary), with the same checks: an
/// input found by fuzzing, or a small reproduction of a hang or crash found otherwise, is added
/// there and stays fixed. Source inputs (`lex/`, `rules/`, `fix/`) go through all three
/// source targets, since a file that once broke one stage is a hostile file for the others.
final class FuzzRegressionTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Fuzz")

  func test_lexRegressionInputs_keepTheLexersInvariants() throws {
    try replay(Self.sourceInputs(), through: LexFuzzer.run)
  }

  func test_rulesRegressionInputs_keepFindingsInTheirFiles() throws {
    // Every variant (options, model cache, inventory), not just the one the last byte picks.
    try replay(Self.sourceInputs()) { bytes throws(FuzzFailure) in
      try RulesFuzzer.run(bytes, variants: [0, 1, 2])
    }
  }

  func test_fixRegressionInputs_convergeAndReadBack() throws {
    try replay(Self.sourceInputs(), through: FixFuzzer.run)
  }

  func test_reportersRegressionInputs_writeOutputThatParses() throws {
    try replay(Self.inputs("reporters"), through: ReportersFuzzer.run)
  }

  func test_tagInReport_isCaughtInAnyCase() {
    // What the `reporters` target looks for in `html` and `markdown` output, read over bytes.
    for output in ["a <fuzz> b", "<FUZZ", "x<FuZz y", "é<fuzZ>"] {
      XCTAssertTrue(ReportersFuzzer.containsFuzzTag(output), output)
    }
    for output in ["", "<fuz", "&lt;fuzz&gt;", "< fuzz", "fuzz<", "<fuzx"] {
      XCTAssertFalse(ReportersFuzzer.containsFuzzTag(output), output)
    }
  }

  func test_sarifWithEveryRulesPage_passesTheReportersCheck() {
    // The targets render `sarif` without the rule pages; the log with them is checked once.
    XCTAssertNil(ReportersFuzzer.sarifWithPages?.description)
  }

  func test_lspRegressionInputs_answerWithWellFramedMessages() throws {
    try replay(Self.inputs("lsp"), through: LSPFuzzer.run)
  }

  func test_configRegressionInputs_passEveryCheck() throws {
    try replay(Self.inputs("config"), through: ConfigFuzzer.run)
  }
}

extension FuzzRegressionTests {
  /// Runs each input through a target: no broken invariant, and no input takes 10 s of CPU
  /// (a hang, as the fuzzer's `-timeout=10` counts one).
  func replay(
    _ inputs: [(name: String, bytes: [UInt8])],
    through target: ([UInt8]) throws(FuzzFailure) -> Void,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertGreaterThan(inputs.count, 0, "no regression inputs", file: file, line: line)
    for (name, bytes) in inputs {
      var failure: FuzzFailure?
      let seconds = TimeBound.measure {
        do throws(FuzzFailure) { try target(bytes) } catch { failure = error }
      }.seconds
      if let failure { XCTFail("\(name): \(failure.description)", file: file, line: line) }
      XCTAssertLessThan(
        seconds, TimeBound.seconds(10), "\(name) took \(seconds) s of CPU", file: file, line: line)
    }
  }

  /// The inputs of the three targets that read Swift files.
  static func sourceInputs() throws -> [(name: String, bytes: [UInt8])] {
    try ["lex", "rules", "fix"].flatMap { target in
      try inputs(target).map { ("\(target)/\($0.name)", $0.bytes) }
    }
  }

  /// The files of one target's folder, sorted by name (none when there is no folder).
  static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
    let folder = fixtures.appendingPathComponent(target)
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { !$0.hasPrefix(".") }
    return try names.map { name in
      (name, Array(try Data(contentsOf: folder.appendingPathComponent(name))))
    }
  }
}
