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

  func test_wrapperDeclaredWithTheFocusName_isNotReportedButItsCallIs() {
    let source = """
      import Quick
      public func fdescribe<T>(_ type: T, closure: () -> Void) {
        fdescribe(String(describing: T.self), closure: closure)
      }
      public func fcontext<T>(_ type: T, closure: () -> Void) {
        fcontext(String(describing: T.self), closure: closure)
      }
      final class CartSpec: QuickSpec {
        override class func spec() { fcontext(Cart.self) { it("totals") { expect(1) == 1 } } }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(FocusedTestRule.self, source),
      ["'fcontext' runs only the focused examples and skips every other; use 'context' instead"])
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

  /// Recording whose nearest enclosing call expects an issue is deliberate: the test absorbs
  /// the issue it raises. Anywhere else in the same test (after the closure, or inside another
  /// call within it) it is still reported.
  func test_recordingInsideAnExpectedIssue_isNotReported() {
    let source = """
      import SnapshotTesting
      import XCTest
      final class ReportTests: XCTestCase {
        func test_known() {
          withKnownIssue { assertSnapshot(of: report, as: .json, record: true) }
          withExpectedIssue("varies") {
            assertSnapshot(of: report, as: .dump, record: .all)
          }
          XCTExpectFailure("written out") { assertSnapshot(of: report, as: .json, record: true) }
        }
        func test_elsewhere() {
          withKnownIssue { #expect(report.isEmpty) }
          assertSnapshot(of: report, as: .json, record: true)
          withKnownIssue { render { verifySnapshot(of: report, as: .json, record: true) } }
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(FocusedTestRule.self, [("ReportTests.swift", source)]).map(\.line), [13, 14])
  }

  func test_recordingSwitchRestoredBeforeReturning_isNotLeftOn() {
    let source = """
      import iOSSnapshotTestCase
      class BadgeSnapshotCase: FBSnapshotTestCase {
        func recordBadge(_ view: UIView) {
          let saved = recordMode
          recordMode = true
          FBSnapshotVerifyView(view)
          recordMode = saved
        }
        func recordBadgeDeferred(_ view: UIView) {
          defer { self.recordMode = false }
          recordMode = true
          FBSnapshotVerifyView(view)
        }
        func recordBadgeForgetful(_ view: UIView) {
          recordMode = false
          recordMode = true
          FBSnapshotVerifyView(view)
        }
        func recordBadgeTwice(_ view: UIView) {
          recordMode = true
          FBSnapshotVerifyView(view)
          recordMode = saved
          recordMode = true
        }
      }
      """
    let findings = InMemoryLint.findings(FocusedTestRule.self, [("BadgeSnapshotCase.swift", source)])
    XCTAssertEqual(findings.map(\.line), [16, 23], "only a switch not set back before returning")
  }

  func test_switchSetBackOnlyInABranch_isLeftOn() {
    // Set back in an `if` that returns early: on the other path the switch stays on. A `defer`
    // of an inner block does not run at the function's end either.
    let source = """
      import SnapshotTesting
      final class AvatarViewTests: XCTestCase {
        private func verify(_ view: AvatarView) {
          isRecording = true
          if view.isHidden {
            isRecording = false
            return
          }
          assertSnapshot(of: view, as: .image)
        }
        private func verifyScoped(_ view: AvatarView) {
          defer { isRecording = false }
          if view.isVisible {
            isRecording = true
            assertSnapshot(of: view, as: .image)
          }
        }
        private func verifyInner(_ view: AvatarView) {
          if view.isVisible {
            defer { isRecording = false }
            prepare(view)
          }
          isRecording = true
          assertSnapshot(of: view, as: .image)
        }
      }
      """
    let findings = InMemoryLint.findings(FocusedTestRule.self, [("AvatarViewTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4, 23])
  }

  func test_testThatRestoresTheSwitch_stillRecords() {
    let source = """
      import iOSSnapshotTestCase
      final class BadgeTests: FBSnapshotTestCase {
        func test_badge_rendersCount() {
          recordMode = true
          FBSnapshotVerifyView(BadgeView(count: 3))
          recordMode = false
        }
      }
      """
    let findings = InMemoryLint.findings(FocusedTestRule.self, [("BadgeTests.swift", source)])
    XCTAssertEqual(findings.map(\.line), [4])
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

  func test_quickSpecWithoutImport_isKnownByItsClass() {
    // SwiftLint's examples for `quick_discouraged_focused_test`, and a spec whose base class is
    // declared in another file.
    let sources = [
      ("TotoTests.swift", """
        class TotoTests: QuickSpec {
          override func spec() {
            describe("foo") { fit("bar") { } }
            fdescribe("baz") { it("qux") { } }
          }
        }
        """),
      ("DeepSpec.swift", """
        final class DeepSpec: BaseSpec {
          override func spec() { fcontext("foo") { it("bar") { } } }
        }
        """),
      ("ZBase.swift", "class BaseSpec: AsyncSpec {}\n"),
    ]
    let findings = InMemoryLint.findings(FocusedTestRule.self, sources)
    XCTAssertEqual(
      findings.map { "\($0.path):\($0.line)" }, ["DeepSpec.swift:2", "TotoTests.swift:3", "TotoTests.swift:4"])
  }

  func test_specBaseClassChange_relintsTheSpecFromCache() {
    let spec = "final class DeepSpec: BaseSpec {\n  override func spec() { fit(\"bar\") { } }\n}\n"
    let focused = { (result: LintResult) in result.findings.filter { $0.ruleID == "focused_test" }.map(\.path) }
    let first = MissingAssertionRuleTests.cachedRun(
      ["DeepSpec.swift": spec, "ZBase.swift": "class BaseSpec: QuickSpec {}\n"], cache: ResultCache(key: "k"))
    XCTAssertEqual(focused(first.result), ["DeepSpec.swift"])
    let second = MissingAssertionRuleTests.cachedRun(
      ["DeepSpec.swift": spec, "ZBase.swift": "class BaseSpec: NSObject {}\n"], cache: first.cache,
      changed: ["ZBase.swift"])
    XCTAssertEqual(focused(second.result), [], "DeepSpec is no longer a spec: its 'fit' is not Quick's")
    XCTAssertEqual(second.reads, 2, "the changed file is read, the spec linted again")
  }
}
