/// A function the linted files declare with an empty body whose check is its signature: a generic
/// parameter constrained to a protocol (`<S: LazySequenceProtocol>`, or in a `where` clause) and a
/// parameter of exactly that type (`func requireLazy<S: LazySequenceProtocol>(_: S) {}`), or of its
/// metatype (`_: S.Type`, called with `requireLazy(Pages.self)`). A call of it compiles only when
/// the argument conforms, so a test that calls it checks that conformance: its target stops
/// building when the conformance is lost, which is the test failing.
///
/// Narrowly: its name reads as a check (`require...`, `ensure...`, `assert...`, `expect...`,
/// `verify...`, `check...`, `validate...`, or their third-person forms, `requiresSendable`,
/// then a word boundary); an empty generic method of a
/// test double, an `override` or an `async` one is a stub of a protocol's requirement
/// (`func post<E: Event>(_ event: E) async {}`), and a `sendableBlackhole<T: Sendable>(_:)`
/// does not say it checks. Not an empty function without generic parameters, nor one whose
/// generic parameters are unconstrained (`func use<T>(_: T) {}`, which accepts anything) or
/// constrained to `AnyObject` alone (a class's layout, not a conformance), nor one with a result (an empty body cannot return one). The run takes such a function for one
/// that asserts (`AssertionMatcher.helperSummaries`), so a call of it counts in its own file and
/// in every other.
enum CompileTimeCheck {
  /// Whether the function is such a compile-time check.
  static func isCheck(_ function: FunctionDecl, in model: FileModel) -> Bool {
    // `func requireStore(_ store: any Store) { _ = store }` (`ExistentialCheck`).
    if ExistentialCheck.isCheck(function, readsAsCheck: readsAsCheck(function.name), in: model) { return true }
    guard function.kind == .function, let body = function.body, body.count == 2,
      !function.parameters.isEmpty,
      !function.isAsync, !function.has("override"), readsAsCheck(function.name)
    else { return false }
    if let result = function.returnType, result != "Void", result != "()" { return false }
    if let owner = function.owner, AssertionMatcher.isTestDouble(model.types[owner].simpleName) {
      return false
    }
    let tokens = model.tokens
    guard let name = nameToken(of: function, before: body.lowerBound, in: model),
      name + 1 < body.lowerBound,
      angles(at: name + 1, in: model) == 1
    else { return false }
    var (constrained, open) = genericClause(at: name + 1, before: body.lowerBound, in: model)
    guard let parameters = open, parameters < body.lowerBound, tokens[parameters].kind == .leftParen
    else {
      return false
    }
    // A `where` clause between the parameters and the body: `where S: Proto, T == U`.
    if let clause = (parameters..<body.lowerBound).first(where: { tokens[$0].keyword == .where }) {
      for index in clause + 1..<body.lowerBound - 1
      where tokens[index].kind == .identifier && tokens[index + 1].kind == .colon
        && (index == clause + 1 || tokens[index - 1].kind == .comma)
        && !isClassConstraint(after: index + 1, before: body.lowerBound, in: model)
      {
        constrained.insert(model.text(index))
      }
    }
    return !constrained.isEmpty && function.parameters.contains { parameter in
      constrained.contains(parameter.type)
        || parameter.type.hasSuffix(".Type") && constrained.contains(String(parameter.type.dropLast(5)))
    }
  }

  /// Whether the test's own body declares an empty generic function whose constraint is its
  /// check, whatever its name, and calls it: `func take<M: Mappable>(_: M) {}` then
  /// `take(.north)` compiles only while the value conforms. A local function is the test's own
  /// (no other code calls it), so its name need not read as a check; the scanner keeps no
  /// declaration of it, so it is read here from the body's tokens: `func`, a name, a generic
  /// clause with a constrained parameter, parameters of which one has exactly that type (its metatype
  /// only in a function named as a check, `func requireSendable<T: Sendable>(_: T.Type) {}`: a
  /// local `func needsClass<T: AnyObject>(_: T.Type) {}` says no check; set 13 judged it a smoke test), and
  /// `{}` right after them, or a body that only throws the parameters away (`{ _ = value }`, set 43). A
  /// `some P` parameter is such a constrained parameter without a generic clause (set 46). Not one with a result, `async` or `throws`, or an unconstrained one.
  static func declaredInTest(body: Range<Int>, calls: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var index = body.lowerBound + 1
    while index + 3 < body.upperBound {
      defer { index += 1 }
      guard tokens[index].keyword == .func, tokens[index + 1].kind == .identifier else { continue }
      let name = model.text(index + 1)
      // A generic clause, or none: a `some P` parameter is an anonymous constrained one
      // (`func accepts(_: some Backend) {}` is `func accepts<B: Backend>(_: B) {}`).
      var (constrained, parameters): (Set<String>, Int?) = ([], index + 2)
      if angles(at: index + 2, in: model) == 1 {
        (constrained, parameters) = genericClause(at: index + 2, before: body.upperBound, in: model)
        guard !constrained.isEmpty else { continue }
      }
      guard let open = parameters, open < body.upperBound, tokens[open].kind == .leftParen else { continue }
      // The parameters, up to their `)`: a `label name: T` whose `T` is constrained.
      var typed = false
      var names: Set<String> = []
      var close = open + 1
      var depth = 1
      while close < body.upperBound {
        switch tokens[close].kind {
        case .leftParen, .leftBracket: depth += 1
        case .rightParen, .rightBracket: depth -= 1
        case .colon where depth == 1 && tokens[close - 1].kind == .identifier:
          names.insert(model.text(close - 1))
          if SomeParameter.isConstrained(at: close + 1, before: body.upperBound, in: model) {
            typed = true
            break
          }
          guard close + 2 < body.upperBound, constrained.contains(model.text(close + 1)) else { break }
          let after = tokens[close + 2].kind
          if after == .comma || after == .rightParen {
            typed = true
          } else if after == .dot, close + 4 < body.upperBound, model.token(close + 3, is: "Type"),
            tokens[close + 4].kind == .comma || tokens[close + 4].kind == .rightParen, readsAsCheck(name)
          {
            // Its metatype in a function named as a check (`requireSendable<T: Sendable>(_: T.Type)`).
            typed = true
          }
        default: break
        }
        if depth == 0 { break }
        close += 1
      }
      guard typed, close + 2 < body.upperBound, tokens[close + 1].kind == .leftBrace,
        discardsOnly(names, from: close + 2, before: body.upperBound, in: model)
      else { continue }
      let called = calls.contains { call in
        let value = model.calls[call]
        return value.path.count == 1 && value.name == name && !value.isMacro && !value.arguments.isEmpty
      }
      if called { return true }
    }
    return false
  }

