/// A test waits for real time to pass instead of driving time or awaiting an event.
public struct SleepInTestRule: Rule {
  public static let description = RuleDescription(
    id: "sleep_in_test",
    summary:
      "a test sleeps or waits for real time instead of advancing a 'TestScheduler' or awaiting an expectation",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    var reported: Set<Int> = []
    for code in context.testCodeWithHelpers() {
      // A test double's method, reached by a plain call of a function of its name (a free
      // helper `load(_:)` beside a `*Stub*`'s `load(limit:)`), is what the code under test runs.
      // Not a test class named like one (`MockServerTests`), whose helpers are the test's.
      if code.test == nil, let function = code.function, let owner = model.functions[function].owner,
        AssertionMatcher.isTestDouble(model.types[owner].simpleName),
        !context.tests.contains(where: { model.functions[$0.function].owner == owner })
      {
        continue
      }
      var doubles: [Range<Int>]?
      // A helper that polls for a condition until a deadline waits for an event, as
      // `RunLoop.run(until:)` for a condition does: its pauses between polls are not reported.
      lazy var polls = code.test == nil && code.function.map { Self.pollsForCondition($0, in: model) } == true
      for index in code.calls {
        // The name first (its first byte first, from the token): copying every `Call` out of
        // the array costs more than the check.
        switch RuleText.firstNameByte(ofCall: index, in: model) {
        case UInt8(ascii: "s"), UInt8(ascii: "u"), UInt8(ascii: "r"), UInt8(ascii: "a"), 0x80...: break
        default: continue
        }
        guard Self.waitNames.contains(model.calls[index].name) else { continue }
        let call = model.calls[index]
        guard let spelling = Self.wait(call, in: model), !reported.contains(index) else { continue }
        // `sleep(1)` calling the file's own `func sleep` (a fake clock's helper) is not C's.
        if call.path.count == 1, context.callGraph.functions(named: call.name) != nil { continue }
        // A stub type declared in the test simulates slow work; the test does not wait in it.
        if doubles == nil { doubles = code.localTypeBodies(in: model) }
        if doubles?.contains(where: { $0.contains(call.nameToken) }) == true { continue }
        if Self.isInDoubleHandler(call.nameToken, in: model)
          || Self.isInMadeDoubleHandler(index, in: context)
          || Self.isInClosureGivenToDouble(index, in: model)
          || Self.isInTestOnlyHook(index, code: code, context: context)
        {
          continue
        }
        // A watchdog that races the awaited work and is cancelled once it returns is a deadline.
        if Self.isDeadline(index, in: model) || Self.isTimeoutRacer(index, in: model)
          || Self.isCancelledSlowWork(index, in: model) || Self.isInCancelledHandle(index, in: model)
          || Self.isStoppedSlowStub(index, in: model)
          || Self.isHandedPlaceholderTask(index, in: model)
          || Self.isPropertyWatchdog(index, in: model)
          || Self.isWorkUnderDeadline(index, in: model) || Self.isWorkUnderHelperDeadline(index, in: context)
        {
          continue
        }
        if let loop = Self.loop(around: call.nameToken, within: code.tokens, in: model),
          polls || Self.pollsForEvent(loop, in: model)
            || Self.endsOnCancellation(loop, sleep: call, in: model)
            || Self.pollsUnderDeadline(loop, sleep: call, in: model)
            || code.function.map({ Self.pollsUntilTimeout($0, loop: loop, in: model) }) == true
            || code.test == nil
            && code.function.map({ Self.pollsConditionParameter($0, loop: loop, in: model) }) == true
        {
          continue
        }
        // The same helper repeating by calling itself rather than in a loop.
        if code.test == nil, code.function.map({ Self.pollsByRecursion($0, in: model) }) == true { continue }
        reported.insert(index)
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.wait(spelling),
            test: context.testName(code.test)))
      }
    }
    return violations
  }

  /// Whether a function waits for a condition with a deadline: among its parameters, a timeout
  /// (named or labelled `timeout`, `deadline`, `within`, or of type `TimeInterval`, `Duration`,
  /// `DispatchTimeInterval`) and a closure (the condition: `() -> Bool`, `@escaping () async
  /// throws -> Bool`). Its sleeps inside a loop are pauses between polls
  /// (`waitUntil(timeout: 1) { model.isLoaded }`).
  static func pollsForCondition(_ function: Int, in model: FileModel) -> Bool {
    let parameters = model.functions[function].parameters
    let timeout = parameters.contains { parameter in
      let words = [parameter.label ?? "", parameter.name].map { $0.lowercased() }
      if words.contains(where: { $0.contains("timeout") || $0.contains("deadline") || $0 == "within" }) {
        return true
      }
      let type = TypeDecl.simpleName(parameter.type)
      return type == "TimeInterval" || type == "Duration" || type == "DispatchTimeInterval"
    }
    return timeout && parameters.contains { $0.type.contains("->") }
  }

  /// Whether a helper's loop polls a condition it was given, whatever the parameters are
  /// called: the loop calls a closure parameter returning `Bool` (`_ fun: @escaping () ->
  /// Bool`), and a count or a deadline bounds the wait: the loop is a `for`, its condition
  /// reads the time, or the helper waits with a `timeout:` (`wait(for: [done], timeout:
  /// TimeInterval(t))` while a thread polls).
  static func pollsConditionParameter(_ function: Int, loop: Loop, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    let conditions = declaration.parameters.filter {
      $0.type.contains("->") && $0.type.filter { !$0.isWhitespace }.hasSuffix("->Bool")
    }.map(\.name)
    guard !conditions.isEmpty else { return false }
    let tokens = model.tokens
    // The loop's extent: its condition and its body, to the `}` closing it; a `repeat ...
    // while` loop's condition follows its body, so the extent runs to the condition's end.
    let end = closingBrace(from: loop.open, in: model) ?? tokens.count
    let start = min(loop.condition?.lowerBound ?? loop.open, loop.open)
    let stop = max(end, loop.condition?.upperBound ?? end)
    let callsCondition = (start..<min(stop, tokens.count)).contains { index in
      index + 1 < tokens.count && tokens[index].kind == .identifier
        && tokens[index + 1].kind == .leftParen && (index == 0 || tokens[index - 1].kind != .dot)
        && conditions.contains(model.text(index))
    }
    guard callsCondition else { return false }
    if loop.isFor { return true }
    if let condition = loop.condition, pollsUntilDeadline(condition, in: model) { return true }
    return declaration.calls.contains { index in
      model.calls[index].arguments.contains { $0.label == "timeout" }
    }
  }

  /// Whether a helper polls a condition it was given by calling itself between pauses rather
  /// than in a loop: it calls a closure parameter returning `Bool`, calls itself (`await
  /// self.waitUntil(description: description, closure: closure)` in a `Task`), and waits with a
  /// `timeout:` (`fulfillment(of: [done], timeout: 2)`), the deadline that bounds the repetition.
  static func pollsByRecursion(_ function: Int, in model: FileModel) -> Bool {
    let declaration = model.functions[function]
    let conditions = declaration.parameters.filter {
      $0.type.contains("->") && $0.type.filter { !$0.isWhitespace }.hasSuffix("->Bool")
    }.map(\.name)
    guard !conditions.isEmpty else { return false }
    var callsCondition = false
    var callsItself = false
    var hasTimeout = false
    for index in declaration.calls {
      let call = model.calls[index]
      if call.path.count == 1, conditions.contains(call.name) { callsCondition = true }
      // Itself, not another function of its name: the call's labels are ones it accepts
      // (`wait(for:timeout:)` inside a helper named `wait` is XCTest's).
      if call.name == declaration.name, call.path.count == 1 || call.path == ["self", call.name],
        CallSignature.keys(of: declaration).contains(CallSignature.key(of: call))
      {
        callsItself = true
      }
      if call.arguments.contains(where: { $0.label == "timeout" }) { hasTimeout = true }
    }
    return callsCondition && callsItself && hasTimeout
  }

  /// Whether the wait at `model.calls[index]` is a deadline: it is a statement of a child task
  /// of a task group (`group.addTask { try await Task.sleep(...); throw Timeout() }`) that adds
  /// another child (the awaited work) and cancels the rest (`group.cancelAll()`), and the child
  /// does no work after it: it ends with its sleep, a throw, a failure, a cancel or a constant
  /// (`return false`). Such a child is a deadline when the group takes the first result
  /// (`group.next()`); one that ends by throwing or failing is one also without `next()`, its
  /// sleep cut short by the `cancelAll()`. Or the wait sits in a `Task` kept in a name
  /// (`let watchdog = Task { ... }`) whose last statement after the sleep fails or cancels
  /// something (`XCTFail`, `Issue.record`, `work.cancel()`) and that the code cancels
  /// (`watchdog.cancel()`). Either way the test waits for the work, not for the time: the sleep
  /// ends only when the work is late. A child or task that calls the code under test after its
  /// sleep (a request, `pool.next()`) is a delayed stimulus, not a deadline.
  static func isDeadline(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let siblings = model.functions[calls[index].function].calls
    var current = calls[index].parent
    var steps = 0
    while let parent = current, steps < 16 {
      defer {
        current = calls[parent].parent
        steps += 1
      }
      let call = calls[parent]
      if call.path.count == 2, Self.taskGroupChildNames.contains(call.name),
        let scope = call.parent, Self.taskGroupNames.contains(calls[scope].name)
      {
        let group = call.path[0]
        let closures = calls[scope].trailingClosures.map(\.tokens)
        var children = 0
        var cancels = false
        var takesFirst = false
        for sibling in siblings where calls[sibling].path.count == 2 && calls[sibling].path[0] == group {
          guard closures.contains(where: { $0.contains(calls[sibling].nameToken) }) else { continue }
          switch calls[sibling].name {
          case "addTask", "addTaskUnlessCancelled": children += 1
          case "cancelAll": cancels = true
          case "next": takesFirst = true
          default: break
          }
        }
        guard children >= 2, cancels, parent == calls[index].parent,
          let closure = call.trailingClosures.first?.tokens,
          let ending = Self.ending(of: closure, after: calls[index], in: model)
        else { return false }
        return takesFirst || ending == .fails
      }
      if call.path == ["Task"] || call.path == ["Task", "detached"] {
        let tokens = model.tokens
        var start = call.nameToken
        if call.path.count == 2 { start = Self.typeName(before: start - 1, in: model) }
        guard start >= 2, model.token(start - 1, is: "="), tokens[start - 2].kind == .identifier,
          let closure = call.trailingClosures.first?.tokens
        else { return false }
        let handle = model.text(start - 2)
        let ending = Self.ending(of: closure, after: calls[index], in: model)
        let failsAfter = ending == .fails || ending == .cancels
        let cancel = siblings.first { sibling in
          calls[sibling].path == [handle, "cancel"] && calls[sibling].nameToken > closure.upperBound
        }
        guard let cancel else { return false }
        if failsAfter { return true }
        // A `Task.sleep` anywhere in a kept task the test cancels is the work being cancelled,
        // not a wait of the test: cancelled before the test awaits anything else, or cancelled
        // and then awaited expecting the cancellation.
        return calls[index].path == ["Task", "sleep"]
          && Self.cancelsWork(
            handle, closure: closure, cancel: calls[cancel].nameToken, siblings: siblings, in: model)
      }
    }
    return false
  }

  /// The token of the type's name before the `.` at `dot`, past its generic arguments
  /// (`Task<Void, Never>.detached`): `Task`.
  static func typeName(before dot: Int, in model: FileModel) -> Int {
    var position = dot - 1
    var depth = 0
    // A bounded walk back to the `<` that balances the `>` before the dot.
    while position > 0, dot - position < 64 {
      if model.tokens[position].kind == .operator, model.text(position) != "->" {
        for character in model.text(position) {
          if character == ">" { depth += 1 } else if character == "<" { depth -= 1 }
        }
      }
      if depth == 0 { return model.tokens[position].kind == .operator ? position - 1 : position }
      position -= 1
    }
    return dot - 1
  }

  /// Whether the test cancels the kept task `handle` (whose closure is `closure`) as work it
  /// does not wait for: the `handle.cancel()` at token `cancel`, a statement at the task's own
  /// level or an enclosing one (not in a closure made after the task), follows the task with no
  /// `await` between (`let work = Task { ... }; work.cancel()`), or the test then reads
  /// `handle.value` expecting it to throw (inside `#expect(throws:)`, `#require(throws:)` or
  /// `XCTAssertThrowsError`, or followed by `XCTFail`/`Issue.record`, a `do` block's "should have
  /// thrown"). A `Task.sleep` in such a task returns as soon as it is cancelled.
  static func cancelsWork(
    _ handle: String, closure: Range<Int>, cancel: Int, siblings: Range<Int>, in model: FileModel
  ) -> Bool {
    let tokens = model.tokens
    // The cancel is a statement of the code around the task, not of a closure made after it
    // (`stream.onTermination = { job.cancel() }` runs when the stream ends, later).
    // One pass between the task and the cancel: the braces' depth, and whether it awaits.
    var depth = 0
    var awaits = false
    for position in closure.upperBound..<cancel {
      switch tokens[position].kind {
      case .leftBrace: depth += 1
      case .rightBrace: depth = max(0, depth - 1)
      default: awaits = awaits || tokens[position].keyword == .await
      }
    }
    guard depth == 0 else { return false }
    if !awaits { return true }
    let calls = model.calls
    var position = cancel
    // A bound keeps a long test linear: the awaited value is read near the cancel.
    let end = min(tokens.count - 2, cancel + 512)
    while position < end {
      defer { position += 1 }
      guard tokens[position].kind == .identifier, model.text(position) == handle,
        tokens[position + 1].kind == .dot, model.token(position + 2, is: "value")
      else { continue }
      if position + 3 < tokens.count,
        model.token(position + 3, is: "XCTFail") || model.token(position + 3, is: "Issue")
      {
        return true
      }
      let expects = siblings.contains { sibling in
        let call = calls[sibling]
        guard call.nameToken < position else { return false }
        let expectsThrow =
          call.isMacro && (call.name == "#expect" || call.name == "#require")
            && call.arguments.contains { $0.label == "throws" }
          || call.name == "XCTAssertThrowsError"
        guard expectsThrow else { return false }
        return call.arguments.contains { $0.value.contains(position) }
          || call.trailingClosures.contains { $0.tokens.contains(position) }
      }
      if expects { return true }
    }
    return false
  }

  /// How a child task or a kept `Task` ends after a sleep, when it does no work there.
  enum Ending: Equatable {
    /// Nothing follows the sleep's statement.
    case sleeps
    /// `return`, `return false`, `return nil`, `return .timedOut`, `return []`: a constant or nothing.
    case constant
    /// `throw ...`, `XCTFail(...)`, `Issue.record(...)`.
    case fails
    /// `work.cancel()`, `group.cancelAll()`.
    case cancels
  }

  /// Where the last two statements at the closure's own level start (`{`...`}`): a line start or
  /// a token after `;`, not a continuation (`.member`, an operator, after `=` or `,`).
  static func lastStatements(of closure: Range<Int>, in model: FileModel) -> (previous: Int?, last: Int?) {
    let end = min(closure.upperBound - 1, model.tokens.count)
    var depth = 0
    var previous: Int?
    var last: Int?
    for position in (closure.lowerBound + 1)..<max(closure.lowerBound + 1, end) {
      if depth == 0, statementStarts(at: position, in: model) { (previous, last) = (last, position) }
      switch model.tokens[position].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace: depth -= 1
      default: break
      }
    }
    return (previous, last)
  }

  /// How the closure `closure` (`{`...`}`) ends after the wait `sleep`, read from its last
  /// statement: nil when that statement does something else (calls the code under test,
  /// returns a computed value), so the sleep delays work instead of timing it.
  static func ending(of closure: Range<Int>, after sleep: Call, in model: FileModel) -> Ending? {
    let tokens = model.tokens
    let end = min(closure.upperBound - 1, tokens.count)
    guard closure.lowerBound + 1 < end, let start = lastStatements(of: closure, in: model).last else { return nil }
    if start <= sleep.nameToken {
      // `do { sleep; XCTFail(...) } catch {}`: what follows the sleep inside the `do` block.
      if tokens[start].keyword == .do, start + 1 < end, tokens[start + 1].kind == .leftBrace,
        let close = Self.closingBrace(from: start + 1, in: model), sleep.nameToken < close
      {
        return ending(of: (start + 1)..<(close + 1), after: sleep, in: model)
      }
      return .sleeps
    }
    var first = start
    while first < end, tokens[first].keyword == .try || tokens[first].keyword == .await { first += 1 }
    guard first < end else { return nil }
    let rest = end - first
    switch tokens[first].keyword {
    case .throw: return .fails
    case .return:
      if rest == 1 { return .constant }
      if rest == 2 {
        let value = tokens[first + 1]
        if [.true, .false, .nil].contains(value.keyword) || value.kind == .number || value.kind == .string {
          return .constant
        }
      }
      if rest == 3, tokens[first + 1].kind == .dot, tokens[first + 2].kind == .identifier { return .constant }
      // An empty collection: `return []`, `return [:]`.
      if rest == 3 || rest == 4, tokens[first + 1].kind == .leftBracket, tokens[end - 1].kind == .rightBracket,
        rest == 3 || tokens[first + 2].kind == .colon
      {
        return .constant
      }
      return nil
    default: break
    }
    // `XCTFail(...)`, and `fatalError(...)` or `exit(1)`, which end the whole run.
    if model.token(first, is: "XCTFail") || model.token(first, is: "fatalError") || model.token(first, is: "exit"),
      first + 1 < end, tokens[first + 1].kind == .leftParen
    {
      return .fails
    }
    if model.token(first, is: "Issue"), model.token(first + 2, is: "record") { return .fails }
    // `handle.cancel()`, `group.cancelAll()`: a path ending in the name, then `()`.
    if rest >= 5, tokens[end - 1].kind == .rightParen, tokens[end - 2].kind == .leftParen,
      model.token(end - 3, is: "cancel") || model.token(end - 3, is: "cancelAll"),
      tokens[end - 4].kind == .dot,
      (first..<(end - 4)).allSatisfy({ tokens[$0].kind == .identifier || tokens[$0].kind == .dot })
    {
      return .cancels
    }
    return nil
  }

  /// The `}` closing the `{` at token `open`.
  static func closingBrace(from open: Int, in model: FileModel) -> Int? {
    var depth = 0
    for position in open..<model.tokens.count {
      switch model.tokens[position].kind {
      case .leftBrace: depth += 1
      case .rightBrace:
        depth -= 1
        if depth == 0 { return position }
      default: break
      }
    }
    return nil
  }

  /// Whether a statement starts at token `position`: on a new line or after `;`, and not a
  /// continuation of the line before.
  static func statementStarts(at position: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    let token = tokens[position]
    let previous = tokens[position - 1]
    if previous.kind == .semicolon { return true }
    guard token.isAtLineStart else { return false }
    if token.kind == .dot || token.kind == .operator { return false }
    if token.keyword == .catch || token.keyword == .else { return false }
    switch previous.kind {
    case .operator, .comma, .dot, .colon: return false
    default: return true
    }
  }

  /// The calls that run child tasks in a group.
  static let taskGroupNames: NameSet = [
    "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
  ]

  /// The names `wait(_:in:)` can flag.
  static let waitNames: NameSet = ["sleep", "usleep", "run", "asyncAfter"]

  /// Whether a token is inside a closure assigned to a property of a test double's type
  /// (`MockURLProtocol.requestHandler = { ... }`): the double's handler, whose delay simulates
  /// slow work as the methods of a `*Mock*` type do. The type is named in the target
  /// (a capitalized name of `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*` before the property).
  static func isInDoubleHandler(_ token: Int, in model: FileModel) -> Bool {
    model.assignments.contains { assignment in
      assignment.value.contains(token) && assignment.target.count >= 2
        && model.tokens[assignment.value.lowerBound].kind == .leftBrace
        && assignment.target.dropLast().contains { name in
          AssertionMatcher.startsUppercase(name)
            && AssertionMatcher.isTestDouble(name)
        }
    }
  }

  /// Whether the wait at `model.calls[index]` is inside a closure literal handed to a method of
  /// a test double's type (`MockURLProtocol.setHandler { request in ... }`, `Fake.install(handler:
  /// { ... })`): the double's handler, read as one assigned to its property is
  /// (`isInDoubleHandler`). The type is named in the call's path, capitalized, before the method.
  /// A factory's closures (`MockData.makeService(fetch: { ... })`, a method named `make...`,
  /// `create...` or `build...`) are the test's own stub closures, and a scope's
  /// (`MockNetwork.withOfflineMode { ... }`, `with...`, `run...`, `perform...`, a closure
  /// without parameters) runs the test's own code at once: both are still read.
  /// Whether a closure literal (`{` to `}`) names parameters: an `in` on its first line.
  static func takesParameters(_ closure: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var cursor = closure.lowerBound + 1
    while cursor < closure.upperBound, !tokens[cursor].isAtLineStart || cursor == closure.lowerBound + 1 {
      if tokens[cursor].keyword == .in { return true }
      if tokens[cursor].kind == .leftBrace { return false }
      cursor += 1
    }
    return false
  }

  static func isInClosureGivenToDouble(_ index: Int, in model: FileModel) -> Bool {
    let calls = model.calls
    let token = calls[index].nameToken
    var current = calls[index].parent
    var steps = 0
    while let parent = current, steps < 16 {
      let call = calls[parent]
      current = call.parent
      steps += 1
      guard call.path.count >= 2,
        !["make", "create", "build"].contains(where: { call.name.hasPrefix($0) }),
        call.path.dropLast().contains(where: { name in
          AssertionMatcher.startsUppercase(name)
            && AssertionMatcher.isTestDouble(name)
        })
      else { continue }
      let closure =
        call.trailingClosures.first(where: { $0.tokens.contains(token) })?.tokens
        ?? call.arguments.first(where: { argument in
          argument.value.contains(token) && model.tokens[argument.value.lowerBound].kind == .leftBrace
        })?.value
      guard let closure else { continue }
      // A scope runs a closure without parameters at once (`withOffline { ... }`); a handler
      // registered through `with...` takes the request (`withHandler { request in ... }`).
      let scope = ["with", "run", "perform"].contains(where: { call.name.hasPrefix($0) })
      if !scope || takesParameters(closure, in: model) { return true }
    }
    return false
  }

  /// How the call waits for real time, as the message names it, or nil when it does not.
  static func wait(_ call: Call, in model: FileModel) -> String? {
    guard !call.isMacro, !call.isImplicitMember else { return nil }
    let path = call.path
    // Built only for the names that read them.
    var labels: [String?] { call.labels }
    switch call.name {
    case "sleep", "usleep":
      guard !call.hasExpressionBase else { return nil }
      // The C functions, maybe module-qualified; `Thread.sleep` and `Task.sleep`.
      if path.count == 1 || (path.count == 2 && Self.cModules.contains(path[0])) {
        return call.name + "(...)"
      }
      if call.name == "sleep", let receiver = call.receiver,
        receiver == "Thread"
          || receiver == "Task" && !Self.isVirtualOrYield(call, in: model)
      {
        return receiver + ".sleep"
      }
      return nil
    case "run":
      // `RunLoop.current.run(until:)`, `RunLoop.main.run(mode:before:)`, `run()`.
      guard !call.hasExpressionBase, path.count >= 3, path[path.count - 3] == "RunLoop",
        path[path.count - 2] == "current" || path[path.count - 2] == "main"
      else { return nil }
      if !labels.isEmpty {
        // A point in time; `run(until: condition)` overloads that wait for an event pass.
        guard
          let deadline = call.arguments.first(where: { $0.label == "until" || $0.label == "before" }
          ),
          Self.isPointInTime(deadline.value, in: model), !Self.isNow(deadline.value, in: model)
        else { return nil }
      }
      return "RunLoop.\(path[path.count - 2]).run"
    case "asyncAfter":
      // Dispatch's `asyncAfter(deadline:)` / `asyncAfter(wallDeadline:)` on any queue.
      guard labels.first == "deadline" || labels.first == "wallDeadline" else { return nil }
      return "asyncAfter"
    default:
      return nil
    }
  }

  /// Whether an argument is the present moment alone, `Date()`, `.now` or `Date.now`: a run
  /// loop run until then makes one pass over what is already due and waits for no time.
  static func isPresent(_ value: Range<Int>, in model: FileModel) -> Bool {
    guard value.count <= 5 else { return false }  // `Date.init()`, the longest, is five tokens.
    let text = value.map { model.text($0) }.joined()
    return text == "Date()" || text == ".now" || text == "Date.now" || text == "Date.init()"
  }

  /// Whether an argument reads as a `Date`: `Date() + 1`, `.now + 0.5`, `.distantFuture`,
  /// `Date(timeIntervalSinceNow: 1)`, `deadline`, `timeout`.
  static func isPointInTime(_ value: Range<Int>, in model: FileModel) -> Bool {
    for index in value {
      let token = model.tokens[index]
      switch token.kind {
      case .operator:
        let text = model.text(index)
        if text == "+" || text == "-" { return true }
      case .identifier:
        let text = model.text(index)
        if ["Date", "now", "distantFuture", "distantPast", "addingTimeInterval"].contains(text) {
          return true
        }
        let lowered = text.lowercased()
        if lowered.contains("date") || lowered.contains("deadline") || lowered.contains("time") {
          return true
        }
      default:
        break
      }
    }
    return false
  }

  private static let cModules: Set<String> = ["Darwin", "Glibc", "Foundation", "Musl"]
}

extension SleepInTestRule {
  fileprivate enum Messages {
    static func wait(_ spelling: String) -> String {
      "advance a 'TestScheduler' or await an expectation instead of waiting with '\(spelling)'"
    }
  }
}
