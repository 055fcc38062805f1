/// A test whose outcome its class's `tearDown` checks through weak properties it assigns
/// (`missing_assertion`, set 59): the class declares `weak var` properties, the test makes
/// objects and stores them there (`weakStore = store`), wires them together and returns, and
/// the class's `tearDown` asserts those very properties are `nil` (`XCTAssertNil(weakStore)`).
/// The check runs after every test and fails this one when what it made is still alive: a
/// leak check that is the test's outcome.
///
/// Narrowly: an XCTest test in a class whose instance `tearDown` (or `tearDownWithError`)
/// checks a `weak` instance property of that class for `nil` (`XCTAssertNil(p)`,
/// `XCTAssert(p == nil)`, `XCTAssertTrue(p == nil)`, `#expect(p == nil)`, `self.p` alike), and
/// whose body, or the body of an instance method of its class that it calls plainly or through
/// `self.` (one level), assigns that property (`p = value`, `self.p = value`). Not a test whose
/// own check is Swift's `assert`: that check is still lost in optimized builds, and the finding
/// says so.
/// A `tearDown`'s assertion alone counts for no test (`TearDownRun`, `TearDownCounter` are
/// the other exceptions).
enum TearDownWeakCheck {
  /// Whether the class's `tearDown` runs the test's scenario (`TearDownRun`), checks a counter
  /// of instances it makes (`TearDownCounter`) or a weak property it assigns (this check).
  static func any(_ test: DiscoveredTest, in context: RuleContext) -> Bool {
    TearDownRun.defers(test, in: context) || TearDownCounter.checks(test, in: context.model)
      || checks(test, in: context.model)
  }

  /// Whether the test assigns a weak property of its class that the class's `tearDown`
  /// checks for `nil`.
  static func checks(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.framework == .xctest, let owner = model.functions[test.function].owner,
      model.types[owner].kind == .class,
      // Its own check in Swift's `assert` stays reported as such (set 16 judged those right).
      !MissingAssertionRule.Messages.checksOnlyWithSwiftAssert(test, in: model)
    else { return false }
    let checked = checkedWeakProperties(of: owner, in: model)
    guard !checked.isEmpty else { return false }
    if assigns(checked, in: test.function, model: model) { return true }
    return AssertionMatcher.ownInstanceMethods(calledIn: test.calls, by: test.function, in: model).contains {
      assigns(checked, in: $0, model: model)
    }
  }

  /// The names of the class's weak instance properties that its instance `tearDown` checks
  /// for `nil`.
  private static func checkedWeakProperties(of type: Int, in model: FileModel) -> Set<String> {
    let weak = Set(model.types[type].properties.lazy.map { model.properties[$0] }
      .filter { !$0.isStatic && $0.modifiers.contains("weak") }.map(\.name))
    guard !weak.isEmpty,
      let tearDown = model.types[type].functions.first(where: { TearDownRun.isTearDown(model.functions[$0]) })
    else { return [] }
    var result: Set<String> = []
    for index in model.functions[tearDown].calls {
      let call = model.calls[index]
      guard call.path.count == 1, let first = call.arguments.first, first.label == nil else { continue }
      let text = String(model.text(tokens: first.value).filter { !$0.isWhitespace })
      let name: Substring
      switch (call.isMacro, call.name) {
      case (false, "XCTAssertNil"): name = Substring(text)
      case (false, "XCTAssert"), (false, "XCTAssertTrue"), (true, "#expect"):
        guard text.hasSuffix("==nil") else { continue }
        name = text.dropLast(5)
      default: continue
      }
      let member = name.hasPrefix("self.") ? name.dropFirst(5) : name
      if weak.contains(String(member)) { result.insert(String(member)) }
    }
    return result
  }

  /// Whether the function's own body assigns one of `names` (`p = ...`, `self.p = ...`).
  private static func assigns(_ names: Set<String>, in function: Int, model: FileModel) -> Bool {
    model.functions[function].assignments.contains { index in
      model.assignments[index].memberName.map(names.contains) ?? false
    }
  }
}
