extension UnreachableTestRule {
  /// Whether a method checks with Swift Testing's `#expect` or `#require` in a file that imports
  /// `Testing`: written for Swift Testing, it wants `@Test` rather than an `XCTestCase` superclass.
  static func checksWithSwiftTesting(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard model.imports.contains(where: { $0.module == "Testing" }) else { return false }
    return function.calls.contains { index in
      let call = model.calls[index]
      return call.isMacro && (call.name == "#expect" || call.name == "#require")
    }
  }
}
