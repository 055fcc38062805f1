#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Builds a `FileModel` from a file: declarations at file and type scope, and calls and
/// assignments inside function bodies.
///
/// Iterative: bracket matching is one pass with an explicit stack, type scopes live on an
/// explicit stack, and bodies are read linearly; nothing recurses on the input's nesting.
public struct Scanner {
  /// Lexes and scans a file. With `bodies: false` only declarations are read (cheap pass used
  /// to learn the class hierarchy of a whole run).
  public static func scan(_ source: SourceFile, bodies: Bool = true) -> FileModel {
    let lexed = Lexer.lex(source)
    let tokens = Preprocessor.resolve(
      lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    var model = FileModel(
      source: source, tokens: tokens, comments: lexed.comments, problems: lexed.problems)
    var state = ScannerState(model: model, scanBodies: bodies)
    state.run()
    state.parts.arguments = state.callArguments
    state.parts.trailingClosures = state.callClosures
    model = state.model
    return model
  }
}

/// The scanner's working state; a struct so it owns the model it builds.
struct ScannerState {
  var model: FileModel
  let scanBodies: Bool
  let tokens: [Token]
  let bytes: [UInt8]
  /// For each bracket token, the index of its partner (or `tokens.count` when unclosed).
  var partner: [Int32]
  /// Short names already made into strings.
  let names = NameCache()
  /// Callee paths already made, by their text.
  let paths = PathCache()
  /// The arguments and trailing closures of the calls read so far, which the calls index;
  /// handed to `parts`, which the calls share, when the file is read.
  var callArguments: [Argument] = []
  var callClosures: [TrailingClosure] = []
  let parts = CallParts()
  /// Scratch stacks of `scanBody`, kept between bodies for their storage.
  var openCallStack: [(call: Int, end: Int)] = []
  var headerDepthStack: [Int] = []

  init(model: FileModel, scanBodies: Bool) {
    self.model = model
    self.scanBodies = scanBodies
    self.tokens = model.tokens
    self.bytes = model.source.bytes
    var openers = 0
    self.partner = ScannerState.matchBrackets(model.tokens, openers: &openers)
    // Every call owns a `(` or a `{` of its own: room for all of them, so the calls (big values)
    // are never moved to a bigger buffer.
    if scanBodies { self.model.calls.reserveCapacity(openers) }
    // Room for an argument per bracket (most files need less): grown from empty, the array was
    // moved to a bigger buffer five times per file of real code.
    if scanBodies { callArguments.reserveCapacity(openers) }
  }

  // MARK: Token helpers

  func kind(_ index: Int) -> TokenKind? { index < tokens.count ? tokens[index].kind : nil }

  func keyword(_ index: Int) -> Keyword {
    index >= 0 && index < tokens.count ? tokens[index].keyword : .none
  }

  func text(_ index: Int) -> String { model.source.text(tokens[index].range) }

  /// The identifier's name, backticks removed.
  func name(_ index: Int) -> String {
    let (start, end) = nameRange(index)
    if let known = names.string(bytes, start, end) { return known }
    return model.source.text(start..<end)
  }

  /// The byte range `name(index)` is made from: the token's, backticks removed.
  func nameRange(_ index: Int) -> (Int, Int) {
    let token = tokens[index]
    if token.kind == .backtickIdentifier { return (Int(token.start) + 1, Int(token.end) - 1) }
    return (Int(token.start), Int(token.end))
  }

  /// Whether the token is the identifier `spelling` (a contextual keyword the lexer leaves alone).
  func isIdentifier(_ index: Int, _ spelling: StaticString) -> Bool {
    guard index < tokens.count, tokens[index].kind == .identifier else { return false }
    let token = tokens[index]
    guard Int(token.end - token.start) == spelling.utf8CodeUnitCount else { return false }
    let start = Int(token.start)
    return spelling.withUTF8Buffer { expected in
      for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
      return true
    }
  }

  /// Whether the token is an operator spelled exactly `spelling`.
  func isOperator(_ index: Int, _ spelling: StaticString) -> Bool {
    guard index >= 0, index < tokens.count, tokens[index].kind == .operator else { return false }
    let token = tokens[index]
    let length = Int(token.end - token.start)
    guard length == spelling.utf8CodeUnitCount else { return false }
    return spelling.withUTF8Buffer { expected in
      for offset in 0..<length where bytes[Int(token.start) + offset] != expected[offset] {
        return false
      }
      return true
    }
  }

