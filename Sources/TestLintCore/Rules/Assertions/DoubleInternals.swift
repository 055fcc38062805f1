/// A test double's own helpers: the methods of a `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*` or
/// `*Dummy*` type that are not named like a check. A test that calls one through the double
/// (`spy.print(job)`) runs what the code under test runs, an `XCTFail` trap on an unexpected
/// call included, and checks nothing. The double's check (`verifyNothingPrinted()`) that hands
/// over to one (`printWasNeverRequested()`, which calls a free helper that fails when the spy
/// was called) asserts through it, as through any helper: only the method the test calls, the
/// entry into the double, must be named like a check.
///
/// Such a method is summarized under a key only its own file's double methods reach
/// (`key(_:in:)`), never under its name: a call of another file, or one of this file from
/// outside a double, does not run it as a check.
enum DoubleInternals {
  /// The name a double's method not named like a check is summarized under: no call's name
  /// holds a `#`, and the path keeps two files' doubles apart.
  static func key(_ name: String, in model: FileModel) -> String {
    name + "#double#" + model.source.path
  }

  /// Whether the function is a double's own helper (`DoubleInternals`): a method, not an
  /// initializer, of a double, not named like a check.
  static func isInternal(_ function: FunctionDecl, doubles: [Bool]) -> Bool {
    guard let owner = function.owner, doubles[owner], function.kind == .function
    else { return false }
    return !readsAsCheck(function.name)
  }

  /// Whether a double's method is named like a check: as `AssertionMatcher.readsAsCheck` says,
  /// or a step joined by `And` to a check word, capitalized, and a word boundary
  /// (`waitAndAssertNothingSent()`, `drainAndVerifyEmpty()`, `flushAndExpect(_:)`): the double's
  /// entry point that does something, then checks.
  static func readsAsCheck(_ name: String) -> Bool {
    AssertionMatcher.readsAsCheck(name) || joinsCheck(name)
  }

  private static func joinsCheck(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    guard let first = utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
    for joined in joinedWords {
      var start = 1
      while start + joined.count <= utf8.count {
        defer { start += 1 }
        guard utf8[start] == UInt8(ascii: "A"), utf8[start..<(start + joined.count)].elementsEqual(joined) else { continue }
        let end = start + joined.count
        if end == utf8.count { return true }
        let next = utf8[end]
        if (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || next == UInt8(ascii: "_") || next == UInt8(ascii: "(") {
          return true
        }
      }
    }
    return false
  }

  private static let joinedWords: [[UInt8]] = ["AndAssert", "AndVerify", "AndExpect"].map { Array($0.utf8) }

  /// Whether a call, made by a method of a double, runs one of the double's own helpers: it
  /// is plain or through `self.`, `Self.` or `super.`, and the file's functions of that name
  /// include such a helper.
  static func reaches(
    callAt index: Int, from caller: FunctionDecl, targets: [Int], in model: FileModel,
    doubles: [Bool]
  ) -> Bool {
    guard let owner = caller.owner, doubles[owner],
      AssertionMatcher.isOwnMethodCall(model.calls[index])
    else { return false }
    return targets.contains { isInternal(model.functions[$0], doubles: doubles) }
  }
}
