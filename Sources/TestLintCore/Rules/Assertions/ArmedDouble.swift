/// A test that arms a test double through its `expect...` methods, then makes a call with `try`
/// whose result it drops (`missing_assertion`, set 44):
/// `transportMock.expectPath("/v2/balance").expectVerb("GET").respond(with: "Balance")`, then
/// `_ = try await client.balance()`. The double refuses a request that does not match what it
/// was armed with (it answers nothing, or an error), so the call throws and the test fails
/// exactly when the code under test asks the wrong thing: the double is the check.
///
/// Only a method named `expect` and a capitalized word (`expectPath`, not `expect` nor
/// `expectation`), called in the test's own body (in none of its blocks: not in a closure, a
/// local function, an `if` or a `do`) through a receiver named like a double (`*Mock*`,
/// `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`, the first word in any case: `mockTransport`,
/// `self.transportMock`) or made from or typed as one (`UndeclaredWait.isDouble`), at the head
/// of its chain; and after it, in the test's own body too, a call under a plain `try` (not
/// `try?`) whose result is dropped: a statement of its own or `_ = try ...`. Not a test that
/// only arms a double (nothing it calls can refuse), nor one that keeps the answer (`let
/// balance = try ...`: what it got needs its own check).
enum ArmedDouble {
  /// Whether the test arms a double and then makes a tried call whose result it drops.
  static func checks(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard let body = test.body,
      let armed = test.calls.first(where: {
        arms(model.calls[$0], in: test, model: model) && isOwn(model.calls[$0].nameToken, in: body, model: model)
      })
    else { return false }
    let after = model.calls[armed].nameToken
    return test.calls.contains { index in
      let call = model.calls[index]
      guard call.parent == nil, call.function == test.function, UndeclaredCheck.isTried(call, in: model),
        let start = UndeclaredCheck.chainStart(before: call.nameToken, in: model), start > after,
        isOwn(start, in: body, model: model)
      else { return false }
      return UndeclaredCheck.isStatement(call, in: model, discarding: true)
    }
  }

  /// Whether the token is a statement's of the body itself, in no block of it: not in a local
  /// function the test declares (`func listen() throws { ... }` in the test, which nothing may
  /// call), nor in a closure, an `if` or a `do`.
  private static func isOwn(_ token: Int, in body: Range<Int>, model: FileModel) -> Bool {
    guard token > body.lowerBound, token < body.upperBound else { return false }
    let depths = FocusedTestRule.braceDepths(from: body.lowerBound + 1, to: token, in: model)
    return depths.lowest >= 0 && depths.final == 0
  }

  /// Whether the call is `double.expectWord(...)` in the test's own body, at the head of its chain.
  private static func arms(_ call: Call, in test: DiscoveredTest, model: FileModel) -> Bool {
    guard call.parent == nil, call.function == test.function, !call.hasExpressionBase, !call.isMacro,
      call.path.count == 2 || call.path.count == 3 && call.path[0] == "self",
      let receiver = call.receiver, expectsWord(call.name)
    else { return false }
    return namesDouble(receiver)
      || call.path.count == 2
        && UndeclaredWait.isDouble(receiver, before: call.nameToken, in: call.function, model: model)
  }

  /// `expect` followed by an upper-case letter: `expectPath`, not `expect` or `expectation`.
  private static func expectsWord(_ name: String) -> Bool {
    let bytes = name.utf8
    guard bytes.count > 6, name.hasPrefix("expect") else { return false }
    let next = bytes[bytes.index(bytes.startIndex, offsetBy: 6)]
    return next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")
  }

  /// Whether a name reads as a double's: a double word capitalized anywhere
  /// (`transportMock`), or lowercase as its first word (`mockTransport`, `stub`).
  private static func namesDouble(_ name: String) -> Bool {
    if AssertionMatcher.isTestDouble(name) { return true }
    return ["mock", "stub", "fake", "spy", "dummy"].contains { word in
      guard name.hasPrefix(word) else { return false }
      let rest = name.dropFirst(word.count)
      return rest.first.map { $0.isUppercase || $0 == "_" || $0.isNumber } ?? true
    }
  }
}
