/// Calls into a test-support module that the run does not lint, read from how test code spells
/// them (`missing_assertion`, through `UndeclaredCheck`): teams keep their snapshot helpers,
/// shared test bodies and UI robots in a package beside the tests, and a test that calls one
/// checks through it. Each counts only when no linted file declares a function of its name (a
/// declared one is followed as any helper is), as a false error costs more than a miss:
///
/// - a plain call, as a statement of its own, of a name with the word "snapshot" in any case
///   (`takeSnapShots(content: view)`, `verifyViewSnapshot(of: screen)`): a snapshot helper
///   records or compares an image, which is a snapshot test's check (not fastlane's
///   `snapshot("01Home")`, a screenshot for the store, nor its `Snapshot.snapshot("01Home")`);
/// - a snapshot package's call through its type or module, as a statement (`await
///   Xct.snapshotAsync(testName: name, view: view)`), and a method named `expect` and a
///   capitalized word through any receiver, as a statement (`collector.expectEventsMatch(events)`);
/// - a call through a receiver named as a check (`AssertSnapshot.devices(view)`), as a statement;
/// - a call through a check namespace, a member named `verify`, `assert`, `check`, `expect` or
///   `verifier` (`appRobot.openSettings().verify.settingsScreenIsShown()`), a UI robot's way to
///   set its checks apart from its actions;
/// - a call through a test-support type or value, a component of its receiver holding the word
///   `Test` (`TestUtils`, `PaymentTestHelpers`, `signupTestCases`): of a name that reads as a
///   test (`signupTestCases.testCloseButton(robot: robot)`, a shared test body), or through a
///   capitalized receiver as a statement of its own, given no trailing closure
///   (`PaymentTestHelpers.roundTripTest(scheme: .plain)`, `TestUtils.uniformnessTest(values)`;
///   not `TestEnvironment.withRooms(options) { rooms in ... }`, a scope around the test's own
///   closure): the code under test is not named so.
enum TestSupportCall {
  /// Whether a plain call, not through a receiver, reads as a snapshot helper's
  /// (`readsAsSnapshot`) and is a statement of its own.
  static func readsPlain(_ call: Call, in model: FileModel) -> Bool {
    // Not fastlane's `snapshot("01Home")`, which takes a screenshot for the store and compares
    // nothing (nor its `setupSnapshot(app)`).
    guard !fastlaneNames.contains(call.name) else { return false }
    return readsAsSnapshot(call.name) && UndeclaredCheck.isStatement(call, in: model)
  }

  /// fastlane's screenshot calls (its `SnapshotHelper.swift`): plain or through its `Snapshot`
  /// type (`Snapshot.snapshot("01Home", timeWaitingForIdle: 5)`), they take a screenshot for the
  /// store and compare nothing.
  private static let fastlaneNames: Set<String> = ["snapshot", "setupSnapshot"]

  /// Whether a call through a receiver goes through a check namespace or a test-support type
  /// or value (see the type's comment).
  static func readsThroughReceiver(_ call: Call, in model: FileModel) -> Bool {
    // At the end of a chain too (`Client.get("/x").expectBody("1").expectOk()`).
    if call.path.count >= 2 || call.hasExpressionBase, readsAsExpectation(call.name),
      UndeclaredCheck.isStatement(call, in: model)
    {
      return true
    }
    guard call.path.count >= 2, let receiver = call.receiver else { return false }
    if checkNamespaces.contains(receiver) { return true }
    // A check named by its receiver, a library's value or type (`AssertSnapshot.devices(view)`,
    // a snapshot library's global), as a statement.
    if !call.hasExpressionBase, BaseAssumption.readsAsCheck(call.path[0]) || BaseAssumption.readsAsAssertion(call.path[0]),
      UndeclaredCheck.isStatement(call, in: model)
    {
      return true
    }
    // A snapshot package's call through its type or module (`await Xct.snapshotAsync(...)`), or
    // a method named `expect` and a capitalized word (`collector.expectEventsMatch([...])`), as
    // a statement: test code's vocabulary, not the code under test's.
    if !call.hasExpressionBase, call.path.count == 2, AssertionMatcher.startsUppercase(call.path[0]),
      readsAsSnapshot(call.name), call.path[0] != "Snapshot" || !fastlaneNames.contains(call.name),
      UndeclaredCheck.isStatement(call, in: model)
    {
      return true
    }
    guard call.path.dropLast().contains(where: holdsTestWord) else { return false }
    if Speculation.isTestName(call.name) { return true }
    // Not a scope that runs the test's own closure (`try await TestEnvironment.withRooms(options)
    // { rooms in ... }`): what it checks is in that closure, read as the test's.
    return !call.hasExpressionBase && AssertionMatcher.startsUppercase(call.path[0])
      && call.trailingClosures.isEmpty && UndeclaredCheck.isStatement(call, in: model)
  }

