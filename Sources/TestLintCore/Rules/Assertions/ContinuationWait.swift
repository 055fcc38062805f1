/// An awaited continuation the test hands to the code under test (`missing_assertion`): the
/// test goes on only when that code resumes it, as an expectation's wait goes on only when the
/// code fulfils it.
///
/// The shape: `await withCheckedContinuation { done in player.onFinish { done.resume() } }` or `try
/// await withUnsafeThrowingContinuation { gate.park($0) }`, in the test's own body (a `Task` there
/// included, not a task group's child nor another call's closure). Every use of the continuation is
/// either an argument of a call (`gate.park($0)`, `gate.park(waiter: done)`) or inside a closure
/// given to a call (`player.onFinish { done.resume() }`): the test never resumes it in its own
/// statements, but on the error path of its own `do` (`catch { done.resume(throwing: error) }`,
/// which fails the test by throwing; set 46). When the code under test never resumes it the test does not pass: it hangs until the
/// runner's time allowance ends it. Not a continuation the test resumes itself
/// (`withCheckedContinuation { $0.resume() }`), nor one resumed only in a closure given to a
/// scheduler or a synchronizer of the test (`DispatchQueue.main.async { done.resume() }`, `Task {
/// done.resume() }`, `group.notify(queue: .main) { done.resume() }`: the test's own `DispatchGroup`
/// says when the test's own work is done), which the test's own code runs; and not one whose call
/// is not awaited.
enum ContinuationWait {
  /// Whether one of `calls` (a test's own) is such a wait.
  static func counts(in calls: Range<Int>, model: FileModel) -> Bool {
    calls.contains { index in
      // Every maker's name starts with a `w`: most calls are passed over by their first byte.
      guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "w") else { return false }
      let call = model.calls[index]
      guard names.contains(call.name), !call.isMacro, !call.isImplicitMember,
        !call.hasExpressionBase,
        call.path.count == 1 || call.path.count == 2 && call.path[0] == "_Concurrency",
        isAwaited(call, in: model), let closure = body(of: call, in: model)
      else { return false }
      // In the test's own statements, or in a `Task` of the test; not in a task group's child
      // or another call's closure (a producer's loop, not the test's wait).
      var parent = call.parent
      while let enclosing = parent {
        let name = model.calls[enclosing].name
        guard name == "Task" || name == "detached" else { return false }
        parent = model.calls[enclosing].parent
      }
      return handsOver(closure, calls: calls, in: model)
    }
  }

  /// Whether an awaited plain call, of a function no file of the run declares (the caller checks
  /// that), hands the code under test a continuation or confirmation its closure is given:
  /// `try await showInWindow { continuation in Host(probe: Probe(continuation: continuation)) }`.
  /// A support module's helper that awaits the continuation (or runs `confirmation(...)` around
  /// the work) and gives it to the closure is the wait above, written in another module. Its
  /// closure's parameter named `continuation` or `confirmation` is passed on whole as a call's
  /// argument in the closure, every time it is used.
  static func handsOverParameter(callAt index: Int, in model: FileModel) -> Bool {
    // The one-token look first (`await` right before the name): most calls are not awaited.
    let nameToken = model.calls[index].nameToken
    guard nameToken > 0, model.tokens[nameToken - 1].keyword == .await else { return false }
    let call = model.calls[index]
    guard call.path.count == 1, !call.isMacro, !call.isImplicitMember, !names.contains(call.name),
      isAwaited(call, in: model), let closure = body(of: call, in: model)
    else { return false }
    let handed = RuleText.closureParameterNames(closure, in: model).filter {
      $0 == "continuation" || $0 == "confirmation"
    }
    guard !handed.isEmpty else { return false }
    let tokens = model.tokens
    guard let keyword = (closure.lowerBound + 1..<closure.upperBound).first(where: { tokens[$0].keyword == .in })
    else { return false }
    let inner = model.calls.indices.filter { closure.contains(model.calls[$0].nameToken) }
    return handed.allSatisfy { name in
      var uses = 0
      for token in keyword + 1..<closure.upperBound - 1
      where tokens[token].isIdentifierLike && model.text(token) == name
        && tokens[token - 1].kind != .dot
      {
        let asArgument = inner.contains { callIndex in
          model.calls[callIndex].arguments.contains { $0.value == token..<token + 1 }
        }
        // A use that is not an argument (`continuation.resume()`, a label `continuation:`).
        if !asArgument {
          if token + 1 < tokens.count, tokens[token + 1].kind == .colon { continue }
          return false
        }
        uses += 1
      }
      return uses > 0
    }
  }

  /// The four continuation makers of the standard library.
  private static let names: Set<String> = [
    "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
    "withUnsafeThrowingContinuation",
  ]

  /// Calls whose closure the test's own code runs (a scheduler's), not the code under test.
  private static let schedulers: Set<String> = [
    "async", "asyncAfter", "sync", "Task", "detached", "addOperation", "scheduledTimer", "notify",
  ]

  /// `await` (or `try await`, `try? await`) right before the call's name.
  private static func isAwaited(_ call: Call, in model: FileModel) -> Bool {
    var cursor = call.nameToken - 1
    if call.path.count == 2 { cursor -= 2 }
    guard cursor >= 0 else { return false }
    return model.tokens[cursor].keyword == .await
  }

  /// The call's closure: its trailing closure, or its last argument when it is a closure literal.
  private static func body(of call: Call, in model: FileModel) -> Range<Int>? {
    call.trailingClosures.first?.tokens ?? TestDiscovery.closureArgument(of: call, in: model)
  }

  /// Whether every use of the closure's continuation is handed to a call (an argument, or
  /// inside a closure given to a call other than a scheduler), and there is at least one.
  private static func handsOver(_ closure: Range<Int>, calls: Range<Int>, in model: FileModel)
    -> Bool
  {
    let tokens = model.tokens
    let parameters = RuleText.closureParameterNames(closure, in: model)
    guard parameters.count <= 1 else { return false }
    let name = parameters.first ?? "$0"
    // Uses start after the parameter list (`done in`), when there is one.
    var start = closure.lowerBound + 1
    if !parameters.isEmpty {
      guard let keyword = (start..<closure.upperBound).first(where: { tokens[$0].keyword == .in })
      else {
        return false
      }
      start = keyword + 1
    }
    let inner = calls.filter { closure.contains(model.calls[$0].nameToken) }
    var uses = 0
    for index in start..<closure.upperBound - 1
    where tokens[index].isIdentifierLike && model.text(index) == name
      && (index == 0 || tokens[index - 1].kind != .dot)
    {
      // The error path of the test's own `do`: `catch { done.resume(throwing: error) }` fails
      // the test by throwing; the call-closure resume is still the only way on (set 46).
      if resumesThrowingInCatch(index, within: closure, in: model) { continue }
      uses += 1
      let handed = inner.contains { callIndex in
        let call = model.calls[callIndex]
        if call.arguments.contains(where: { $0.value == index..<index + 1 }) { return true }
        let inClosure =
          call.trailingClosures.contains { $0.tokens.contains(index) }
          || call.arguments.contains {
            $0.value.contains(index) && tokens[$0.value.lowerBound].kind == .leftBrace
          }
        return inClosure && !schedulers.contains(call.name) && call.path.first != "DispatchQueue"
      }
      if !handed { return false }
    }
    return uses > 0
  }

  /// Whether the use at `index` is `name.resume(throwing: ...)` as a statement of a `catch`
  /// block (`catch { done.resume(throwing: error) }`, `catch let failure { ... }`) inside
  /// `closure`.
  private static func resumesThrowingInCatch(_ index: Int, within closure: Range<Int>, in model: FileModel)
    -> Bool
  {
    let tokens = model.tokens
    guard index + 4 < closure.upperBound, tokens[index + 1].kind == .dot, model.token(index + 2, is: "resume"),
      tokens[index + 3].kind == .leftParen, model.token(index + 4, is: "throwing")
    else { return false }
    // The innermost brace around the use, then back over a `catch`'s pattern to its keyword.
    var depth = 0
    var open = index - 1
    while open > closure.lowerBound {
      if tokens[open].kind == .rightBrace { depth += 1 }
      if tokens[open].kind == .leftBrace {
        if depth == 0 { break }
        depth -= 1
      }
      open -= 1
    }
    guard open > closure.lowerBound else { return false }
    var cursor = open - 1
    while cursor > max(closure.lowerBound, open - 16) {
      if tokens[cursor].keyword == .catch { return true }
      let kind = tokens[cursor].kind
      if kind == .leftBrace || kind == .rightBrace { return false }
      cursor -= 1
    }
    return false
  }
}
