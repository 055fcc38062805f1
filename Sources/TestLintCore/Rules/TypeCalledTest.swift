/// The `test...` methods the run calls through a type (`ScreenChecks.testEmptyState()`), for
/// `unreachable_test`: a `static` or `class` method called that way is a helper, wherever the
/// call is.
///
/// The run learns it as it learns helpers (`RunFacts`), under a key of the type and the name
/// (`key`): a file that calls a `test...` method through a type declares that key as a helper
/// that asserts (`summaries`), so the key is among the run's asserting helpers exactly when some
/// file makes such a call. A file that declares a `static` or `class` `test...` method lists
/// the method's key among the names it calls (`declaredKeys`), so its results depend on the
/// key's answer (a cache's digest, pass 1's speculation) without the key counting as called.
enum TypeCalledTest {
  /// The key of a call of `name` through `type`: no call's name holds a `.`, and the key does
  /// not start with `test`, so the run does not wait for a call of it (`Speculation.isTestName`).
  static func key(type: String, name: String) -> String { type + "." + name + "(type call)" }

  /// A helper that asserts, under `key`, for each call of a `test...` method through a type
  /// named with a capital (`Self` is the calling method's own type).
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var keys: Set<String> = []
    for index in model.calls.indices where RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "t") {
      let call = model.calls[index]
      guard call.path.count >= 2, !call.hasExpressionBase, RuleText.hasPrefix(call.name, "test"), var type = call.receiver else { continue }
      if type == "Self" {
        guard let owner = model.functions[call.function].owner else { continue }
        type = model.types[owner].simpleName
      }
      if AssertionMatcher.startsUppercase(type) { keys.insert(key(type: type, name: call.name)) }
    }
    return keys.sorted().map { HelperSummary(name: $0, asserts: true, callees: []) }
  }

  /// The keys of the file's `static` and `class` `test...` methods, of types named with a
  /// capital.
  static func declaredKeys(in model: FileModel) -> [String] {
    var keys: [String] = []
    for function in model.functions where function.name.utf8.first == UInt8(ascii: "t") {
      guard function.kind == .function, function.has("static") || function.has("class"),
        RuleText.hasPrefix(function.name, "test"), let owner = function.owner,
        AssertionMatcher.startsUppercase(model.types[owner].simpleName)
      else { continue }
      keys.append(key(type: model.types[owner].simpleName, name: function.name))
    }
    return keys
  }
}
