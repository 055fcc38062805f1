import XCTest

@testable import TestLintCore

/// `missing_assertion`: checks a test states without an assertion function (held-out set 17).
final class MissingAssertionStatedChecksTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    let one = CalledHelpersTests.missingAssertions(in: sources, threads: 1)
    let two = CalledHelpersTests.missingAssertions(in: sources, threads: 2)
    XCTAssertEqual(one, two, "the threads agree", line: line)
    return one.map { $0.replacingOccurrences(of: " missing_assertion", with: "") }
  }

  func test_testStoreMadeWithoutImport_asserts() {
    let source = """
      @testable import Garden
      import XCTest
      final class SprinklerTests: XCTestCase {
        var store: TestStoreOf<Sprinkler>!
        override func setUp() {
          store = TestStoreOf<Sprinkler>(initialState: .init()) { Sprinkler() }
        }
        func test_start_waters() async {
          await store.send(.start) { $0.isOn = true }
          await store.receive(.watered)
        }
        func test_stop_finishes() async {
          await store.finish()
        }
      }
      """
    XCTAssertEqual(findings(["SprinklerTests.swift": source]), [])
    // Without a store made in the file, `send` is anybody's method.
    let plain = source.replacingOccurrences(
      of: "TestStoreOf<Sprinkler>(initialState: .init()) { Sprinkler() }", with: "makeStore()")
    XCTAssertEqual(findings(["SprinklerTests.swift": plain]), ["SprinklerTests.swift:8", "SprinklerTests.swift:12"])
  }
}
