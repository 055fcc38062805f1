extension FocusedTestRule {
  /// Whether the call at `index` is written in a closure of a call that expects an issue
  /// (`withKnownIssue { }`, `withExpectedIssue { }`, `XCTExpectFailure { }`, also after leading
  /// underscores: `NegativeControl.isExpectedFailure`), its nearest enclosing call: recording
  /// there is deliberate (a snapshot written out as an artifact on every run) and the test
  /// absorbs the issue recording raises.
  static func isInExpectedIssue(_ index: Int, in model: FileModel) -> Bool {
    guard let parent = model.calls[index].parent else { return false }
    let enclosing = model.calls[parent]
    guard NegativeControl.isExpectedFailure(enclosing.name) else { return false }
    let token = model.calls[index].nameToken
    return enclosing.trailingClosures.contains { $0.tokens.contains(token) }
      || enclosing.arguments.contains {
        $0.value.contains(token) && model.tokens[$0.value.lowerBound].kind == .leftBrace
      }
  }
}
