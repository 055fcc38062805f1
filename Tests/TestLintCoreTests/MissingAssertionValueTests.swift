import XCTest

@testable import TestLintCore

/// `missing_assertion` on checks a test reaches through a value: a function kept in a local
/// constant, a closure handed to a lazy wrapper kept in a Quick spec, and a Quick `afterEach`
/// of the example's groups.
final class MissingAssertionValueTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, on one thread and on two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_functionPickedIntoLocalConstantInAnotherFile_counts() {
    let sources = [
      "Support.swift": """
        import XCTest

        func expectLoaded(_ store: Store) { XCTAssertTrue(store.isLoaded) }
        func expectFailed(_ store: Store) { XCTAssertNotNil(store.error) }
        func loadAndWait(_ store: Store, succeeds: Bool = true) {
          let settle = succeeds ? expectLoaded : expectFailed
          store.load()
          settle(store)
        }
        func loadAndPrint(_ store: Store, succeeds: Bool = true) {
          let report = succeeds ? printState : printError
          report(store)
        }
        func printState(_ store: Store) { print(store) }
        func printError(_ store: Store) { print(store) }
        """,
      "StoreTests.swift": """
        import XCTest

        final class StoreTests: XCTestCase {
          func test_load_fails() { loadAndWait(Store(), succeeds: false) }
          func test_load_prints() { loadAndPrint(Store()) }
        }
        """,
    ]
    XCTAssertEqual(findings(sources), ["StoreTests.swift:5"])
  }

  func test_functionPickedIntoLocalConstantInSameFile_counts() {
    let source = """
      import XCTest

      final class StoreTests: XCTestCase {
        func test_load_picksCheck() {
          let settle = if Bool.random() { expectLoaded } else { self.expectEmpty }
          settle(Store())
        }
        func test_load_picksPrint() {
          let show = isVerbose ? show : print
          show(Store())
        }
        func test_load_callsClosureResult() {
          let apply = makeApplier()
          apply(Store())
        }
        private func expectLoaded(_ store: Store) { XCTAssertTrue(store.isLoaded) }
        private func expectEmpty(_ store: Store) { XCTAssertTrue(store.items.isEmpty) }
        private func show(_ store: Store) { print(store) }
      }
      """
    XCTAssertEqual(findings(["StoreTests.swift": source]), ["StoreTests.swift:8", "StoreTests.swift:12"])
  }
}

extension MissingAssertionValueTests {
  func test_closureHandedToLazyWrapperKeptInSpec_counts() {
    let source = """
      import Quick
      import Nimble

      final class FeedSpec: QuickSpec {
        override class func spec() {
          describe("a feed") {
            let loadedFeed = lazyValue {
              let feed = Feed()
              expect(feed.load()).to(beTrue())
              return feed
            }
            let memoFeed = memoize({ Feed().reload() })
            let printedFeed = lazyValue { print(Feed()) }
            it("loads once") { _ = loadedFeed() }
            it("reloads") { _ = memoFeed() }
            it("prints") { _ = printedFeed() }
          }
        }
      }
      """
    XCTAssertEqual(findings(["FeedSpec.swift": source]), ["FeedSpec.swift:15", "FeedSpec.swift:16"])
  }

  func test_closureThatOnlyFailsHandedToWrapper_doesNotCount() {
    let source = """
      import Quick
      import Nimble
      import Testing

      final class LoaderSpec: QuickSpec {
        override class func spec() {
          describe("a loader") {
            let load = makeLoader { fail("must not call back before started") }
            let record = makeLoader {
              Issue.record("must not call back")
            }
            let watch = makeWatcher { value in
              guard value > 0 else { fail("negative"); return }
            }
            it("loads") { load() }
            it("records") { record() }
            it("watches") { watch() }
          }
        }
      }
      """
    XCTAssertEqual(findings(["LoaderSpec.swift": source]), ["LoaderSpec.swift:15", "LoaderSpec.swift:16"])
  }

  func test_functionThatOnlyFailsCalledThroughConstant_countsAsDirectCall() {
    let source = """
      import XCTest

      final class LoaderTests: XCTestCase {
        func test_load_callsRejection() {
          let reject = failIfCalled
          Loader().load()
          reject()
        }
        func test_load_callsRejectionDirectly() {
          Loader().load()
          failIfCalled()
        }
        func test_load_handsRejectionOver() {
          let reject = failIfCalled
          Loader().load(onDone: reject)
        }
        private func failIfCalled() { XCTFail("must not be called") }
      }
      """
    XCTAssertEqual(findings(["LoaderTests.swift": source]), ["LoaderTests.swift:13"])
  }

  func test_afterEachOfEnclosingGroupThatAsserts_counts() {
    let source = """
      import Quick
      import Nimble

      final class CacheSpec: QuickSpec {
        override class func spec() {
          var cache: Cache!
          beforeEach { cache = Cache() }
          describe("eviction") {
            afterEach { expect(cache.count) == 0 }
            context("on memory warning") {
              it("empties") { cache.handleMemoryWarning() }
            }
            it("empties on clear") { cache.clear() }
          }
          describe("filling") {
            beforeEach { expect(cache.count) == 0 }
            afterEach { cache.reset() }
            it("adds") { cache.add(1) }
          }
        }
      }
      """
    XCTAssertEqual(findings(["CacheSpec.swift": source]), ["CacheSpec.swift:18"])
  }

  func test_afterEachOfSpecThatAsserts_countsForEveryExample() {
    let source = """
      import Quick
      import Nimble

      final class CacheSpec: QuickSpec {
        override class func spec() {
          let cache = Cache()
          afterEach { expect(cache.isConsistent).to(beTrue()) }
          it("adds") { cache.add(1) }
        }
      }
      """
    XCTAssertEqual(findings(["CacheSpec.swift": source]), [])
  }

  func test_tearDownThatAsserts_doesNotCountForTheTests() {
    // A class-wide leak check checks no test's own outcome (the page's choice, unlike a Quick
    // group's afterEach).
    let source = """
      import XCTest

      final class CacheTests: XCTestCase {
        weak var weakCache: Cache?
        override func tearDown() {
          XCTAssertNil(weakCache)
          super.tearDown()
        }
        func test_add_keepsValue() { Cache().add(1) }
      }
      """
    XCTAssertEqual(findings(["CacheTests.swift": source]), ["CacheTests.swift:9"])
  }

  func test_swiftAssertOnly_saysSoInTheMessage() {
    let source = """
      import XCTest

      final class QueueTests: XCTestCase {
        func test_push_grows() {
          var queue = Queue()
          queue.push(1)
          assert(queue.count == 1, "one item")
        }
        func test_pop_shrinks() {
          var queue = Queue()
          queue.pop()
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.messages(MissingAssertionRule.self, source),
      [
        "test 'test_push_grows' checks only with Swift's 'assert', which optimized builds remove and which stops the "
          + "whole run instead of failing the test; use 'XCTAssert'",
        "test 'test_pop_shrinks' asserts nothing; check its outcome with an 'XCTAssert' call or wait for an expectation",
      ])
  }
}
