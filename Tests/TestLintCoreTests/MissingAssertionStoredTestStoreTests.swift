import XCTest

@testable import TestLintCore

/// `missing_assertion` on a TCA `TestStore` kept under a name that does not say so.
final class MissingAssertionStoredTestStoreTests: XCTestCase {
  func test_storeKeptInAProperty_madeInSetUp_checksLikeALocalStore() {
    let sources = [
      "ACounterTests.swift": """
        import ComposableArchitecture
        import XCTest
        @MainActor
        final class CounterTests: XCTestCase {
          var subject: TestStore<Counter.State, Counter.Action>!
          var other: TestStoreOf<Counter>?
          var model: CounterModel!
          override func setUp() {
            super.setUp()
            subject = TestStore(initialState: Counter.State()) { Counter() }
          }
          func test_increment_counts() async {
            await subject.send(.incrementTapped)
            await self.subject.receive(.counted(1)) { $0.count = 1 }
          }
          func test_finish_only() async {
            await self.subject.finish()
          }
          func test_other() async {
            await other?.send(.incrementTapped)
          }
          func test_local() async {
            let probe = TestStoreOf<Counter>(initialState: Counter.State()) { Counter() }
            await probe.send(.incrementTapped)
          }
          func test_model_send() async {
            model.send(.incrementTapped)
          }
        }
        """
    ]
    XCTAssertEqual(CalledHelpersTests.missingAssertionLines(in: sources), ["ACounterTests.swift:26"])
  }
}