  /// Whether a name is `expect` and a capitalized word (`expectEventsMatch`, `expectNoCalls`; not
  /// `expectation`, nor `expect` alone, Nimble's when plain and anybody's through a receiver).
  static func readsAsExpectation(_ name: String) -> Bool {
    guard name.hasPrefix("expect"), let next = name.utf8.dropFirst(6).first else { return false }
    return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
  }

  /// The members through which UI robots reach their checks.
  static let checkNamespaces: Set<String> = ["verify", "assert", "check", "expect", "verifier"]

  /// Whether a name holds the word "snapshot" in any case, not followed by more of a word
  /// than a plural's `s` (`takeSnapShots`, `assertViewSnapshot`, `snapshot`; not `snapshotter`).
  /// Read from the name's bytes in place, as every call's name of every file is asked.
  static func readsAsSnapshot(_ name: String) -> Bool {
    if let answer = name.utf8.withContiguousStorageIfAvailable(readsAsSnapshot) { return answer }
    return Array(name.utf8).withUnsafeBufferPointer(readsAsSnapshot)
  }

  private static func readsAsSnapshot(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let word: StaticString = "snapshot"
    let length = word.utf8CodeUnitCount
    guard bytes.count >= length else { return false }
    for start in 0...(bytes.count - length)
    where (0..<length).allSatisfy({ bytes[start + $0] | 0x20 == word.utf8Start[$0] }) {
      var end = start + length
      if end < bytes.count, bytes[end] == UInt8(ascii: "s") { end += 1 }
      if end == bytes.count || !isLowercase(bytes[end]) { return true }
    }
    return false
  }

  /// Whether a name holds the word `Test` (capitalized: `TestUtils`, `PaymentTestHelpers`,
  /// `ExpansionTests`, `signupTestCases`; or `test` at its start: `testCases`), followed by the
  /// end, a capital, a digit, `_`, or `s` or `ing` and one of those (not `Testament`,
  /// `latest`).
  static func holdsTestWord(_ name: String) -> Bool {
    if let answer = name.utf8.withContiguousStorageIfAvailable(holdsTestWord) { return answer }
    return Array(name.utf8).withUnsafeBufferPointer(holdsTestWord)
  }

  private static func holdsTestWord(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 4 else { return false }
    for start in 0...(bytes.count - 4) {
      let first = bytes[start]
      guard first == UInt8(ascii: "T") || start == 0 && first == UInt8(ascii: "t"),
        bytes[start + 1] == UInt8(ascii: "e"), bytes[start + 2] == UInt8(ascii: "s"),
        bytes[start + 3] == UInt8(ascii: "t")
      else { continue }
      var end = start + 4
      if end < bytes.count, bytes[end] == UInt8(ascii: "s") {
        end += 1
      } else if end + 3 <= bytes.count,
        bytes[end] == UInt8(ascii: "i"), bytes[end + 1] == UInt8(ascii: "n"), bytes[end + 2] == UInt8(ascii: "g")
      {
        end += 3
      }
      if end == bytes.count || !isLowercase(bytes[end]) { return true }
    }
    return false
  }

  private static func isLowercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }
}
