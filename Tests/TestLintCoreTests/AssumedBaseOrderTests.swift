import XCTest

@testable import TestLintCore

/// A class declared twice with two superclasses (an iOS and a macOS UI-test target each declaring
/// their own `AppUITests`): the run reads both chains, so its verdict does not depend on which
/// file it happens to read first (with two threads, the order they finish in).
final class AssumedBaseOrderTests: XCTestCase {
  /// The iOS target's base is on a base no linted file declares; the macOS one is on XCTest.
  private static let iOSBase = """
    import XCTest
    import CoreTestKit

    class AppUITests: CoreBaseTestCase {}

    """
  private static let macOSBase = """
    import XCTest

    class AppUITests: XCTestCase {}

    """
  /// A test that checks only through its support package's robot (`verifyCurrentPlan`, declared
  /// in no linted file), which counts on an assumed base.
  private static let tests = """
    import XCTest
    import CoreTestKit

    final class PlanTests: AppUITests {
      func testUpgradeShowsThePlan() {
        upgrade(to: .unlimited)
      }

      private func upgrade(to plan: Plan) {
        _ = PlanRobot()
          .open()
          .verifyCurrentPlan(plan: plan)
      }
    }

    """

  private func findings(iOSPath: String, macOSPath: String) throws -> (findings: [String], stderr: String) {
    let sandbox = try Sandbox(self)
    try sandbox.write(iOSPath, Self.iOSBase)
    try sandbox.write(macOSPath, Self.macOSBase)
    try sandbox.write("iOS/PlanTests.swift", Self.tests)
    let output = sandbox.run(["--reporter", "json", "--threads", "1", "--only-rule", "missing_assertion"])
    return (try JSONFile(output.stdout).findings.map { "\($0.file):\($0.line)" }, output.stderr)
  }

  func test_classDeclaredTwice_givesOneVerdictWhicheverFileIsReadFirst() throws {
    // With one thread the files are read in path order: the iOS base first, then the macOS one
    // first.
    let iOSFirst = try findings(iOSPath: "A/AppUITests.swift", macOSPath: "B/AppUITests.swift")
    let macOSFirst = try findings(iOSPath: "B/AppUITests.swift", macOSPath: "A/AppUITests.swift")
    XCTAssertEqual(iOSFirst.findings, macOSFirst.findings)
    XCTAssertEqual(iOSFirst.stderr, macOSFirst.stderr)
    // Either chain may be the test's: the undeclared base is assumed, and its check counts.
    XCTAssertEqual(iOSFirst.findings, [])
    XCTAssertTrue(iOSFirst.stderr.contains("CoreBaseTestCase (1)"), iOSFirst.stderr)
  }
}
