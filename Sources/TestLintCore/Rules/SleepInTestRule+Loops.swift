/// `sleep_in_test`'s reading of the loop around a wait: whether it polls for an event with a
/// bound, runs until its task is cancelled, or waits for real time (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// A loop around a wait: the condition of a `while`, nil for `repeat` and `for`.
  struct Loop {
    var condition: Range<Int>?
    /// A `for` loop: bounded by its count.
    var isFor = false
    /// A `for ... where condition` loop whose condition is not about the loop's element: it
    /// goes on only while that condition holds.
    var hasWhere = false
    /// The token index of the body's `{`.
    var open = 0
  }

  /// Whether a loop around a wait polls for an event with a bound: a `while` whose condition
  /// reads the time and something else (`while Date() < deadline && !loaded`), a
  /// `for _ in 0..<100 where model.items.isEmpty`, or a loop bounded by a count or by the time
  /// that leaves as soon as a condition holds (`if let line = read() { return line }`,
  /// `guard !done else { break }`). A loop that only repeats a pause waits for real time.
  static func pollsForEvent(_ loop: Loop, in model: FileModel) -> Bool {
    if loop.hasWhere { return true }
    // `while !Task.isCancelled { ... }` waits for its task to be cancelled: an event.
    if let condition = loop.condition,
      condition.contains(where: { model.tokens[$0].kind == .identifier && model.text($0) == "isCancelled" })
    {
      return true
    }
    if let condition = loop.condition, pollsUntilDeadline(condition, in: model) { return true }
    let bounded = loop.isFor || loop.condition.map { readsTime($0, in: model) } == true
    return bounded && leavesOnCondition(bodyFrom: loop.open, in: model)
  }

  /// Whether a loop runs until its task is cancelled, as `while !Task.isCancelled` does, spelled
  /// `while true { try await work(); try await Task.sleep(...) }`: the wait is a throwing
  /// `Task.sleep` (`try`, not `try?`) at the loop body's own level, and the body has no
  /// `break` or `return`. The sleep throws on cancellation and ends the loop: a stub that runs
  /// until the test cancels it, not a wait.
  static func endsOnCancellation(_ loop: Loop, sleep call: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard call.path == ["Task", "sleep"], let condition = loop.condition, condition.count == 1,
      tokens[condition.lowerBound].keyword == .true
    else { return false }
    let start = call.nameToken - 2
    guard start >= 2, tokens[start - 1].keyword == .await, tokens[start - 2].keyword == .try,
      tokens[start - 2].kind == .identifier,
      let close = closingBrace(from: loop.open, in: model), start < close
    else { return false }
    // The sleep's own block is the loop's body (not a `do` that catches its error).
    var depth = 0
    var cursor = start - 1
    while cursor > loop.open {
      if tokens[cursor].kind == .rightBrace { depth += 1 }
      if tokens[cursor].kind == .leftBrace {
        if depth == 0 { return false }
        depth -= 1
      }
      cursor -= 1
    }
    return !((loop.open + 1)..<close).contains { position in
      tokens[position].keyword == .break || tokens[position].keyword == .return
    }
  }

  /// Whether a loop's body (from its `{`) holds a `return` or `break` in an `if`, `else` or
  /// `guard ... else` block of its own (not in a closure, nor in an inner loop: a `break` there
  /// leaves that loop).
  static func leavesOnCondition(bodyFrom open: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    // Each open brace's kind: a block that may leave the loop (`if`, `else`), or another one.
    var blocks: [Bool] = []
    var index = open + 1
    // A body is near its loop's wait: a bound keeps it linear.
    let end = min(tokens.count, open + 4096)
    while index < end {
      defer { index += 1 }
      switch tokens[index].kind {
      case .leftBrace:
        blocks.append(opensConditionalBlock(index, after: open, in: model))
      case .rightBrace:
        if blocks.isEmpty { return false }
        blocks.removeLast()
      case .identifier:
        let keyword = tokens[index].keyword
        if keyword == .return || keyword == .break, !blocks.isEmpty, !blocks.contains(false) { return true }
      default: break
      }
    }
    return false
  }

  /// Whether the `{` at `index` opens the block of an `if` or of an `else` (of `if` or `guard`):
  /// `else {`, or `if` at the start of its statement, a few tokens before.
  private static func opensConditionalBlock(_ index: Int, after lower: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    if tokens[index - 1].keyword == .else { return true }
    var cursor = index - 1
    var nesting = 0
    var steps = 0
    while cursor > lower, steps < 64 {
      let kind = tokens[cursor].kind
      if kind == .rightParen || kind == .rightBracket { nesting += 1 }
      if kind == .leftParen || kind == .leftBracket {
        if nesting == 0 { return false }
        nesting -= 1
      }
      if nesting == 0 {
        if kind == .leftBrace || kind == .rightBrace { return false }
        if kind == .identifier {
          switch tokens[cursor].keyword {
          case .if: return true
          case .in, .for, .while, .repeat, .switch, .guard, .do: return false
          default: break
          }
        }
      }
      cursor -= 1
      steps += 1
    }
    return false
  }

  /// Whether a condition reads the time (`Date() < deadline`, `clock.now < end`).
  static func readsTime(_ condition: Range<Int>, in model: FileModel) -> Bool {
    condition.contains { index in
      guard model.tokens[index].kind == .identifier else { return false }
      return readsTime(model.text(index))
    }
  }

  /// Whether a name reads as a time: `Date`, `now`, `...deadline...`, `...timeout...`,
  /// `...elapsed...`.
  private static func readsTime(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return text == "Date" || text == "now" || lowered.contains("deadline") || lowered.contains("timeout")
      || lowered.contains("elapsed")
  }

  /// The innermost `while`, `repeat` or `for` loop within `range` whose body holds a token, with
  /// the condition of a `while` (nil for the others); nil outside a loop.
  static func loop(around index: Int, within range: Range<Int>, in model: FileModel) -> Loop? {
    let tokens = model.tokens
    var cursor = index - 1
    var depth = 0
    // A wait's loop is near it: a bound keeps a body of many waits linear.
    let limit = max(range.lowerBound, index - 1024)
    while cursor > limit {
      defer { cursor -= 1 }
      if tokens[cursor].kind == .rightBrace { depth += 1 }
      guard tokens[cursor].kind == .leftBrace else { continue }
      if depth > 0 {
        depth -= 1
        continue
      }
      // An enclosing block: a loop's when its statement starts with `while`, `repeat`, `for`.
      if tokens[cursor - 1].keyword == .repeat { return Loop(condition: nil, open: cursor) }
      var head = cursor - 1
      var nesting = 0
      var steps = 0
      var whereClause: Range<Int>?
      while head > range.lowerBound, steps < 64 {
        let kind = tokens[head].kind
        if kind == .rightParen || kind == .rightBracket { nesting += 1 }
        if kind == .leftParen || kind == .leftBracket { nesting -= 1 }
        if nesting < 0 || (nesting == 0 && (kind == .leftBrace || kind == .rightBrace)) { break }
        if nesting == 0, kind == .identifier, tokens[head].keyword == .while {
          return Loop(condition: (head + 1)..<cursor, open: cursor)
        }
        if nesting == 0, kind == .identifier, tokens[head].keyword == .where { whereClause = (head + 1)..<cursor }
        if nesting == 0, kind == .identifier, tokens[head].keyword == .for {
          // `for _ in 0..<50 where model.rows.isEmpty` polls; `for item in items where
          // item.isSlow` picks items.
          let pattern = head + 1 < cursor ? model.text(head + 1) : "_"
          let polls = whereClause.map { clause in
            pattern == "_" || !clause.contains { tokens[$0].kind == .identifier && model.text($0) == pattern }
          }
          return Loop(condition: nil, isFor: true, hasWhere: polls == true, open: cursor)
        }
        head -= 1
        steps += 1
      }
    }
    return nil
  }

  /// Whether a loop's condition waits for something until a deadline: a clause that reads the
  /// time (`Date() < deadline`, `elapsed < timeout`) and another one (`process.isRunning`,
  /// `!loaded`), joined by `,`, `&&` or `||`. A loop on the time alone only sleeps.
  static func pollsUntilDeadline(_ condition: Range<Int>, in model: FileModel) -> Bool {
    var timed = false
    var clauses = 1
    var depth = 0
    for index in condition {
      let token = model.tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket: depth += 1
      case .rightParen, .rightBracket: depth -= 1
      case .comma where depth == 0: clauses += 1
      case .operator:
        if model.token(index, is: "&&") || model.token(index, is: "||") { clauses += 1 }
      case .identifier:
        if readsTime(model.text(index)) { timed = true }
      default: break
      }
    }
    return timed && clauses > 1
  }
}
