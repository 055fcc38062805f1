/// Resolves `#if` / `#elseif` / `#else` / `#endif` on the token level.
///
/// Directive lines are dropped. Every branch of a group is kept when each branch balances its
/// own brackets (the usual case: alternative statements or members); when some branch does not
/// (`#if X class A: B { #else class A: C { #endif`), only the first branch is kept, so the
/// scanner sees code the compiler could see. Iterative, one pass to find groups, one to filter.
public enum Preprocessor {
  /// Which directive a `#word` token of `length` bytes is, from its second to fourth bytes (0
  /// past its end): 1 `#if`, 2 `#elseif`, 3 `#else`, 4 `#endif`; nil for any other.
  static func directiveKind(length: Int, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) -> UInt8? {
    // #if, #elseif, #else, #endif: distinguish by length and letters.
    switch length {
    case 3 where second == UInt8(ascii: "i") && third == UInt8(ascii: "f"):
      return 1
    case 7 where second == UInt8(ascii: "e") && fourth == UInt8(ascii: "s"):
      return 2  // #elseif
    case 5 where second == UInt8(ascii: "e") && third == UInt8(ascii: "l"):
      return 3  // #else
    case 6 where second == UInt8(ascii: "e") && third == UInt8(ascii: "n"):
      return 4  // #endif
    default:
      return nil
    }
  }

  /// Returns the tokens the scanner should read. With `mayHaveDirectives` false (the lexer saw
  /// no token that could be a directive) they are the tokens given.
  public static func resolve(_ tokens: [Token], source: SourceFile, mayHaveDirectives: Bool = true) -> [Token] {
    resolveKeepingDirectives(tokens, source: source, mayHaveDirectives: mayHaveDirectives).tokens
  }

