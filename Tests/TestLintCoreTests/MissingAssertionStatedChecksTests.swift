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

  func test_crashInHelper_isNoCheck() {
    let source = """
      import Testing
      @Test func decodes() throws {
        try withFixture { url in
          guard case .object(let fields) = try Decoder.read(url) else { fatalError("not an object") }
          if fields.isEmpty { preconditionFailure("no fields") }
        }
      }
      @Test func decodesTheFixture() throws {
        _ = try Decoder.read(fixtureURL())
      }
      @Test func decodesTheNamedFixture() throws {
        guard let name = ProcessInfo.processInfo.environment["PLAN"] else { fatalError("set PLAN") }
        if let url = Bundle.module.url(forResource: name, withExtension: "json") {
          _ = try Decoder.read(url)
        } else {
          preconditionFailure("no \\(name).json")
        }
      }
      func fixtureURL() -> URL {
        guard let url = Bundle.module.url(forResource: "plan", withExtension: "json") else {
          fatalError("missing fixture")
        }
        return url
      }
      """
    XCTAssertEqual(findings(["DecoderTests.swift": source]), ["DecoderTests.swift:8", "DecoderTests.swift:11"])
  }
}
