/// A helper that hands its caller's location on to a function no file of the run declares
/// (`missing_assertion`, set 51).
///
/// A Swift check reports a failure at its caller's line by taking the caller's file and line
/// as parameters defaulted to `#file` (`#filePath`, `#fileID`) and `#line`, and a helper
/// wrapping a check passes its own on: `func render(screen: Screen, file: StaticString =
/// #filePath, line: UInt = #line) { compareImage(of: screen, file: file, line: line) }`, where
/// `compareImage` is a snapshot package's method of a base class the run does not lint. Taking
/// the caller's location and handing it on is what an assertion helper does, and nothing else
/// needs it, but for logging and crashing (`CallerLocationCheck`'s names) and an initializer,
/// which keeps it for later: such a call in a helper counts as the helper's check, as a test's
/// `file: #file, line: #line` does (`CallerLocationCheck.forwardsLocation`).
///
/// Only a plain call, or one through `self.` or `super.` (what an extension or a subclass of a
/// base calls on that base), passing as `file:` and `line:` exactly the helper's own parameters
/// so defaulted (`testName:` may come along), and only where no file of the run declares a
/// function of the name whose labels accept the call: the run lists under its labels
/// (`CallSignature.keys`) every declaration taking a location (`CallerLocationCheck.takesLocation`),
/// so a declared callee is followed as any helper is. Not a `private` or `fileprivate` function
/// of the file that could take it.
enum ForwardedLocation {
  /// The names of a function's parameters defaulted to its caller's file and line
  /// (`locationParameters`).
  typealias Location = (file: Set<String>, line: Set<String>)

  /// Whether the call, made in the body of a function whose location parameters are `own`
  /// (`locationParameters`), hands them on to a function of another name or labels (see the
  /// type's comment); whether the run declares one that could take it is asked under
  /// `CallSignature.key(of:)`.
  static func forwards(callAt index: Int, handing own: Location, in model: FileModel) -> Bool {
    let call = model.calls[index]
    guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase,
      call.path.count == 1 || call.path.count == 2 && (call.path[0] == "self" || call.path[0] == "super"),
      let fileValue = argument("file", of: call, in: model), own.file.contains(fileValue),
      let lineValue = argument("line", of: call, in: model), own.line.contains(lineValue),
      !AssertionMatcher.startsUppercase(call.name), !CallerLocationCheck.takesLocationToPrint(call.name)
    else { return false }
    return !UndeclaredCheck.fileDeclaresPrivate(acceptingCall: call, in: model)
  }

  /// The one identifier an argument of this label is (`file: file`), nil otherwise.
  private static func argument(_ label: String, of call: Call, in model: FileModel) -> String? {
    guard let argument = call.arguments.first(where: { $0.label == label }), argument.value.count == 1,
      let only = argument.value.first, model.tokens[only].kind == .identifier
    else { return nil }
    return model.text(only)
  }

  /// The names of the function's parameters defaulted to the caller's file (`#file`,
  /// `#filePath`, `#fileID`) and line (`#line`), read from the tokens of its signature: a
  /// parameter's name is the identifier right before its `:` at the parameter list's depth.
  /// Nil when it has not both.
  static func locationParameters(of function: FunctionDecl, in model: FileModel) -> Location? {
    // Both the file and the line are defaulted: most functions fail this before any token walk.
    guard let body = function.body, function.parameters.lazy.filter(\.hasDefault).count >= 2 else {
      return nil
    }
    let tokens = model.tokens
    // The first `(` after the name (after a generic clause) opens the parameter list.
    var index = CompileTimeComment.firstToken(startingFrom: function.nameOffset, in: tokens)
    while index < body.lowerBound, tokens[index].kind != .leftParen { index += 1 }
    var depth = 0
    var current: String?
    var files: Set<String> = []
    var lines: Set<String> = []
    while index < body.lowerBound {
      let token = tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket:
        depth -= 1
        if depth == 0 { index = body.lowerBound }
      case .colon where depth == 1 && index > 0 && tokens[index - 1].kind == .identifier:
        current = model.text(index - 1)
      case .pound where depth == 1 && index > 0 && model.text(index - 1) == "=":
        switch model.text(index) {
        case "#file", "#filePath", "#fileID": if let current { files.insert(current) }
        case "#line": if let current { lines.insert(current) }
        default: break
        }
      default: break
      }
      index += 1
    }
    return files.isEmpty || lines.isEmpty ? nil : (files, lines)
  }
}