  /// `resolve(_:source:mayHaveDirectives:)`, with where each directive line sat among the kept
  /// tokens (those of a branch dropped whole left out), in source order.
  public static func resolveKeepingDirectives(
    _ tokens: [Token], source: SourceFile, mayHaveDirectives: Bool = true
  ) -> (tokens: [Token], directives: [Directive]) {
    guard mayHaveDirectives else { return (tokens, []) }
    let bytes = source.bytes
    func directive(_ token: Token) -> UInt8? {
      guard token.kind == .pound else { return nil }
      let length = Int(token.end - token.start)
      let base = Int(token.start)
      return directiveKind(
        length: length, length > 1 ? bytes[base + 1] : 0, length > 2 ? bytes[base + 2] : 0,
        length > 3 ? bytes[base + 3] : 0)
    }

    // Pass 1: find the directive lines, the groups and the bracket balance of each branch.
    struct Group {
      var branchStarts: [Int]
      var balances: [Int]
      var end: Int
    }
    // The directive lines (token ranges, ascending) with their kinds, and the branches dropped
    // whole.
    var directiveLines: [Range<Int>] = []
    var directiveKinds: [Directive.Kind] = []
    var open: [Group] = []
    var balanceStack: [Int] = []
    var dropRanges: [Range<Int>] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if let kind = directive(token) {
        // The condition runs to the end of the line.
        var next = index + 1
        if kind == 1 || kind == 2 {
          while next < tokens.count, !tokens[next].isAtLineStart { next += 1 }
        }
        directiveLines.append(index..<next)
        directiveKinds.append(Directive.Kind(rawValue: kind) ?? .endif)
        switch kind {
        case 1:
          open.append(Group(branchStarts: [next], balances: [], end: next))
          balanceStack.append(0)
        case 2, 3:
          if var group = open.popLast(), let balance = balanceStack.popLast() {
            group.balances.append(balance)
            group.branchStarts.append(next)
            open.append(group)
            balanceStack.append(0)
          }
        default:
          if var group = open.popLast(), let balance = balanceStack.popLast() {
            group.balances.append(balance)
            group.end = index
            if group.balances.contains(where: { $0 != 0 }), group.branchStarts.count > 1 {
              dropRanges.append(group.branchStarts[1]..<index)
            }
            // A group counts as balanced for its enclosing branch when its first branch is.
            if var outer = balanceStack.popLast() {
              outer += group.balances.first ?? 0
              balanceStack.append(outer)
            }
          }
        }
        index = next
        continue
      }
      if !balanceStack.isEmpty {
        switch token.kind {
        case .leftBrace, .leftParen, .leftBracket: balanceStack[balanceStack.count - 1] += 1
        case .rightBrace, .rightParen, .rightBracket: balanceStack[balanceStack.count - 1] -= 1
        default: break
        }
      }
      index += 1
    }
    guard !directiveLines.isEmpty else { return (tokens, []) }
    // Pass 2: the tokens between the dropped ranges, copied a run at a time (a flag per token
    // and a token appended at a time took 2% of a run's instructions on real code, where one
    // test file in five has a directive).
    var dropped = directiveLines
    if !dropRanges.isEmpty {
      // Unbalanced groups (rare): their later branches too, overlapping or holding directive
      // lines, merged into ascending ranges that do not touch.
      dropped += dropRanges
      dropped.sort { $0.lowerBound < $1.lowerBound }
      var merged: [Range<Int>] = []
      for range in dropped where !range.isEmpty {
        if let last = merged.last, range.lowerBound <= last.upperBound {
          merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
          merged.append(range)
        }
      }
      dropped = merged
    }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var kept = 0
    for range in dropped {
      appendRun(kept..<range.lowerBound, of: tokens, to: &result)
      kept = range.upperBound
    }
    appendRun(kept..<tokens.count, of: tokens, to: &result)
    return (result, placed(directiveLines, directiveKinds, of: tokens, dropped: dropped, droppedBranches: dropRanges))
  }

  /// The directive lines (ascending token ranges) of `kinds` as `Directive`s: each placed before the first
  /// token kept after it, those inside a branch dropped whole left out.
  private static func placed(
    _ lines: [Range<Int>], _ kinds: [Directive.Kind], of tokens: [Token], dropped: [Range<Int>], droppedBranches: [Range<Int>]
  ) -> [Directive] {
    var directives: [Directive] = []
    directives.reserveCapacity(lines.count)
    // The tokens dropped before the current line, counted over the ascending dropped ranges.
    var range = 0
    var droppedBefore = 0
    // The dropped branches by their start, and the furthest end of those started so far: a
    // line lies in one when it starts before that end.
    let branches = droppedBranches.sorted { $0.lowerBound < $1.lowerBound }
    var branch = 0
    var branchEnd = 0
    for (line, kind) in zip(lines, kinds) {
      let start = line.lowerBound
      while branch < branches.count, branches[branch].lowerBound <= start {
        branchEnd = max(branchEnd, branches[branch].upperBound)
        branch += 1
      }
      if start < branchEnd { continue }
      while range < dropped.count, dropped[range].upperBound <= start {
        droppedBefore += dropped[range].count
        range += 1
      }
      // The range holding the line itself (every directive line is dropped).
      let within = range < dropped.count && dropped[range].lowerBound <= start ? start - dropped[range].lowerBound : 0
      directives.append(
        Directive(kind: kind, token: start - droppedBefore - within, offset: Int(tokens[start].start)))
    }
    return directives
  }

  /// Appends `tokens[run]` to `result`; the first of them, when it follows a dropped directive
  /// line (which always ends with a line break) and a token was kept before, is marked as
  /// starting a line.
  private static func appendRun(_ run: Range<Int>, of tokens: [Token], to result: inout [Token]) {
    guard !run.isEmpty else { return }
    let first = result.count
    result.append(contentsOf: tokens[run])
    if first > 0, run.lowerBound > 0 {
      result[first].flags |= Token.newlineBefore | Token.spaceBefore
    }
  }
}

/// A conditional-compilation directive line (`#if`, `#elseif`, `#else`, `#endif`), which the
/// preprocessor drops from the tokens: where it sat among the kept ones.
public struct Directive: Sendable, Equatable {
  /// Which directive.
  public enum Kind: UInt8, Sendable {
    case `if` = 1, elseif, `else`, endif
  }

  /// Which directive.
  public var kind: Kind
  /// The index, among the kept tokens, of the first token after the directive line (the count
  /// of kept tokens when none follows).
  public var token: Int
  /// The byte offset of its `#`.
  public var offset: Int
}
