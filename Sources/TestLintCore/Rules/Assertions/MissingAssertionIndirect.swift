/// The checks a test makes through code it hands over, asked about only for a test that asserts
/// nothing otherwise (`MissingAssertionRule.check`):
///
/// - a callback: the test makes an instance of a type the file declares (`Delegate(...)`), or
///   passes `self` (`exporter.accept(self)`, `sut.delegate = self`), and a method of that type
///   asserts that the file never calls by name: the code under test calls it
///   (`handleInbound(response:)` of a streaming delegate, `run()` of a scheduled job). Not a test
///   double's (`*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`), nor a method whose only failure
///   is an `XCTFail` / `fail` trap (an unexpected call), nor a test or lifecycle method;
/// - a check given by the caller: a call of a closure parameter of the function that declares
///   the example (a Quick helper `func itCaches(callChecker: @escaping (Int) -> Void)`), whose
///   name reads as a check (`callChecker`, `verifyResult`, `assertion`): the caller supplies it;
/// - a shared context that checks: an example of `sharedExamples("name") { context in ... }`
///   that calls `context()`, where every `itBehavesLike("name") { ... }` of the file (one at
///   least) gives a context closure that asserts (`BlockOperation { expect(...) }` run by the
///   example);
/// - a check after each example: a Quick `afterEach { expect(...) }` of a group around the
///   example (or of `spec()` itself) whose own closure asserts;
/// - a negative control: a call of a function of the file that a sibling test calls only under
///   an expected failure (`NegativeControl`).
/// - a double armed to refuse a wrong call: `transportMock.expectPath(...)`, then a call made
///   with `try` whose result the test drops (`ArmedDouble`).
enum MissingAssertionIndirect {
  /// What one file's tests share, found when first asked (one per `check` of a file): each test
  /// asked about costs what it calls, not the size of the file.
  struct FileCache {
    /// Every name the file calls.
    var called: Set<String>?
    /// The file's types by simple name.
    var typesByName: [String: [Int]]?
    /// Whether the file declares a test double's type (`AssertionMatcher.isTestDouble`).
    var declaresDouble: Bool?
    /// Whether a type has a callback that asserts, by type index.
    var typeChecks: [Int: Bool] = [:]
    /// Whether every `itBehavesLike` of a name (as written, quotes included) gives a context
    /// that asserts.
    var sharedContextChecks: [String: Bool] = [:]
    /// The `afterEach` calls of the file whose closure asserts.
    var checkingAfterEach: [Int]?
    /// The functions each type's tests call under an expected failure (`NegativeControl`).
    var negativeControls: NegativeControl.Cache = [:]
  }

  /// Whether the test checks through code it hands over (see the type's comment).
  static func checks(
    _ test: DiscoveredTest, in context: RuleContext, matcher: AssertionMatcher, usesTestStore: Bool,
    cache: inout FileCache
  ) -> Bool {
    let model = context.model
    if callsCheckingParameter(test, in: model) { return true }
    if readsCheckingSharedContext(test, in: model, matcher: matcher, usesTestStore: usesTestStore, cache: &cache) {
      return true
    }
    if isCheckedAfterEach(test, in: model, matcher: matcher, usesTestStore: usesTestStore, cache: &cache) {
      return true
    }
    if handsOverCallback(test, in: context, matcher: matcher, usesTestStore: usesTestStore, cache: &cache) {
      return true
    }
    if ArmedDouble.checks(test, in: model) { return true }
    return NegativeControl.checks(test, in: context, matcher: matcher, cache: &cache.negativeControls)
  }

  // MARK: Checks given by the caller

  /// Whether the test calls a closure parameter, named as a check, of its declaring function.
  static func callsCheckingParameter(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    let parameters = model.functions[test.function].parameters.filter { parameter in
      parameter.type.contains("->") && readsAsCheckAnywhere(parameter.name)
    }
    guard !parameters.isEmpty else { return false }
    return test.calls.contains { index in
      let call = model.calls[index]
      return call.path.count == 1 && !call.hasExpressionBase && !call.isMacro && !call.isImplicitMember
        && parameters.contains { $0.name == call.name }
    }
  }

