/// A session handed to a delegate callback the test invokes through the Objective-C runtime.
extension RealNetworkInTestRule {
  /// Whether the session `range` is the session of a `URLSession` delegate callback the test
  /// invokes itself through the runtime, as `isDelegateCallbackArgument` reads a direct call:
  /// - an argument, or an element of an array literal argument, of a call that also passes a
  ///   selector naming such a callback (`NSSelectorFromString("URLSession:task:...")`, a
  ///   constant made so, or `#selector(URLSessionTaskDelegate.urlSession(...))`): an invoking
  ///   helper's `invoke(on: delegate, selector: ..., arguments: [URLSession.shared, ...])`;
  /// - a later argument of a call through a local typed as a `@convention(c)` function whose
  ///   first two parameters are the receiver and a `Selector` (`let imp: Callback =
  ///   ...; imp(delegate, command, URLSession.shared, ...)`), an extracted implementation.
  /// The session is only told to the callback; nothing sends a request through it.
  static func isRuntimeCallbackArgument(_ range: Range<Int>, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    guard range.lowerBound > 0, range.upperBound < tokens.count else { return false }
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(range.lowerBound) else { continue }
      let arguments = Array(call.arguments)
      guard
        let position = arguments.firstIndex(where: { argument in
          if argument.value == range { return true }
          // An element of an array literal argument: `[URLSession.shared, task]`.
          guard let first = argument.value.first, tokens[first].kind == .leftBracket,
            argument.value.contains(range.lowerBound)
          else { return false }
          let before = tokens[range.lowerBound - 1].kind
          let after = tokens[range.upperBound].kind
          return (before == .leftBracket && range.lowerBound - 1 == first || before == .comma)
            && (after == .comma || after == .rightBracket)
        })
      else { continue }
      if arguments.contains(where: { namesCallbackSelector($0.value, in: code, model: model) }) { return true }
      if position >= 2, call.path.count == 1, !call.isMacro,
        callsThroughImplementation(call, in: code, model: model)
      {
        return true
      }
    }
    return false
  }

  /// Whether the tokens `value` are a selector of a `URLSession` delegate callback:
  /// `NSSelectorFromString("URLSession:...")`, a name bound to one, or `#selector(...)` naming
  /// a `URLSession...Delegate` type's method.
  private static func namesCallbackSelector(_ value: Range<Int>, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    guard let first = value.first else { return false }
    if value.count == 1, tokens[first].kind == .identifier {
      let name = model.text(first)
      let initializer =
        code.local(named: name, before: first, in: model)?.initializer ?? model.properties.first(where: { $0.name == name })?.initializer
      guard let initializer, initializer.count > 1 else { return false }
      return namesCallbackSelector(initializer, in: code, model: model)
    }
    if tokens[first].kind == .pound, model.text(first) == "#selector" {
      return value.contains { tokens[$0].kind == .identifier && model.text($0).hasPrefix("URLSession")
        && model.text($0).hasSuffix("Delegate") }
    }
    guard value.count >= 4, tokens[first].kind == .identifier, model.text(first) == "NSSelectorFromString",
      tokens[first + 1].kind == .leftParen, tokens[first + 2].kind == .string
    else { return false }
    return model.text(first + 2).hasPrefix("\"URLSession:")
  }

  /// Whether the plain call goes through a local typed as a type alias of the file spelled
  /// `@convention(c) (Receiver, Selector, ...)`.
  private static func callsThroughImplementation(_ call: Call, in code: TestCode, model: FileModel) -> Bool {
    guard
      let local = code.local(named: call.name, before: call.nameToken, in: model),
      let alias = local.typeAnnotation
    else { return false }
    let tokens = model.tokens
    var index = 0
    while index + 12 < tokens.count {
      defer { index += 1 }
      guard tokens[index].keyword == .typealias, model.text(index + 1) == alias, model.token(index + 2, is: "="),
        tokens[index + 3].kind == .at, model.text(index + 4) == "convention", model.text(index + 6) == "c",
        tokens[index + 8].kind == .leftParen
      else { continue }
      // The first parameter, up to its comma, then `Selector`.
      var cursor = index + 9
      var depth = 0
      while cursor < tokens.count {
        switch tokens[cursor].kind {
        case .leftParen, .leftBracket: depth += 1
        case .rightParen, .rightBracket: depth -= 1
        default: break
        }
        if depth < 0 || depth == 0 && tokens[cursor].kind == .comma { break }
        cursor += 1
      }
      if cursor + 1 < tokens.count, tokens[cursor].kind == .comma, model.text(cursor + 1) == "Selector" { return true }
    }
    return false
  }
}
