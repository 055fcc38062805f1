/// `sleep_in_test`'s reading of the loop around a wait: whether it polls for an event with a
/// bound, runs until its task is cancelled, or waits for real time (`SleepInTestRule` asks).
extension SleepInTestRule {
  /// A loop around a wait: the condition of a `while` or `repeat ... while`, nil for `for`.
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
  /// (`while attempt < maxRetries { ...; attempt += 1 }`) that leaves as soon as a condition
  /// holds (`if let line = read() { return line }`, `guard !done else { break }`, `case
  /// .success: return result`). A loop that only repeats a pause waits for real time.
  static func pollsForEvent(_ loop: Loop, in model: FileModel) -> Bool {
    if loop.hasWhere { return true }
    // `while !Task.isCancelled { ... }` waits for its task to be cancelled: an event.
    if let condition = loop.condition,
      condition.contains(where: { model.tokens[$0].kind == .identifier && model.text($0) == "isCancelled" })
    {
      return true
    }
    if let condition = loop.condition, pollsUntilDeadline(condition, in: model) { return true }
    if let condition = loop.condition, pollsWithACount(condition, bodyFrom: loop.open, in: model) { return true }
    let bounded =
      loop.isFor
      || loop.condition.map { readsTime($0, in: model) || countsUp($0, bodyFrom: loop.open, in: model) } == true
    return bounded && leavesOnCondition(bodyFrom: loop.open, in: model)
  }

