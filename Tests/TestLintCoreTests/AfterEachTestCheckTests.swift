import XCTest

@testable import TestLintCore

/// `missing_assertion`: what runs after every test is not the test's check: an XCTest
/// `tearDown` that asserts, and so a Swift Testing class suite's `deinit` (its own or a linted
/// base's), which Swift Testing runs after each test as XCTest runs `tearDown`.
final class AfterEachTestCheckTests: XCTestCase {
  func test_suiteDeinitAndTearDown_checkNoTest() {
    let sources = [
      "BaseSyncTests.swift": """
        import Testing
        class BaseSyncTests {
          let engine = SyncEngine()
          deinit {
            #expect(engine.pendingChanges.isEmpty)
          }
        }
        """,
      "SyncTests.swift": """
        import Testing
        final class SyncTests: BaseSyncTests {
          @Test func sendChanges() async {
            await engine.send()
          }
        }
        @Suite final class UploadTests {
          let queue = UploadQueue()
          deinit { #expect(queue.isEmpty) }
          @Test func drains() { queue.drain() }
        }
        """,
      "CacheTests.swift": """
        import XCTest
        final class CacheTests: XCTestCase {
          override func tearDown() {
            XCTAssertTrue(cache.isEmpty)
            super.tearDown()
          }
          func test_clear_empties() { cache.clear() }
        }
        """,
    ]
    XCTAssertEqual(
      CalledHelpersTests.missingAssertions(in: sources, threads: 1),
      ["CacheTests.swift:7 missing_assertion", "SyncTests.swift:3 missing_assertion", "SyncTests.swift:10 missing_assertion"])
  }
}
