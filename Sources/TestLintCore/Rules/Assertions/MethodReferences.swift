/// Methods handed over as values: an argument that names a function of the file without
/// calling it (`Store(reducer: reducer.handle)`, `run(self.check)`, `run(Checks.check)`,
/// `run(check)`) gives the code under test that function to call, as a callback is
/// (`missing_assertion` counts it as a call of the function when every declaration of that name
/// in the file asserts).
///
/// The file's own declarations are followed through the file. A bare name the file declares
/// nothing of (no function, property or local: `afterResponse: expectNotFound`), read as a
/// check's, may name
/// another file's free function: `missing_assertion` asks the run about it, as about a call of
/// that name (`bareNamesDeclaredElsewhere`). A dotted one (`run(checks.verify)`) is not asked
/// about: which type's method it names is not told by it. The call it is handed to may be
/// another file's (`forEachGroup(run: self.testGroup)`, a support file's loop over test
/// vectors).
enum MethodReferences {
  /// The file's functions that each unapplied reference among the call's arguments may name,
  /// one list per reference (none for most calls).
  static func targets(ofCallAt index: Int, in model: FileModel, graph: CallGraph) -> [[Int]] {
    let call = model.calls[index]
    guard !call.isMacro else { return [] }
    var result: [[Int]] = []
    for argument in call.arguments {
      guard let name = referencedName(argument.value, in: model),
        let named = graph.functions(named: name.text)
      else { continue }
      // A bare name that the calling function declares as a local or parameter is that value.
      if name.isBare, declaresValue(name.text, in: call.function, model: model) { continue }
      let targets = named.filter { function in
        let declaration = model.functions[function]
        // A test is run by its framework, not handed over; a `test...` method that takes a
        // parameter is no XCTest test (`testGroup(_:)` handed to a helper that runs it for each
        // group it reads).
        guard declaration.kind == .function, declaration.body != nil, !declaration.hasAttribute("Test"),
          !Speculation.isTestName(declaration.name) || !declaration.parameters.isEmpty
        else { return false }
        guard let owner = declaration.owner else { return name.isBare }
        return !AssertionMatcher.isTestDouble(model.types[owner].simpleName)
          || AssertionMatcher.readsAsCheck(declaration.name)
      }
      if !targets.isEmpty { result.append(targets) }
    }
    return result
  }

  /// How many bare names among the call's arguments (`afterResponse: expectNotFound`) name
  /// another file's function that asserts: names read as a check's (`AssertionMatcher.readsAsCheck`:
  /// a base class's property `account` handed on is a value, set 26) that the file declares no function, property or
  /// local of (nor the calling function a parameter), that the run settles as asserting, as
  /// it settles a call of that name (declarations that disagree count as asserting).
  static func assertingElsewhere(callAt index: Int, in model: FileModel, context: RuleContext) -> Int {
    let call = model.calls[index]
    guard !call.isMacro else { return 0 }
    var count = 0
    for argument in call.arguments {
      guard let name = referencedName(argument.value, in: model), name.isBare,
        AssertionMatcher.readsAsCheck(name.text), context.callResolver.graph.functions(named: name.text) == nil,
        !declaresValue(name.text, in: call.function, model: model),
        !model.properties.contains(where: { $0.name == name.text }),
        context.assertingHelpers.contains(name.text)
      else { continue }
      count += 1
    }
    return count
  }

  /// The function's name an argument spells when it is a dotted path of names and nothing else
  /// (`reducer.handle`, `self.check`, `Checks.check`, `check`), ending in a lowercase name.
  private static func referencedName(_ value: Range<Int>, in model: FileModel) -> (text: String, isBare: Bool)? {
    guard !value.isEmpty, value.count % 2 == 1, value.count <= 9 else { return nil }
    let tokens = model.tokens
    for position in value {
      let isName = (position - value.lowerBound) % 2 == 0
      if isName ? !tokens[position].isIdentifierLike : tokens[position].kind != .dot { return nil }
    }
    let last = value.upperBound - 1
    guard tokens[last].kind == .backtickIdentifier || tokens[last].keyword == .none else { return nil }
    var text = model.text(last)
    if text.hasPrefix("`") { text = String(text.dropFirst().dropLast()) }
    guard !text.isEmpty, !AssertionMatcher.startsUppercase(text) else { return nil }
    return (text, value.count == 1)
  }

  /// Whether the function declares a local or a parameter of this name.
  private static func declaresValue(_ name: String, in function: Int, model: FileModel) -> Bool {
    model.functions[function].parameters.contains { $0.name == name }
      || model.locals.contains { $0.function == function && $0.name == name }
  }
}
