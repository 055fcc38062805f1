/// A support module's memory-leak check (`missing_assertion`, through `UndeclaredCheck`).
///
/// iOS teams keep a helper that takes an object and, when the test ends, checks that it was
/// released: an XCTest extension adds a teardown block asserting the object's weak reference is
/// `nil`, and a Swift Testing support module records an issue from its leak scope (a trait or
/// an attached macro around the test). Its name says so: `track`, then optionally `For` and
/// `Memory`, then `Leak` or `Leaks` (`trackForMemoryLeaks(sut)`, `trackMemoryLeak(of: store)`,
/// `trackForLeaks(view)`). A plain call of such a name (or through `self.` / `Self.`), that no
/// linted file declares, counts as a check, as the other checks declared nowhere do; a
/// declared one is followed as any helper is. Not another word between (`trackErrorNoPIILeaks`,
/// a log's privacy check, a test of the code under test), nor `Leakage` or `Leaked...`.
enum LeakTracking {
  /// Whether a name reads as a leak check: `track[For][Memory]Leak[s]`, then the end or a
  /// capital (`trackForMemoryLeaks`, `trackMemoryLeakOf`).
  static func readsAsLeakCheck(_ name: String) -> Bool {
    var rest = Substring(name)
    guard name.utf8.first == UInt8(ascii: "t"), rest.hasPrefix("track") else { return false }
    rest = rest.dropFirst(5)
    if rest.hasPrefix("For") { rest = rest.dropFirst(3) }
    if rest.hasPrefix("Memory") { rest = rest.dropFirst(6) }
    guard rest.hasPrefix("Leak") else { return false }
    rest = rest.dropFirst(4)
    if rest.hasPrefix("s") { rest = rest.dropFirst() }
    guard let next = rest.utf8.first else { return true }
    return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
  }
}
