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
    guard mayHaveDirectives else { return tokens }
    let bytes = source.bytes
    func directive(_ token: Token) -> UInt8? {
      guard token.kind == .pound else { return nil }
      let length = Int(token.end - token.start)
      let base = Int(token.start)
      return directiveKind(
        length: length, length > 1 ? bytes[base + 1] : 0, length > 2 ? bytes[base + 2] : 0,
        length > 3 ? bytes[base + 3] : 0)
    }
    var hasDirective = false
    for token in tokens where directive(token) != nil {
      hasDirective = true
      break
    }
    guard hasDirective else { return tokens }

    // Pass 1: find groups and the bracket balance of each branch.
    struct Group {
      var branchStarts: [Int]
      var balances: [Int]
      var end: Int
    }
    var keep = [Bool](repeating: true, count: tokens.count)
    var open: [Group] = []
    var balanceStack: [Int] = []
    var dropRanges: [Range<Int>] = []
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      if let kind = directive(token) {
        keep[index] = false
        // The condition runs to the end of the line.
        var next = index + 1
        if kind == 1 || kind == 2 {
          while next < tokens.count, !tokens[next].isAtLineStart {
            keep[next] = false
            next += 1
          }
        }
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
    for range in dropRanges {
      for position in range { keep[position] = false }
    }
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    for position in tokens.indices where keep[position] {
      var token = tokens[position]
      if position > 0, !keep[position - 1], result.last.map({ _ in true }) ?? false {
        // A dropped directive line always ends with a line break.
        token.flags |= Token.newlineBefore | Token.spaceBefore
      }
      result.append(token)
    }
    return result
  }
}
