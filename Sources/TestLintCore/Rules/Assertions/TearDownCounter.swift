/// A test whose outcome its class's `tearDown` checks through an instance counter
/// (`missing_assertion`, set 58): a type the file declares keeps a static count of its live
/// instances (raised in its initializer, lowered in its `deinit`), the class's `tearDown` asserts
/// on that count (`XCTAssertEqual(Token.live.load(), 0)`), and the test makes instances of the
/// type, in its own body or in a method of its class it calls (`race(threads: 4)`, which makes
/// `Token()`s and shares them between threads). The check runs after every test and fails
/// this one when it leaks what it made: a leak check that is the test's outcome.
///
/// Narrowly: an XCTest test in a class whose instance `tearDown` (or `tearDownWithError`) makes
/// an `XCTAssert...` call and reads a static property of a type declared in the same file
/// (`Token.live`), and whose body, or the body of an instance method of its class that it calls
/// plainly or through `self.` (one level), calls that type's initializer (`Token(...)`,
/// `Token.init(...)`).
/// A `tearDown`'s assertion alone counts for no test (`TearDownRun` is the other exception).
enum TearDownCounter {
  /// Whether the test makes instances of a type whose static counter its class's `tearDown`
  /// asserts on.
  static func checks(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.framework == .xctest, let owner = model.functions[test.function].owner,
      model.types[owner].kind == .class
    else { return false }
    let counted = countedTypes(checkedBy: owner, in: model)
    guard !counted.isEmpty else { return false }
    if makes(counted, in: test.calls, model: model) { return true }
    return AssertionMatcher.ownInstanceMethods(calledIn: test.calls, by: test.function, in: model).contains { method in
      makes(counted, in: model.functions[method].calls, model: model)
    }
  }

  /// The names of the file's types whose static properties the class's instance `tearDown`
  /// reads (`Token.live`), when it also makes an `XCTAssert...` call; empty otherwise.
  private static func countedTypes(checkedBy type: Int, in model: FileModel) -> Set<String> {
    guard
      let tearDown = model.types[type].functions.first(where: { TearDownRun.isTearDown(model.functions[$0]) }),
      let body = model.functions[tearDown].body,
      model.functions[tearDown].calls.contains(where: { index in
        let call = model.calls[index]
        return !call.isMacro && call.path.count == 1 && call.name.hasPrefix("XCTAssert")
      })
    else { return [] }
    // `Type.member` for each static property of a type the file declares, made once.
    let statics = Set(model.properties.lazy.filter(\.isStatic).compactMap { property in
      property.owner.map { model.types[$0].name + "." + property.name }
    })
    guard !statics.isEmpty else { return [] }
    var result: Set<String> = []
    var index = body.lowerBound + 1
    while index + 2 < body.upperBound {
      defer { index += 1 }
      guard model.tokens[index].kind == .identifier, model.tokens[index + 1].kind == .dot,
        model.tokens[index + 2].kind == .identifier, index == 0 || model.tokens[index - 1].kind != .dot
      else { continue }
      let typeName = model.text(index)
      if statics.contains(typeName + "." + model.text(index + 2)) { result.insert(typeName) }
    }
    return result
  }

  /// Whether `calls` hold a plain call of one of `types`' initializers.
  private static func makes(_ types: Set<String>, in calls: Range<Int>, model: FileModel) -> Bool {
    calls.contains { index in
      let call = model.calls[index]
      guard !call.isMacro, !call.hasExpressionBase else { return false }
      return call.path.count == 1 && types.contains(call.name)
        || call.path.count == 2 && call.name == "init" && types.contains(call.path[0])
    }
  }
}
