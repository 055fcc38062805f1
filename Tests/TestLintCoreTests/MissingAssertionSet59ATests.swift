import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 59): a `tearDown` that checks for `nil` the weak properties
/// of its class that the test assigns (`TearDownWeakCheck`).
final class MissingAssertionSet59ATests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["PumpTests.swift": source], line: line)
  }

  func test_tearDownCheckingWeakPropertiesTheTestAssigns_counts() {
    let source = """
      import XCTest
      final class PumpTests: XCTestCase {
        weak var weakValve: Valve?
        weak var weakGauge: Gauge?
        var plainPipe: Pipe?
        override func tearDown() {
          XCTAssertNil(weakValve, "valve leaked")
          XCTAssert(self.weakGauge == nil)
          super.tearDown()
        }
        func wire() {
          let gauge = Gauge()
          self.weakGauge = gauge
          Pump(gauge: gauge).start()
        }
        func testValveReleased() {
          let valve = Valve()
          weakValve = valve
          Pump(valve: valve).start()
        }
        func testGaugeReleasedThroughHelper() {
          wire()
        }
        func testAssignsPlainPipe() {
          let pipe = Pipe()
          plainPipe = pipe
          Pump(pipe: pipe).start()
        }
        func testAssignsNothing() {
          Pump(valve: Valve()).start()
        }
        func testValveCheckedWithSwiftAssert() {
          let valve = Valve()
          weakValve = valve
          assert(Pump(valve: valve).start())
        }
      }
      """
    XCTAssertEqual(findings(source), ["PumpTests.swift:24", "PumpTests.swift:29", "PumpTests.swift:32"])
  }

  func test_tearDownCheckingWeakPropertyWithExpectMacro_counts() {
    let source = """
      import XCTest
      import Testing
      final class PumpTests: XCTestCase {
        weak var weakValve: Valve?
        override func tearDown() {
          #expect(self.weakValve == nil)
          super.tearDown()
        }
        func testValveReleased() {
          let valve = Valve()
          weakValve = valve
          Pump(valve: valve).start()
        }
        func testAssignsNothing() {
          Pump(valve: Valve()).start()
        }
      }
      """
    XCTAssertEqual(findings(source), ["PumpTests.swift:14"])
  }

  func test_helperInAnExtensionOfTheClassAssigningTheWeakProperty_counts() {
    let source = """
      import XCTest
      final class PumpTests: XCTestCase {
        weak var weakValve: Valve?
        override func tearDown() {
          XCTAssertNil(weakValve)
          super.tearDown()
        }
        func testValveReleasedThroughExtensionHelper() {
          _ = makeSubject()
        }
        func testMakesAnotherPump() {
          _ = makeOther()
        }
      }
      extension PumpTests {
        func makeSubject() -> Pump {
          let valve = Valve()
          weakValve = valve
          return Pump(valve: valve)
        }
      }
      extension OtherTests {
        func makeOther() -> Pump {
          let valve = Valve()
          weakValve = valve
          return Pump(valve: valve)
        }
      }
      """
    XCTAssertEqual(findings(source), ["PumpTests.swift:11"])
  }

  func test_tearDownNotCheckingForNil_doesNotCount() {
    let source = """
      import XCTest
      final class PumpTests: XCTestCase {
        weak var weakValve: Valve?
        weak var weakGauge: Gauge?
        override func tearDown() {
          XCTAssertNotNil(weakValve)
          print(weakGauge as Any)
          super.tearDown()
        }
        func testValve() {
          let valve = Valve()
          weakValve = valve
          weakGauge = Gauge()
          Pump(valve: valve).start()
        }
      }
      """
    XCTAssertEqual(findings(source), ["PumpTests.swift:10"])
  }

  func test_metatypeCoercionInTestSayingConformance_counts() {
    let source = """
      import Testing
      struct RouteTests {
        @Test func `macro adds Route conformance`() {
          let _: any Route.Type = HomeRoute.self
          let _: any Route.Type = CartRoute.self
        }
        @Test func homeRouteMade() {
          // each generated type conforms to Route
          let _: any Route.Type = HomeRoute.self
        }
        @Test func routesAreTyped() {
          let _: any Route.Type = HomeRoute.self
        }
        @Test func `made Route conformance`() {
          let _: any Route = HomeRoute()
        }
      }
      """
    // The made value counts under a name saying conformance too (set 69).
    XCTAssertEqual(findings(source), ["PumpTests.swift:11"])
  }

  func test_commentVerifyingItCompilesCorrectlyOrBeforeDash_counts() {
    let source = """
      import Testing
      struct GaugeTests {
        @Test func aliasExists() {
          // Verify the reading alias compiles correctly
          let read: Gauge.Reader = { _ in 1 }
          _ = read
        }
        @Test func aliasTakesValue() {
          let read: Gauge.Reader = { value in value }
          // only verify it compiles - the types do the rest
          _ = read
        }
        @Test func aliasRuns() {
          // Verify the reading alias runs correctly
          let read: Gauge.Reader = { _ in 1 }
          _ = read
        }
        @Test func aliasCompilesLater() {
          // it compiles the gauge - then reads
          let read: Gauge.Reader = { _ in 1 }
          _ = read
        }
      }
      """
    XCTAssertEqual(findings(source), ["PumpTests.swift:13", "PumpTests.swift:18"])
  }
}
