/// A test double of the file that the test hands to the code under test, whose methods the
/// code under test calls back: `sut.render(into: RecorderSpy())`, or `let spy = RecorderSpy()`
/// then `Renderer(output: spy)` or `sut.output = spy`. A method of such a double that asserts
/// an outcome is a check of the test (`missing_assertion`'s callbacks), as a method of any other
/// type of the file is; a double the test only makes is not handed to anything.
enum HandedDouble {
  /// The names of the file's test doubles (`*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`)
  /// the test hands over: made in a call's arguments, or made into a local that a call's
  /// argument or an assignment's value names alone.
  static func typeNames(_ test: DiscoveredTest, in model: FileModel) -> Set<String> {
    var names: Set<String> = []
    for index in test.calls {
      let call = model.calls[index]
      guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase, call.path.count <= 2,
        AssertionMatcher.isTestDouble(call.name), AssertionMatcher.startsUppercase(call.name),
        let parent = call.parent
      else { continue }
      if model.calls[parent].arguments.contains(where: { $0.value.contains(call.nameToken) }) {
        names.insert(call.name)
      }
    }
    guard let body = test.body else { return names }
    for local in model.locals where local.function == test.function && body.contains(local.nameToken) {
      guard let initializer = local.initializer, let made = model.constructedTypeName(initializer),
        AssertionMatcher.isTestDouble(made), !names.contains(made), isHanded(local, in: test, model: model)
      else { continue }
      names.insert(made)
    }
    return names
  }

  /// Whether a call's argument or an assignment's value after the local is its name alone.
  private static func isHanded(_ local: LocalDecl, in test: DiscoveredTest, model: FileModel) -> Bool {
    let named = { (range: Range<Int>) in
      range.count == 1 && range.lowerBound > local.nameToken && model.text(range.lowerBound) == local.name
    }
    for index in test.calls where model.calls[index].arguments.contains(where: { named($0.value) }) {
      return true
    }
    return model.functions[test.function].assignments.contains { named(model.assignments[$0].value) }
  }

  /// Whether an assertion's arguments are all literals (`XCTAssertNotNil("reached")`,
  /// `XCTAssertTrue(true)`): it passes or fails whatever the code under test did, so it checks
  /// no outcome. A string with an interpolation is not a literal here.
  static func checksOnlyLiterals(_ call: Call, in model: FileModel) -> Bool {
    let arguments = call.arguments
    guard !arguments.isEmpty, call.trailingClosures.isEmpty else { return false }
    return arguments.allSatisfy { argument in
      guard argument.value.count == 1 else { return false }
      let token = model.tokens[argument.value.lowerBound]
      switch token.kind {
      case .number: return true
      case .string: return !model.text(argument.value.lowerBound).contains("\\(")
      case .identifier: return token.keyword == .true || token.keyword == .false || token.keyword == .nil
      default: return false
      }
    }
  }
}
