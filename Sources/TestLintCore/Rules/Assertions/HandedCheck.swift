/// Which calls through a receiver count as assertions because a check handed the receiver in
/// (`missing_assertion`): the checks of a harness's results, declared in a support module.
///
/// A build system's, a compiler's or a server's test harness runs the work and hands what it
/// made to a closure, whose checks read it: `try await tester.checkBuild(request) { results in
/// results.checkNoErrors(); results.checkTask(named: "Link") { task in
/// task.checkArguments(contain: "-O") } }`. The `check...` methods are declared in the test
/// support module, which the linted folders do not include, and they fail the test through
/// `#expect` or `XCTAssert`. Through another receiver, a name that reads as a check is as often
/// the code under test's (`sut.checkForUpdates()`, `form.validate()`), and `UndeclaredCheck`
/// counts only the word "assert" there.
///
/// So a method whose name reads as a check (`AssertionMatcher.readsAsCheck`: `check...`,
/// `verify...`, `expect...`, `assert...`, `validate...`, lowercase, then a word boundary) counts
/// when it is called through the parameter of a closure handed to a call whose own name reads
/// as a check (plainly or through any receiver): the closest enclosing closure that declares
/// the receiver's name (or, for `$0`, the closest closure) decides. A closure of `map`,
/// `forEach` or a completion handler (`sut.load { result in result.validate() }`) hands over
/// values of the code under test and does not count. As for every check declared nowhere, a
/// name some linted file declares in a way that could take the call is followed as that
/// helper instead (`CallSignature.declaresNoneAccepting`), and a mocking library's `verify(` is
/// `MockVerification`'s.
enum HandedCheck {
  /// Whether the call, through a receiver, checks what a check handed to its closure.
  static func reads(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase, call.path.count == 2,
      call.parent != nil
    else { return false }
    let receiver = call.path[0]
    guard receiver != "self", receiver != "Self", receiver != "super" else { return false }
    let name = call.name
    guard AssertionMatcher.readsAsCheck(name),
      !(MockVerification.mayMatch(name) && MockVerification.isLibraryName(name))
    else { return false }
    let anonymous = receiver.utf8.first == UInt8(ascii: "$")
    let token = call.nameToken
    // Outward through the enclosing calls (one step each, as deep as the calls nest).
    var current = call.parent
    while let parentIndex = current {
      let parent = model.calls[parentIndex]
      for closure in closures(of: parent, in: model) where closure.contains(token) {
        let names = RuleText.closureParameterNames(closure, in: model)
        guard anonymous ? names.isEmpty : names.contains(receiver) else { continue }
        return !parent.isMacro && AssertionMatcher.readsAsCheck(parent.name)
      }
      current = parent.parent
    }
    return false
  }

  /// A call's closures: its trailing ones and the arguments that are a closure literal.
  private static func closures(of call: Call, in model: FileModel) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for closure in call.trailingClosures { result.append(closure.tokens) }
    for argument in call.arguments where !argument.value.isEmpty {
      let first = argument.value.lowerBound
      let last = argument.value.upperBound - 1
      if model.tokens[first].kind == .leftBrace, model.tokens[last].kind == .rightBrace {
        result.append(argument.value)
      }
    }
    return result
  }
}
