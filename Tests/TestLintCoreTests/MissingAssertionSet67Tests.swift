import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out sets 67 and 70): a helper of another linted file that throws on
/// a condition it states (`CheckingThrow`), and a declared wait whose `throw` sits in the
/// polling function it calls (`ThrowingWait+Deeper`).
final class MissingAssertionSet67Tests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, with one thread and two.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  /// The tests' file sorts first, so it is linted before the helpers' files.
  private static let parcelTests = """
    import Testing
    struct ParcelTests {
      let outbox = OutboxRecorder()
      @Test func nothingSent() throws {
        outbox.flush()
        try outbox.expectNothingSent()
      }
      @Test func labelHasNoDraft() throws {
        try LabelChecks.assertLacksWord("draft", in: label)
      }
      @Test func labelThroughAnother() throws {
        try LabelChecks.assertCleanLabel(label)
      }
      @Test func fixtureLoads() throws {
        _ = try LabelChecks.loadFixture("label")
      }
      @Test func parsesOnly() throws {
        try LabelChecks.parseLabel(label)
      }
      @Test func stubAnswers() throws {
        try ScaleStub().weigh()
      }
      @Test func swallowed() throws {
        try? outbox.expectNothingSent()
      }
      @Test func preconditionOnly() throws {
        try LabelChecks.requirePrinter()
      }
      @Test func deletesQuietly() throws {
        try LabelChecks.deleteLabel("old")
      }
    }
    """

  private static let helpers = """
    protocol OutboxRecording {
      var sent: [String] { get }
    }
    extension OutboxRecording {
      func expectNothingSent() throws {
        let unexpected = sent.filter { !$0.isEmpty }
        guard unexpected.isEmpty else { throw ParcelFailure.sent(unexpected) }
      }
    }
    enum LabelChecks {
      static func assertLacksWord(_ word: String, in label: String) throws {
        for line in label.split(separator: "\\n") {
          if line.contains(word) {
            throw ParcelFailure.found(word)
          }
        }
      }
      static func assertCleanLabel(_ label: String) throws {
        try assertLacksWord("void", in: label)
      }
      static func loadFixture(_ name: String) throws -> String {
        guard let path = fixturePaths[name] else { throw ParcelFailure.missing(name) }
        return path
      }
      static func parseLabel(_ label: String) throws {
        try decoder.decode(label)
      }
      static func deleteLabel(_ id: String) throws {
        guard labels.contains(id) else { throw ParcelFailure.noLabel(id) }
      }
      static func requirePrinter() throws {
        guard printerReady else { throw ParcelFailure.noPrinter }
      }
    }
    final class ScaleStub {
      var failing = false
      func weigh() throws {
        if failing { throw ParcelFailure.scale }
      }
    }
    """

  func test_checkingThrowOfAnotherFile_asserts() {
    XCTAssertEqual(
      findings(["AParcelTests.swift": Self.parcelTests, "BParcelHelpers.swift": Self.helpers]),
      [
        "AParcelTests.swift:14", "AParcelTests.swift:17", "AParcelTests.swift:20",
        "AParcelTests.swift:23", "AParcelTests.swift:26", "AParcelTests.swift:29",
      ])
  }

  func test_checkingThrowOfTheSameFile_stillAsserts() {
    let both = Self.parcelTests + "\n" + Self.helpers
    let found = findings(["ParcelTests.swift": both])
    XCTAssertFalse(found.contains("ParcelTests.swift:4"))
    XCTAssertFalse(found.contains("ParcelTests.swift:8"))
    XCTAssertFalse(found.contains("ParcelTests.swift:11"))
  }

  private static let basketTests = """
    import Testing
    struct BasketTests {
      let basket = Basket()
      let tally = Tally()
      @Test func totalArrives() async throws {
        basket.add(3)
        try await basket.waitForTotal(3)
      }
      @Test func tallyArrives() async throws {
        basket.add(2)
        try await tally.wait(for: 2)
      }
      @Test func throughTwoWaits() async throws {
        try await basket.waitUntilSettled()
      }
      @Test func syncOnly() async throws {
        try await basket.waitForSync()
      }
      @Test func tallySwallowed() async throws {
        try? await tally.wait(for: 2)
      }
    }
    """

  private static let waits = """
    final class Basket {
      func waitForTotal(_ total: Int) async throws {
        try await Poll.until { self.total == total }
      }
      func waitUntilSettled() async throws {
        try await waitForTotal(0)
      }
      func waitForSync() async throws {
        try await store.synchronize()
      }
    }
    actor Tally {
      var value = 0
      func wait(for expected: Int) async throws {
        try await Poll.until { await self.value == expected }
      }
    }
    """

  private static let poll = """
    enum Poll {
      static func until(attempts: Int = 100, _ done: @escaping () async -> Bool) async throws {
        for _ in 0..<attempts {
          if await done() { return }
          try await Task.sleep(for: .milliseconds(10))
        }
        throw PollFailure.timedOut
      }
    }
    """

  func test_waitWhoseThrowIsInThePollItCalls_asserts() {
    XCTAssertEqual(
      findings(["ABasketTests.swift": Self.basketTests, "BBasket.swift": Self.waits, "CPoll.swift": Self.poll]),
      ["ABasketTests.swift:16", "ABasketTests.swift:19"])
    // The poll in the waits' own file: followed there.
    XCTAssertEqual(
      findings(["ABasketTests.swift": Self.basketTests, "BBasket.swift": Self.waits + "\n" + Self.poll]),
      ["ABasketTests.swift:16", "ABasketTests.swift:19"])
  }
}