  /// Whether a helper that takes a timeout (a parameter named or labelled `timeout...` or
  /// `...deadline...`) polls in a loop with the deadline inside it: the loop's body leaves on a
  /// condition (`if phase == .done { return }`) and on a check of the time (`if elapsed >
  /// timeoutNanoseconds { Issue.record(...); return }`, `guard Date() < deadline else { throw
  /// Timeout() }`), whatever its own condition (`while true`). Its pauses are between polls.
  static func pollsUntilTimeout(_ function: Int, loop: Loop, in model: FileModel) -> Bool {
    let timeout = model.functions[function].parameters.contains { parameter in
      [parameter.label ?? "", parameter.name].contains { word in
        let lowered = word.lowercased()
        return lowered.hasPrefix("timeout") || lowered.contains("deadline")
      }
    }
    guard timeout else { return false }
    let exits = exits(bodyFrom: loop.open, in: model)
    return exits.onCondition && (exits.onTime || exits.throwsOnTime)
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
  /// `guard ... else` block of its own, or a `return` in a `switch` case (not in a closure, nor
  /// in an inner loop: a `break` there leaves that loop, and in a `switch` it leaves the switch).
  static func leavesOnCondition(bodyFrom open: Int, in model: FileModel) -> Bool {
    let exits = exits(bodyFrom: open, in: model)
    return exits.onCondition || exits.onTime
  }

  /// The conditional exits of a loop's body, read by `exits(bodyFrom:in:)`.
  struct Exits {
    /// A `return` or `break` in a block on a condition other than the time.
    var onCondition = false
    /// A `return` or `break` in a block whose condition reads the time.
    var onTime = false
    /// A `throw` in a block whose condition reads the time.
    var throwsOnTime = false
  }

  /// The conditional exits of a loop's body: whether one sits in a block whose condition reads
  /// the time (`if elapsed > timeout { Issue.record(...); return }`, `guard Date() < end else
  /// { throw Timeout() }`), and whether another one does.
  static func exits(bodyFrom open: Int, in model: FileModel) -> Exits {
    let tokens = model.tokens
    var blocks: [Block] = []
    var opens: [Int] = []
    var result = Exits()
    var index = open + 1
    // A body is near its loop's wait: a bound keeps it linear.
    let end = min(tokens.count, open + 4096)
    while index < end {
      defer { index += 1 }
      switch tokens[index].kind {
      case .leftBrace:
        blocks.append(block(opening: index, after: open, in: model))
        opens.append(index)
      case .rightBrace:
        if blocks.isEmpty { return result }
        blocks.removeLast()
        opens.removeLast()
      case .identifier:
        let keyword = tokens[index].keyword
        guard keyword == .return || keyword == .break || keyword == .throw, let inner = blocks.last,
          blocks.allSatisfy({ $0 != .other })
        else { continue }
        // An unlabelled `break` in a `switch` leaves the switch.
        if keyword == .break, blocks.contains(.switchBody),
          !(index + 1 < end && tokens[index + 1].kind == .identifier && !tokens[index + 1].isAtLineStart)
        {
          continue
        }
        // In a `do` block, only after a `try` that can throw: the `catch` is the other way.
        if inner == .attempt, let start = opens.last, !tries(in: start..<index, in: model) { continue }
        if inner == .timed {
          if keyword == .throw { result.throwsOnTime = true } else { result.onTime = true }
        } else if keyword != .throw {
          result.onCondition = true
        }
      default: break
      }
    }
    return result
  }

  /// A block of a loop's body, as its exits read: an `if`, `else` or `guard ... else` block
  /// (`timed` when its condition reads the time), a `switch`'s body, a `do` block (`attempt`:
  /// its `try` is the condition, `do { try lock.acquire(); break } catch { usleep(1000) }`), or
  /// another one.
  enum Block: Equatable {
    case conditional, timed, switchBody, attempt, other
  }

  /// Whether `range` holds a `try` that can throw (not `try?`, not `try!`).
  private static func tries(in range: Range<Int>, in model: FileModel) -> Bool {
    range.contains { position in
      guard model.tokens[position].keyword == .try else { return false }
      guard position + 1 < model.tokens.count, model.tokens[position + 1].kind == .operator else { return true }
      let next = model.text(position + 1)
      return !(next.hasPrefix("?") || next.hasPrefix("!"))
    }
  }

  /// The kind of the block the `{` at `index` opens: `else {`, or `if`/`switch` at the start of
  /// its statement, a few tokens before.
  private static func block(opening index: Int, after lower: Int, in model: FileModel) -> Block {
    let tokens = model.tokens
    if tokens[index - 1].keyword == .else {
      // `guard condition else {`: the condition is the guard's; `} else {` is an `if`'s.
      guard tokens[index - 2].kind != .rightBrace,
        let head = statementKeyword(before: index - 1, after: lower, in: model), tokens[head].keyword == .guard
      else { return .conditional }
      return readsTime((head + 1)..<(index - 1), in: model) ? .timed : .conditional
    }
    if tokens[index - 1].keyword == .do { return .attempt }
    guard let head = statementKeyword(before: index, after: lower, in: model) else { return .other }
    switch tokens[head].keyword {
    case .if: return readsTime((head + 1)..<index, in: model) ? .timed : .conditional
    case .switch: return .switchBody
    default: return .other
    }
  }

  /// The keyword that starts the statement whose `{` (or `else`) is at `index`: the nearest
  /// `if`, `guard`, `switch`, `in`, `for`, `while`, `repeat` or `do` outside parentheses, a
  /// few tokens before; nil past a brace.
  private static func statementKeyword(before index: Int, after lower: Int, in model: FileModel) -> Int? {
    let tokens = model.tokens
    var cursor = index - 1
    var nesting = 0
    var steps = 0
    while cursor > lower, steps < 64 {
      let kind = tokens[cursor].kind
      if kind == .rightParen || kind == .rightBracket { nesting += 1 }
      if kind == .leftParen || kind == .leftBracket {
        if nesting == 0 { return nil }
        nesting -= 1
      }
      if nesting == 0 {
        if kind == .leftBrace || kind == .rightBrace { return nil }
        if kind == .identifier {
          switch tokens[cursor].keyword {
          case .if, .in, .for, .while, .repeat, .switch, .guard, .do: return cursor
          default: break
          }
        }
      }
      cursor -= 1
      steps += 1
    }
    return nil
  }

  /// Whether a `while` loop is bounded by a count: its condition is one comparison of a name
  /// against a bound (`attempt < maxRetries`, `tries <= 5`) and its body adds to that name
  /// (`attempt += 1`).
  static func countsUp(_ condition: Range<Int>, bodyFrom open: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard condition.count >= 3, tokens[condition.lowerBound].kind == .identifier,
      model.token(condition.lowerBound + 1, is: "<") || model.token(condition.lowerBound + 1, is: "<="),
      !condition.contains(where: { position in
        tokens[position].kind == .comma || model.token(position, is: "&&") || model.token(position, is: "||")
      }),
      let close = closingBrace(from: open, in: model)
    else { return false }
    let counter = model.text(condition.lowerBound)
    return ((open + 1)..<close).contains { position in
      tokens[position].kind == .identifier && model.text(position) == counter && model.token(position + 1, is: "+=")
    }
  }

  /// Whether a `while` loop's condition waits for something and is bounded by a count: its
  /// clauses, joined by `&&`, are a comparison the body counts up (`tries < 50`, with
  /// `tries += 1` in the body, as `countsUp` reads it) and another one that does not name the
  /// counter (`!model.isLoaded`, `rows.count != 3`), in either order. The loop leaves through
  /// its own condition as soon as the awaited state holds, as a count-bounded loop with
  /// `if done { break }` does. A `||`, or a clause of only constants, bounds nothing.
  static func pollsWithACount(_ condition: Range<Int>, bodyFrom open: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var clauses: [Range<Int>] = []
    var start = condition.lowerBound
    var depth = 0
    for index in condition {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      case .comma where depth == 0: return false
      case .operator where depth == 0:
        if model.token(index, is: "||") { return false }
        if model.token(index, is: "&&") {
          clauses.append(start..<index)
          start = index + 1
        }
      default: break
      }
    }
    clauses.append(start..<condition.upperBound)
    guard clauses.count >= 2, clauses.allSatisfy({ !$0.isEmpty }),
      let counted = clauses.first(where: { countsUp($0, bodyFrom: open, in: model) })
    else { return false }
    let counter = model.text(counted.lowerBound)
    return clauses.contains { clause in
      clause != counted
        && clause.contains { tokens[$0].kind == .identifier && tokens[$0].keyword == .none }
        && !clause.contains { tokens[$0].kind == .identifier && model.text($0) == counter }
    }
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
    // A wait's loop is near it: a bound keeps a body of many waits linear.
    return enclosingBlock(around: index, after: max(range.lowerBound, index - 1024), in: model) { cursor -> Loop? in
      // An enclosing block: a loop's when its statement starts with `while`, `repeat`, `for`.
      if tokens[cursor - 1].keyword == .repeat {
        return Loop(condition: repeatCondition(bodyFrom: cursor, in: model), open: cursor)
      }
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
      return nil
    }
  }