  func isBracketOpen(_ index: Int) -> Bool {
    switch tokens[index].kind {
    case .leftParen, .leftBrace, .leftBracket: return true
    default: return false
    }
  }

  /// The partner of an opening bracket, clamped to the file.
  func close(_ index: Int) -> Int { Int(partner[index]) }

  /// Source text of a token range, as written.
  func text(from start: Int, to end: Int) -> String {
    guard start < end, end <= tokens.count else { return "" }
    return model.source.text(Int(tokens[start].start)..<Int(tokens[end - 1].end))
  }

  // MARK: Bracket matching

  /// The partner of each bracket; `openers` counts the `(` and `{`.
  static func matchBrackets(_ tokens: [Token], openers: inout Int) -> [Int32] {
    let count = tokens.count
    // (No tokens: the empty array, not one made with a capacity of 0, whose count the
    // initializer would write into the storage every empty array shares, a race between
    // threads for ThreadSanitizer.)
    guard count > 0 else {
      openers = 0
      return []
    }
    var opened = 0
    let partner = [Int32](unsafeUninitializedCapacity: count) { partner, initialized in
      guard let base = partner.baseAddress else {
        initialized = 0
        return
      }
      base.initialize(repeating: Int32(truncatingIfNeeded: count), count: count)
      initialized = count
      tokens.withUnsafeBufferPointer { tokens in
        opened = matchBrackets(tokens, into: base)
      }
    }
    openers = opened
    return partner
  }

  /// Pairs the brackets of `tokens` in `partner` (filled with `tokens.count` beforehand);
  /// returns the number of `(` and `{`.
  ///
  /// One stack of open brackets; each entry also links to the entry of the next open bracket
  /// of its kind below it, so the innermost opener of a kind (and the innermost brace) is known
  /// without searching the stack: a run of stray closers would otherwise cost a full stack
  /// search each, quadratic time on a broken file.
  private static func matchBrackets(
    _ tokens: UnsafeBufferPointer<Token>, into partner: UnsafeMutablePointer<Int32>
  ) -> Int {
    var capacity = 64
    // Per entry: the opener's token index, and the height + 1 of the entry below it of the
    // same kind (0: none).
    var stackToken = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    var stackBelow = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
    defer {
      stackToken.deallocate()
      stackBelow.deallocate()
    }
    var height = 0
    // The height + 1 of the innermost open `(`, `[` and `{` (0: none open).
    var topParen: Int32 = 0
    var topBracket: Int32 = 0
    var topBrace: Int32 = 0
    var opened = 0
    for index in 0..<tokens.count {
      let kind = tokens[index].kind
      switch kind {
      case .leftParen, .leftBracket, .leftBrace:
        if height == capacity {
          let grown = capacity * 2
          let token = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
          let below = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
          token.update(from: stackToken, count: height)
          below.update(from: stackBelow, count: height)
          stackToken.deallocate()
          stackBelow.deallocate()
          stackToken = token
          stackBelow = below
          capacity = grown
        }
        stackToken[height] = Int32(truncatingIfNeeded: index)
        height += 1
        switch kind {
        case .leftParen:
          stackBelow[height - 1] = topParen
          topParen = Int32(truncatingIfNeeded: height)
          opened += 1
        case .leftBracket:
          stackBelow[height - 1] = topBracket
          topBracket = Int32(truncatingIfNeeded: height)
        default:
          stackBelow[height - 1] = topBrace
          topBrace = Int32(truncatingIfNeeded: height)
          opened += 1
        }
      case .rightParen, .rightBrace, .rightBracket:
        // Recover from stray closers: only pop when the opener is somewhere on the stack.
        let top = kind == .rightParen ? topParen : kind == .rightBracket ? topBracket : topBrace
        guard top > 0 else { continue }
        // Braces are the strongest structure: a `)` never closes across an open `{`.
        if kind != .rightBrace, topBrace > top { continue }
        let depth = Int(top) - 1
        while height > depth {
          height -= 1
          let open = Int(stackToken[height])
          switch tokens[open].kind {
          case .leftParen: topParen = stackBelow[height]
          case .leftBracket: topBracket = stackBelow[height]
          default: topBrace = stackBelow[height]
          }
          if height == depth {
            partner[open] = Int32(truncatingIfNeeded: index)
            partner[index] = Int32(truncatingIfNeeded: open)
          }
        }
      default:
        break
      }
    }
    return opened
  }
}

// MARK: Declarations

extension ScannerState {
  struct Pending {
    var attributes: [Attribute] = []
    var modifiers: [String] = []
  }

