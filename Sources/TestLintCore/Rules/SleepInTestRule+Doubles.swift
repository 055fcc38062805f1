/// `sleep_in_test`'s reading of a closure assigned to a property of a test double the test made
/// itself, held in a local or a stored property (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// Whether the sleep at `model.calls[index]` (not an `asyncAfter`) is inside a closure literal
  /// assigned to a property of a test double held in a name (`let client = StubClient(); client.onFetch = { ... }`,
  /// `self.client.onFetch = { ... }`): the double's work, the latency or the hang it fakes,
  /// which runs where the code under test calls it, as a closure assigned through the double's
  /// type name does (`isInDoubleHandler`). The name is a local of the function declared before
  /// the assignment, or a stored property of the function's type, made from the initializer of
  /// a type named `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*` or `*Dummy*` (`= MockClient()`), or
  /// declared with such a type (`var client: MockClient!`), or assigned one in the type
  /// (`client = MockClient()` in `setUp`).
  static func isInMadeDoubleHandler(_ index: Int, in context: RuleContext) -> Bool {
    let model = context.model
    let token = model.calls[index].nameToken
    // A pause is the double's latency; `asyncAfter` there schedules later work (a delayed
    // stimulus or check), which the test waits for.
    guard model.calls[index].name == "sleep" || model.calls[index].name == "usleep" else { return false }
    for assignment in model.assignments where assignment.value.contains(token) {
      guard assignment.target.count >= 2, model.tokens[assignment.value.lowerBound].kind == .leftBrace
      else { continue }
      var receiver = assignment.target.dropLast()
      let member = receiver.first == "self"
      if member { receiver = receiver.dropFirst() }
      guard receiver.count == 1, let name = receiver.first else { continue }
      if holdsDouble(name, member: member, before: assignment.targetToken, in: assignment.function, context) {
        return true
      }
    }
    return false
  }

  /// Whether `name`, read in `function` before token `position`, holds a test double: a local
  /// declared there (unless written `self.name`), else a stored property of the function's type.
  private static func holdsDouble(
    _ name: String, member: Bool, before position: Int, in function: Int, _ context: RuleContext
  ) -> Bool {
    let model = context.model
    if !member,
      let local = model.locals.last(where: { $0.function == function && $0.name == name && $0.nameToken < position })
    {
      let type = local.typeAnnotation.map(TypeDecl.simpleName) ?? local.initializer.flatMap(model.constructedTypeName)
      return type.map(AssertionMatcher.isTestDouble) == true
    }
    guard let owner = model.functions[function].owner else { return false }
    let types = context.types(named: model.types[owner].simpleName)
    for type in types {
      for property in model.types[type].properties where model.properties[property].name == name {
        let declaration = model.properties[property]
        guard !declaration.isStatic, !declaration.isComputed else { return false }
        if let annotation = declaration.typeAnnotation, AssertionMatcher.isTestDouble(TypeDecl.simpleName(annotation)) {
          return true
        }
        if let made = declaration.initializer.flatMap(model.constructedTypeName) {
          return AssertionMatcher.isTestDouble(made)
        }
        // Declared with the protocol's type and made in `setUp`: `client = MockClient()`.
        return model.assignments.contains { other in
          other.memberName == name
            && model.functions[other.function].owner.map { types.contains($0) } == true
            && model.constructedTypeName(other.value).map(AssertionMatcher.isTestDouble) == true
        }
      }
    }
    return false
  }
}