  /// The condition of a `repeat { ... } while condition` loop whose body opens at `open`: the
  /// tokens after `} while` to the end of its line (or a `;`, or a `}` closing the block around
  /// the loop); nil when no `while` follows the body.
  static func repeatCondition(bodyFrom open: Int, in model: FileModel) -> Range<Int>? {
    let tokens = model.tokens
    guard let close = closingBrace(from: open, in: model), close + 2 < tokens.count,
      tokens[close + 1].keyword == .while
    else { return nil }
    var end = close + 2
    var depth = 0
    while end < tokens.count {
      let token = tokens[end]
      switch token.kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: break
      }
      if depth < 0 || (depth == 0 && token.kind == .semicolon) { break }
      if end > close + 2, depth == 0, token.isAtLineStart, statementStarts(at: end, in: model) { break }
      end += 1
    }
    return end > close + 2 ? (close + 2)..<end : nil
  }

  /// The first answer `visit` gives for the `{` of a block around token `index`, innermost
  /// first, looking back no further than `limit` (exclusive); nil when none gives one.
  static func enclosingBlock<T>(
    around index: Int, after limit: Int, in model: FileModel, _ visit: (_ open: Int) -> T?
  ) -> T? {
    let tokens = model.tokens
    var cursor = index - 1
    var depth = 0
    while cursor > limit {
      defer { cursor -= 1 }
      switch tokens[cursor].kind {
      case .rightBrace: depth += 1
      case .leftBrace where depth > 0: depth -= 1
      case .leftBrace: if let answer = visit(cursor) { return answer }
      default: break
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