  mutating func run() {
    // Scopes: (type index or nil for file scope, index of the closing brace).
    var scopes: [(type: Int?, end: Int)] = [(nil, tokens.count)]
    var pending = Pending()
    var index = 0
    while index < tokens.count {
      guard let scope = scopes.last else { break }
      if index >= scope.end {
        scopes.removeLast()
        pending = Pending()
        index += 1
        continue
      }
      let token = tokens[index]
      switch token.kind {
      case .at:
        index = readAttribute(at: index, into: &pending)
        continue
      case .semicolon:
        index += 1
        continue
      case .leftBrace, .leftParen, .leftBracket:
        index = close(index) + 1
        pending = Pending()
        continue
      case .rightBrace:
        index += 1
        continue
      case .identifier:
        break
      default:
        index += 1
        pending = Pending()
        continue
      }
      switch token.keyword {
      case .private, .fileprivate, .internal, .public, .open, .package, .final, .override,
        .static, .mutating, .nonmutating, .lazy, .required, .convenience, .dynamic, .weak,
        .unowned, .optional, .nonisolated, .indirect, .prefix, .postfix, .infix, .consuming,
        .borrowing, .isolated:
        pending.modifiers.append(text(index))
        index += 1
        // `private(set)`, `unowned(unsafe)`, `nonisolated(unsafe)`.
        if index < tokens.count, tokens[index].kind == .leftParen, !tokens[index].hasSpaceBefore {
          index = close(index) + 1
        }
      case .class:
        // `class func` / `class var` are modifiers; `class Name` declares a type.
        let next = keyword(index + 1)
        if [.func, .var, .let, .override, .final, .subscript, .public, .private, .fileprivate,
          .internal, .open, .static,
        ].contains(next) {
          pending.modifiers.append("class")
          index += 1
        } else {
          index = readType(at: index, kind: .class, scope: scope.type, pending: pending, scopes: &scopes)
          pending = Pending()
        }
      case .struct, .enum, .actor, .extension, .protocol:
        let typeKind: TypeKind =
          token.keyword == .struct ? .struct : token.keyword == .enum ? .enum
          : token.keyword == .actor ? .actor : token.keyword == .extension ? .extension : .protocol
        if token.keyword == .actor, !(kind(index + 1) == .identifier || kind(index + 1) == .backtickIdentifier) {
          index += 1
          pending = Pending()
          continue
        }
        index = readType(at: index, kind: typeKind, scope: scope.type, pending: pending, scopes: &scopes)
        pending = Pending()
      case .func, .`init`, .deinit, .subscript:
        index = readFunction(at: index, scope: scope.type, pending: pending)
        pending = Pending()
      case .var, .let:
        index = readProperty(at: index, scope: scope.type, pending: pending, scopeEnd: scope.end)
        pending = Pending()
      case .typealias:
        index = typeAliasEnd(from: index, limit: scope.end)
        pending = Pending()
      case .import:
        var end = index + 1
        // `import class Foo.Bar`, `@testable import X`.
        if end < tokens.count, [.class, .struct, .enum, .protocol, .func, .var, .let, .typealias]
          .contains(tokens[end].keyword)
        {
          end += 1
        }
        var module = ""
        while end < tokens.count, !tokens[end].isAtLineStart || end == index + 1,
          tokens[end].isIdentifierLike || tokens[end].kind == .dot
        {
          module += name(end)
          end += 1
        }
        if !module.isEmpty {
          model.imports.append(ImportDecl(module: module, offset: Int(token.start)))
        }
        index = max(end, index + 1)
        pending = Pending()
      case .none where [.actor, .func, .var, .let].contains(keyword(index + 1))
        && isIdentifier(index, "distributed"):
        // `distributed actor` / `distributed func`: a contextual modifier, not a statement.
        pending.modifiers.append("distributed")
        index += 1
      default:
        // From the statement's own first token: when it is the last one on its line, the next
        // line's declaration must not be taken for part of it (`let a = b\n  : c\n  func h()`).
        index = statementEnd(from: index, limit: scope.end)
        pending = Pending()
      }
    }
  }

