extension TestFileNameRule {
  /// Whether the file declares, at its top level, a type named as the file (`RouterTests.swift`
  /// declaring an empty `class RouterTests: XCTestCase` and then `RouterStateTests` with the
  /// tests), other than one enclosing the test class at `index`: the file is named after what it
  /// declares, and renaming it after the test class would part it from the type of its name.
  static func declaresType(named stem: String, besides index: Int, in model: FileModel) -> Bool {
    let wanted = normalised(stem)
    var outermost = index
    while let parent = model.types[outermost].parent { outermost = parent }
    return model.types.indices.contains { other in
      let type = model.types[other]
      return other != outermost && type.kind != .extension && type.parent == nil
        && normalised(type.simpleName) == wanted
    }
  }
}
