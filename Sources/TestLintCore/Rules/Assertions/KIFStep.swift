/// The steps of KIF (kif-framework/KIF), a UI-testing library whose tests run on `KIFTestCase`:
/// `tester().waitForView(withAccessibilityLabel: "Done")`, `tester().tapRow(at:inTableViewWith
/// AccessibilityIdentifier:)`, `viewTester().usingLabel("Save").tap()`. Each step is made through
/// one of KIF's actors and fails the test when its element does not appear (or does not go away)
/// before the step's timeout, as Nimble's `expect` fails it: each is an assertion.
///
/// The actors' names are generic (`tester`, `system`): a call through one counts only where KIF
/// is in reach of the file, as `MockVerification` decides by the import (`isInReach`).
enum KIFStep {
  /// Whether the call is a step through one of KIF's actors in a file where KIF is in reach:
  /// its chain starts at `tester()`, `viewTester()` or `system()` (or the properties `tester`,
  /// `viewTester`, also through `self.`), and its name is not one of the steps that check
  /// nothing (`wait(forTimeInterval:)`, `waitForAnimationsToFinish()`, `tryFinding...`, which
  /// returns whether it found the view, `using...`, which only says which view to find).
  static func counts(callAt index: Int, in model: FileModel) -> Bool {
    // Read in place: most calls are turned away by the token before their name.
    let dot = model.calls[index].nameToken - 1
    guard dot > 0, model.tokens[dot].kind == .dot, !model.calls[index].isMacro,
      !model.calls[index].isImplicitMember, startsAtActor(before: dot, in: model)
    else { return false }
    return !checksNothing(model.calls[index].name) && isInReach(model)
  }

  /// `counts(callAt:in:)` of a call copied out of the model.
  static func counts(_ call: Call, in model: FileModel) -> Bool {
    let dot = call.nameToken - 1
    guard dot > 0, model.tokens[dot].kind == .dot, !call.isMacro, !call.isImplicitMember,
      startsAtActor(before: dot, in: model)
    else { return false }
    return !checksNothing(call.name) && isInReach(model)
  }

  /// Whether KIF is in reach of the file: it imports KIF (or a module named `KIF...`), or it
  /// declares a class on `KIFTestCase` or on `KIFSpec`, KIF's base for Quick specs (the file's
  /// own classes followed up, a few steps).
  static func isInReach(_ model: FileModel) -> Bool {
    let imports = model.imports.contains { entry in
      let module = entry.module.split(separator: ".", maxSplits: 1).first.map(String.init) ?? entry.module
      return module.hasPrefix("KIF")
    }
    if imports { return true }
    return model.types.contains { type in
      var name = type.kind == .class ? type.firstInheritedName : nil
      for _ in 0..<8 {
        guard let current = name else { return false }
        if current == "KIFTestCase" || current == "KIFSpec" { return true }
        name = model.types.first { $0.kind == .class && $0.simpleName == current }?.firstInheritedName
      }
      return false
    }
  }

  /// Whether the chain before the `.` at `dot` starts at one of KIF's actors. Walks back over
  /// `name(...)` and `name` links; stops at anything else.
  private static func startsAtActor(before dot: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var dot = dot
    // A chain of a few links at most: `viewTester().usingLabel("Save").usingTraits(.button).tap()`.
    for _ in 0..<12 {
      var name = dot - 1
      guard name >= 0 else { return false }
      var called = false
      if tokens[name].kind == .rightParen {
        guard let open = openingParenthesis(of: name, in: model), open > 0 else { return false }
        name = open - 1
        called = true
      }
      guard tokens[name].kind == .identifier else { return false }
      let before = name - 1
      let isRoot = before < 0 || tokens[before].kind != .dot
        || (model.token(before - 1, is: "self") && (before - 2 < 0 || tokens[before - 2].kind != .dot))
      if isRoot {
        if model.token(name, is: "tester") || model.token(name, is: "viewTester") { return true }
        return called && model.token(name, is: "system")
      }
      dot = before
    }
    return false
  }

  /// The `(` matching the `)` at `close`, looking back a bounded distance.
  private static func openingParenthesis(of close: Int, in model: FileModel) -> Int? {
    var depth = 0
    var index = close
    while index >= 0, close - index < 4096 {
      switch model.tokens[index].kind {
      case .rightParen, .rightBracket, .rightBrace: depth += 1
      case .leftParen, .leftBracket, .leftBrace:
        depth -= 1
        if depth == 0 { return model.tokens[index].kind == .leftParen ? index : nil }
      default: break
      }
      index -= 1
    }
    return nil
  }

  /// KIF's calls that check nothing: pauses, builders of a view actor's query, and lookups
  /// that return whether they found something.
  private static func checksNothing(_ name: String) -> Bool {
    name == "wait" || name == "waitForTimeInterval" || name.hasPrefix("waitForAnimationsToFinish")
      || name.hasPrefix("using") || name.hasPrefix("try") || name == "simulateMemoryWarning"
  }
}