  /// Reads `@Name` or `@Name(args)`; returns the index after it.
  mutating func readAttribute(at index: Int, into pending: inout Pending) -> Int {
    var next = index + 1
    guard next < tokens.count, tokens[next].isIdentifierLike else { return next }
    var attributeName = name(next)
    next += 1
    while next + 1 < tokens.count, tokens[next].kind == .dot, !tokens[next].hasSpaceBefore,
      tokens[next + 1].isIdentifierLike
    {
      attributeName += "." + name(next + 1)
      next += 2
    }
    // Generic arguments on a property wrapper: `@Wrapper<Int>`.
    if next < tokens.count, isOperator(next, "<"), !tokens[next].hasSpaceBefore {
      next = skipAngles(from: next)
    }
    var arguments: Range<Int>?
    if next < tokens.count, tokens[next].kind == .leftParen, !tokens[next].hasSpaceBefore {
      let end = close(next)
      arguments = (next + 1)..<min(end, tokens.count)
      next = end + 1
    }
    pending.attributes.append(
      Attribute(name: attributeName, offset: Int(tokens[index].start), arguments: arguments))
    return next
  }

  /// Skips a generic clause `<...>` starting at an operator token containing `<`.
  func skipAngles(from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      switch token.kind {
      case .operator:
        for offset in Int(token.start)..<Int(token.end) {
          if bytes[offset] == UInt8(ascii: "<") { depth += 1 }
          if bytes[offset] == UInt8(ascii: ">") { depth -= 1 }
        }
        if isOperator(index, "->") { depth += 1 }  // `->` inside function types is not a close
        index += 1
        if depth <= 0 { return index }
      case .leftParen, .leftBracket:
        index = close(index) + 1
      case .leftBrace, .rightBrace, .semicolon:
        return index
      default:
        index += 1
      }
    }
    return index
  }

  /// Reads a type declaration header and registers its body scope; returns the index after `{`.
  mutating func readType(
    at start: Int, kind: TypeKind, scope: Int?, pending: Pending,
    scopes: inout [(type: Int?, end: Int)]
  ) -> Int {
    var index = start + 1
    var typeName = ""
    var nameOffset = start < tokens.count ? Int(tokens[start].start) : 0
    if index < tokens.count, tokens[index].isIdentifierLike {
      nameOffset = Int(tokens[index].start)
      typeName = name(index)
      index += 1
      while index + 1 < tokens.count, tokens[index].kind == .dot, tokens[index + 1].isIdentifierLike {
        typeName += "." + name(index + 1)
        index += 2
      }
    }
    // An extension can extend any type, not just a dotted name: `[Int]`, `Int?`, `Array<Int>`,
    // `Dictionary<String, Int>.Keys`. Its name is then the whole type as written.
    if kind == .extension, index < tokens.count, tokens[index].kind != .colon,
      tokens[index].kind != .leftBrace, tokens[index].keyword != .where
    {
      let typeStart = typeName.isEmpty ? index : start + 1
      var end = index
      while end < tokens.count {
        let token = tokens[end]
        if token.kind == .colon || token.kind == .leftBrace || token.kind == .rightBrace
          || token.keyword == .where || (end > typeStart && token.isAtLineStart && token.kind != .dot)
        {
          break
        }
        if token.kind == .operator, bytes[Int(token.start)] == UInt8(ascii: "<") {
          end = skipAngles(from: end)
        } else if token.kind == .leftParen || token.kind == .leftBracket {
          end = close(end) + 1
        } else {
          end += 1
        }
      }
      if typeStart < end, end <= tokens.count {
        nameOffset = Int(tokens[typeStart].start)
        typeName = text(from: typeStart, to: end)
        index = end
      }
    }
    var genericClause: String?
    if index < tokens.count, tokens[index].kind == .operator, bytes[Int(tokens[index].start)] == UInt8(ascii: "<") {
      let end = skipAngles(from: index)
      genericClause = text(from: index, to: end)
      index = end
    }
    var inheritance: [String] = []
    if index < tokens.count, tokens[index].kind == .colon {
      index += 1
      var entryStart = index
      while index < tokens.count {
        let token = tokens[index]
        if token.kind == .leftBrace || token.keyword == .where || token.kind == .rightBrace {
          break
        }
        if token.kind == .comma {
          let entry = text(from: entryStart, to: index)
          if !entry.isEmpty { inheritance.append(entry) }
          index += 1
          entryStart = index
          continue
        }
        if token.kind == .operator, bytes[Int(token.start)] == UInt8(ascii: "<") {
          index = skipAngles(from: index)
          continue
        }
        if token.kind == .leftParen || token.kind == .leftBracket {
          index = close(index) + 1
          continue
        }
        index += 1
      }
      let entry = text(from: entryStart, to: index)
      if !entry.isEmpty { inheritance.append(entry) }
    }
    // `where` clause, then the body.
    while index < tokens.count, tokens[index].kind != .leftBrace, tokens[index].kind != .rightBrace {
      if tokens[index].kind == .leftParen || tokens[index].kind == .leftBracket {
        index = close(index) + 1
      } else {
        index += 1
      }
    }
    guard index < tokens.count, tokens[index].kind == .leftBrace else { return index }
    let bodyEnd = min(close(index), tokens.count)
    let typeIndex = model.types.count
    model.types.append(
      TypeDecl(
        kind: kind, name: typeName, nameOffset: nameOffset, genericClause: genericClause,
        inheritance: inheritance.map(ScannerState.squeeze), attributes: pending.attributes,
        modifiers: pending.modifiers, parent: scope, body: index..<(bodyEnd + 1)))
    scopes.append((typeIndex, bodyEnd))
    return index + 1
  }

