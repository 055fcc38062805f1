import TestLintCore
import XCTest

/// `focused_test`: what it says, and what is not snapshot recording.
final class FocusedTestRuleTests: XCTestCase {
  func test_focusedCalls_nameTheUnfocusedOne() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          fdescribe("a cart") { fit("totals") { expect(1) == 1 } }
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(FocusedTestRule.self, source),
      [
        "'fdescribe' runs only the focused examples and skips every other; use 'describe' instead",
        "'fit' runs only the focused examples and skips every other; use 'it' instead",
      ])
  }

  func test_recordingSwitches_sayWhatToRemove() {
    let source = """
      import SnapshotTesting
      import XCTest
      final class ViewTests: XCTestCase {
        override func setUp() { isRecording = true; record = true }
        func test_view_renders() { assertSnapshot(of: view, as: .image, record: true) }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(FocusedTestRule.self, source),
      [
        "snapshot recording is left on; remove 'isRecording = true' so snapshots are compared again",
        "snapshot recording is left on; remove 'record = true' so snapshots are compared again",
        "'assertSnapshot' re-records its snapshots instead of comparing them; remove the 'record:' argument",
      ])
  }

  func test_otherObjectsRecording_isNotSnapshotRecording() {
    let source = """
      import SnapshotTesting
      import XCTest
      final class RecorderTests: XCTestCase {
        func test_state_updates() {
          store.send(.record) { $0.isRecording = true }
          recorder.isRecording = true
          state.recordMode = true
          assertSnapshot(of: view, as: .image, record: .missing)
          withSnapshotTesting(record: .failed) {}
          XCTAssertTrue(recorder.isRecording)
        }
      }
      """
    XCTAssertEqual(InMemoryLint.messages(FocusedTestRule.self, source), [])
  }

  func test_testDoubleRecording_isNotSnapshotRecording() {
    let source = """
      import SnapshotTesting
      import XCTest
      final class MockRecorder: Recording {
        var isRecording = false
        func start() { isRecording = true }
      }
      """
    XCTAssertEqual(InMemoryLint.messages(FocusedTestRule.self, source), [])
  }

  func test_withoutSnapshotImport_isRecordingIsAProperty() {
    let source = """
      import XCTest
      final class AudioTests: XCTestCase {
        func test_start_records() {
          isRecording = true
          XCTAssertTrue(isRecording)
        }
      }
      """
    XCTAssertEqual(InMemoryLint.messages(FocusedTestRule.self, source), [])
  }

  func test_withoutQuickImport_fitIsAFunction() {
    let source = "import UIKit\nfunc layout() { fit(view); fdescribe(view) }\n"
    XCTAssertEqual(InMemoryLint.messages(FocusedTestRule.self, source), [])
  }

  func test_recordingTrait_landsOnTrait() {
    let source = """
      import SnapshotTesting
      import Testing
      @Suite(.snapshots(record: .all, diffTool: .ksdiff))
      struct ViewTests {
        @Test(.macros(record: .missing)) func renders() {}
      }
      """
    let findings = InMemoryLint.findings(FocusedTestRule.self, [("ViewTests.swift", source)])
    XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["3:9"])
    XCTAssertEqual(
      findings.first?.message,
      "'snapshots' re-records its snapshots instead of comparing them; remove the 'record:' argument"
    )
  }
}
