import XCTest

@testable import TestLintCore

/// `missing_assertion`: tests that wait on what the code under test resumes, and tests the
/// compiler checks (held-out set 18).
final class MissingAssertionCompilerChecksTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_continuationHandedToCodeUnderTest_isAWait() {
    let source = """
      import Testing
      @testable import Jukebox
      struct JukeboxTests {
        @Test func finishesTheSong() async {
          let box = Jukebox(song: .short)
          await withCheckedContinuation { done in
            box.onFinish { done.resume() }
          }
        }
        @Test func parksTheListener() async throws {
          let gate = Turnstile()
          gate.open()
          try await withUnsafeThrowingContinuation { gate.park($0) }
        }
        @Test func parksInATask() async {
          let gate = Turnstile()
          let task = Task { await withCheckedContinuation { gate.park(waiter: $0) } }
          gate.open()
          _ = await task.result
        }
        @Test func resumesItself() async {
          let box = Jukebox(song: .short)
          box.play()
          await withCheckedContinuation { $0.resume() }
        }
        @Test func resumesOnTheMainQueue() async {
          let box = Jukebox(song: .short)
          box.play()
          await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume() }
          }
        }
        @Test func resumesInOneOfTwoPlaces() async {
          let box = Jukebox(song: .short)
          await withCheckedContinuation { done in
            box.onFinish { done.resume() }
            done.resume()
          }
        }
      }
      """
    XCTAssertEqual(
      findings(["JukeboxTests.swift": source]),
      ["JukeboxTests.swift:21", "JukeboxTests.swift:26", "JukeboxTests.swift:33"])
  }
}