  /// `squeeze(text(from: start, to: end))`: a type written without whitespace (most) is made
  /// into one string, not a string and then a squeezed copy.
  func squeezedText(from start: Int, to end: Int) -> String {
    guard start < end, end <= tokens.count else { return "" }
    let (lower, upper) = (Int(tokens[start].start), Int(tokens[end - 1].end))
    if bytes[lower..<upper].contains(where: ScannerState.isSpace) {
      return ScannerState.squeeze(model.source.text(lower..<upper))
    }
    return names.string(bytes, lower, upper) ?? model.source.text(lower..<upper)
  }

  /// The whitespace `squeeze` collapses.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
  }

  /// Collapses whitespace in a type as written: `Base < T >` stays readable, newlines go.
  static func squeeze(_ text: String) -> String {
    // Byte-level: whitespace is ASCII; a non-ASCII byte counts as part of a word.
    func isWord(_ byte: UInt8) -> Bool {
      (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte >= 0x80
    }
    // Nothing to squeeze (most types): the text itself, no copy.
    if !text.utf8.contains(where: isSpace) { return text }
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var lastWasSpace = false
    for byte in text.utf8 {
      if isSpace(byte) {
        lastWasSpace = true
        continue
      }
      if lastWasSpace, let last = result.last, isWord(last), isWord(byte) { result.append(0x20) }
      lastWasSpace = false
      result.append(byte)
    }
    return String(decoding: result, as: UTF8.self)
  }


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
        index += 1
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
    var returnType: String?
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .leftBrace || token.kind == .rightBrace { break }
      if token.isAtLineStart, index > start + 1, !isOperator(index, "->"), token.keyword != .throws,
        token.keyword != .async, token.keyword != .rethrows, token.keyword != .where
      {
        break
      }
      if token.keyword == .async { isAsync = true }
      if token.keyword == .throws || token.keyword == .rethrows {
        isThrows = true
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
        returnType: returnType, body: body, owner: scope))
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
      type: squeezedText(from: typeStart, to: typeEnd))
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

  /// Whether the token at `index` continues the expression before it across a line break.
  func continuesExpression(_ index: Int) -> Bool {
    let token = tokens[index]
    // `.member` and the `: else` part of a ternary continue the line before.
    if token.kind == .dot || token.kind == .colon { return true }
    if token.kind == .operator {
      // A binary operator starting the line continues; a prefix one (no space after) does not.
      let next = index + 1
      if next < tokens.count, !tokens[next].hasSpaceBefore, !isOperator(index, "?") {
        return isOperator(index, "&&") || isOperator(index, "||") || isOperator(index, "??")
          || isOperator(index, "==") || isOperator(index, "+") || isOperator(index, "-")
      }
      return true
    }
    if token.keyword == .as || token.keyword == .is { return true }
    if index > 0 {
      let previous = tokens[index - 1]
      if previous.kind == .operator, previous.hasSpaceBefore || index - 1 == 0 { return true }
      if previous.kind == .comma || previous.kind == .colon { return true }
      if previous.keyword == .try || previous.keyword == .await || previous.keyword == .return {
        return !token.isAtLineStart || true
      }
    }
    return false
  }

  /// The end of an expression starting at `start`: the first token at depth 0 that begins a new
  /// statement (a line break not continuing it, `;`, or the scope's `}`).
  func expressionEnd(from start: Int, limit: Int) -> Int {
    var index = start
    let end = min(limit, tokens.count)
    while index < end {
      let token = tokens[index]
      if index > start, token.isAtLineStart, !continuesExpression(index) { return index }
      switch token.kind {
      case .semicolon, .rightBrace, .rightParen, .rightBracket, .comma:
        return index
      case .leftParen, .leftBracket:
        index = close(index) + 1
      case .leftBrace:
        // A closure argument or trailing closure on the same line belongs to the expression.
        index = close(index) + 1
      default:
        index += 1
      }
    }
    // Past an unclosed bracket (whose partner is `tokens.count`) the loop ends one beyond.
    return min(index, end)
  }

  /// The index after the statement starting at (or containing) `start`.
  /// The index after `typealias Name<...> = Type`. The type's generic arguments may span lines
  /// (`TestStore<\n  A,\n  B\n>`): a `>` alone on its line closes them, it does not continue an
  /// expression into the next declaration.
  func typeAliasEnd(from start: Int, limit: Int) -> Int {
    var index = start + 1
    let end = min(limit, tokens.count)
    var afterAngles = false
    while index < end {
      let token = tokens[index]
      if index > start + 1, token.isAtLineStart {
        // After a closing `>` only `.Member`, `& Other` or `?` go on.
        if afterAngles ? token.kind != .dot && token.kind != .operator : !continuesExpression(index) {
          return index
        }
      }
      afterAngles = false
      switch token.kind {
      case .semicolon: return index + 1
      case .rightBrace, .leftBrace: return index
      case .leftParen, .leftBracket: index = close(index) + 1
      case .operator where bytes[Int(token.start)] == UInt8(ascii: "<"):
        index = max(skipAngles(from: index), index + 1)
        afterAngles = true
      default: index += 1
      }
    }
    return max(index, start + 1)
  }

  func statementEnd(from start: Int, limit: Int) -> Int {
    var index = start
    let end = min(limit, tokens.count)
    while index < end {
      let token = tokens[index]
      if index > start, token.isAtLineStart, !continuesExpression(index) { return index }
      switch token.kind {
      case .semicolon: return index + 1
      case .rightBrace: return index
      case .leftParen, .leftBracket, .leftBrace: index = close(index) + 1
      default: index += 1
      }
    }
    return max(index, start + 1)
  }
}

