/// A test that hands its whole work to a shared scenario of its own name through another object
/// (`missing_assertion`): `func testInsert() throws { try self.suite.testInsert() }`. Driver and
/// plug-in packages run a conformance suite this way: a support module (declared outside the
/// linted files) holds one `test...` method per scenario, each checking with `XCTAssert`, and
/// every implementation's test class calls them one by one on a runner it configures. The
/// call's name is the calling test's, so it is not the test calling itself (that would go
/// through `self.` or no receiver): it is the scenario the test is named after, which checks.
///
/// Narrowly: a call through a receiver other than `self`, `Self` or `super` (a property of the
/// test, `self.suite`, or any other value), as a statement of its own, of a method named
/// `test...` exactly as the function making the call is named; and every other function of
/// that name the file declares is one of the same kind (another test class handing the same
/// scenario over), so no method of the file that asserts nothing is the one called; and another
/// test of the same type hands its own scenario over too (a suite run one scenario a test: a
/// lone `try await client.testConnection()` in `testConnection` calls the code under test). A call of
/// another name (`testChildren()` from `testChild`) is followed as any call is: to the file's
/// test of that name, which hands it over in turn.
enum SharedScenario {
  /// Whether the call hands the function making it over to its namesake scenario.
  static func delegates(callAt index: Int, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, Speculation.isTestName(call.name),
      isThroughOtherReceiver(call), model.functions.indices.contains(call.function),
      model.functions[call.function].name == call.name,
      UndeclaredCheck.isStatement(call, in: model)
    else { return false }
    // Every other function of the name hands its scenario over in the same way (another class
    // of the file running the same suite: then it is a suite).
    var namesakes = 0
    for function in model.functions.indices
    where function != call.function && model.functions[function].name == call.name {
      let handsOver = model.functions[function].calls.contains { other in
        model.calls[other].name == call.name && isThroughOtherReceiver(model.calls[other])
      }
      if !handsOver { return false }
      namesakes += 1
    }
    if namesakes > 0 { return true }
    // A suite: another test of the same type hands its own scenario over too. A lone
    // `try await client.testConnection()` in `testConnection` calls the code under test.
    let owner = model.functions[call.function].owner
    return model.functions.indices.contains { other in
      let function = model.functions[other]
      return other != call.function && function.owner == owner && Speculation.isTestName(function.name)
        && function.calls.contains { handed in
          model.calls[handed].name == function.name && isThroughOtherReceiver(model.calls[handed])
        }
    }
  }

  /// Whether a call goes through a receiver other than `self`, `Self` or `super` alone.
  static func isThroughOtherReceiver(_ call: Call) -> Bool {
    if call.hasExpressionBase { return true }
    guard call.path.count >= 2 else { return false }
    if call.path.count > 2 { return true }
    let receiver = call.path[0]
    return receiver != "self" && receiver != "Self" && receiver != "super"
  }
}
