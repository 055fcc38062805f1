/// Function-like and property declarations.
extension ScannerState {
  /// Reads a function-like declaration; returns the index after it.
  mutating func readFunction(at start: Int, scope: Int?, pending: Pending) -> Int {
    let keyword = tokens[start].keyword
    var index = start + 1
    var functionName = keyword == .func ? "" : text(start)
    var nameOffset = Int(tokens[start].start)
    let kind: FunctionKind =
      keyword == .func ? .function : keyword == .`init` ? .initializer
      : keyword == .deinit ? .deinitializer : .subscript
    if keyword == .func, index < tokens.count {
      let token = tokens[index]
      if token.isIdentifierLike || token.kind == .operator {
        functionName = token.kind == .operator ? text(index) : name(index)
        nameOffset = Int(token.start)
        // `func ==<T>(...)`: the operator is `==`, its generic clause opens with the `<` the
        // lexer glued to it (as swiftc splits it), read from the name's token on.
        if token.kind == .operator, functionName.utf8.count > 1, functionName.utf8.last == UInt8(ascii: "<"),
          index + 1 < tokens.count, tokens[index + 1].isIdentifierLike, !tokens[index + 1].hasSpaceBefore
        {
          functionName.removeLast()
        } else {
          index += 1
        }
      }
    } else if keyword == .`init`, index < tokens.count, isOperator(index, "?") || isOperator(index, "!") {
      index += 1
    }
    if index < tokens.count, tokens[index].kind == .operator, bytes[Int(tokens[index].start)] == UInt8(ascii: "<") {
      index = skipAngles(from: index)
    }
    var parameters: [Parameter] = []
    if index < tokens.count, tokens[index].kind == .leftParen {
      let end = close(index)
      parameters = readParameters(from: index + 1, to: min(end, tokens.count))
      index = end + 1
    }
    var isAsync = false
    var isThrows = false
    var isRethrows = false
    var returnType: String?
    // Inside a generic `where` clause, whose requirements may each have a line of their own.
    var inWhere = false
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .leftBrace || token.kind == .rightBrace { break }
      if token.keyword == .where { inWhere = true }
      // `where` alone on its line, or a requirement after a `,` or `&`, continues the clause.
      let continuesWhere =
        inWhere
        && (tokens[index - 1].keyword == .where || tokens[index - 1].kind == .comma
          || tokens[index - 1].kind == .operator)
      if token.isAtLineStart, index > start + 1, !isOperator(index, "->"), token.keyword != .throws,
        token.keyword != .async, token.keyword != .rethrows, token.keyword != .where, !continuesWhere
      {
        break
      }
      if token.keyword == .async { isAsync = true }
      if token.keyword == .throws || token.keyword == .rethrows {
        isThrows = true
        isRethrows = token.keyword == .rethrows
        if index + 1 < tokens.count, tokens[index + 1].kind == .leftParen {
          index = close(index + 1)
        }
      }
      if isOperator(index, "->") {
        let typeStart = index + 1
        var end = typeStart
        while end < tokens.count {
          let inner = tokens[end]
          if inner.kind == .leftBrace || inner.keyword == .where || inner.kind == .rightBrace { break }
          if end > typeStart, inner.isAtLineStart, inner.kind != .dot, inner.kind != .operator {
            break
          }
          if inner.kind == .leftParen || inner.kind == .leftBracket {
            end = close(end) + 1
          } else if inner.kind == .operator, bytes[Int(inner.start)] == UInt8(ascii: "<") {
            end = skipAngles(from: end)
          } else {
            end += 1
          }
        }
        returnType = squeezedText(from: typeStart, to: end)
        index = end
        continue
      }
      if token.kind == .leftParen || token.kind == .leftBracket {
        index = close(index) + 1
        continue
      }
      index += 1
    }
    var body: Range<Int>?
    if index < tokens.count, tokens[index].kind == .leftBrace {
      let end = min(close(index), tokens.count - 1)
      body = index..<(end + 1)
      index = end + 1
    }
    // Appended before its body is read (which adds no function), then completed in place: the
    // declaration is never copied.
    let functionIndex = model.functions.count
    model.functions.append(
      FunctionDecl(
        kind: kind, name: functionName, nameOffset: nameOffset, attributes: pending.attributes,
        modifiers: pending.modifiers, parameters: parameters, isAsync: isAsync, isThrows: isThrows,
        isRethrows: isRethrows, returnType: returnType, body: body, owner: scope))
    if scanBodies, let body {
      let callStart = model.calls.count
      let assignmentStart = model.assignments.count
      scanBody(body, function: functionIndex)
      model.functions[functionIndex].calls = callStart..<model.calls.count
      model.functions[functionIndex].assignments = assignmentStart..<model.assignments.count
    }
    if let scope { model.types[scope].functions.append(functionIndex) }
    return index
  }

  /// Reads a parameter list between `(` and `)` (exclusive bounds).
  func readParameters(from start: Int, to end: Int) -> [Parameter] {
    var parameters: [Parameter] = []
    var index = start
    var entryStart = start
    while index <= end {
      if index == end || tokens[index].kind == .comma {
        if entryStart < index, let parameter = readParameter(from: entryStart, to: index) {
          parameters.append(parameter)
        }
        entryStart = index + 1
        index += 1
        continue
      }
      if isBracketOpen(index) {
        index = close(index) + 1
      } else if tokens[index].kind == .operator, bytes[Int(tokens[index].start)] == UInt8(ascii: "<") {
        index = min(skipAngles(from: index), end)
      } else {
        index += 1
      }
    }
    return parameters
  }

  func readParameter(from start: Int, to end: Int) -> Parameter? {
    var index = start
    while index < end, tokens[index].kind == .at {
      index += 2
      if index < end, tokens[index].kind == .leftParen { index = close(index) + 1 }
    }
    var names: [String] = []
    while index < end, tokens[index].kind != .colon {
      if tokens[index].isIdentifierLike { names.append(name(index)) }
      index += 1
    }
    guard let last = names.last else { return nil }
    let typeStart = min(index + 1, end)
    var typeEnd = typeStart
    while typeEnd < end, !isOperator(typeEnd, "=") {
      if isBracketOpen(typeEnd) { typeEnd = min(close(typeEnd) + 1, end) } else { typeEnd += 1 }
    }
    return Parameter(
      label: names.count >= 2 ? names[0] : nil, name: last,
      type: squeezedText(from: typeStart, to: typeEnd), hasDefault: typeEnd < end)
  }

  /// Reads `var`/`let` declarations (several bindings too); returns the index after them.
  mutating func readProperty(at start: Int, scope: Int?, pending: Pending, scopeEnd: Int) -> Int {
    let isLet = tokens[start].keyword == .let
    var index = start + 1
    while index < min(scopeEnd, tokens.count) {
      guard tokens[index].isIdentifierLike else {
        // Tuple patterns and the like: step over the statement.
        return statementEnd(from: index, limit: scopeEnd)
      }
      let nameIndex = index
      index += 1
      var typeAnnotation: String?
      if index < tokens.count, tokens[index].kind == .colon {
        let typeStart = index + 1
        var end = typeStart
        while end < min(scopeEnd, tokens.count) {
          let token = tokens[end]
          if token.kind == .leftBrace || token.kind == .comma || token.kind == .semicolon
            || token.kind == .rightBrace || isOperator(end, "=")
          {
            break
          }
          if end > typeStart, token.isAtLineStart, token.kind != .dot, !isOperator(end, "&") {
            break
          }
          if token.kind == .leftParen || token.kind == .leftBracket {
            end = close(end) + 1
          } else if token.kind == .operator, bytes[Int(token.start)] == UInt8(ascii: "<") {
            end = skipAngles(from: end)
          } else {
            end += 1
          }
        }
        typeAnnotation = squeezedText(from: typeStart, to: end)
        index = end
      }
      var initializer: Range<Int>?
      if index < tokens.count, isOperator(index, "=") {
        let valueStart = index + 1
        var end = expressionEnd(from: valueStart, limit: scopeEnd)
        // `var x = 0 { didSet { ... } }`: the observers are not part of the initializer.
        var probe = valueStart
        while probe < end {
          if tokens[probe].kind == .leftBrace, isObserverBlock(probe) {
            end = probe
            break
          }
          probe = isBracketOpen(probe) ? close(probe) + 1 : probe + 1
        }
        initializer = valueStart..<end
        index = end
      }
      var isComputed = false
      if index < tokens.count, tokens[index].kind == .leftBrace,
        !tokens[index].isAtLineStart || initializer == nil || isObserverBlock(index)
      {
        isComputed = !isObserverBlock(index)
        index = close(index) + 1
      }
      let annotation = typeAnnotation ?? ""
      let property = PropertyDecl(
        name: name(nameIndex), nameOffset: Int(tokens[nameIndex].start),
        typeAnnotation: typeAnnotation, hasInitializer: initializer != nil, initializer: initializer,
        isLet: isLet, isLazy: pending.modifiers.contains("lazy"),
        isStatic: pending.modifiers.contains("static") || pending.modifiers.contains("class"),
        isComputed: isComputed, isImplicitlyUnwrapped: annotation.hasSuffix("!"),
        attributes: pending.attributes, modifiers: pending.modifiers, owner: scope)
      let propertyIndex = model.properties.count
      model.properties.append(property)
      if let scope { model.types[scope].properties.append(propertyIndex) }
      if index < tokens.count, tokens[index].kind == .comma {
        index += 1
        continue
      }
      break
    }
    return index
  }

  /// Whether the `{` at `index` opens `willSet`/`didSet` observers (attributes may come first).
  func isObserverBlock(_ index: Int) -> Bool {
    var probe = index + 1
    while probe < tokens.count, tokens[probe].kind == .at { probe += 2 }
    return probe < tokens.count
      && (tokens[probe].keyword == .willSet || tokens[probe].keyword == .didSet)
  }
}
