/// Which calls through a receiver count as assertions in a UI test (`missing_assertion`): a
/// page object's (or robot's) check declared in none of the run's files.
///
/// A UI test drives the app in another process through `XCUIApplication`: the code under test
/// is not in the test's process, so what the test calls is test code, mostly the page objects
/// of a UI-test foundation module the linted folders do not include:
/// `try TabScreen().openOrders().verifyOrdersLoaded().verifyOrderList(orders)`, whose
/// `verify...` methods `XCTAssert` that the screen shows what it should. Outside a UI test,
/// such a name through a receiver is the code under test's (`sut.verifySignature(of: data)`,
/// `form.validate()`), and only the word "assert" counts there (`UndeclaredCheck`).
///
/// A file is a UI test when it names `XCUIApplication` (it launches or reaches the app). In
/// one, a method called through a receiver or a call chain whose name reads as a check
/// (`assert...`, `verify...`, `expect...`, `check...`, `validate...`, a lowercase first letter
/// and a word boundary: `AssertionMatcher.readsAsCheck`) counts where no file of the run
/// declares a function of that name that could take the call
/// (`CallSignature.declaresNoneAccepting`); a declared page object is followed as any helper
/// is. Not a mocking library's `verify(`, which `MockVerification` decides.
enum UITestCheck {
  /// Whether the call, made through a receiver in a UI test, reads as a page object's check.
  static func reads(callAt index: Int, in model: FileModel) -> Bool {
    let first = RuleText.firstNameByte(ofCall: index, in: model)
    switch first {
    case UInt8(ascii: "a"), UInt8(ascii: "v"), UInt8(ascii: "e"), UInt8(ascii: "c"): break
    default: return false
    }
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, call.hasExpressionBase || call.path.count > 1 else { return false }
    if call.path.count == 2, !call.hasExpressionBase {
      let receiver = call.path[0]
      // Plain in effect: `UndeclaredCheck` reads those.
      if receiver == "self" || receiver == "Self" || receiver == "super" { return false }
    }
    let name = call.name
    guard AssertionMatcher.readsAsCheck(name) else { return false }
    return !(MockVerification.mayMatch(name) && MockVerification.isLibraryName(name))
  }

  /// Whether the file drives an app: it names `XCUIApplication`.
  static func drivesApp(_ model: FileModel) -> Bool {
    let bytes = model.source.bytes
    let word = application
    return model.tokens.contains { token in
      guard token.kind == .identifier, Int(token.end - token.start) == word.count else { return false }
      let start = Int(token.start)
      return bytes[start] == word[0] && bytes[start..<start + word.count].elementsEqual(word)
    }
  }

  private static let application = Array("XCUIApplication".utf8)
}

extension RuleContext {
  /// `UITestCheck.drivesApp` of the file, read once for all its tests.
  var drivesApp: Bool {
    memo.drivesApp.withLock { cached in
      if let cached { return cached }
      let answer = UITestCheck.drivesApp(model)
      cached = answer
      return answer
    }
  }
}
