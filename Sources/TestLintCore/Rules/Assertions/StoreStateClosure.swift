/// Whether a call hands a test store an action and the state change it expects:
/// `store.dispatch(.add(2)) { $0.total = 2 }` on a store made by `TestStore(...)` of a type the
/// file does not declare (a support module's, whatever the module). Such a store applies the
/// action and records an issue when the state it reaches differs from the closure's, as TCA's
/// `TestStore.send` does (`AssertionMatcher` reads TCA's names on their own).
enum StoreStateClosure {
  /// A method call on a receiver the file declares or makes as a `TestStore` (`StoredTestStore`),
  /// with parenthesised arguments and exactly one trailing closure. The caller has checked that
  /// the file makes a `TestStore(...)` it does not declare (`AssertionMatcher.usesTestStore`).
  static func checks(_ call: Call, in model: FileModel) -> Bool {
    guard call.path.count == 2, let receiver = call.receiver, call.trailingClosures.count == 1,
      !call.arguments.isEmpty
    else { return false }
    return StoredTestStore.isStore(receiver, in: model)
  }
}
