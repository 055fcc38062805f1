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
    let (tokens, directives) = Preprocessor.resolveKeepingDirectives(
      lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    var model = FileModel(
      source: source, tokens: tokens, comments: lexed.comments, problems: lexed.problems,
      directives: directives)
    var state = ScannerState(model: model, scanBodies: bodies)
    state.interpolations = lexed.interpolations
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
  /// The contents of the string literals' interpolations that may hold calls
  /// (`LexedFile.interpolations`), read where a body holds the literal; empty in a state
  /// that reads one of them (`readInterpolatedCalls`).
  var interpolations: [Range<Int>] = []

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
