import XCTest

@testable import TestLintCore

/// `missing_assertion`: tests that wait on what the code under test resumes, and tests the
/// compiler checks (held-out set 18).
final class MissingAssertionCompilerChecksTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_continuationHandedToCodeUnderTest_isAWait() {
    let source = """
      import Testing
      @testable import Jukebox
      struct JukeboxTests {
        @Test func finishesTheSong() async {
          let box = Jukebox(song: .short)
          await withCheckedContinuation { done in
            box.onFinish { done.resume() }
          }
        }
        @Test func parksTheListener() async throws {
          let gate = Turnstile()
          gate.open()
          try await withUnsafeThrowingContinuation { gate.park($0) }
        }
        @Test func parksInATask() async {
          let gate = Turnstile()
          let task = Task { await withCheckedContinuation { gate.park(waiter: $0) } }
          gate.open()
          _ = await task.result
        }
        @Test func resumesItself() async {
          let box = Jukebox(song: .short)
          box.play()
          await withCheckedContinuation { $0.resume() }
        }
        @Test func resumesOnTheMainQueue() async {
          let box = Jukebox(song: .short)
          box.play()
          await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume() }
          }
        }
        @Test func resumesInOneOfTwoPlaces() async {
          let box = Jukebox(song: .short)
          await withCheckedContinuation { done in
            box.onFinish { done.resume() }
            done.resume()
          }
        }
        @Test func resumesWhenTheGroupEmpties() async {
          let group = DispatchGroup()
          for song in Song.all {
            group.enter()
            Jukebox(song: song).play { group.leave() }
          }
          await withCheckedContinuation { done in
            group.notify(queue: .main) { done.resume() }
          }
        }
        @Test func feedsInAChildTask() async {
          let box = Jukebox(song: .short)
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              while true { await withCheckedContinuation { done in box.enqueue { done.resume() } } }
            }
            group.cancelAll()
          }
        }
      }
      """
    XCTAssertEqual(
      findings(["JukeboxTests.swift": source]),
      [
        "JukeboxTests.swift:21", "JukeboxTests.swift:26", "JukeboxTests.swift:33",
        "JukeboxTests.swift:40",
        "JukeboxTests.swift:50",
      ])
  }

  /// The continuation's name read from a typed parameter clause (held-out set 20).
  func test_continuationNamedWithItsType_isAWait() {
    let source = """
      import Testing
      @testable import Jukebox
      struct RecorderTests {
        @Test func stopsTheTape() async {
          let deck = TapeDeck()
          await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            deck.stop { stopped.resume() }
          }
        }
        @Test func rewindsTheTape() async throws {
          let deck = TapeDeck()
          try await withCheckedThrowingContinuation { (rewound) in
            deck.rewind { rewound.resume() }
          }
        }
        @Test func ejectsItself() async {
          let deck = TapeDeck()
          await withCheckedContinuation { (ejected: CheckedContinuation<Void, Never>) in
            deck.eject()
            ejected.resume()
          }
        }
      }
      """
    XCTAssertEqual(findings(["RecorderTests.swift": source]), ["RecorderTests.swift:16"])
  }

  /// XCTest's Swift 2 spellings of an expectation's wait (held-out set 20).
  func test_swift2ExpectationWait_isAWait() {
    let source = """
      import XCTest
      @testable import Kettle
      class KettleUITests: XCTestCase {
        func testWhistles() {
          let whistled = expectationWithDescription("whistled")
          Kettle().boil { whistled.fulfill() }
          waitForExpectationsWithTimeout(5, handler: nil)
        }
        func testPours() {
          let poured = expectationWithDescription("poured")
          Kettle().pour { poured.fulfill() }
        }
      }
      """
    XCTAssertEqual(findings(["KettleUITests.swift": source]), ["KettleUITests.swift:9"])
  }

  func test_commentSaysTheCompilerChecks_counts() {
    let source = """
      import XCTest
      @testable import Kettle
      final class KettleTests: XCTestCase {
        func testBoilAcceptsAnyLiquid() {
          // checked at compile time: boil takes any Liquid
          _ = Kettle().boil(Water())
        }
        /// The builder must accept a closure without `try`.
        /// This only needs to compile.
        func testBuilderWithoutTry() {
          _ = Recipe { Step.pour }
        }
        // MARK: pinning the overloads (we just need it to compile)
        func testOverloads() {
          _ = Kettle().pour(into: Cup())
        }
        func testSpout() {
          _ = Kettle().spout  // must compile
        }
        func testHandle() {
          // if this compiles, the handle is public.
          _ = Kettle().handle
        }
        func testLid() {
          // Compile the lid first, then open it.
          Kettle().lid.open()
        }
        func testWhistle() {
          // The compiler emits a warning here; compile time is fine.
          Kettle().whistle()
        }
        func testHandleFields() {
          // Read the fields to verify they exist at compile time.
          _ = Kettle().handle.grip
        }
        func testSteam() {
          // Verify the steam. Nothing runs at compile time.
          Kettle().steam()
        }
      }
      """
    XCTAssertEqual(
      findings(["KettleTests.swift": source]),
      ["KettleTests.swift:24", "KettleTests.swift:28", "KettleTests.swift:36"])
  }

  func test_emptyGenericFunctionDeclaredInTheTest_isACheck() {
    let source = """
      import XCTest
      @testable import Atlas
      final class AtlasTests: XCTestCase {
        func testPlacesAreMappable() {
          func take<M: Mappable>(_ place: M) {}
          take(.north)
          take(.south)
        }
        func testPlacesAreAnything() {
          func take<M>(_ place: M) {}
          take(.north)
        }
        func testRoutesAreSendable() {
          func hold<R: Sendable>(_ route: R, _ spare: R) { _ = route; _ = spare }
          hold(Route.short, Route.long)
        }
        func testRoutesArePrinted() {
          func show<R: Sendable>(_ route: R) { print(route) }
          show(Route.short)
        }
        func testRoutesKeepOthers() {
          let other = Route.long
          func keep<R: Sendable>(_ route: R) { _ = other }
          keep(Route.short)
        }
      }
      """
    XCTAssertEqual(
      findings(["AtlasTests.swift": source]),
      ["AtlasTests.swift:9", "AtlasTests.swift:17", "AtlasTests.swift:21"])
  }

  /// A type the test declares with a conformance its comment says it checks; not the
  /// conformance alone, nor a comment naming another protocol.
  func test_localTypeWhoseConformanceTheCommentChecks_counts() {
    let source = """
      import XCTest
      final class VaultTests: XCTestCase {
        func testOptionsAreSendable() async throws {
          /// A sanity check that the options and the layout
          /// stay Sendable: this struct stops building otherwise.
          struct Carrier: Sendable {
            let options: VaultOptions
            let layout: VaultLayout
          }
          let carrier = Carrier(options: VaultOptions(retries: 2), layout: VaultLayout())
          try await Vault.open(carrier.options)
        }
        func testDecodesThePayload() throws {
          struct Payload: Decodable { let id: Int }
          _ = try JSONDecoder().decode(Payload.self, from: Data("{}".utf8))
        }
        func testOtherProtocolNamed() throws {
          // Verify the layout is Hashable.
          struct Carrier: Sendable { let layout: VaultLayout }
          _ = Carrier(layout: VaultLayout())
        }
      }
      """
    XCTAssertEqual(
      findings(["VaultTests.swift": source]), ["VaultTests.swift:13", "VaultTests.swift:17"])
  }

  /// A function of the run that awaits `first(where:)` with the condition it was given, and
  /// returns nothing, is a wait; one that returns the element, or builds its own condition, is not.
  func test_functionAwaitingAConditionItWasGiven_isAWait() {
    let source = """
      import Testing
      @testable import Thermo
      struct ThermostatTests {
        @Test func reachesTheTarget() async throws {
          let unit = Thermostat(target: 21)
          try await unit.start()
          await settle(unit.readings) { $0.celsius >= 21 }
        }
        @Test func readsTheFirstWarmValue() async throws {
          let unit = Thermostat(target: 21)
          try await unit.start()
          _ = await firstWarm(unit.readings) { $0.celsius >= 21 }
        }
        @Test func idlesOnce() async throws {
          let unit = Thermostat(target: 21)
          try await unit.start()
          await idle(unit.readings)
        }
        @Test func buildsOnly() {
          _ = Thermostat(target: 21)
        }
        @Test func waitsForAnyReading() async {
          await settleOnDefault(Thermostat(target: 21).readings)
        }
      }
      func settleOnDefault(_ feed: ReadingFeed, until condition: @Sendable (Reading) -> Bool = { _ in true }) async {
        _ = await feed.stream().first(where: condition)
      }
      func settle(_ feed: ReadingFeed, until condition: @Sendable (Reading) -> Bool) async {
        if condition(feed.latest) { return }
        _ = await feed.stream().first(where: condition)
      }
      func firstWarm(_ feed: ReadingFeed, _ condition: @Sendable (Reading) -> Bool) async -> Reading? {
        await feed.stream().first(where: condition)
      }
      func idle(_ feed: ReadingFeed) async {
        _ = await feed.stream().first(where: { $0.isIdle })
      }
      """
    XCTAssertEqual(
      findings(["ThermostatTests.swift": source]),
      ["ThermostatTests.swift:9", "ThermostatTests.swift:14", "ThermostatTests.swift:19", "ThermostatTests.swift:22"])
  }

  /// A check word's third-person form reads as a check first in a function's name, lowercase
  /// and followed by more of the name (held-out set 38); a plural noun does not (set 13, 24).
  func test_thirdPersonCheckWords_readAsChecksOnlyAsVerbs() {
    let source = """
      import XCTest
      final class CrateTests: XCTestCase {
        private func requiresSendable<T: Sendable>(_: T.Type) {}
        func testCrateIsSendable() {
          requiresSendable(Crate.self)
        }
        func testCrateLayout() {
          checksLayout(of: Crate())
        }
        func testCrateSkips() throws {
          try AvailabilityChecks.newerSystemOrSkip()
          _ = Crate()
        }
        func testCrateCollects() {
          var checks: [String] = []
          checks.append("lid")
        }
        func testCrateIsAClass() {
          func requiresClass<T: AnyObject>(_: T.Type) {}
          requiresClass(Crate.self)
        }
      }
      """
    XCTAssertEqual(
      findings(["CrateTests.swift": source]),
      ["CrateTests.swift:10", "CrateTests.swift:14", "CrateTests.swift:18"])
  }
}
