/// Reading function bodies: calls (with arguments, trailing closures and their enclosing call)
/// and assignments, in one linear pass with explicit stacks.
extension ScannerState {
  /// Scans the tokens strictly inside `body` (a `{`...`}` range).
  mutating func scanBody(_ body: Range<Int>, function: Int) {
    let start = body.lowerBound + 1
    let end = min(body.upperBound - 1, tokens.count)
    guard start < end else { return }
    // Open calls: (call index, last token index of its arguments and trailing closures).
    // Depths (bracket nesting) at which a statement header is waiting for its block's `{`:
    // there an identifier before `{` is not a trailing closure (`if ready {`).
    // Both stacks are the state's, emptied, so their storage serves every body of the file.
    var openCalls: [(call: Int, end: Int)] = []
    var headerDepths: [Int] = []
    swap(&openCalls, &openCallStack)
    swap(&headerDepths, &headerDepthStack)
    openCalls.removeAll(keepingCapacity: true)
    headerDepths.removeAll(keepingCapacity: true)
    defer {
      swap(&openCalls, &openCallStack)
      swap(&headerDepths, &headerDepthStack)
    }
    var depth = 0
    var index = start
    while index < end {
      while let last = openCalls.last, index > last.end { openCalls.removeLast() }
      let token = tokens[index]
      switch token.kind {
      case .leftParen, .leftBracket:
        depth += 1
      case .leftBrace:
        if headerDepths.last == depth { headerDepths.removeLast() }
        depth += 1
      case .rightParen, .rightBracket, .rightBrace:
        depth -= 1
        while let last = headerDepths.last, last > depth { headerDepths.removeLast() }
      case .string where token.flags & Token.interpolatedCall != 0 && !interpolations.isEmpty:
        readInterpolatedCalls(at: index, function: function, parent: openCalls.last?.call)
      default:
        break
      }
      // After a dot a keyword is a member's name, no statement or declaration: `.init(id: 1)`,
      // `T.init { }`, `.class` (an enum case) have no block of their own, and taking them for a
      // header would take the next trailing closure at this depth for that block.
      switch index > start && tokens[index - 1].kind == .dot ? Keyword.none : token.keyword {
      case .if, .guard, .while, .for, .switch, .catch, .class, .struct, .enum, .protocol,
        .extension, .func, .`init`, .deinit, .subscript:
        if token.keyword != .class || !ScannerState.bindingKeywords.contains(keyword(index + 1)) {
          headerDepths.append(depth)
        }
      case .actor where kind(index + 1) == .identifier:
        headerDepths.append(depth)
      default:
        break
      }
      if token.kind == .identifier || token.kind == .backtickIdentifier || token.kind == .pound,
        index + 1 < end, Self.mayFollowCallee(tokens[index + 1].kind)
      {
        let callIndex = model.calls.count
        if let callEnd = readCall(
          at: index, limit: end, function: function, inHeader: headerDepths.last == depth,
          parent: openCalls.last?.call)
        {
          openCalls.append((callIndex, callEnd))
        }
      } else if token.kind == .operator, token.end - token.start == 1,
        bytes[Int(token.start)] == UInt8(ascii: "=")
      {
        readAssignment(at: index, limit: end, function: function)
      }
      if token.keyword == .let || token.keyword == .var {
        let prefix = localPrefix(index, bodyStart: start)
        if prefix.isLocal {
          readLocal(
            at: index, limit: end, function: function, attributes: prefix.attributes,
            enclosingCall: openCalls.last?.call)
        }
      }
      index += 1
    }
  }

