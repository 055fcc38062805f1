/// Which calls of a function declared in none of the run's files count as assertions because they
/// hand over the caller's location (`missing_assertion`).
///
/// A Swift check reports a failure at its caller's line by taking the caller's file and line:
/// `func verifyFired(file: StaticString = #filePath, line: UInt = #line)` passes them on to
/// `XCTAssert...` or `Issue.record`. A test-support package the linted folders do not include
/// keeps such helpers, and a test forwards its own location to them explicitly:
/// `recorder.verifyExpectations(file: #file, line: #line)`, `send(event, and: .expectation(...),
/// file: #filePath, line: #line)`. A call that passes `file:` as `#file`, `#filePath` or
/// `#fileID` together with `line: #line` is such a helper's, plainly or through any receiver.
/// Not a name starting with a capital (an initializer keeps the location for later:
/// `StoreUnderTest(..., file: #file, line: #line)`), nor a logging or crashing name (`log`,
/// `debug`, `print`, `fatalError`, `precondition...`, `assert`...), which take the location only
/// to print it.
///
/// Also a method named like a check (`verify...`, `check...`, `assert...`, `expect...`) of a test
/// double's (`UndeclaredWait.isDouble`) called as a statement of its own: a double is test code,
/// and a check of it whose result is unused can only report by failing the test.
/// Only where no file of the run declares a function of the name that could take the call
/// (`CallSignature.declaresNoneAccepting`); a declared one is followed as any helper is.
enum CallerLocationCheck {
  /// Whether the call, if no file of the run declares its name, is a test double's check.
  static func countsDoubleCheck(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    return !call.isMacro && !call.isImplicitMember && !call.hasExpressionBase && call.path.count == 2
      && call.path[0] != "self" && isCheckName(call.name)
      && UndeclaredWait.isDouble(call.path[0], before: call.nameToken, in: call.function, model: model)
      && UndeclaredWait.isStatement(call, in: model)
  }

  /// Whether the call hands over the caller's location, so that it counts if no file of the
  /// run declares a function of its name taking one (`key`).
  static func forwardsLocation(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    return !call.isMacro && !call.isImplicitMember && forwardsLocation(call, in: model)
  }

  /// Whether the call passes `file: #file` (or `#filePath`, `#fileID`) and `line: #line`, and
  /// its name is neither a type's nor a logging or crashing function's.
  private static func forwardsLocation(_ call: Call, in model: FileModel) -> Bool {
    guard let parentheses = call.parentheses, parentheses.count > 4 else { return false }
    let name = call.name
    guard !name.isEmpty, !AssertionMatcher.startsUppercase(name), !takesLocationToPrint(name) else { return false }
    var file = false
    var line = false
    for argument in call.arguments {
      guard let label = argument.label, argument.value.count == 1, let only = argument.value.first,
        model.tokens[only].kind == .pound
      else { continue }
      let value = model.text(only)
      if label == "file", value == "#file" || value == "#filePath" || value == "#fileID" { file = true }
      if label == "line", value == "#line" { line = true }
    }
    return file && line
  }

  /// Whether a declaration takes a caller's location, labelled `file` and `line`: a call of
  /// it may be one this type counts, so the run lists it under `key` (`BaseAssumption.declaredChecks`).
  static func takesLocation(_ function: FunctionDecl) -> Bool {
    function.parameters.contains { ($0.label ?? $0.name) == "file" }
      && function.parameters.contains { ($0.label ?? $0.name) == "line" }
  }

  /// The name under which the run lists a declaration taking a caller's location; it ends in
  /// `)`, so the run tracks it (`BaseAssumption.tracksDeclaration`), and no label list is spelled so.
  static func key(_ name: String) -> String { name + "(#location)" }

  /// Whether a function of this name takes a location only to print it, or to stop the program
  /// (`log`, `fatalError`, `precondition...`).
  static func takesLocationToPrint(_ name: String) -> Bool {
    loggingNames.contains(name) || name.hasPrefix("precondition")
  }

  /// Names that take a location only to print it, or to stop the program.
  private static let loggingNames: Set<String> = [
    "log", "debug", "info", "notice", "warning", "error", "critical", "trace", "fault", "print",
    "fatalError", "assert", "assertionFailure",
  ]

  /// Whether a method's name reads as a check: `verify...`, `check...`, `assert...`, `expect...`
  /// or their third-person forms (`verifies...`), followed by a word boundary (`CheckWords`).
  static func isCheckName(_ name: String) -> Bool {
    CheckWords.startsWith("verify", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWith("check", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWith("assert", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWith("expect", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWithThirdPerson("verifies", name, digits: false)
      || CheckWords.startsWithThirdPerson("checks", name, digits: false)
      || CheckWords.startsWithThirdPerson("asserts", name, digits: false)
      || CheckWords.startsWithThirdPerson("expects", name, digits: false)
  }
}
