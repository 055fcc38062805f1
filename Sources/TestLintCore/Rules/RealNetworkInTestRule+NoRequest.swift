/// Uses of `URLSession.shared` that send no request: a property read
/// (`URLSession.shared.configuration`), a task that nothing in the file resumes, and a load of a
/// file URL the test builds.
extension RealNetworkInTestRule {
  /// Properties of a session whose reading sends nothing.
  private static let sessionProperties: Set<String> = [
    "configuration", "delegate", "delegateQueue", "sessionDescription",
  ]
  /// Methods that build a task, which sends its request only once resumed.
  static let taskMakers: Set<String> = [
    "dataTask", "downloadTask", "uploadTask", "streamTask", "webSocketTask",
  ]
  /// Methods that load their first argument (`from:` or `with:` a URL).
  private static let loaders: Set<String> = [
    "data", "download", "bytes", "dataTask", "downloadTask",
  ]

  /// Whether `URLSession.shared` at `index`, in `code`, sends no request (to another machine:
  /// a load of a loopback URL literal written in its argument stays on the test's own).
  static func sendsNoRequest(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    if isDelegateCallbackArgument(index, in: code, model: model) { return true }
    if isInPlaceCallbackTask(index, in: code, model: model) { return true }
    if isHandedToDouble(index, in: code, model: model) { return true }
    if isHandedToReadOnlyResult(index, in: code, model: model) { return true }
    let member = index + 4
    guard member < tokens.count, tokens[index + 3].kind == .dot,
      tokens[member].kind == .identifier
    else { return false }
    let name = model.text(member)
    let called = member + 1 < tokens.count && tokens[member + 1].kind == .leftParen
    if !called, sessionProperties.contains(name) { return true }
    guard called else { return false }
    // A task sends nothing until resumed; one the file never resumes (anywhere, since the
    // task may be returned to other code) is a value the test inspects.
    if taskMakers.contains(name), isKeptTask(index, in: code, model: model),
      !resumesATask(in: model)
    {
      return true
    }
    guard loaders.contains(name) else { return false }
    for callIndex in code.calls where model.calls[callIndex].nameToken == member {
      guard let first = model.calls[callIndex].arguments.first,
        first.label == "from" || first.label == "with" || first.label == "for"
      else { return false }
      return isFileURL(first.value, in: code, model: model) || namesOnlyLoopbackHost(first.value, in: model)
    }
    return false
  }

  /// Whether the file calls a `resume()` that may be a task's: any `resume` but one called on a
  /// continuation, a receiver named `continuation` (`self.continuation.resume()`) or the
  /// closure parameter of a `with...Continuation` call (`{ done in ... done.resume() }`,
  /// `$0.resume()`), anywhere inside that closure.
  static func resumesATask(in model: FileModel) -> Bool {
    let tokens = model.tokens
    return tokens.indices.contains { index in
      guard tokens[index].kind == .identifier, model.token(index, is: "resume") else { return false }
      guard index >= 2, tokens[index - 1].kind == .dot else { return true }
      let receiver = model.text(index - 2)
      if receiver.lowercased().hasSuffix("continuation") { return false }
      return !model.calls.contains { call in
        guard call.name.hasPrefix("with"), call.name.hasSuffix("Continuation") else { return false }
        let closure = call.trailingClosures.first?.tokens ?? TestDiscovery.closureArgument(of: call, in: model)
        guard let closure, closure.contains(index) else { return false }
        let parameters = RuleText.closureParameterNames(closure, in: model)
        return parameters.isEmpty ? receiver == "$0" : parameters.contains(receiver)
      }
    }
  }

  /// Whether the local session used at `use` only builds a task there that the test keeps
  /// (`let task = session.dataTask(with: request)`, as `isKeptTask` reads it) in a file that
  /// never calls `resume()`: the local bound to the shared session follows the shared session's
  /// rule for tasks.
  static func buildsKeptTask(at use: Int, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    let member = use + 2
    guard member + 1 < tokens.count, tokens[use + 1].kind == .dot, tokens[member].kind == .identifier,
      taskMakers.contains(model.text(member)), tokens[member + 1].kind == .leftParen,
      isKeptTask(use, in: code, model: model)
    else { return false }
    return !resumesATask(in: model)
  }

