/// Whether the receiver of a `send` / `receive` / `finish` is a TCA `TestStore` the file keeps
/// under a name that does not say so: `var sut: TestStore<Feature.State, Feature.Action>!`
/// made in `setUp`, `let subject = TestStoreOf<Feature>(...)`. A receiver named `...store` is
/// read as a store by its name alone (`AssertionMatcher`); this reads the declaration.
enum StoredTestStore {
  /// Whether `receiver` names a property or local of the file declared as a `TestStore` /
  /// `TestStoreOf` (its type annotation or its initializer), or assigned one
  /// (`sut = TestStore(...)`, `self.sut = TestStore(...)`).
  static func isStore(_ receiver: String, in model: FileModel) -> Bool {
    for property in model.properties where property.name == receiver {
      if let annotation = property.typeAnnotation, namesStore(annotation) { return true }
      if let initializer = property.initializer, makesStore(initializer, in: model) { return true }
    }
    for local in model.locals where local.name == receiver {
      if let annotation = local.typeAnnotation, namesStore(annotation) { return true }
      if let initializer = local.initializer, makesStore(initializer, in: model) { return true }
    }
    return model.assignments.contains { assignment in
      assignment.memberName == receiver && makesStore(assignment.value, in: model)
    }
  }

  /// `TestStore<...>` or `TestStoreOf<...>`, optional or not, or the module's
  /// (`ComposableArchitecture.TestStore<...>`).
  private static func namesStore(_ annotation: String) -> Bool {
    let module = "ComposableArchitecture."
    let type = annotation.hasPrefix(module) ? annotation.dropFirst(module.count) : Substring(annotation)
    return type.hasPrefix("TestStore<") || type.hasPrefix("TestStoreOf<")
  }

  /// Whether an expression starts with `TestStore(` / `TestStoreOf<...>(` / `TestStore {`.
  private static func makesStore(_ range: Range<Int>, in model: FileModel) -> Bool {
    guard let first = range.first else { return false }
    return model.token(first, is: "TestStore") || model.token(first, is: "TestStoreOf")
  }
}
