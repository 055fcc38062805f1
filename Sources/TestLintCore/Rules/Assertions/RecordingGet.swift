/// A recorder's expectation read with `try ... .get()`: `let recorder = publisher.record()`,
/// then `try recorder.finished.get()`, `try recorder.next(2).get()`. A publisher-recording
/// library's `get()` returns what the expectation waited for, or throws when it is not met
/// (the publisher did not finish, failed, sent too few values): the test fails exactly then,
/// as with a wait. Narrow on purpose: the call is `get()` without arguments, under a plain
/// `try` (not `try?` or `try!`), on a chain whose first name is a local of the same function made by a call
/// named `record()` (`... .record()` as the initializer's end). A `get()` of anything else (a
/// `Result`'s) is the code under test's.
enum RecordingGet {
  /// Whether the call is such a `get()`.
  static func counts(callAt index: Int, in model: FileModel) -> Bool {
    guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "g") else { return false }
    let call = model.calls[index]
    guard call.name == "get", call.labels.isEmpty, call.trailingClosures.isEmpty, !call.isMacro,
      call.path.count > 1 || call.hasExpressionBase,
      let root = chainRoot(before: call.nameToken, in: model)
    else { return false }
    // Under a plain `try` (`UndeclaredCheck.isTried`): `try?` drops the expectation's error.
    guard UndeclaredCheck.isTried(call, in: model) else { return false }
    let name = model.text(root)
    return model.locals.contains { local in
      local.name == name && local.function == call.function && local.nameToken < root
        && local.initializer.map { endsInRecord($0, in: model) } == true
    }
  }

  /// The token of the first name of the chain that ends before `nameToken`
  /// (`recorder` in `recorder.next(2).get`), stepping back over dots, postfix `?`/`!` and
  /// calls' and subscripts' brackets.
  private static func chainRoot(before nameToken: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var cursor = nameToken - 1
    var root: Int?
    while cursor > 0, tokens[cursor].kind == .dot {
      cursor -= 1
      while cursor >= 0, tokens[cursor].kind == .operator, tokens[cursor].end - tokens[cursor].start == 1 {
        cursor -= 1
      }
      while cursor >= 0, tokens[cursor].kind == .rightParen || tokens[cursor].kind == .rightBracket {
        var depth = 0
        repeat {
          switch tokens[cursor].kind {
          case .rightParen, .rightBracket, .rightBrace: depth += 1
          case .leftParen, .leftBracket, .leftBrace: depth -= 1
          default: break
          }
          cursor -= 1
        } while cursor >= 0 && depth > 0
      }
      guard cursor >= 0, tokens[cursor].kind == .identifier else { return nil }
      root = cursor
      cursor -= 1
    }
    return root
  }

  /// Whether an initializer ends with `.record()`.
  private static func endsInRecord(_ range: Range<Int>, in model: FileModel) -> Bool {
    let last = range.upperBound - 1
    guard range.count >= 4 else { return false }
    return model.token(last, is: ")") && model.token(last - 1, is: "(") && model.token(last - 2, is: "record")
      && model.tokens[last - 3].kind == .dot
  }
}
