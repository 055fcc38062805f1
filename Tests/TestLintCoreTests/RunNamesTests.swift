import XCTest

@testable import TestLintCore

/// The names that hand a test's work over to something that checks (`RunNames`): each reader
/// by its examples, and where the three differ.
final class RunNamesTests: XCTestCase {
  func test_readsAsHarnessRun_byItsVerbAndLastWord() {
    for name in ["runTest", "runTests", "runAllTests", "run_Test", "runXTest", "performTest", "performConformanceTest"] {
      XCTAssertTrue(RunNames.readsAsHarnessRun(name), name)
    }
    for name in ["runForTests", "runningTests", "performanceTest", "run", "runTesting", "uiTest", "RunTest", "run2Test"] {
      XCTAssertFalse(RunNames.readsAsHarnessRun(name), name)
    }
  }

  func test_readsAsTestRun_byItsLastWord() {
    for name in ["uiTest", "snapshotTest", "concurrencyTest", "runAllTests", "layout2Test", "runForTests"] {
      XCTAssertTrue(RunNames.readsAsTestRun(name), name)
    }
    for name in ["test", "Test", "latest", "XCTest", "UITest", "contest", "testing", "uiTesting", "runXTest", "run_Test"] {
      XCTAssertFalse(RunNames.readsAsTestRun(name), name)
    }
  }

  func test_readsAsBodilessRun_byRunAndACapital() {
    for name in ["runJsWorks", "runAliasWorks", "runJsIdentityModeTests", "runX"] {
      XCTAssertTrue(RunNames.readsAsBodilessRun(name), name)
    }
    for name in ["run", "running", "run_all", "run2", "jsRoundTripVoid", "RunJs", "rerunJs"] {
      XCTAssertFalse(RunNames.readsAsBodilessRun(name), name)
    }
  }
}
