extension TestFileNameRule {
  /// Whether the file declares, at its top level, a test class named as the file (one that
  /// extends `XCTestCase`, a `...TestCase` base or `QuickSpec`: `RouterTests.swift` declaring an
  /// empty `class RouterTests: XCTestCase` or a base with helpers, then `RouterStateTests` with the
  /// tests), other than one enclosing the test class at `index`: the file is named after the test
  /// class it declares first, and renaming it after the other would part it from that one.
  static func declaresTestClass(named stem: String, besides index: Int, in model: FileModel) -> Bool {
    let wanted = normalised(stem)
    var outermost = index
    while let parent = model.types[outermost].parent { outermost = parent }
    return model.types.indices.contains { other in
      let type = model.types[other]
      guard other != outermost, type.kind != .extension, type.parent == nil,
        let base = type.inheritance.first, base.hasSuffix("TestCase") || base == "QuickSpec"
      else { return false }
      return normalised(type.simpleName) == wanted
    }
  }
}