  /// Whether a local function's body, from `start` (after its `{`), is empty or only throws its
  /// parameters away (`_ = value`, which silences the unused-parameter warning) up to its `}`.
  static func discardsOnly(_ names: Set<String>, from start: Int, before end: Int, in model: FileModel)
    -> Bool
  {
    let tokens = model.tokens
    var cursor = start
    while cursor < end {
      if tokens[cursor].kind == .rightBrace { return true }
      if tokens[cursor].kind == .semicolon {
        cursor += 1
        continue
      }
      guard cursor + 2 < end, model.token(cursor, is: "_"), model.token(cursor + 1, is: "="),
        tokens[cursor + 2].kind == .identifier, names.contains(model.text(cursor + 2))
      else { return false }
      cursor += 3
    }
    return false
  }

  /// The generic clause opening at `start` (its `<`): the names it constrains (`<S: Proto, T>`
  /// constrains `S`) and the token after its closing `>`, nil when it does not close before
  /// `end` or a brace.
  private static func genericClause(at start: Int, before end: Int, in model: FileModel)
    -> (constrained: Set<String>, next: Int?)
  {
    let tokens = model.tokens
    var constrained: Set<String> = []
    var depth = 0
    var cursor = start
    while cursor < end {
      let change = angles(at: cursor, in: model)
      if change != 0 {
        depth += change
        if depth <= 0 { return (constrained, cursor + 1) }
      } else if depth == 1, tokens[cursor].kind == .colon, tokens[cursor - 1].kind == .identifier,
        !isClassConstraint(after: cursor, before: end, in: model)
      {
        constrained.insert(model.text(cursor - 1))
      } else if tokens[cursor].kind == .leftBrace || tokens[cursor].kind == .rightBrace {
        return (constrained, nil)
      }
      cursor += 1
    }
    return (constrained, nil)
  }

  /// Whether the constraint after the colon at `colon` is `AnyObject` alone (`<T: AnyObject>`):
  /// a class's layout, not a protocol's conformance (set 13 judged a test calling only
  /// `requiresReferenceType(Context.self)` with it a smoke test).
  private static func isClassConstraint(after colon: Int, before end: Int, in model: FileModel) -> Bool {
    guard colon + 2 < end, model.token(colon + 1, is: "AnyObject") else { return false }
    let next = model.tokens[colon + 2]
    return next.kind == .comma || next.kind == .leftBrace || angles(at: colon + 2, in: model) < 0
  }

  /// `require...`, `ensure...` (or `requires...`, `ensures...`) or a check's word (`CheckWords`),
  /// lowercase, then a word boundary.
  private static func readsAsCheck(_ name: String) -> Bool {
    CheckWords.startsAName(name, anyCase: false, digits: false)
      || CheckWords.startsWith("require", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWith("ensure", name, anyCase: false, boundary: true, digits: false)
      || CheckWords.startsWithThirdPerson("requires", name, digits: false)
      || CheckWords.startsWithThirdPerson("ensures", name, digits: false)
  }

  /// The token of the function's name, found by its offset among the tokens before the body.
  private static func nameToken(of function: FunctionDecl, before body: Int, in model: FileModel)
    -> Int?
  {
    let tokens = model.tokens
    var low = 0
    var high = body
    while low < high {
      let middle = (low + high) / 2
      if Int(tokens[middle].start) < function.nameOffset { low = middle + 1 } else { high = middle }
    }
    return low < body && Int(tokens[low].start) == function.nameOffset ? low : nil
  }

  /// How an operator token made of angle brackets only changes the generic clause's depth
  /// (`<` opens, `>` or `>>` closes); 0 for any other token.
  private static func angles(at index: Int, in model: FileModel) -> Int {
    guard model.tokens[index].kind == .operator else { return 0 }
    let text = model.text(index)
    if text.allSatisfy({ $0 == "<" }) { return text.count }
    if text.allSatisfy({ $0 == ">" }) { return -text.count }
    return 0
  }
}