  /// Reads the calls inside the interpolations of the string literal at `string`
  /// (`"\(XCTFail("unexpected"))"`, evaluated where the literal is) and appends them to
  /// `model.calls`, in order, at the literal's token: their names, receivers and argument
  /// labels, inside the call around the literal (`parent`); their own tokens are no tokens of the
  /// file, so their arguments and closures span nothing. Each interpolation's contents are
  /// lexed and read by a state of their own; literals inside them with interpolations of their
  /// own are read after, from a worklist (no recursion on the input's nesting).
  mutating func readInterpolatedCalls(at string: Int, function: Int, parent: Int?) {
    let literal = Int(tokens[string].start)..<Int(tokens[string].end)
    var pending = Self.contents(within: literal, of: interpolations).map { (range: $0, parent: parent) }
    var next = 0
    while next < pending.count {
      let (range, outer) = pending[next]
      next += 1
      let lexed = Lexer.lex(model.source, range: range)
      guard !lexed.tokens.isEmpty else { continue }
      var inner = ScannerState(
        model: FileModel(source: model.source, tokens: lexed.tokens, comments: [], problems: []), scanBodies: true)
      inner.scanBody(-1..<(lexed.tokens.count + 1), function: function)
      inner.parts.arguments = inner.callArguments
      inner.parts.trailingClosures = inner.callClosures
      let base = model.calls.count
      let none = string..<string
      for call in inner.model.calls {
        let argumentStart = callArguments.count
        for argument in call.arguments {
          callArguments.append(Argument(label: argument.label, tokens: none, value: none))
        }
        model.calls.append(
          Call(
            path: call.path, hasExpressionBase: call.hasExpressionBase, isImplicitMember: call.isImplicitMember,
            isMacro: call.isMacro, nameToken: string, parentheses: nil,
            parent: call.parent.map { base + $0 } ?? outer, function: function, parts: parts,
            argumentStart: Int32(truncatingIfNeeded: argumentStart),
            argumentEnd: Int32(truncatingIfNeeded: callArguments.count),
            closureStart: Int32(truncatingIfNeeded: callClosures.count),
            closureEnd: Int32(truncatingIfNeeded: callClosures.count)))
      }
      // Literals inside with interpolations of their own, inside the innermost call around them.
      for position in lexed.tokens.indices
      where lexed.tokens[position].kind == .string && lexed.tokens[position].flags & Token.interpolatedCall != 0 {
        var around = outer
        for (offset, call) in inner.model.calls.enumerated()
        where call.parentheses?.contains(position) == true
          || call.trailingClosures.contains(where: { $0.tokens.contains(position) })
        {
          around = base + offset
        }
        let nested = Int(lexed.tokens[position].start)..<Int(lexed.tokens[position].end)
        for content in Self.contents(within: nested, of: lexed.interpolations) {
          pending.append((content, around))
        }
      }
    }
  }

