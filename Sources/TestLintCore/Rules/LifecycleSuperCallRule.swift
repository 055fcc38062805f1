/// An overridden `setUp` / `tearDown` calls the matching `super` method exactly once.
public struct LifecycleSuperCallRule: Rule {
  public static let description = RuleDescription(
    id: "lifecycle_super_call",
    summary: "an overridden 'setUp()' or 'tearDown()' calls the matching 'super' method exactly once",
    defaultSeverity: .warning)

  /// The instance lifecycle methods of `XCTestCase`.
  static let lifecycleNames: NameSet = ["setUp", "tearDown", "setUpWithError", "tearDownWithError"]

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    // The name first: copying every `FunctionDecl` out costs more than the check. Most files
    // have one set-up or none, and the rest is built only for a file with one.
    let candidates = model.functions.indices.filter {
      Self.lifecycleNames.contains(model.functions[$0].name)
    }
    if candidates.isEmpty { return [] }
    let classifier = TestCaseClassifier(model: model, discovery: context.discovery)
    let importsXCTest = model.imports.contains { $0.module == "XCTest" }
    var violations: [Violation] = []
    for functionIndex in candidates {
      let function = model.functions[functionIndex]
      guard function.kind == .function,
        function.has("override"), !function.has("class"), !function.has("static"),
        function.parameters.isEmpty, let body = function.body, let owner = function.owner
      else { continue }
      // Only in test cases, and classes whose superclass the run does not declare, in files
      // that import XCTest, when that superclass reads as a test base: an app's
      // `override func setUp()` or a product class's `tearDown()` hook belongs to another API.
      let answer = classifier.answer(owner)
      switch answer.verdict {
      case .testCase: break
      case .unknown where importsXCTest && classifier.mayBeTestCase(owner, answer): break
      default: continue
      }
      let calls = function.calls.map { model.calls[$0] }.filter { call in
        call.path.count == 2 && call.path[0] == "super" && !call.hasExpressionBase
      }
      let matching = calls.filter { $0.name == function.name }.count
      let call = Self.superCall(for: function)
      if matching == 1 { continue }
      if matching == 0, Self.delegatesToOverload(functionIndex, in: context) { continue }
      if matching == 0, Self.delegatesToBaseHelper(calls, of: function, in: model) { continue }
      if matching > 1 {
        violations.append(
          Violation(offset: function.nameOffset, message: Messages.calledTimes(call, function.name, matching)))
        continue
      }
      if let other = calls.first(where: { Self.lifecycleNames.contains($0.name) }) {
        violations.append(
          Violation(
            offset: function.nameOffset,
            message: Messages.otherCalled(call, function.name, "super.\(other.name)()")))
        continue
      }
      violations.append(
        Violation(
          offset: function.nameOffset, message: Messages.missing(call, function.name),
          fix: context.buildsFixes ? Self.fix(for: function, body: body, call: call, in: model) : nil))
    }
    return violations
  }

  /// Whether a lifecycle method hands over to an overload of itself (`setUp(modifyConfig: nil)`,
  /// `self.setUp { ... }`: the same name, called with arguments, on no receiver or `self`) that
  /// calls `super`: the overloads of the class in this file with parameters are followed (one
  /// that calls a `super` method of the same name, with any arguments, or another overload
  /// that does); an overload the class does not declare here (no labels match) is the base's,
  /// which a base declares to be called instead of its own lifecycle method, and counts.
  static func delegatesToOverload(_ functionIndex: Int, in context: RuleContext) -> Bool {
    let model = context.model
    let function = model.functions[functionIndex]
    guard let owner = function.owner else { return false }
    let overloads = context.functions(ofTypeNamed: model.types[owner].simpleName).filter {
      model.functions[$0].name == function.name && !model.functions[$0].parameters.isEmpty
        && model.functions[$0].body != nil
    }
    var visited: Set<Int> = [functionIndex]
    var pending = [functionIndex]
    while let current = pending.popLast() {
      for callIndex in model.functions[current].calls {
        let call = model.calls[callIndex]
        guard call.name == function.name, !call.hasExpressionBase, !call.isMacro else { continue }
        if call.path.count == 2, call.path[0] == "super" {
          // A `super` call in an overload (the method itself has none).
          if current != functionIndex { return true }
          continue
        }
        guard call.path.count == 1 || call.path.count == 2 && call.path[0] == "self",
          !call.arguments.isEmpty || !call.trailingClosures.isEmpty
        else { continue }
        let labels = call.arguments.map { $0.label ?? "_" } + call.trailingClosures.map { _ in "" }
        let targets = overloads.filter { accepts(model.functions[$0].parameters, labels) }
        if targets.isEmpty { return true }
        for target in targets where visited.insert(target).inserted { pending.append(target) }
      }
    }
    return false
  }

  /// Whether a lifecycle method hands over to a set-up (or tear-down) helper of its base class,
  /// `super.baseSetup(sut: view)`, a `super` call of another name: a helper of that name
  /// declared in this file counts when its body calls a `super` lifecycle method of the same
  /// kind; one the file does not declare is the base's, trusted to make that call when its name
  /// contains `setup` (`teardown` for a tear-down), in any case, and is not a lifecycle name in
  /// another case (`super.setup()`).
  static func delegatesToBaseHelper(_ superCalls: [Call], of function: FunctionDecl, in model: FileModel) -> Bool {
    let stem = function.name.hasPrefix("setUp") ? "setup" : "teardown"
    for call in superCalls where !lifecycleNames.contains(call.name) {
      let declared = model.functions.filter { $0.name == call.name && $0.body != nil }
      if declared.isEmpty {
        // Not `super.setup()`: the lifecycle name misspelt, a helper of the base that is not it.
        let name = call.name.lowercased()
        if name.contains(stem), !["setup", "setupwitherror", "teardown", "teardownwitherror"].contains(name) { return true }
        continue
      }
      let callsLifecycle = declared.contains { helper in
        helper.calls.contains { index in
          let inner = model.calls[index]
          return inner.path.count == 2 && inner.path[0] == "super" && !inner.hasExpressionBase
            && lifecycleNames.contains(inner.name) && inner.name.lowercased().hasPrefix(stem)
        }
      }
      if callsLifecycle { return true }
    }
    return false
  }

  /// Whether a call with these argument labels (`_` for none, `""` for a trailing closure,
  /// which may take any parameter's place) may call a function with these parameters: each
  /// label in order matches a parameter's, and a parameter left out has a default value.
  static func accepts(_ parameters: [Parameter], _ labels: [String]) -> Bool {
    var next = 0
    for parameter in parameters {
      let label = parameter.label ?? parameter.name
      if next < labels.count, labels[next] == label || labels[next].isEmpty {
        next += 1
      } else if !parameter.hasDefault {
        return false
      }
    }
    return next == labels.count
  }

  /// The `super` call as it must be written in this function: `try await super.setUp()`.
  static func superCall(for function: FunctionDecl) -> String {
    (function.isThrows ? "try " : "") + (function.isAsync ? "await " : "") + "super.\(function.name)()"
  }

  /// Inserts the call as the first statement of a set-up and the last of a tear-down, on its
  /// own line with the body's indentation and the file's line ending. No fix when the call
  /// might not compile: a non-throwing override of a throwing method (`try` needs a `do`), an
  /// `async` override that does not throw (the `async throws` overload would be picked).
  static func fix(for function: FunctionDecl, body: Range<Int>, call: String, in model: FileModel) -> [Edit]? {
    let withError = function.name.hasSuffix("WithError")
    if withError, !function.isThrows || function.isAsync { return nil }
    if !withError, function.isAsync != function.isThrows { return nil }
    let tokens = model.tokens
    let source = model.source
    let open = body.lowerBound
    let close = body.upperBound - 1
    guard close > open, close < tokens.count else { return nil }
    // Directive lines are not tokens: the first or last token may sit inside an `#if`.
    if source.text(Int(tokens[open].start)..<Int(tokens[close].end)).contains("#if") { return nil }
    let isSetUp = function.name.hasPrefix("setUp")
    let openLine = source.line(of: Int(tokens[open].start))
    let closeLine = source.line(of: Int(tokens[close].start))
    let newline = lineEnding(afterLine: openLine, in: source)
    if close == open + 1 {
      // An empty body.
      if openLine == closeLine {
        return [Edit(range: Int(tokens[open].end)..<Int(tokens[close].start), replacement: " \(call) ")]
      }
      // Right after the `{` line for a set-up, right before the `}` line for a tear-down.
      let indent = indentation(ofLine: closeLine, in: source) + indentStep(function, in: model)
      let offset = lineStart(isSetUp ? openLine + 1 : closeLine, in: source)
      return [Edit(range: offset..<offset, replacement: indent + call + newline)]
    }
    let first = open + 1
    let last = close - 1
    let firstLine = source.line(of: Int(tokens[first].start))
    // Where the last token ends: a multi-line string spans lines.
    let lastLine = source.line(of: Int(tokens[last].end) - 1)
    if isSetUp {
      // After the `{` line, so a comment that opens the body stays first.
      let offset = lineStart(openLine + 1, in: source)
      guard firstLine > openLine, !isInsideComment(offset, in: model) else {
        return [Edit(range: Int(tokens[first].start)..<Int(tokens[first].start), replacement: call + "; ")]
      }
      return [Edit(range: offset..<offset, replacement: indentation(ofLine: firstLine, in: source) + call + newline)]
    }
    // At the end of the last statement's line, after a trailing comment.
    let offset = source.lineRange(lastLine).upperBound
    guard closeLine > lastLine, firstLine > openLine, !isInsideComment(offset, in: model) else {
      return [Edit(range: Int(tokens[last].end)..<Int(tokens[last].end), replacement: "; " + call)]
    }
    return [Edit(range: offset..<offset, replacement: newline + indentation(ofLine: firstLine, in: source) + call)]
  }

  /// Whether a block comment spans the offset (a line break inside `/* ... */`).
  static func isInsideComment(_ offset: Int, in model: FileModel) -> Bool {
    model.comments.contains { $0.range.lowerBound < offset && offset < $0.range.upperBound }
  }

  /// The line break that ends a line: `\r\n` or `\n`.
  static func lineEnding(afterLine line: Int, in source: SourceFile) -> String {
    let end = source.lineRange(line).upperBound
    if end < source.bytes.count, source.bytes[end] == 0x0D { return "\r\n" }
    return "\n"
  }

  /// The byte offset where a 1-based line starts.
  static func lineStart(_ line: Int, in source: SourceFile) -> Int {
    line <= source.lineStarts.count ? source.lineStarts[line - 1] : source.bytes.count
  }

  /// The spaces and tabs that start a line.
  static func indentation(ofLine line: Int, in source: SourceFile) -> String {
    let range = source.lineRange(line)
    var end = range.lowerBound
    while end < range.upperBound, source.bytes[end] == 0x20 || source.bytes[end] == 0x09 { end += 1 }
    return source.text(range.lowerBound..<end)
  }

  /// One level of indentation, read from the function against its type (4 spaces if unclear).
  static func indentStep(_ function: FunctionDecl, in model: FileModel) -> String {
    let source = model.source
    let functionIndent = indentation(ofLine: source.line(of: function.nameOffset), in: source)
    if let owner = function.owner {
      let typeIndent = indentation(ofLine: source.line(of: model.types[owner].nameOffset), in: source)
      if functionIndent.hasPrefix(typeIndent), functionIndent.count > typeIndent.count {
        return String(functionIndent.dropFirst(typeIndent.count))
      }
    }
    return "    "
  }
}

extension LifecycleSuperCallRule {
  fileprivate enum Messages {
    static func missing(_ call: String, _ name: String) -> String {
      let place = name.hasPrefix("setUp") ? "first" : "last"
      return "call '\(call)' \(place) in '\(name)()'; it is missing"
    }

    static func calledTimes(_ call: String, _ name: String, _ count: Int) -> String {
      "call '\(call)' once in '\(name)()', not \(count) times"
    }

    static func otherCalled(_ call: String, _ name: String, _ other: String) -> String {
      "call '\(call)' in '\(name)()' instead of '\(other)'"
    }
  }
}
