/// A test whose check its class's `tearDown` runs (`missing_assertion`): a BDD base class whose
/// tests only assign a scenario to a stored property (`scenario = Scenario("...").given(...)`),
/// and whose `tearDown` hands that property to a runner (`try await runner.run(scenario)`)
/// that executes the steps, which assert. The test's whole body is its check, deferred.
///
/// A test counts when each of its statements assigns a property of its class (`scenario = ...`,
/// `self.scenario = ...`), and for one of them the `tearDown` of the class that declares it
/// (its own, in the file, or a base's anywhere in the run) passes it, as an argument, to a call
/// that asserts by the run's usual reading of helpers. The `tearDown` is followed into the
/// class's own methods it calls plainly or through `self.` (`tearDown` calls `runScenario()`,
/// which calls `runner.run(self, scenario!)`). A `tearDown` that only resets or releases the
/// property (`scenario = nil`), or passes it to a call that does not assert, checks nothing.
///
/// The run learns it from the files' summaries (`summaries`) under the property's name
/// (`key`): a test that assigns a property its class does not declare inherits it from a base,
/// which the run does not name to a file; bases that disagree count as asserting, as functions
/// of one name do.
enum TearDownRun {
  /// The name under which the run tracks a property a `tearDown` hands over: no call's name
  /// holds a `(`.
  static func key(_ property: String) -> String { property + "(tearDown)" }

  /// For each class of the file with an instance `tearDown`, each of its stored properties the
  /// `tearDown` passes to calls, under `key`, with those calls' names as callees.
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var result: [HelperSummary] = []
    for index in model.types.indices where model.types[index].kind == .class {
      for (property, callees) in handedOver(by: index, in: model) {
        result.append(HelperSummary(name: key(property), asserts: false, callees: callees))
      }
    }
    return result
  }

  /// The keys (`key`) of the inherited properties the file's tests only assign: what its
  /// results depend on (`ResultCache`).
  static func calledKeys(in model: FileModel) -> [String] {
    var keys: [String] = []
    for function in model.functions.indices {
      guard let owner = model.functions[function].owner, model.types[owner].kind == .class,
        let assigned = onlyAssigned(in: function, model: model)
      else { continue }
      keys += assigned.filter { !declares(owner, $0, in: model) }.map(key)
    }
    return keys
  }

  /// Whether `test` only assigns properties of its class, one of which its class's (or a
  /// base's) `tearDown` hands to a call that asserts.
  static func defers(_ test: DiscoveredTest, in context: RuleContext) -> Bool {
    let model = context.model
    guard test.framework == .xctest, let owner = model.functions[test.function].owner,
      model.types[owner].kind == .class, let assigned = onlyAssigned(in: test.function, model: model)
    else { return false }
    var local: [String: [String]]?
    for property in assigned {
      if declares(owner, property, in: model) {
        // Its own property: only its own `tearDown` runs it (a base's sees no such property).
        if local == nil { local = handedOver(by: owner, in: model) }
        if local?[property]?.contains(where: { context.assertingHelpers.contains($0) }) == true { return true }
      } else if model.types[owner].firstInheritedName.map({ $0 != "XCTestCase" }) == true,
        context.assertingHelpers.contains(key(property))
      {
        return true
      }
    }
    return false
  }

  /// The names a function's statements assign, when they are all assignments of a member
  /// (`name = ...`, `self.name = ...`) and there is one at least; nil otherwise.
  private static func onlyAssigned(in function: Int, model: FileModel) -> [String]? {
    guard let body = model.functions[function].body, body.count > 2 else { return nil }
    let assignments = model.functions[function].assignments
    guard !assignments.isEmpty else { return nil }
    var names: [String] = []
    // Each statement's tokens, target to the end of the value, one after the other.
    var next = body.lowerBound + 1
    for index in assignments {
      let assignment = model.assignments[index]
      guard let name = assignment.memberName else { return nil }
      let start = assignment.targetToken - (assignment.target.count - 1) * 2
      // An assignment inside an earlier one's value (a closure's) is part of that statement.
      if start < next { continue }
      guard start == next, assignment.value.upperBound > start else { return nil }
      names.append(name)
      next = assignment.value.upperBound
      while next < body.upperBound - 1, model.tokens[next].kind == .semicolon { next += 1 }
    }
    return next == body.upperBound - 1 ? names : nil
  }

  /// Whether the class declares a stored instance property of this name.
  private static func declares(_ type: Int, _ name: String, in model: FileModel) -> Bool {
    model.properties.contains { $0.owner == type && $0.name == name && !$0.isStatic && !$0.isComputed }
  }

  /// The class's stored `var`s its instance `tearDown` passes as arguments (`scenario`,
  /// `scenario!`, `self.scenario`), with the names of the calls taking them, through the class's
  /// own methods the `tearDown` calls plainly or through `self.`, transitively.
  private static func handedOver(by type: Int, in model: FileModel) -> [String: [String]] {
    let methods = model.types[type].functions
    guard let tearDown = methods.first(where: { isTearDown(model.functions[$0]) }) else { return [:] }
    let stored = Set(
      model.properties.lazy.filter { $0.owner == type && !$0.isLet && !$0.isStatic && !$0.isComputed }.map(\.name))
    guard !stored.isEmpty else { return [:] }
    var result: [String: [String]] = [:]
    var seen: Set<Int> = [tearDown]
    var queue = [tearDown]
    while let function = queue.popLast() {
      for callIndex in model.functions[function].calls {
        let call = model.calls[callIndex]
        guard !call.isMacro else { continue }
        for argument in call.arguments {
          if let name = passedMember(argument.value, in: model), stored.contains(name) {
            result[name, default: []].append(call.name)
          }
        }
        guard AssertionMatcher.isOwnMethodCall(call), call.path.first != "super" else { continue }
        for method in methods where model.functions[method].name == call.name && seen.insert(method).inserted {
          queue.append(method)
        }
      }
    }
    return result
  }

  /// An instance `tearDown` (or `tearDownWithError`), not the class method run once per class.
  static func isTearDown(_ function: FunctionDecl) -> Bool {
    (function.name == "tearDown" || function.name == "tearDownWithError") && function.kind == .function
      && !function.has("class") && !function.has("static") && function.parameters.isEmpty
  }

  /// The member an argument's value names alone: `name`, `name!`, `self.name`, `self.name!`.
  private static func passedMember(_ value: Range<Int>, in model: FileModel) -> String? {
    var range = value
    if let last = range.last, range.count > 1, model.tokens[last].kind == .operator, model.token(last, is: "!") {
      range = range.lowerBound..<last
    }
    if range.count == 3, model.token(range.lowerBound, is: "self"), model.tokens[range.lowerBound + 1].kind == .dot {
      range = range.lowerBound + 2..<range.upperBound
    }
    guard range.count == 1, model.tokens[range.lowerBound].kind == .identifier,
      model.tokens[range.lowerBound].keyword == .none
    else { return nil }
    return model.text(range.lowerBound)
  }
}