  /// The ranges of `sorted` (by their starts) that lie inside `literal`.
  static func contents(within literal: Range<Int>, of sorted: [Range<Int>]) -> [Range<Int>] {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle].lowerBound < literal.lowerBound { low = middle + 1 } else { high = middle }
    }
    var found: [Range<Int>] = []
    while low < sorted.count, sorted[low].upperBound <= literal.upperBound {
      found.append(sorted[low])
      low += 1
    }
    return found
  }

  /// Whether a token of this kind after a name can make it a callee: `(`, `{`, or `<` (an
  /// operator token) of explicit generic arguments.
  @inline(__always)
  static func mayFollowCallee(_ kind: TokenKind) -> Bool {
    kind == .leftParen || kind == .leftBrace || kind == .operator
  }

  static let accessorKeywords = KeywordSet([.get, .set, .willSet, .didSet])
  static let bindingKeywords = KeywordSet([.func, .var, .let])
  static let storageModifiers = KeywordSet([.weak, .unowned, .lazy])
  static let conditionKeywords = KeywordSet([.if, .guard, .while, .case, .for, .catch])
  static let patternKeywords = KeywordSet([.let, .var, .case])
  static let declarationKeywords = KeywordSet([
    .func, .case, .let, .var, .class, .struct, .enum, .protocol, .extension, .typealias, .subscript,
    .associatedtype,
  ])

  /// Recognises a call whose callee ends at `index` and appends it to `model.calls` (built in
  /// place, never copied); returns the last token it spans.
  mutating func readCall(
    at index: Int, limit: Int, function: Int, inHeader: Bool, parent: Int?
  ) -> Int? {
    let token = tokens[index]
    let next = index + 1
    guard next < limit else { return nil }
    // Only `(`, `<` (explicit generic arguments) or `{` after the callee can make a call: most
    // identifiers are rejected here, before the checks below.
    switch tokens[next].kind {
    case .leftParen, .leftBrace: break
    case .operator where isOperator(next, "<"): break
    default: return nil
    }
    let isMacro = token.kind == .pound
    if token.kind == .identifier {
      switch token.keyword {
      case .none, .`self`, .super, .`init`, .Self, .get, .set, .willSet, .didSet, .optional, .open,
        .package, .macro, .isolated, .prefix, .postfix, .infix, .lazy, .dynamic, .required,
        .convenience, .weak, .unowned, .actor, .async, .await, .any, .some, .consuming, .borrowing,
        .indirect, .mutating, .nonmutating, .nonisolated, .override, .final, .public, .private,
        .fileprivate, .internal, .static:
        break
      default:
        return nil
      }
      if token.keyword.isIn(Self.accessorKeywords), tokens[next].kind == .leftBrace {
        return nil
      }
    }
    // Declarations are not calls: `func name(`, `init(`, `case name(`; a keyword after a dot
    // names a member and declares nothing (`let kind: Kind = .class` before `run { }`).
    if index > 0 {
      let previousKeyword = index >= 2 && tokens[index - 2].kind == .dot ? Keyword.none : tokens[index - 1].keyword
      if previousKeyword.isIn(Self.declarationKeywords), tokens[index - 1].kind == .identifier,
        token.keyword != .`self`
      {
        if previousKeyword != .let && previousKeyword != .var || tokens[next].kind == .leftParen {
          return nil
        }
      }
      if tokens[index - 1].kind == .at { return nil }
    }
    if token.keyword == .`init`, index == 0 || tokens[index - 1].kind != .dot { return nil }
    // Enum case patterns are not calls: `case .failure(let error)`, `case let .some(value)`,
    // and qualified by their type, `case Result.failure(let error)`, `case let Event.tap(at)`.
    if index >= 2, tokens[index - 1].kind == .dot {
      var start = index - 2
      if tokens[start].kind == .identifier, tokens[start].keyword == .none { start -= 1 }
      if keyword(start) == .let || keyword(start) == .var { start -= 1 }
      if keyword(start) == .case { return nil }
    }
    var parentheses: Range<Int>?
    let argumentStart = callArguments.count
    var cursor = next
    let nextToken = tokens[next]
    if nextToken.kind == .leftParen, !nextToken.isAtLineStart {
      let close = min(self.close(next), limit)
      parentheses = next..<(close + 1)
      readArguments(from: next + 1, to: close)
      cursor = close + 1
    } else if isOperator(next, "<"), !nextToken.hasSpaceBefore, token.kind == .identifier {
      // Explicit generic arguments: `make<Foo>()`, and a generic type made with only a
      // trailing closure, as `Task { }` is: `Task<Void, Error> { }`.
      let after = skipAngles(from: next)
      // The clause must close exactly: in `resolve<Service<Int>>()` the `>>` closes more than
      // `Service<` opened, so `Service` is a generic argument, not a callee.
      guard after < limit, tokens[after].kind == .leftParen || tokens[after].kind == .leftBrace,
        angleBalance(from: next, to: after) == 0 else { return nil }
      if tokens[after].kind == .leftBrace {
        guard !inHeader, !isVariableTypeAnnotation(endingAt: index), !isObserverBlock(after) else { return nil }
        cursor = after
      } else {
        guard tokens[after].kind == .leftParen, !tokens[after].hasSpaceBefore else { return nil }
        let close = min(self.close(after), limit)
        parentheses = after..<(close + 1)
        readArguments(from: after + 1, to: close)
        cursor = close + 1
      }
    } else if nextToken.kind != .leftBrace || inHeader || isVariableTypeAnnotation(endingAt: index)
      || isObserverBlock(next)
    {
      // `#file`, `#line` and plain names are not calls.
      return nil
    }
    let argumentEnd = callArguments.count
    let closureStart = callClosures.count
    // A `{` on the next line is a trailing closure too (Swift attaches it, Allman style), except
    // after a statement's condition (its body) and before `didSet`/`willSet` (observers).
    if !inHeader, cursor < limit, tokens[cursor].kind == .leftBrace, !isObserverBlock(cursor) {
      let close = min(self.close(cursor), limit)
      callClosures.append(TrailingClosure(label: nil, tokens: cursor..<(close + 1)))
      cursor = close + 1
      // Further labelled trailing closures: `label: { ... }`.
      while cursor + 2 < limit, tokens[cursor].isIdentifierLike, tokens[cursor + 1].kind == .colon,
        tokens[cursor + 2].kind == .leftBrace
      {
        let close = min(self.close(cursor + 2), limit)
        callClosures.append(TrailingClosure(label: name(cursor), tokens: (cursor + 2)..<(close + 1)))
        cursor = close + 1
      }
    }
    let path = calleePath(endingAt: index)
    model.calls.append(
      Call(
        path: path.components, hasExpressionBase: path.expressionBase,
        isImplicitMember: path.implicitMember, isMacro: isMacro, nameToken: index,
        parentheses: parentheses, parent: parent, function: function, parts: parts,
        argumentStart: Int32(truncatingIfNeeded: argumentStart),
        argumentEnd: Int32(truncatingIfNeeded: argumentEnd),
        closureStart: Int32(truncatingIfNeeded: closureStart),
        closureEnd: Int32(truncatingIfNeeded: callClosures.count)))
    return cursor - 1
  }

  /// `<` minus `>` in the operator tokens of a range (`->` excluded).
  func angleBalance(from start: Int, to end: Int) -> Int {
    var balance = 0
    for index in start..<end where tokens[index].kind == .operator && !isOperator(index, "->") {
      for offset in Int(tokens[index].start)..<Int(tokens[index].end) {
        if bytes[offset] == UInt8(ascii: "<") { balance += 1 }
        if bytes[offset] == UInt8(ascii: ">") { balance -= 1 }
      }
    }
    return balance
  }

  /// Whether the dotted path ending at `index` is the type annotation of a local `var`, whose
  /// `{` opens accessors rather than a trailing closure: `var total: Int { compute() }`.
  func isVariableTypeAnnotation(endingAt index: Int) -> Bool {
    var cursor = index
    while cursor >= 2, tokens[cursor - 1].kind == .dot, tokens[cursor - 2].isIdentifierLike {
      cursor -= 2
    }
    guard cursor >= 3, tokens[cursor - 1].kind == .colon, tokens[cursor - 2].isIdentifierLike
    else { return false }
    return tokens[cursor - 3].keyword == .var
  }

  /// Splits `(`...`)` contents (exclusive bounds) into arguments, appended to `callArguments`.
  mutating func readArguments(from start: Int, to end: Int) {
    guard start < end else { return }
    var index = start
    var entryStart = start
    while index <= end {
      if index == end || tokens[index].kind == .comma {
        if entryStart < index {
          var label: String?
          var valueStart = entryStart
          if entryStart + 1 < index, tokens[entryStart + 1].kind == .colon,
            tokens[entryStart].kind == .identifier || tokens[entryStart].kind == .backtickIdentifier
          {
            label = name(entryStart)
            valueStart = entryStart + 2
          }
          callArguments.append(Argument(label: label, tokens: entryStart..<index, value: valueStart..<index))
        }
        entryStart = index + 1
        index += 1
        continue
      }
      if isBracketOpen(index) { index = min(close(index) + 1, end) } else { index += 1 }
    }
  }

  /// The dotted path that ends at `index`: `self.presenter.viewIsReady`.
  func calleePath(endingAt index: Int) -> (components: [String], expressionBase: Bool, implicitMember: Bool) {
    // First walk back over the tokens only, then build the strings front to back: no inserts
    // at the front, one allocation.
    var first = index
    var count = 1
    var cursor = index - 1
    var expressionBase = false
    var implicitMember = false
    while cursor >= 0, tokens[cursor].kind == .dot {
      var before = cursor - 1
      // Optional chaining and force unwrapping: `a?.b`, `a!.b`.
      while before >= 0, tokens[before].kind == .operator, !tokens[before].hasSpaceBefore,
        isOperator(before, "?") || isOperator(before, "!")
      {
        before -= 1
      }
      guard before >= 0 else { break }
      let previous = tokens[before]
      // An identifier before the dot is the receiver, even across a line break (Swift reads
      // `a\n.b()` as `a.b()`).
      if previous.isIdentifierLike {
        first = before
        count += 1
        cursor = before - 1
        continue
      }
      // A generic type's name: `FunctorLaws<IOPartial<E>>.check()` is `FunctorLaws.check()`.
      if previous.kind == .operator, !tokens[cursor].hasSpaceBefore,
        let open = genericArgumentsOpen(closingAt: before)
      {
        first = open - 1
        count += 1
        cursor = open - 2
        continue
      }
      if previous.kind == .rightParen || previous.kind == .rightBracket || previous.kind == .rightBrace
        || previous.kind == .string || previous.kind == .number || previous.kind == .regex
      {
        expressionBase = true
      } else if !tokens[cursor].isAtLineStart {
        implicitMember = true
      } else {
        expressionBase = true
      }
      break
    }
    if count == 1 {
      // A plain name (or macro): the file's one array for it, when the name is short ASCII.
      let (start, end) = tokens[index].kind == .pound ? (Int(tokens[index].start), Int(tokens[index].end)) : nameRange(index)
      if let shared = names.path(bytes, start, end) { return (shared, expressionBase, implicitMember) }
    }
    // The file's one array for the path's text (`sut.load`), made the first time.
    let (start, end) = (Int(tokens[first].start), Int(tokens[index].end))
    let found = paths.look(bytes, start, end)
    if let path = found.path { return (path, expressionBase, implicitMember) }
    let path = components(from: first, to: index, count: count)
    if let key = found.key { paths.keep(path, start, end, at: key) }
    return (path, expressionBase, implicitMember)
  }

  /// The names of the dotted path from token `first` to token `last`: each identifier-like
  /// token (the receivers, each before a dot after any `?`/`!`) and the last one.
  func components(from first: Int, to last: Int, count: Int) -> [String] {
    var components: [String] = []
    components.reserveCapacity(count)
    var position = first
    while position < last {
      components.append(name(position))
      position += 1
      if position < last, let close = genericArgumentsClose(openingAt: position) { position = close + 1 }
      while position < last, !tokens[position].isIdentifierLike { position += 1 }
    }
    components.append(tokens[last].kind == .pound ? text(last) : name(last))
    return components
  }

  /// The `<` that opens the generic arguments closed by the `>` run at `index`, right after a
  /// type's name (`Laws<IOPartial<E>>`): only names, dots, commas, `?`, `!`, brackets and colons
  /// between, and a bounded walk (a loop with a depth counter, not recursion).
  func genericArgumentsOpen(closingAt index: Int) -> Int? {
    guard angleRun(index) == .close else { return nil }
    var depth = 0
    var position = index
    let limit = max(0, index - 64)
    while position >= limit {
      let token = tokens[position]
      switch angleRun(position) {
      case .close: depth += Int(token.end - token.start)
      case .open:
        depth -= Int(token.end - token.start)
        if depth == 0 {
          guard position > 0, !token.hasSpaceBefore, tokens[position - 1].isIdentifierLike else { return nil }
          return position
        }
        if depth < 0 { return nil }
      case nil:
        guard isGenericArgumentToken(position) else { return nil }
      }
      position -= 1
    }
    return nil
  }

  /// The `>` run that closes the generic arguments opened by the `<` at `index` (glued to the
  /// name before it), found the same bounded way as `genericArgumentsOpen`.
  func genericArgumentsClose(openingAt index: Int) -> Int? {
    guard angleRun(index) == .open, !tokens[index].hasSpaceBefore else { return nil }
    var depth = 0
    var position = index
    let limit = min(tokens.count - 1, index + 64)
    while position <= limit {
      let token = tokens[position]
      switch angleRun(position) {
      case .open: depth += Int(token.end - token.start)
      case .close:
        depth -= Int(token.end - token.start)
        if depth <= 0 { return depth == 0 ? position : nil }
      case nil:
        guard isGenericArgumentToken(position) else { return nil }
      }
      position += 1
    }
    return nil
  }

  /// Whether the token may stand inside generic arguments (`IOPartial<E>`, `[String: Int]`).
  private func isGenericArgumentToken(_ index: Int) -> Bool {
    let token = tokens[index]
    if token.isIdentifierLike { return true }
    switch token.kind {
    case .dot, .comma, .colon, .leftBracket, .rightBracket: return true
    case .operator: return isOperator(index, "?") || isOperator(index, "!")
    default: return false
    }
  }

  /// Whether the token is an operator made only of `<` (an opening run) or only of `>`.
  private func angleRun(_ index: Int) -> AngleRun? {
    let token = tokens[index]
    guard token.kind == .operator else { return nil }
    let firstByte = bytes[Int(token.start)]
    guard firstByte == UInt8(ascii: "<") || firstByte == UInt8(ascii: ">") else { return nil }
    for offset in Int(token.start)..<Int(token.end) where bytes[offset] != firstByte { return nil }
    return firstByte == UInt8(ascii: "<") ? .open : .close
  }

  /// The attributes and modifiers before the `let` / `var` at `index` (`@TestState`, `weak`),
  /// and whether it declares a local (not `if let`, `case let`, `for var`).
  func localPrefix(_ index: Int, bodyStart: Int) -> (isLocal: Bool, attributes: [String]) {
    var attributes: [String] = []
    var previous = index - 1
    while previous >= bodyStart {
      let token = tokens[previous]
      if token.keyword.isIn(Self.storageModifiers) {
        previous -= 1
      } else if token.isIdentifierLike, previous - 1 >= bodyStart, tokens[previous - 1].kind == .at {
        attributes.insert(name(previous), at: 0)
        previous -= 2
      } else if token.kind == .rightParen, close(previous) < previous, close(previous) - 2 >= bodyStart,
        tokens[close(previous) - 1].isIdentifierLike, tokens[close(previous) - 2].kind == .at
      {
        attributes.insert(name(close(previous) - 1), at: 0)
        previous = close(previous) - 3
      } else {
        break
      }
    }
    let first = previous + 1
    guard previous >= 0 else { return (true, attributes) }
    let before = tokens[previous]
    switch before.kind {
    case .leftBrace, .semicolon: return (true, attributes)
    // A postfix operator ends the statement before a line's `let` (`let url = URL(string: s)!`
    // on the line above); an infix one cannot stand there.
    case .operator where !before.hasSpaceBefore && tokens[first].isAtLineStart:
      return (true, attributes)
    case .comma, .operator, .leftParen, .leftBracket, .colon, .dot: return (false, attributes)
    default: break
    }
    if before.keyword == .in { return (true, attributes) }
    if before.keyword.isIn(Self.conditionKeywords) { return (false, attributes) }
    return (tokens[first].isAtLineStart, attributes)
  }

  /// Records a local `let name: Type = value` (the first binding of the declaration).
  mutating func readLocal(
    at index: Int, limit: Int, function: Int, attributes: [String], enclosingCall: Int?
  ) {
    let nameIndex = index + 1
    guard nameIndex < limit, tokens[nameIndex].isIdentifierLike else { return }
    var cursor = nameIndex + 1
    var typeAnnotation: String?
    if cursor < limit, tokens[cursor].kind == .colon {
      let typeStart = cursor + 1
      var typeEnd = typeStart
      while typeEnd < limit {
        let token = tokens[typeEnd]
        if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .comma
          || token.kind == .semicolon || isOperator(typeEnd, "=")
        {
          break
        }
        if typeEnd > typeStart, token.isAtLineStart, token.kind != .dot { break }
        if token.kind == .leftParen || token.kind == .leftBracket {
          typeEnd = min(close(typeEnd) + 1, limit)
        } else if token.kind == .operator, bytes[Int(token.start)] == UInt8(ascii: "<") {
          typeEnd = min(skipAngles(from: typeEnd), limit)
        } else {
          typeEnd += 1
        }
      }
      typeAnnotation = squeezedText(from: typeStart, to: typeEnd)
      cursor = typeEnd
    }
    var initializer: Range<Int>?
    if cursor < limit, isOperator(cursor, "=") {
      initializer = (cursor + 1)..<expressionEnd(from: cursor + 1, limit: limit)
    }
    model.locals.append(
      LocalDecl(
        name: name(nameIndex), nameToken: nameIndex, typeAnnotation: typeAnnotation,
        initializer: initializer, isLet: tokens[index].keyword == .let, attributes: attributes,
        enclosingCall: enclosingCall, function: function))
  }

  /// Records `target = value` when `index` is an assignment operator after a plain path.
  mutating func readAssignment(at index: Int, limit: Int, function: Int) {
    var cursor = index - 1
    // The path's components sit at `first`, `first + 2`, ... `index - 1`; their strings are
    // made only once the path is known to be assigned.
    var first = index
    while cursor >= 0, tokens[cursor].isIdentifierLike {
      first = cursor
      if cursor >= 1, tokens[cursor - 1].kind == .dot {
        cursor -= 2
      } else {
        cursor -= 1
        break
      }
    }
    guard first < index, index >= 1 else { return }
    // `a.b[1].c = x`, `a?.b = x`: the path hangs off an expression, so it is no plain path (and
    // `c` alone would name the wrong thing).
    if cursor + 1 < index, cursor + 1 >= 0, tokens[cursor + 1].kind == .dot { return }
    // `let x = ...` and `var x = ...` declare locals; `case let x = ...` too.
    if cursor >= 0, tokens[cursor].keyword.isIn(Self.patternKeywords) { return }
    if cursor >= 0, tokens[cursor].kind == .dot { return }
    let valueEnd = expressionEnd(from: index + 1, limit: limit)
    var target: [String] = []
    if first == index - 1 {
      // One name: the file's shared array for it, when it is short ASCII.
      let (start, end) = nameRange(first)
      target = names.path(bytes, start, end) ?? [name(first)]
    } else {
      target.reserveCapacity((index - first + 1) / 2)
      for component in stride(from: first, to: index, by: 2) { target.append(name(component)) }
    }
    model.assignments.append(
      Assignment(target: target, targetToken: index - 1, value: (index + 1)..<valueEnd, function: function))
  }
}

