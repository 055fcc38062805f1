/// XCTest's accessibility audit, `try app.performAccessibilityAudit()` (Xcode 15): it records
/// every issue it finds as a test failure, so a UI test that ends in it checks the screen it
/// reached. Through any receiver (the method is `XCUIApplication`'s), with or without `for:`
/// and its issue handler; not when that handler ignores every issue without looking
/// (`{ _ in true }`), which leaves nothing to fail.
enum AccessibilityAudit {
  /// Whether the audit's call records the issues it finds.
  static func checks(_ call: Call, in model: FileModel) -> Bool {
    var handlers = call.trailingClosures.map(\.tokens)
    for argument in call.arguments where argument.label == nil {
      if let first = argument.value.first, model.tokens[first].kind == .leftBrace {
        handlers.append(argument.value)
      }
    }
    return !handlers.contains { ignoresEveryIssue($0, in: model) }
  }

  /// Whether a handler's body is only `true` (or `return true`), after its parameter's `in`.
  private static func ignoresEveryIssue(_ closure: Range<Int>, in model: FileModel) -> Bool {
    guard closure.count >= 3 else { return false }
    var body = Array(closure.dropFirst().dropLast())
    if let inIndex = body.firstIndex(where: { model.tokens[$0].keyword == .in }) {
      body.removeFirst(inIndex + 1)
    }
    if let first = body.first, model.tokens[first].keyword == .return { body.removeFirst() }
    return body.count == 1 && model.text(body[0]) == "true"
  }
}
