/// The local constants of a file that hold a function picked by name, and the names they may
/// hold: `let awaitRequest = expectSuccess ? awaitNewData : awaitFailure` holds `awaitNewData`
/// or `awaitFailure`, so a later `awaitRequest(request)` in the same function runs one of them
/// (`CallResolver`, `missing_assertion`'s helpers).
///
/// The value is one name (`let run = check`, `self.check`, `Self.check`), a ternary between
/// two (`flag ? a : b`), or an `if` expression between two (`if flag { a } else { b }`);
/// anything else (a call, a closure, a property path) is not read.
struct FunctionValues: Sendable {
  /// One constant holding a function.
  struct Value: Sendable {
    /// The function whose body declares it.
    var function: Int
    /// Token index of its name.
    var nameToken: Int
    /// The names of the functions it may hold.
    var candidates: [String]
  }

  /// The constants by name.
  private let byName: [String: [Value]]

  /// Whether the file has none (most files).
  var isEmpty: Bool { byName.isEmpty }

  /// The function values of a file's locals (only `let`s: a `var` may be set again).
  init(_ model: FileModel) {
    var byName: [String: [Value]] = [:]
    for local in model.locals where local.isLet {
      guard let value = local.initializer, value.count <= 16,
        let candidates = Self.candidates(of: value, in: model)
      else { continue }
      byName[local.name, default: []].append(
        Value(function: local.function, nameToken: local.nameToken, candidates: candidates))
    }
    self.byName = byName
  }

  /// The names a plain call (`awaitRequest(request)`) of a constant declared before it in the
  /// same function may run; nil when the call names no such constant.
  func candidates(ofCallAt index: Int, in model: FileModel) -> [String]? {
    guard !byName.isEmpty else { return nil }
    let call = model.calls[index]
    guard call.path.count == 1, !call.hasExpressionBase, !call.isMacro, !call.isImplicitMember,
      let values = byName[call.name]
    else { return nil }
    return values.last { $0.function == call.function && $0.nameToken < call.nameToken }?.candidates
  }

  /// The names an initializer picks between (see the type's comment).
  private static func candidates(of value: Range<Int>, in model: FileModel) -> [String]? {
    let tokens = model.tokens
    /// The function name that `range` spells, if it is one.
    func name(_ range: Range<Int>) -> String? {
      if range.count == 3, tokens[range.lowerBound + 1].kind == .dot,
        model.token(range.lowerBound, is: "self") || model.token(range.lowerBound, is: "Self")
      {
        return name(range.lowerBound + 2..<range.upperBound)
      }
      guard range.count == 1, tokens[range.lowerBound].kind == .identifier,
        tokens[range.lowerBound].keyword == .none, !AssertionMatcher.startsUppercase(model.text(range.lowerBound))
      else { return nil }
      let text = model.text(range.lowerBound)
      guard text != "self", text != "nil", text != "true", text != "false" else { return nil }
      return text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text
    }
    if let single = name(value) { return [single] }
    let end = value.upperBound
    // `if flag { a } else { b }`: each branch one name, or `self.` and one.
    if tokens[value.lowerBound].keyword == .if, tokens[end - 1].kind == .rightBrace {
      for secondLength in [1, 3] {
        let elseToken = end - secondLength - 3
        guard elseToken > value.lowerBound + 3, tokens[elseToken].keyword == .else,
          tokens[elseToken + 1].kind == .leftBrace, let second = name(elseToken + 2..<end - 1),
          tokens[elseToken - 1].kind == .rightBrace
        else { continue }
        for firstLength in [1, 3] {
          let open = elseToken - firstLength - 2
          guard open > value.lowerBound, tokens[open].kind == .leftBrace,
            let first = name(open + 1..<elseToken - 1)
          else { continue }
          return [first, second]
        }
      }
      return nil
    }
    // `flag ? a : b` (each side one name, or `self.` and one).
    for secondLength in [1, 3] {
      let colon = end - secondLength - 1
      guard colon > value.lowerBound, tokens[colon].kind == .colon,
        let second = name(colon + 1..<end)
      else { continue }
      for firstLength in [1, 3] {
        let question = colon - firstLength - 1
        guard question > value.lowerBound, model.token(question, is: "?"),
          let first = name(question + 1..<colon)
        else { continue }
        return [first, second]
      }
    }
    return nil
  }
}