/// The strings of short ASCII names (at most 15 bytes) already made in one file, keyed by their
/// bytes: a name used again costs a look-up instead of building and validating a new `String`.
/// Direct-mapped; a collision just replaces the entry.
final class NameCache {
  private struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var text = ""
    /// `[text]`, made on first use: the path of a call to a plain name, shared by all of them.
    var path: [String]?
  }

  private static let slotBits = 9
  private let table = SlotTable<Entry>(count: 1 << NameCache.slotBits)

  deinit { table.deallocate() }

  /// The name spelled by `bytes[start..<end]`, or nil when it is not short ASCII (or empty).
  func string(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
    entry(bytes, start, end)?.pointee.text
  }

  /// `[string(bytes, start, end)]`, one array for every call of a file to that name (the
  /// callee path of a call to a plain name), or nil when it is not short ASCII (or empty).
  func path(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [String]? {
    guard let entry = entry(bytes, start, end) else { return nil }
    if let path = entry.pointee.path { return path }
    let path = [entry.pointee.text]
    entry.pointee.path = path
    return path
  }

  /// The entry of the name spelled by `bytes[start..<end]`, filled in if it was not there.
  private func entry(_ bytes: [UInt8], _ start: Int, _ end: Int) -> UnsafeMutablePointer<Entry>? {
    let length = end - start
    guard length >= 1, length <= 15, start >= 0, end <= bytes.count else { return nil }
    // The bytes packed little-endian, zero-padded; the length in the top byte (a 16th byte
    // that is never part of the name), so the key is exact.
    var (low, high) = bytes.withUnsafeBufferPointer { Keyword.packed($0, start, length) }
    guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    high |= UInt64(length) << 56
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - NameCache.slotBits))
    let entry = table.entries + slot
    if table.isUsed(slot), entry.pointee.low == low, entry.pointee.high == high { return entry }
    table.put(Entry(low: low, high: high, text: String(decoding: bytes[start..<end], as: UTF8.self)), at: slot)
    return entry
  }
}

