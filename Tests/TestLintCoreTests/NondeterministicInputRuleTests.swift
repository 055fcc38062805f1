import TestLintCore
import XCTest

/// `nondeterministic_input`: which expressions, where the finding lands, what passes.
final class NondeterministicInputRuleTests: XCTestCase {
  func test_eachInput_isNamedAtItsStart() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        use(Date(), Date.now, UUID(), Date(timeIntervalSinceNow: 1))
        use(Locale.current, TimeZone.autoupdatingCurrent, Calendar.current)
        use(Int.random(in: 1...3), .random(), Swift.Bool.random(), items.randomElement(), arc4random())
        XCTAssertTrue(true)
      }
      """)
    let findings = RuleLinting.findings(NondeterministicInputRule.self, source)
    XCTAssertEqual(
      findings.map { "\($0.line):\($0.column)" },
      ["5:7", "5:15", "5:25", "5:33", "6:7", "6:23", "6:53", "7:7", "7:30", "7:41", "7:68", "7:85"])
    let spellings = [
      "Date()", "Date.now", "UUID()", "Date(timeIntervalSinceNow:)", "Locale.current",
      "TimeZone.autoupdatingCurrent", "Calendar.current", "Int.random(...)", ".random(...)",
      "Bool.random(...)", "randomElement()", "arc4random(...)",
    ]
    XCTAssertEqual(
      findings.map(\.message),
      spellings.map {
        "inject a fixed value or a factory instead of '\($0)' so the test gives the same result on every run"
      })
  }

  func test_capturedOnce_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let now = Date()
        var today: Date = Date.now
        let id = UUID()
        let token = UUID().uuidString; let other = UUID()
        let time = Date().timeIntervalSince1970
        XCTAssertNotEqual(id, other)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(NondeterministicInputRule.self, source), [])
  }

  func test_capturedDerivedOrEnvironment_isFlagged() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let yesterday = Date().addingTimeInterval(-86_400)
        let calendar = Calendar.current
        let dice = Int.random(in: 1...6)
        let now = Date() + 1
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(NondeterministicInputRule.self, source),
      ["5:19", "6:18", "7:14", "8:13"])
  }

  func test_fixedAndSeededValues_pass() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        use(Date(timeIntervalSince1970: 0), UUID(uuidString: "x"), Locale(identifier: "en_US_POSIX"))
        use(Int.random(in: 1...3, using: &generator), generator.random(), Date.distantPast)
        use(Foundation.Date.self, Date.init(timeIntervalSinceReferenceDate: 0), model.Date())
        RunLoop.main.run(until: Date())
        DispatchQueue.main.asyncAfter(deadline: .now()) {}
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(NondeterministicInputRule.self, source), [])
  }

  func test_helpersAndSetUp_areNotRead() {
    let source = RuleLinting.xctest(
      """
      override func setUp() { super.setUp(); clock = Date() }
      func makeOrder() -> Order { Order(date: Date(), id: UUID()) }
      func test_a_b() { XCTAssertNotNil(makeOrder()) }
      """)
    XCTAssertEqual(RuleLinting.positions(NondeterministicInputRule.self, source), [])
  }

  func test_qualifiedDate_landsAtModule() {
    let source = RuleLinting.xctest("func test_a_b() { XCTAssertNotNil(Foundation.Date()) }")
    XCTAssertEqual(RuleLinting.positions(NondeterministicInputRule.self, source), ["4:35"])
  }

  func test_uniqueNames_pass() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        let defaults = UserDefaults(suiteName: UUID().uuidString)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let file = folder.appending(path: UUID().uuidString)
        let profile = Profile(name: UUID().uuidString, created: Date())
        XCTAssertNotNil(defaults)
      }
      """)
    XCTAssertEqual(RuleLinting.positions(NondeterministicInputRule.self, source), ["8:31", "8:59"])
  }

  func test_fakeClockSetToNow_passes() {
    let source = RuleLinting.xctest(
      """
      func test_a_b() {
        Clock.mockNow(Date())
        withDependencies { $0.date = .constant(Date()) } operation: { run() }
        dateProvider.currentDate = Date()
        clock.now = Date.now
        session.submittedAt = Date()
        record(Date())
        XCTAssertTrue(true)
      }
      """)
    XCTAssertEqual(
      RuleLinting.positions(NondeterministicInputRule.self, source), ["9:25", "10:10"])
  }
}
