/// Functions the linted files declare without a body, outside a protocol, which another
/// language implements: BridgeJS's `@JSFunction func runJsWorks() throws` and
/// `@_extern(c) func runJsStructWorks()`, JavaScript run by the test. A test whose only work is
/// calling one cannot be told to assert nothing: its checks are in that other language.
///
/// Narrowly: only a function named as a run (`RunNames.readsAsBodilessRun`, `run` and a
/// capital: `runJsIdentityModeTests`, `runAliasWorks`), which hands the test's work over
/// whole. A bodiless round trip (`try jsRoundTripVoid()`) only returns, and a test calling only
/// it is still reported. Not a `private` or `fileprivate` one either (the run summarizes those
/// under file-only names).
/// The run takes such a function for one that asserts (`AssertionMatcher.helperSummaries`), so
/// a call of it counts in its own file and in every other.
enum MissingAssertionElsewhere {
  /// The file's bodiless run functions, summarized as asserting.
  static func summaries(in model: FileModel) -> [HelperSummary] {
    var result: [HelperSummary] = []
    for function in model.functions
    where function.body == nil && RunNames.readsAsBodilessRun(function.name) && !function.has("private")
      && !function.has("fileprivate")
    {
      if let owner = function.owner, model.types[owner].kind == .protocol { continue }
      result.append(HelperSummary(name: function.name, asserts: true, callees: []))
    }
    return result
  }
}
