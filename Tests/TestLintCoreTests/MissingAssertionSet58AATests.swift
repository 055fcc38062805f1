import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 58): a precondition in a method of the test's own type that
/// the test calls (`TrappingPrecondition`), a typed constant only discarded
/// (`ConformanceCoercion`), and a `tearDown` that checks a counter of instances the test makes.
final class MissingAssertionSet58AATests: XCTestCase {
  private func findings(_ source: String, line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: ["KilnTests.swift": source], line: line)
  }

  func test_preconditionInSameTypeHelper_counts() {
    let source = """
      import XCTest
      final class KilnTests: XCTestCase {
        func fire(batches: Int) {
          let kiln = Kiln()
          (0..<batches).forEach { batch in
            precondition(kiln.load(batch).isGlazed)
          }
        }
        func stack(batches: Int) {
          Kiln().stack(batches)
        }
        func testFiresTwo() {
          fire(batches: 2)
        }
        func testFiresThreeThroughSelf() {
          self.fire(batches: 3)
        }
        func testStacksTwo() {
          stack(batches: 2)
        }
        func testOtherKiln() {
          other.fire(batches: 2)
        }
        static func time(_ label: String, _ body: () -> Int) {
          precondition(body() > 0)
        }
        func testTimesFiring() {
          Self.time("fire") { Kiln().fire() }
        }
      }
      """
    XCTAssertEqual(findings(source), ["KilnTests.swift:18", "KilnTests.swift:21", "KilnTests.swift:27"])
  }

  func test_typedConstantOnlyDiscarded_readsAsDiscardedCoercion() {
    let source = """
      import Testing
      struct KilnTests {
        @Test func glazeIsSendable() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func sendableGlaze() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func glazeIsShared() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
        }
        @Test func glazeIsSendableAndPrinted() {
          let glaze: any Sendable = Glaze.matte
          _ = glaze
          print(glaze)
        }
        @Test func kilnFires() {
          let kiln = Kiln()
          let firing: any Firing = kiln
          _ = firing
        }
        @Test func kilnIsFiring() {
          let firing: any Firing = Kiln()
          _ = firing
        }
        @Test func glazeIsSendableVariable() {
          var glaze: any Sendable = Glaze.matte
          _ = glaze
        }
      }
      """
    XCTAssertEqual(
      findings(source), ["KilnTests.swift:11", "KilnTests.swift:15", "KilnTests.swift:25", "KilnTests.swift:29"])
  }

  func test_tearDownCheckingCounterOfMadeInstances_counts() {
    let source = """
      import XCTest
      private final class Brick {
        static let live = Counter()
        init() { Brick.live.increment() }
        deinit { Brick.live.decrement() }
      }
      final class KilnTests: XCTestCase {
        override func tearDown() {
          let left = Brick.live.value
          XCTAssertEqual(left, 0, "leaked bricks")
          super.tearDown()
        }
        func bake(rounds: Int) {
          let shelf = Shelf(Brick())
          (0..<rounds).forEach { _ in shelf.swap(Brick()) }
        }
        func testBakesTwice() {
          bake(rounds: 2)
        }
        func testBakesOwnBrick() {
          Shelf(Brick()).heat()
        }
        func testHeatsEmptyShelf() {
          Shelf().heat()
        }
        func testBakesOtherKiln() {
          other.bake(rounds: 2)
        }
      }
      """
    XCTAssertEqual(findings(source), ["KilnTests.swift:23", "KilnTests.swift:26"])
  }

  func test_tearDownCheckingCounterWithoutAssertion_doesNotCount() {
    let source = """
      import XCTest
      final class Brick {
        static var live = 0
        init() { Brick.live += 1 }
      }
      final class KilnTests: XCTestCase {
        override func tearDown() {
          print(Brick.live)
          super.tearDown()
        }
        func testBakes() {
          Shelf(Brick()).heat()
        }
      }
      """
    XCTAssertEqual(findings(source), ["KilnTests.swift:11"])
  }
}
