import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out set 45): a declared wait that fails by throwing
/// (`ThrowingWait`), and a support module's leak check (`LeakTracking`).
final class MissingAssertionSet45Tests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, with one thread and two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  /// The tests' file is linted before the file declaring the waits (sorted by path).
  private static let courier = """
    import Foundation
    final class Courier {
      func waitForParcel(timeout: Double) throws {
        let deadline = Date() + timeout
        while Date() < deadline {
          if delivered { return }
        }
        throw CourierError.late
      }
      func waitForLetter(timeout: Double) throws {
        print(timeout)
      }
      func waitForNote(_ ready: () throws -> Bool) rethrows {
        _ = try ready()
      }
      func ensureCourierAvailable() throws {
        guard available else { throw XCTSkip("no courier today") }
      }
      func waitUntilSigned() throws {
        try ledger.waitForParcel(timeout: 2)
      }
      func waitForSorting() async throws {
        try await sorter.sortAll()
      }
      func requireStamp() throws {
        guard stamped else { throw CourierError.unstamped }
      }
    }
    """

  func test_triedWaitDeclaredElsewhere_thatThrows_asserts() {
    let sources = [
      "ADeliveryUITests.swift": """
        import XCTest
        final class DeliveryUITests: XCTestCase {
          var courier: Courier!
          private func waitUntilDropped() throws {
            try courier.waitForParcel(timeout: 5)
          }
          func test_parcel_isDropped() throws {
            XCUIApplication().launch()
            try waitUntilDropped()
          }
          func test_parcel_direct() throws {
            try courier.waitForParcel(timeout: 5)
          }
          func test_parcel_swallowed() throws {
            try? courier.waitForParcel(timeout: 5)
          }
          func test_letter_cannotThrow() throws {
            try courier.waitForLetter(timeout: 5)
          }
          func test_note_rethrows() throws {
            try courier.waitForNote { true }
          }
          func test_courier_onlySkips() throws {
            try courier.ensureCourierAvailable()
          }
          func test_signature_throughAnotherWait() throws {
            try courier.waitUntilSigned()
          }
          func test_sorting_onlyRuns() async throws {
            try await courier.waitForSorting()
          }
          func test_stamp_required() throws {
            try courier.requireStamp()
          }
        }
        """,
      "BCourier.swift": Self.courier,
    ]
    XCTAssertEqual(
      findings(sources),
      [
        "ADeliveryUITests.swift:14", "ADeliveryUITests.swift:17", "ADeliveryUITests.swift:20",
        "ADeliveryUITests.swift:23", "ADeliveryUITests.swift:29", "ADeliveryUITests.swift:32",
      ])
  }

  func test_triedWaitOfTheFile_thatThrows_asserts() {
    let source = """
      import XCTest
      final class ShelfTests: XCTestCase {
        private func waitUntilShelfLevel(timeout: Double = 2) throws {
          let deadline = Date() + timeout
          while Date() < deadline {
            if shelf.tilt < 2 { return }
          }
          throw ShelfError.tilted
        }
        private func checkShelfPrinted() throws {
          print(shelf)
        }
        func test_shelf_isLevel() throws {
          try waitUntilShelfLevel()
        }
        func test_shelf_printed() throws {
          try checkShelfPrinted()
        }
      }
      """
    XCTAssertEqual(findings(["ShelfTests.swift": source]), ["ShelfTests.swift:16"])
  }

  func test_leakTrackingDeclaredNowhere_asserts_andADeclaredOneIsFollowed() {
    let tests = """
      import Testing
      import SupportKit
      struct KettleTests {
        @Test @ReleaseChecked
        func kettle_isReleased() {
          _ = trackForMemoryLeaks(Kettle())
        }
        @Test func lid_isReleased() {
          trackMemoryLeak(of: Lid())
        }
        @Test func spout_isReleased() {
          self.trackForLeaks(Spout())
        }
        @Test func steam_isLogged() {
          trackSteamLeaks(Kettle())
        }
        @Test func kettle_leakage() {
          trackLeakage(Kettle())
        }
        @Test func kettle_throughReceiver() {
          tracker.trackForMemoryLeaks(Kettle())
        }
      }
      """
    XCTAssertEqual(
      findings(["KettleTests.swift": tests]),
      ["KettleTests.swift:14", "KettleTests.swift:17", "KettleTests.swift:20"])
    let declared = """
      @discardableResult
      func trackForMemoryLeaks<T: AnyObject>(_ object: T) -> T {
        print(object)
        return object
      }
      """
    XCTAssertEqual(
      findings(["AKettleTests.swift": tests, "BLeaks.swift": declared]),
      ["AKettleTests.swift:5", "AKettleTests.swift:14", "AKettleTests.swift:17", "AKettleTests.swift:20"])
  }
}