/// The callee paths (`["sut", "load"]`) already made in one file, keyed by the bytes they are
/// read from (`sut.load`, `self.presenter?.viewIsReady`): a call of a path the file called
/// before shares that path's array instead of allocating an array and its names again (on real
/// test code, a quarter of the run's allocations were these arrays). The same bytes always read
/// as the same path: its names are the identifiers among them. Direct-mapped; a collision just
/// replaces the entry.
final class PathCache {
  private struct Entry {
    var hash: UInt64 = 0
    var start = 0
    var end = 0
    var path: [String] = []
  }

  private static let slotBits = 8
  /// Paths longer than this are made each time (and rare).
  static let maximumLength = 128
  private let table = SlotTable<Entry>(count: 1 << PathCache.slotBits)

  deinit { table.deallocate() }

  /// Where a path is kept: its `slot`, and the `hash` that names it there.
  struct Key {
    let slot: Int
    let hash: UInt64
  }

  /// The path read from `bytes[start..<end]` before; else no path and where to `keep` it once
  /// made (no key either for a path too long to keep).
  func look(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (path: [String]?, key: Key?) {
    let length = end - start
    guard length >= 1, length <= PathCache.maximumLength, start >= 0, end <= bytes.count else { return (nil, nil) }
    return bytes.withUnsafeBytes { buffer -> (path: [String]?, key: Key?) in
      let text = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
      let hash = ResultCache.hash(text)
      let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - PathCache.slotBits))
      let entry = table.entries + slot
      if table.isUsed(slot), entry.pointee.hash == hash,
        entry.pointee.end - entry.pointee.start == text.count,
        memcmp(buffer.baseAddress! + entry.pointee.start, text.baseAddress!, text.count) == 0
      {
        return (entry.pointee.path, nil)
      }
      return (nil, Key(slot: slot, hash: hash))
    }
  }

  /// Keeps the path read from `bytes[start..<end]` where `look` said.
  func keep(_ path: [String], _ start: Int, _ end: Int, at key: Key) {
    table.put(Entry(hash: key.hash, start: start, end: end, path: path), at: key.slot)
  }
}

/// The fixed table of a scanner's cache (`NameCache`, `PathCache`): slots behind a pointer (no
/// exclusivity checks or copy-on-write tests per access), each initialised when first used (a
/// bit in `used`), so a small file pays for the slots it fills, not for the whole table. Its
/// owner calls `deallocate()` once, when it goes.
struct SlotTable<Entry> {
  let entries: UnsafeMutablePointer<Entry>
  private let used: UnsafeMutablePointer<UInt64>
  private let words: Int

  /// A table of `count` slots (a multiple of 64), none used.
  init(count: Int) {
    words = count / 64
    entries = .allocate(capacity: count)
    used = .allocate(capacity: words)
    used.initialize(repeating: 0, count: words)
  }

  /// Whether the slot holds an entry.
  func isUsed(_ slot: Int) -> Bool { used[slot >> 6] & (1 << UInt64(slot & 63)) != 0 }

  /// Puts `entry` in the slot, replacing what it held.
  func put(_ entry: Entry, at slot: Int) {
    if isUsed(slot) {
      entries[slot] = entry
    } else {
      (entries + slot).initialize(to: entry)
      used[slot >> 6] |= 1 << UInt64(slot & 63)
    }
  }

  /// Deinitialises the entries and frees the table.
  func deallocate() {
    for word in 0..<words {
      var bits = used[word]
      while bits != 0 {
        (entries + (word * 64 + bits.trailingZeroBitCount)).deinitialize(count: 1)
        bits &= bits - 1
      }
    }
    used.deallocate()
    entries.deallocate()
  }
}
