/// Which functions a call in a test can run, as every rule that follows a test into the code it
/// calls resolves it (`missing_assertion`, `indiscrete_test`'s count of assertions,
/// `sleep_in_test`, `real_network_in_test`): one answer, so the rules agree on what a test
/// reaches.
///
/// Calls are resolved by name, as a reader of one file can:
/// - a plain call (`helper()`), or one through `self.` / `Self.` / a type the file declares
///   (`Fixture.make()`), runs the file's functions of that name (`CallGraph.isLocal`);
/// - a call through any other receiver (`fixture.prepare()`, `helper!.check()`,
///   `helper?.check()`, `try makeHelper().check()`, `self.helpers.check()`) runs a method of
///   that name of whatever type the receiver is: the methods of that name of the file's types,
///   but not those of test doubles (types named `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`,
///   `*Dummy*`) unless named like a check (`verify...`): a double's body is what the code under
///   test runs, not what the test does; nor `@Test` functions, which nothing calls; nor the
///   function making the call, whose namesake the receiver holds;
/// - a plain call of a local constant holding a function picked by name
///   (`let awaitRequest = expectSuccess ? awaitNewData : awaitFailure`, then
///   `awaitRequest(request)`) runs the file's functions of those names (`FunctionValues`);
/// - either may run a function declared in another file of the run (`mayReachRunFunction`),
///   which the run answers for by name (`RuleContext.assertingHelpers`).
public struct CallResolver: Sendable {
  /// The file's same-file call graph (its functions by name).
  public let graph: CallGraph
  private let model: FileModel
  /// The first bytes and lengths of the names of the file's methods: most calls through a
  /// receiver (`sut.load()`) name none and are told so without hashing.
  private let methodNames: NameFilter
  /// The file's local constants that hold a function picked by name.
  let functionValues: FunctionValues
  /// The names the file calls as a wait with a deadline (`UndeclaredCheck.deadlineWaits`).
  let deadlineWaits: Set<String>

  /// The resolver of a file.
  public init(_ graph: CallGraph) {
    self.graph = graph
    model = graph.model
    var names: [String] = []
    for index in model.functions.indices
    where model.functions[index].owner != nil && model.functions[index].body != nil {
      names.append(model.functions[index].name)
    }
    methodNames = NameFilter(exact: names)
    functionValues = FunctionValues(model)
    deadlineWaits = UndeclaredCheck.deadlineWaits(in: model)
  }

  /// Whether a call may run a function declared anywhere in the run: a plain call, a call
  /// through any receiver of a name that starts lowercase (a method, not a nested type's
  /// initializer such as `Outer.Inner()`), or through `self` / `Self` / `super` / a type. Not a
  /// macro or an implicit member (`.make()`).
  public static func mayReachRunFunction(callAt index: Int, in model: FileModel) -> Bool {
    guard !model.calls[index].isMacro, !model.calls[index].isImplicitMember else { return false }
    return mayReachRunFunction(path: model.calls[index].path, hasExpressionBase: model.calls[index].hasExpressionBase)
  }

  /// `mayReachRunFunction(callAt:in:)` of a call with this path, neither a macro nor an
  /// implicit member. Never an initializer called by name (`.init(rawValue:)` in an array or
  /// an argument, `Self.init()`): which type it makes is not told by the name, and every
  /// type's initializers share it (a private type's of another file that asserts is not the
  /// one called).
  static func mayReachRunFunction(path: [String], hasExpressionBase: Bool) -> Bool {
    if path.last == "init" { return false }
    if !hasExpressionBase {
      if path.count == 1 { return true }
      if path.count == 2 {
        let receiver = path[0]
        if receiver == "self" || receiver == "Self" || receiver == "super" { return true }
        if AssertionMatcher.startsUppercase(receiver) { return true }
      }
    }
    // Through a receiver: a method's name, not a type's.
    guard let name = path.last, !name.isEmpty else { return false }
    return !AssertionMatcher.startsUppercase(name)
  }

  /// Whether a call through a receiver (not plain, `self.`, `Self.` or a type of the file).
  func isMemberCall(callAt index: Int) -> Bool {
    let calls = model.calls
    guard !calls[index].isMacro, !calls[index].isImplicitMember else { return false }
    return calls[index].hasExpressionBase || (calls[index].path.count > 1 && !graph.isLocal(callAt: index))
  }

  /// Whether the call's every target is a function of the file (a plain or `self.` call to a
  /// function the file declares, which Swift resolves to it): the run need not be asked. Not
  /// when none of the file's functions of that name takes the call's labels
  /// (`CallSignature.accepts`): a private `verify(width:)` does not hide a base class's
  /// `verify(_:expected:)` of another file, which `verify(box, expected: 3)` runs.
  public func isSettledInFile(callAt index: Int) -> Bool {
    guard graph.isLocal(callAt: index), let named = graph.functions(named: model.calls[index].name) else {
      return false
    }
    let calls = model.calls
    return named.contains { function in
      CallSignature.accepts(
        model.functions[function].parameters, arguments: calls[index].arguments,
        closures: calls[index].trailingClosures)
    }
  }

  /// The file's functions a call may run (see the type's comment); none for most calls.
  public func targets(ofCallAt index: Int) -> [Int] {
    if graph.isLocal(callAt: index) {
      if let named = graph.functions(named: model.calls[index].name) { return named }
      guard let candidates = functionValues.candidates(ofCallAt: index, in: model) else { return [] }
      return candidates.flatMap { graph.functions(named: $0) ?? [] }
    }
    guard isMemberCall(callAt: index) else { return [] }
    let name = model.calls[index].name
    guard methodNames.mayMatch(name), let named = graph.functions(named: name) else { return [] }
    return named.filter { function in
      // Never the function making the call: through another receiver, a method of its name is
      // another object's (`try self.suite.testInsert()` in `testInsert`: `SharedScenario`).
      guard function != model.calls[index].function else { return false }
      // A `@Test` function is run by Swift Testing, never called through a receiver.
      guard let owner = model.functions[function].owner, !model.functions[function].hasAttribute("Test")
      else { return false }
      return !AssertionMatcher.isTestDouble(model.types[owner].simpleName) || AssertionMatcher.readsAsCheck(name)
    }
  }

  /// The functions of the file these calls run, directly or through the functions they run
  /// (each once, in the order found; cycles are safe).
  public func reachable(fromCalls calls: Range<Int>) -> [Int] {
    var seen: Set<Int> = []
    var order: [Int] = []
    var queue: [Int] = []
    func visit(_ calls: Range<Int>) {
      for callIndex in calls {
        for target in targets(ofCallAt: callIndex) where seen.insert(target).inserted {
          order.append(target)
          queue.append(target)
        }
      }
    }
    visit(calls)
    while let current = queue.popLast() { visit(model.functions[current].calls) }
    return order
  }
}
