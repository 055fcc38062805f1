import TestLintCore
import XCTest

/// `state_released_in_teardown`: where a release counts, and what is not a candidate.
final class StateReleasedInTeardownRuleTests: XCTestCase {
  func test_unreleasedProperty_saysSetToNil() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        var cart: Cart!
        override func setUp() { cart = Cart() }
      }
      """
    XCTAssertEqual(
      LintHarness(StateReleasedInTeardownRule.self, files: ["CartTests.swift": source]).messages(),
      ["3:7 set 'cart' to nil in 'tearDown()'; XCTest keeps every test case instance, and what it holds, until the run ends"])
  }

  func test_releasePaths_allCount() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        var a: A!
        var b: B!
        var c: C!
        var d: D!
        var e: E!
        override func setUpWithError() throws {
          a = A(); b = B(); c = C()
          prepare()
          addTeardownBlock { [weak self] in self?.a = nil }
        }
        private func prepare() {
          d = D()
          e = E()
          addTeardownBlock(releaseD)
          addTeardownBlock { [weak self] in self?.releaseE() }
        }
        private func releaseD() { d = nil }
        private func releaseE() { e = nil }
        override func tearDown() async throws {
          b = nil
          clear()
          try await super.tearDown()
        }
        func clear() { self.c = nil }
      }
      """
    XCTAssertEqual(LintHarness(StateReleasedInTeardownRule.self, files: ["CartTests.swift": source]).messages(), [])
  }

  /// Any value assigned in `tearDown` releases what the test stored; a local of the same name
  /// declared there is not the property.
  func test_assignmentOfAnotherValue_releases() {
    let source = """
      import XCTest
      final class RatesTests: XCTestCase {
        var client: RatesClient!
        var cache: RatesCache!
        var feed: RatesFeed!
        override func setUp() { client = .testValue; cache = RatesCache(); feed = RatesFeed() }
        override func tearDown() {
          client = .liveValue
          self.cache = RatesCache.empty
          let feed = RatesFeed()
          feed.stop()
        }
      }
      """
    XCTAssertEqual(
      LintHarness(StateReleasedInTeardownRule.self, files: ["RatesTests.swift": source]).findings().map(\.line), [5])
  }

  /// `removeAll()` / `removeAll(keepingCapacity:)` on a collection property empties it;
  /// `removeAll(where:)`, another value's member of the same name and an object's `removeAll()` do not.
  func test_collectionEmptiedByRemoveAll_releases() {
    let source = """
      import XCTest
      final class InboxTests: XCTestCase {
        var tokens: Set<Token>!
        var queue: [Job]!
        var kept: [Job]!
        var other: [Job]!
        var cache: JobCache!
        override func setUp() { tokens = []; queue = []; kept = []; other = []; cache = JobCache() }
        override func tearDown() {
          tokens.removeAll()
          self.queue?.removeAll(keepingCapacity: true)
          kept.removeAll(where: { $0.isDone })
          store.other.removeAll()
          cache.removeAll()
        }
      }
      """
    XCTAssertEqual(
      LintHarness(StateReleasedInTeardownRule.self, files: ["InboxTests.swift": source]).findings().map(\.line), [5, 6, 7])
  }

  func test_ignoredTypes_canBeCleared() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        var name: String!
        var ids: [UUID]!
        override func setUp() { name = "cart"; ids = [] }
      }
      """
    XCTAssertEqual(
      LintHarness(StateReleasedInTeardownRule.self, files: ["CartTests.swift": source]).findings().map(\.line), [4])
    let strict = LintHarness(
      StateReleasedInTeardownRule.self, files: ["CartTests.swift": source], options: ["ignored_types": .strings([])])
    XCTAssertEqual(strict.findings().map(\.line), [3, 4])
  }

  func test_nonCandidates_pass() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        let fixed: Cart! = Cart()
        var optional: Cart?
        var plain = Cart()
        static var shared: Cart!
        var computed: Cart! { Cart() }
        @TearDownProperty var wrapped: Cart!
        @Injected var injected: Cart!
        var onlyInTests: Cart!
        override func setUp() {
          optional = Cart(); plain = Cart(); wrapped = Cart(); injected = Cart()
        }
        func test_cart_isEmpty() { onlyInTests = Cart(); XCTAssertTrue(onlyInTests.isEmpty) }
      }
      final class Helper {
        var cart: Cart!
        func setUp() { cart = Cart() }
      }
      """
    let harness = LintHarness(
      StateReleasedInTeardownRule.self, files: ["CartTests.swift": source],
      options: ["teardown_wrappers": .strings(["TearDown*", "Injected"])])
    XCTAssertEqual(harness.messages(), [])
  }

  /// `ignored_types` sees through the file's own aliases; an alias declared nowhere in the file
  /// is taken as written.
  func test_typealiasOfIgnoredTypeInFile_isNotReported() {
    let source = """
      import XCTest
      typealias UserID = UUID
      typealias OwnerID = UserID
      typealias Loop = Knot
      typealias Knot = Loop
      final class PostOfficeTests: XCTestCase {
        typealias Box = Parcel
        var userID: UserID!
        var ownerID: OwnerID!
        var box: Box!
        var groupID: GroupID!
        var loop: Loop!
        override func setUp() {
          userID = UserID(); ownerID = OwnerID(); box = Box(); groupID = GroupID(); loop = Loop()
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(StateReleasedInTeardownRule.self, [("PostOfficeTests.swift", source)]).map(\.line),
      [10, 11, 12], "'UUID' through one or two aliases is ignored; 'Parcel', an unknown alias and a cycle are not")
  }

  /// An alias declared with different targets in different scopes of the file is not resolved.
  func test_typealiasDeclaredTwiceDifferently_isReported() {
    let source = """
      import XCTest
      enum Accounts { typealias ID = UUID }
      enum Carts { typealias ID = Cart }
      final class CartTests: XCTestCase {
        var id: ID!
        override func setUp() { id = ID() }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(StateReleasedInTeardownRule.self, [("CartTests.swift", source)]).map(\.line), [5])
  }

  /// `Type.getInstance()` and `Type.instance` are shared accessors as `sharedInstance()` is; a
  /// lowercase base (`registry.instance`, a value's member) and arguments are not.
  func test_getInstanceAndInstance_areSharedAccessors() {
    let source = """
      import XCTest
      final class LedgerTests: XCTestCase {
        var prefs: PrefsVault!
        var ledger: Ledger!
        var made: Maker!
        var built: Builder!
        override func setUp() {
          prefs = PrefsVault.getInstance()
          ledger = Ledger.instance
          made = registry.instance
          built = Builder.getInstance(named: "x")
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(StateReleasedInTeardownRule.self, [("LedgerTests.swift", source)]).map(\.line), [5, 6])
  }
}