  /// Whether one of a name's words is a check's: `check`, `checker`, `verify`, `verifier`,
  /// `assert`, `assertion`, `expect`, `validate`, `validator` (`callChecker`, `verifyResult`).
  static func readsAsCheckAnywhere(_ name: String) -> Bool {
    var words: [String] = []
    var current = ""
    for character in name {
      if character.isUppercase || character == "_" {
        if !current.isEmpty { words.append(current) }
        current = character == "_" ? "" : String(character.lowercased())
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words.contains { checkWords.contains($0) }
  }

  private static let checkWords: Set<String> = [
    "check", "checker", "verify", "verifier", "assert", "assertion", "expect", "validate", "validator",
  ]

  // MARK: Checks after each example

  /// Whether a Quick `afterEach` registered in one of the example's groups (or in `spec()`
  /// around them) asserts in its own closure: it runs after the example, and fails it.
  /// Only the closure's own checks: an `afterEach` that calls a helper (`observer.stopTesting()`)
  /// tidies up more often than it checks. A `beforeEach` checks the setup, before the example
  /// acts, and does not count.
  static func isCheckedAfterEach(
    _ test: DiscoveredTest, in model: FileModel, matcher: AssertionMatcher, usesTestStore: Bool,
    cache: inout FileCache
  ) -> Bool {
    guard test.framework == .quick, let call = test.call else { return false }
    if cache.checkingAfterEach == nil {
      cache.checkingAfterEach = checkingAfterEachCalls(in: model, matcher: matcher, usesTestStore: usesTestStore)
    }
    guard let hooks = cache.checkingAfterEach, !hooks.isEmpty else { return false }
    // The example's groups, innermost first (a few; each step goes outward).
    var groups: Set<Int> = []
    var current = call
    while let parent = model.calls[current].parent {
      groups.insert(parent)
      current = parent
    }
    return hooks.contains { hook in
      if let parent = model.calls[hook].parent { return groups.contains(parent) }
      // Registered in `spec()` itself, outside every group: around the example when it is in
      // the same function.
      return model.calls[hook].function == model.calls[call].function
    }
  }

  /// The `afterEach { ... }` calls of a file whose closure makes an assertion call itself.
  private static func checkingAfterEachCalls(
    in model: FileModel, matcher: AssertionMatcher, usesTestStore: Bool
  ) -> [Int] {
    var result: [Int] = []
    for index in model.calls.indices where model.calls[index].name == "afterEach" {
      let call = model.calls[index]
      guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro else { continue }
      var closure: Range<Int>?
      if let trailing = call.trailingClosures.first {
        closure = trailing.tokens
      } else if let argument = call.arguments.first, model.tokens[argument.value.lowerBound].kind == .leftBrace {
        closure = argument.value
      }
      guard let closure else { continue }
      let asserts = model.functions[call.function].calls.contains { inner in
        closure.contains(model.calls[inner].nameToken)
          && matcher.isAssertion(callAt: inner, in: model, usesTestStore: usesTestStore)
      }
      if asserts { result.append(index) }
    }
    return result
  }

  // MARK: Shared contexts

  /// Whether the Quick example is in a `sharedExamples` whose context it calls, and every
  /// `itBehavesLike` of that name in the file gives a context that asserts.
  static func readsCheckingSharedContext(
    _ test: DiscoveredTest, in model: FileModel, matcher: AssertionMatcher, usesTestStore: Bool,
    cache: inout FileCache
  ) -> Bool {
    guard test.framework == .quick, var current = test.call else { return false }
    // Up the enclosing calls to the `sharedExamples` (a few groups; each step goes outward).
    var shared: Int?
    while let parent = model.calls[current].parent {
      if model.calls[parent].name == "sharedExamples", model.calls[parent].path.count == 1 {
        shared = parent
        break
      }
      current = parent
    }
    guard let shared, let name = firstStringArgument(of: shared, in: model),
      let closure = model.calls[shared].trailingClosures.first,
      let parameter = closureParameter(closure.tokens, in: model)
    else { return false }
    let readsContext = test.calls.contains { index in
      model.calls[index].path.count == 1 && !model.calls[index].hasExpressionBase
        && model.calls[index].name == parameter
    }
    guard readsContext else { return false }
    if let known = cache.sharedContextChecks[name] { return known }
    let answer = contextsCheck(named: name, in: model, matcher: matcher, usesTestStore: usesTestStore)
    cache.sharedContextChecks[name] = answer
    return answer
  }

  /// Whether every `itBehavesLike(name)` of the file (one at least) gives a context closure
  /// that asserts.
  private static func contextsCheck(
    named name: String, in model: FileModel, matcher: AssertionMatcher, usesTestStore: Bool
  ) -> Bool {
    var found = false
    for index in model.calls.indices where model.calls[index].name == "itBehavesLike" {
      guard firstStringArgument(of: index, in: model) == name else { continue }
      guard let context = model.calls[index].trailingClosures.first else { return false }
      let asserts = model.calls.indices.contains { inner in
        context.tokens.contains(model.calls[inner].nameToken)
          && matcher.isAssertion(callAt: inner, in: model, usesTestStore: usesTestStore)
      }
      guard asserts else { return false }
      found = true
    }
    return found
  }

  /// The text of a call's first argument when it is one string literal (with its quotes).
  private static func firstStringArgument(of call: Int, in model: FileModel) -> String? {
    guard let first = model.calls[call].arguments.first, first.value.count == 1,
      model.tokens[first.value.lowerBound].kind == .string
    else { return nil }
    return model.text(first.value.lowerBound)
  }

  /// The single parameter's name of a closure `{ context in`, `{ (context: T) in`.
  private static func closureParameter(_ closure: Range<Int>, in model: FileModel) -> String? {
    var index = closure.lowerBound + 1
    if index < closure.upperBound, model.tokens[index].kind == .leftParen { index += 1 }
    guard index < closure.upperBound, model.tokens[index].kind == .identifier else { return nil }
    let name = model.text(index)
    // The `in` is near (a type annotation at most).
    var cursor = index + 1
    while cursor < min(closure.upperBound, index + 16) {
      if model.tokens[cursor].keyword == .in, model.tokens[cursor].kind == .identifier { return name }
      cursor += 1
    }
    return nil
  }

  // MARK: Callbacks

  /// Whether the test makes or passes an instance of a type of the file one of whose methods,
  /// never called by name in the file, asserts; a test double only when the test hands it over
  /// (`HandedDouble`).
  static func handsOverCallback(
    _ test: DiscoveredTest, in context: RuleContext, matcher: AssertionMatcher, usesTestStore: Bool,
    cache: inout FileCache
  ) -> Bool {
    let model = context.model
    var typeNames: Set<String> = []
    for index in test.calls {
      let call = model.calls[index]
      guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase, call.path.count <= 2,
        AssertionMatcher.startsUppercase(call.name)
      else { continue }
      typeNames.insert(call.name)
    }
    // `self` handed over: `exporter.accept(self)`, `Client(delegate: self)`.
    for index in test.calls {
      let call = model.calls[index]
      if call.arguments.contains(where: { $0.value.count == 1 && model.token($0.value.lowerBound, is: "self") }),
        let owner = model.functions[test.function].owner
      {
        typeNames.insert(model.types[owner].simpleName)
      }
    }
    // `sut.delegate = self`.
    for index in model.functions[test.function].assignments {
      let assignment = model.assignments[index]
      if let body = test.body, !body.contains(assignment.targetToken) { continue }
      if assignment.value.count == 1, model.token(assignment.value.lowerBound, is: "self"),
        let owner = model.functions[test.function].owner
      {
        typeNames.insert(model.types[owner].simpleName)
      }
    }
    typeNames = typeNames.filter { !AssertionMatcher.isTestDouble($0) }
    // A double handed over counts by the file's type of its name: none when the file declares
    // no double.
    if cache.declaresDouble == nil {
      cache.declaresDouble = model.types.contains { AssertionMatcher.isTestDouble($0.simpleName) }
    }
    if cache.declaresDouble == true { typeNames.formUnion(HandedDouble.typeNames(test, in: model)) }
    guard !typeNames.isEmpty else { return false }
    if cache.typesByName == nil {
      var byName: [String: [Int]] = [:]
      for index in model.types.indices {
        byName[model.types[index].simpleName, default: []].append(index)
      }
      cache.typesByName = byName
    }
    let types = typeNames.flatMap { cache.typesByName?[$0] ?? [] }
    for type in types {
      if let known = cache.typeChecks[type] {
        if known { return true }
        continue
      }
      let answer = hasCheckingCallback(type, in: context, matcher: matcher, usesTestStore: usesTestStore, cache: &cache)
      cache.typeChecks[type] = answer
      if answer { return true }
    }
    return false
  }

  /// Whether a method of the type asserts and is never called by name in the file.
  private static func hasCheckingCallback(
    _ type: Int, in context: RuleContext, matcher: AssertionMatcher, usesTestStore: Bool, cache: inout FileCache
  ) -> Bool {
    let model = context.model
    let resolver = context.callResolver
    for function in model.types[type].functions {
      let declaration = model.functions[function]
      guard declaration.kind == .function, declaration.body != nil,
        !Speculation.isTestName(declaration.name), !isLifecycle(declaration.name),
        !declaration.hasAttribute("Test")
      else { continue }
      var reached = [function]
      reached += resolver.reachable(fromCalls: declaration.calls)
      let checks = reached.contains { reachedFunction in
        model.functions[reachedFunction].calls.contains { index in
          !isTrap(model.calls[index].name)
            && matcher.isAssertion(callAt: index, in: model, usesTestStore: usesTestStore)
            && !HandedDouble.checksOnlyLiterals(model.calls[index], in: model)
        }
      }
      guard checks else { continue }
      // The names the file calls: a callback is one it never calls itself.
      if cache.called == nil { cache.called = Set(model.calls.lazy.map(\.name)) }
      if cache.called?.contains(declaration.name) == false { return true }
    }
    return false
  }

  /// `setUp...`, `tearDown...`: XCTest calls them around every test, not the code under test.
  private static func isLifecycle(_ name: String) -> Bool {
    name.hasPrefix("setUp") || name.hasPrefix("tearDown")
  }

  /// An unexpected call's trap: it fails, but checks no outcome.
  private static func isTrap(_ name: String) -> Bool {
    name == "XCTFail" || name == "fail"
  }
}
