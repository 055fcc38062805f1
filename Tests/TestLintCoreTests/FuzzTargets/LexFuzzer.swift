// The `lex` fuzz target: bytes through SourceFile, Lexer, Preprocessor, Scanner and test
// discovery, with the invariants the lexer promises checked on every input.
//
// Built by `Scripts/fuzz` together with every file of `Sources/TestLintCore` as one module, so
// internal API (the scanner's bracket partners) is visible. No rule runs: each input costs
// microseconds, so the fuzzer reaches the corners of the lexical grammar at thousands of inputs
// a second. Traps (`fatalError`) on:
// - a line table that is not increasing from the first line's start, or points past the end;
// - a token or comment that is empty, out of bounds or out of order: together they cover the
//   input in order, and a byte outside every token is whitespace (or the BOM, or the `#!` line);
// - a `newlineBefore` flag that disagrees with the bytes before its token;
// - a lexer problem outside the input;
// - `#if` resolution that keeps a token the lexer did not produce, or reorders them;
// - a bracket whose partner is not a bracket of the matching kind pointing back at it, pairs
//   that cross, a closer before its opener (an unmatched bracket has `tokens.count`);
// - declarations, calls and tests that point outside the file's tokens or bytes.

#if canImport(TestLintCore)
  @testable import TestLintCore
#endif

enum LexFuzzer {
  static let discovery = TestDiscovery(testCaseClasses: ["XCTestCase", "BaseTestCase"])

