// MARK: Declarations

/// The declaration loop, attributes and type declarations.
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
        let end = typeAliasEnd(from: index, limit: scope.end)
        if let alias = typeAlias(at: index, end: end) { model.typeAliases.append(alias) }
        index = end
        pending = Pending()
      case .operator where ["prefix", "infix", "postfix"].contains(pending.modifiers.last ?? ""):
        index = operatorDeclarationEnd(from: index, limit: scope.end)
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
      case .none where isIdentifier(index, "__consuming"):
        // `__consuming func` (the older spelling of `consuming`, in the standard library's style).
        pending.modifiers.append("__consuming")
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
    // `@Testing::Test`: the module selector names where to look, the attribute is `Test`.
    if let selected = moduleSelected(next) {
      attributeName = name(selected)
      next = selected + 1
    }
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

  /// The index of the name after a module selector `::` at `index` (`Testing::Test`,
  /// `Module::Type`), or nil when there is none. The lexer reads `::` as two colons, glued.
  func moduleSelected(_ index: Int) -> Int? {
    guard index + 2 < tokens.count, tokens[index].kind == .colon,
      tokens[index + 1].kind == .colon, tokens[index + 1].start == tokens[index].end,
      tokens[index + 2].isIdentifierLike
    else { return nil }
    return index + 2
  }

  /// An inherited type as written, without its module selector: `XCTest::XCTestCase` is
  /// `XCTestCase`.
  func withoutModuleSelector(_ entry: String) -> String {
    guard entry.utf8.contains(UInt8(ascii: ":")) else { return entry }
    let bytes = Array(entry.utf8)
    var position = bytes.count - 1
    while position > 0 {
      if bytes[position] == UInt8(ascii: ":"), bytes[position - 1] == UInt8(ascii: ":") {
        return String(decoding: bytes[(position + 1)...], as: UTF8.self)
      }
      position -= 1
    }
    return entry
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
      // `extension Module::Type`: the compiler names the extension `Type`.
      if let selected = moduleSelected(index) {
        nameOffset = Int(tokens[selected].start)
        typeName = name(selected)
        index = selected + 1
      }
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
        // Generic arguments on lines of their own (`Pair<\n  A,\n  B\n>`): the name without
        // its line breaks and indentation (`Pair<A,B>`), as one line, like the compiler's.
        if tokens[typeStart + 1..<end].contains(where: { $0.isAtLineStart }) {
          typeName = squeezedText(from: typeStart, to: end)
        }
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
          let entry = withoutModuleSelector(text(from: entryStart, to: index))
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
      let entry = withoutModuleSelector(text(from: entryStart, to: index))
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
}