  /// Whether the session starting at `index` is the `session` argument of a delegate callback
  /// the test calls itself (`urlProtocol.urlSession(URLSession.shared, task: task,
  /// didCompleteWithError: nil)`): the callback is told which session a task ran in, and
  /// nothing sends a request through it.
  static func isDelegateCallbackArgument(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let start = index >= 2 && model.tokens[index - 1].kind == .dot ? index - 2 : index
    return isCallbackArgument(start..<(index + 3), label: nil, in: code, model: model)
      || isRuntimeCallbackArgument(start..<(index + 3), in: code, model: model)
  }

  /// Whether the tokens `range` are exactly one argument (unlabelled and first, or labelled
  /// `label`) of a delegate callback the test calls through a receiver
  /// (`client.urlSession(session, task: task, didReceive: challenge)`).
  private static func isCallbackArgument(
    _ range: Range<Int>, label: String?, in code: TestCode, model: FileModel
  ) -> Bool {
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(range.lowerBound) else { continue }
      guard isSessionCallback(call) else { continue }
      if let label {
        if call.arguments.contains(where: { $0.label == label && $0.value == range }) { return true }
      } else if let first = call.arguments.first, first.label == nil, first.value == range {
        return true
      }
    }
    return false
  }

  /// Whether the local session used at `use` only builds a task there that sends nothing: a
  /// task kept in a local (`let task = session.dataTask(with: request)`) in a file that never
  /// calls `resume()`, whose every use is the `task:` argument of a delegate callback the test
  /// calls itself (`client.urlSession(session, task: task, didReceive: challenge)`).
  private static func buildsCallbackTask(at use: Int, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    let member = use + 2
    guard member + 1 < tokens.count, model.token(use - 1, is: "="), tokens[use + 1].kind == .dot,
      tokens[member].kind == .identifier, taskMakers.contains(model.text(member)),
      tokens[member + 1].kind == .leftParen,
      let task = model.locals.first(where: {
        $0.initializer?.lowerBound == use && code.tokens.contains($0.nameToken)
      }),
      let initializer = task.initializer,
      !resumesATask(in: model),
      let uses = usesOfLocal(boundTo: initializer, in: code, model: model), !uses.isEmpty
    else { return false }
    return uses.allSatisfy { isCallbackArgument($0..<($0 + 1), label: "task", in: code, model: model) }
  }

  /// Whether the default session built by `call` sends no request in `code`: its value is
  /// discarded (`_ = URLSession(configuration: .default)`), only a property of it is read
  /// (`URLSession(configuration: .default).configuration`), or it is bound to a local of the
  /// test whose every use is such a read, a value compared in an assertion, the session
  /// argument of a delegate callback the test calls, or a task built from it that only such
  /// callbacks are handed (`buildsCallbackTask`); or it is handed whole, in place or through
  /// such a local, to a test double's initializer (`StubClient(session: URLSession(configuration:
  /// .default))`, `isHandedToDouble`) or to an initializer whose result the test only reads
  /// (`isHandedToReadOnlyResult`). A session used
  /// as a receiver (`session.dataTask(with:)`, `session.data(from:)`) or handed to other code
  /// (`Client(session: session)`) may send, and is reported.
  static func defaultSessionSendsNothing(_ call: Call, in code: TestCode, model: FileModel) -> Bool {
    guard let parentheses = call.parentheses else { return false }
    let start = call.path.count == 2 ? call.nameToken - 2 : call.nameToken
    let end = parentheses.upperBound
    if start >= 2, model.token(start - 1, is: "="), model.token(start - 2, is: "_") { return true }
    if isPropertyRead(after: end - 1, in: model) { return true }
    if isHandedToDouble(value: start..<end, in: code, model: model) { return true }
    if isHandedToReadOnlyResult(value: start..<end, in: code, model: model) { return true }
    // A task built from it and kept, in a file that resumes no task (as for the shared session).
    let tokens = model.tokens
    if end + 2 < tokens.count, tokens[end].kind == .dot, tokens[end + 1].kind == .identifier,
      taskMakers.contains(model.text(end + 1)), tokens[end + 2].kind == .leftParen,
      isKeptTask(start, in: code, model: model), !resumesATask(in: model)
    {
      return true
    }
    guard let uses = usesOfLocal(boundTo: start..<end, in: code, model: model) else {
      return isReadOnlyProperty(assignedAt: start, in: model)
    }
    for use in uses where !isPropertyRead(after: use, in: model) {
      // The delegate test's shape: the session and a task it built, never resumed, handed only
      // to a callback the test calls (the rules above for the shared session).
      if isCallbackArgument(use..<(use + 1), label: nil, in: code, model: model)
        || buildsCallbackTask(at: use, in: code, model: model)
      {
        continue
      }
      guard isAssertedValue(use, last: use, calls: code.calls, in: model)
        || isHandedToDouble(value: use..<(use + 1), in: code, model: model)
        || isHandedToReadOnlyResult(value: use..<(use + 1), in: code, model: model)
        || isHandedBesideStubTransport(use, in: code, model: model)
      else { return false }
    }
    return true
  }

  /// Whether the session expression ending at `last` is followed by a read of one of its
  /// properties (`.configuration`, not a call).
  private static func isPropertyRead(after last: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard last + 2 < tokens.count, tokens[last + 1].kind == .dot,
      tokens[last + 2].kind == .identifier, sessionProperties.contains(model.text(last + 2))
    else { return false }
    return last + 3 >= tokens.count || tokens[last + 3].kind != .leftParen
  }

  /// Whether the task made at `index` is kept as a value: in a constant or returned (`let task
  /// = ...`, `_ = ...`, `return ...`, a function's single expression), or an argument of an initializer (`Response(task:
  /// URLSession.shared.dataTask(with: url))`, a value built). One handed to a function or
  /// method (`runner.start(URLSession.shared.dataTask(with: request))`) may be resumed there.
  private static func isKeptTask(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    // Past `try` (`try?`, `try!`) and `await` before the session: `return try URLSession(...)...`.
    var before = index - 1
    while before >= 0 {
      if model.tokens[before].keyword == .try || model.tokens[before].keyword == .await {
        before -= 1
      } else if before >= 1, model.tokens[before - 1].keyword == .try,
        model.token(before, is: "?") || model.token(before, is: "!")
      {
        before -= 2
      } else {
        break
      }
    }
    if model.token(before, is: "=") || model.token(before, is: "return") { return true }
    // A function's whole body, returned without `return` (`func aTask() -> URLSessionDataTask {
    // URLSession.shared.dataTask(with: request) }`).
    if before >= 0, model.tokens[before].kind == .leftBrace,
      model.functions.contains(where: { $0.body?.lowerBound == before })
    {
      return true
    }
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard call.arguments.contains(where: { $0.value.lowerBound == index }) else { continue }
      return call.name.first?.isUppercase == true
    }
    return false
  }

  /// Whether the expression in `range` is a file URL, or a request for one
  /// (`URLRequest(url: fileURL)`): `URL(fileURLWithPath:)`,
  /// `URL(filePath:)`, `URL(string: "file://...")`, a bundle resource
  /// (`Bundle.module.url(forResource:withExtension:)`), a `FileManager` URL,
  /// `URL.temporaryDirectory`, or a local constant of the test holding one; and a path made from
  /// one by path-only methods (`dir.appendingPathComponent("Resources/user.json")`,
  /// `URL(fileURLWithPath: #file).deletingLastPathComponent()`), which keep its scheme.
  static func isFileURL(_ range: Range<Int>, in code: TestCode, model: FileModel) -> Bool {
    var range = range
    // Back through a few constants (`let dir = ...; let url = dir.appending(path: "a")`).
    for _ in 0..<8 {
      switch fileURLStep(range, in: code, model: model) {
      case .isFile: return true
      case .isNot: return false
      case .follow(let next): range = next
      }
    }
    return false
  }

  private enum FileURLStep {
    case isFile, isNot
    /// The initializer of the constant the expression is, or builds on by path-only methods.
    case follow(Range<Int>)
  }

  /// One step of `isFileURL`: the expression is a file URL, is not, or builds on a constant.
  private static func fileURLStep(_ range: Range<Int>, in code: TestCode, model: FileModel) -> FileURLStep {
    let tokens = model.tokens
    var start = range.lowerBound
    // `try`, `await`, `try?` and `XCTUnwrap(` before the URL.
    while start < range.upperBound {
      if model.token(start, is: "try") || model.token(start, is: "await")
        || (tokens[start].kind == .operator && start > range.lowerBound
          && model.token(start - 1, is: "try"))
      {
        start += 1
      } else if start + 1 < range.upperBound, tokens[start + 1].kind == .leftParen,
        model.token(start, is: "XCTUnwrap")
      {
        start += 2
      } else {
        break
      }
    }
    guard start < range.upperBound else { return .isNot }
    let end = range.upperBound
    func text(_ offset: Int) -> String? {
      start + offset < end ? model.text(start + offset) : nil
    }
    if model.token(start, is: "URL"), text(1) == "(" {
      if text(2) == "fileURLWithPath" || text(2) == "filePath" { return .isFile }
      if text(2) == "string", text(3) == ":", start + 4 < end, tokens[start + 4].kind == .string {
        return StringLiteral.content(model.text(start + 4)).lowercased().hasPrefix("file://") ? .isFile : .isNot
      }
      return .isNot
    }
    // A request for a URL is read as its URL: `URLRequest(url: fileURL)`,
    // `URLRequest(url: fileURL, cachePolicy: ...)`.
    if model.token(start, is: "URLRequest"), text(1) == "(", text(2) == "url", text(3) == ":",
      let close = model.closingBracket(of: start + 1, before: end)
    {
      var argumentEnd = start + 4
      var depth = 0
      while argumentEnd < close {
        switch tokens[argumentEnd].kind {
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket, .rightBrace: depth -= 1
        case .comma where depth == 0: return argumentEnd > start + 4 ? .follow((start + 4)..<argumentEnd) : .isNot
        default: break
        }
        argumentEnd += 1
      }
      return close > start + 4 ? .follow((start + 4)..<close) : .isNot
    }
    if model.token(start, is: "URL"), text(1) == ".", text(2) == "temporaryDirectory" { return .isFile }
    if model.token(start, is: "FileManager") { return .isFile }
    if tokens[start].kind == .identifier {
      for index in start..<end where index + 3 < end && tokens[index].kind == .dot {
        if model.token(index + 1, is: "url"), tokens[index + 2].kind == .leftParen,
          model.token(index + 3, is: "forResource")
        {
          return .isFile
        }
      }
    }
    // A constant of the test, alone or followed by path-only methods:
    // `let fileURL = URL(fileURLWithPath: path)`, `dir.appendingPathComponent("a.json")`.
    guard tokens[start].kind == .identifier, onlyPathMethods(after: start, before: end, in: model),
      let local = code.local(named: model.text(start), before: start, in: model), local.isLet,
      let initializer = local.initializer
    else { return .isNot }
    return .follow(initializer)
  }

  /// Whether the tokens after a name up to `end` are only calls and reads of path-only methods
  /// (`.deletingLastPathComponent()`, `.appendingPathComponent("a")`, `.appending(path: "a")`,
  /// `.standardizedFileURL`), with `!` or `?` between them; true when there are none.
  private static func onlyPathMethods(after name: Int, before end: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var index = name + 1
    while index < end {
      if tokens[index].kind == .operator, model.token(index, is: "!") || model.token(index, is: "?") {
        index += 1
        continue
      }
      guard tokens[index].kind == .dot, index + 1 < end, pathMethods.contains(model.text(index + 1)) else {
        return false
      }
      index += 2
      guard index < end, tokens[index].kind == .leftParen else { continue }
      // Over the arguments.
      var depth = 0
      while index < end {
        if tokens[index].kind == .leftParen { depth += 1 }
        if tokens[index].kind == .rightParen {
          depth -= 1
          if depth == 0 { break }
        }
        index += 1
      }
      index += 1
    }
    return true
  }

  /// `URL`'s methods and properties that change a path and keep the scheme.
  private static let pathMethods: Set<String> = [
    "deletingLastPathComponent", "appendingPathComponent", "appendingPathExtension", "deletingPathExtension",
    "appending", "standardized", "standardizedFileURL", "resolvingSymlinksInPath", "absoluteURL",
  ]
}