  static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
    let source: SourceFile
    do {
      source = try SourceFile(path: "File.swift", bytes: bytes)
    } catch {
      // Not text: the diagnostic must still point into the input.
      let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
      if error.line < 1 || error.line > lines || error.column < 1 || error.column > bytes.count + 1
      {
        throw FuzzFailure("unreadable file reported outside it: \(error)")
      }
      return
    }
    try checkLineTable(source)
    let lexed = Lexer.lex(source)
    try checkCoverage(lexed, bytes: bytes)
    for problem in lexed.problems where problem.offset < 0 || problem.offset > bytes.count {
      throw FuzzFailure("lexer problem outside the input: \(problem)")
    }
    let resolved = Preprocessor.resolve(
      lexed.tokens, source: source, mayHaveDirectives: lexed.mayHaveDirectives)
    try checkSubsequence(resolved, of: lexed.tokens)
    if !lexed.mayHaveDirectives, resolved.count != lexed.tokens.count {
      throw FuzzFailure("tokens dropped from a file without directives")
    }
    // The scanner's own view: the same tokens, paired.
    let bare = FileModel(
      source: source, tokens: resolved, comments: lexed.comments, problems: lexed.problems)
    try checkBrackets(ScannerState(model: bare, scanBodies: true).partner, tokens: resolved)
    for bodies in [false, true] {
      let model = Scanner.scan(source, bodies: bodies)
      if model.tokens != resolved {
        throw FuzzFailure("the scanner read other tokens than the lexer's")
      }
      try checkModel(model)
      for test in discovery.tests(in: model) {
        if test.function < 0 || test.function >= model.functions.count
          || test.nameOffset < 0 || test.nameOffset > bytes.count
          || test.calls.lowerBound < 0 || test.calls.upperBound > model.calls.count
        {
          throw FuzzFailure("test outside the file: \(test)")
        }
      }
      _ = ClassHierarchy.classes(of: model)
    }
  }

  static func checkLineTable(_ source: SourceFile) throws(FuzzFailure) {
    let starts = source.lineStarts
    guard let first = starts.first, first == (source.hasBOM ? 3 : 0) else {
      throw FuzzFailure("the first line does not start at the text: \(starts.prefix(2))")
    }
    for index in starts.indices.dropFirst() {
      let start = starts[index]
      if start <= starts[index - 1] || start > source.bytes.count {
        throw FuzzFailure("line table not increasing within the input at line \(index + 1)")
      }
      // A line starts right after a line break.
      let before = source.bytes[start - 1]
      if before != 0x0A, before != 0x0D {
        throw FuzzFailure("line \(index + 1) starts after no break")
      }
    }
  }

  /// Tokens and comments, merged by offset, cover the input: every byte outside them is
  /// whitespace, the BOM, or the `#!` line.
  static func checkCoverage(_ lexed: LexedFile, bytes: [UInt8]) throws(FuzzFailure) {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var cursor = start
    if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "#"),
      bytes[cursor + 1] == UInt8(ascii: "!")
    {
      while cursor < bytes.count, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D { cursor += 1 }
    }
    var tokenIndex = 0
    var commentIndex = 0
    var newlineSincePrevious = false
    while tokenIndex < lexed.tokens.count || commentIndex < lexed.comments.count {
      let isComment: Bool
      if tokenIndex == lexed.tokens.count {
        isComment = true
      } else if commentIndex == lexed.comments.count {
        isComment = false
      } else {
        isComment = lexed.comments[commentIndex].start < lexed.tokens[tokenIndex].start
      }
      let token = isComment ? lexed.comments[commentIndex] : lexed.tokens[tokenIndex]
      let range = token.range
      if range.lowerBound < cursor || range.upperBound > bytes.count || range.isEmpty {
        throw FuzzFailure(
          "\(isComment ? "comment" : "token") \(isComment ? commentIndex : tokenIndex) at "
            + "\(range) overlaps the one before (ends \(cursor)), is empty, or passes the end "
            + "(\(bytes.count))")
      }
      for offset in cursor..<range.lowerBound {
        switch bytes[offset] {
        case 0x0A, 0x0D: newlineSincePrevious = true
        case 0x20, 0x09, 0x0B, 0x0C, 0x00: break
        default:
          throw FuzzFailure("byte \(offset) (\(bytes[offset])) is in no token and not whitespace")
        }
      }
      if isComment {
        if bytes[range].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
          newlineSincePrevious = true
        }
        commentIndex += 1
      } else {
        if token.isAtLineStart != newlineSincePrevious {
          throw FuzzFailure(
            "token \(tokenIndex) at \(range): newlineBefore \(token.isAtLineStart), "
              + "but a line break before it: \(newlineSincePrevious)")
        }
        newlineSincePrevious = false
        tokenIndex += 1
      }
      cursor = range.upperBound
    }
    for offset in cursor..<bytes.count {
      switch bytes[offset] {
      case 0x0A, 0x0D, 0x20, 0x09, 0x0B, 0x0C, 0x00: break
      default: throw FuzzFailure("trailing byte \(offset) (\(bytes[offset])) is in no token")
      }
    }
  }

  /// `resolved` keeps some of `tokens`, in order, with their kinds and ranges (a token after
  /// a dropped directive line may gain `newlineBefore`).
  static func checkSubsequence(_ resolved: [Token], of tokens: [Token]) throws(FuzzFailure) {
    func same(_ a: Token, _ b: Token) -> Bool {
      a.kind == b.kind && a.keyword == b.keyword && a.start == b.start && a.end == b.end
    }
    var index = 0
    for token in resolved {
      while index < tokens.count, !same(tokens[index], token) { index += 1 }
      if index == tokens.count { throw FuzzFailure("#if resolution made or reordered token \(token)") }
      index += 1
    }
  }

  /// Every bracket's partner is a bracket of the matching kind pointing back, or `count`
  /// (unmatched); the pairs nest.
  static func checkBrackets(_ partner: [Int32], tokens: [Token]) throws(FuzzFailure) {
    let count = tokens.count
    guard partner.count == count else {
      throw FuzzFailure("\(partner.count) partners for \(count) tokens")
    }
    var closers: [Int] = []  // the partners of the open pairs, innermost last
    for index in 0..<count {
      let kind = tokens[index].kind
      let other = Int(partner[index])
      let closing: TokenKind?
      switch kind {
      case .leftParen: closing = .rightParen
      case .leftBracket: closing = .rightBracket
      case .leftBrace: closing = .rightBrace
      case .rightParen, .rightBracket, .rightBrace:
        if other == count { continue }
        guard other < index, Int(partner[other]) == index, closers.last == index else {
          throw FuzzFailure(
            "closer \(index) paired with \(other), which does not pair back or crosses")
        }
        closers.removeLast()
        continue
      default:
        continue
      }
      if other == count { continue }
      guard let closing, other > index, other < count, tokens[other].kind == closing,
        Int(partner[other]) == index
      else { throw FuzzFailure("opener \(index) paired with \(other): not its closer") }
      if let outer = closers.last, other > outer {
        throw FuzzFailure("pair \(index)...\(other) crosses the pair closing at \(outer)")
      }
      closers.append(other)
    }
    if !closers.isEmpty { throw FuzzFailure("pairs left open at the end: \(closers)") }
  }

  static func checkModel(_ model: FileModel) throws(FuzzFailure) {
    let tokens = model.tokens.count
    let bytes = model.source.bytes.count
    func offset(_ value: Int, _ what: String) throws(FuzzFailure) {
      if value < 0 || value > bytes { throw FuzzFailure("\(what) at offset \(value) of \(bytes)") }
    }
    func tokenRange(_ range: Range<Int>?, _ what: String) throws(FuzzFailure) {
      guard let range else { return }
      if range.lowerBound < 0 || range.upperBound > tokens {
        throw FuzzFailure("\(what) spans tokens \(range) of \(tokens)")
      }
    }
    for type in model.types {
      try offset(type.nameOffset, "type \(type.name)")
      if let parent = type.parent, parent < 0 || parent >= model.types.count {
        throw FuzzFailure("type \(type.name) in type \(parent)")
      }
      for property in type.properties where property < 0 || property >= model.properties.count {
        throw FuzzFailure("type \(type.name) has property \(property)")
      }
      for function in type.functions where function < 0 || function >= model.functions.count {
        throw FuzzFailure("type \(type.name) has function \(function)")
      }
    }
    for property in model.properties {
      try offset(property.nameOffset, "property \(property.name)")
      try tokenRange(property.initializer, "initializer of \(property.name)")
    }
    for function in model.functions {
      try offset(function.nameOffset, "function \(function.name)")
      try tokenRange(function.body, "body of \(function.name)")
      if let owner = function.owner, owner < 0 || owner >= model.types.count {
        throw FuzzFailure("function \(function.name) in type \(owner)")
      }
      if function.calls.lowerBound < 0 || function.calls.upperBound > model.calls.count
        || function.assignments.lowerBound < 0
        || function.assignments.upperBound > model.assignments.count
      {
        throw FuzzFailure("function \(function.name) has calls \(function.calls)")
      }
    }
    for call in model.calls {
      if call.nameToken < 0 || call.nameToken >= tokens || call.function < 0
        || call.function >= model.functions.count
      {
        throw FuzzFailure(
          "call \(call.path) at token \(call.nameToken) in function \(call.function)")
      }
      try tokenRange(call.parentheses, "parentheses of \(call.path)")
      for argument in call.arguments {
        try tokenRange(argument.tokens, "argument of \(call.path)")
      }
      for closure in call.trailingClosures {
        try tokenRange(closure.tokens, "closure of \(call.path)")
      }
    }
    for assignment in model.assignments
    where assignment.targetToken < 0 || assignment.targetToken >= tokens {
      throw FuzzFailure("assignment to \(assignment.target) at token \(assignment.targetToken)")
    }
    for local in model.locals where local.nameToken < 0 || local.nameToken >= tokens {
      throw FuzzFailure("local \(local.name) at token \(local.nameToken)")
    }
    for item in model.imports { try offset(item.offset, "import \(item.module)") }
  }
}
