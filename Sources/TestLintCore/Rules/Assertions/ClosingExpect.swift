/// A test that ends by checking through a support module's `expect`: its last statement is a
/// call of a method named exactly `expect` through a receiver, with at least one argument, its
/// result unused (`await console.expect("> look\nA dark room.")`, `try await io.expect(...)`),
/// and no file of the run declares a function of that name. A test-support target the linted
/// folders do not include (a mock console comparing what a game printed) checks so; what the
/// test did before is its action, and that last call its check. Narrow on purpose: a stub set
/// up through a receiver's `expect` (`session.expect(url, data: page)`) comes before the action
/// the test then runs, so it is never the last statement; an `expect` anywhere else in the test
/// (`parser.expect(.leftParen)`, then more) is the code under test's operation. A declared
/// `expect` is followed as any helper is (`HelperNames.declaresNone`, asked by the caller; a
/// file's own, even `private`, here).
/// Quick and Nimble's `expect(value)` is a free function, not called through a receiver: it is
/// `AssertionMatcher`'s, never this.
enum ClosingExpect {
  /// The method's name.
  static let name = "expect"

  /// Whether the test's last statement is such a call (the run's declarations asked apart).
  static func closes(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard let body = test.body, body.count > 2 else { return false }
    let closingBrace = body.upperBound - 1
    // The last such call comes last among the test's calls but for those in its arguments. Through
    // a value (`console.expect`, `makeConsole().expect`), not the test's own method (`self.expect`).
    for index in test.calls.reversed() {
      let call = model.calls[index]
      guard call.name == name, let parentheses = call.parentheses, !call.isMacro, !call.isImplicitMember,
        call.trailingClosures.isEmpty, !call.arguments.isEmpty, !AssertionMatcher.isOwnMethodCall(call)
      else { continue }
      var after = parentheses.upperBound
      if after < closingBrace, model.tokens[after].kind == .semicolon { after += 1 }
      guard after == closingBrace else { continue }
      // A `private` one of this file is none the run lists (`BaseAssumption.declaredChecks`).
      return UndeclaredCheck.isStatement(call, in: model) && !model.functions.contains { $0.name == name }
    }
    return false
  }
}
