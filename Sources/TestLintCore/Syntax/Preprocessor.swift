/// Resolves `#if` / `#elseif` / `#else` / `#endif` on the token level.
///
/// Directive lines are dropped. Every branch of a group is kept when each branch balances its
/// own brackets (the usual case: alternative statements or members); when some branch does not
/// (`#if X class A: B { #else class A: C { #endif`), only the first branch is kept, so the
/// scanner sees code the compiler could see. Iterative, one pass to find groups, one to filter.
public enum Preprocessor {
  /// Returns the tokens the scanner should read.
  public static func resolve(_ tokens: [Token], source: SourceFile) -> [Token] {
    let bytes = source.bytes
    func directive(_ token: Token) -> UInt8? {
      guard token.kind == .pound else { return nil }
      let length = token.end - token.start
      let base = Int(token.start)
      // #if, #elseif, #else, #endif: distinguish by length and letters.
      switch length {
      case 3 where bytes[base + 1] == UInt8(ascii: "i") && bytes[base + 2] == UInt8(ascii: "f"):
        return 1
      case 7 where bytes[base + 1] == UInt8(ascii: "e") && bytes[base + 3] == UInt8(ascii: "s"):
        return 2  // #elseif
      case 5 where bytes[base + 1] == UInt8(ascii: "e") && bytes[base + 2] == UInt8(ascii: "l"):
        return 3  // #else
      case 6 where bytes[base + 1] == UInt8(ascii: "e") && bytes[base + 2] == UInt8(ascii: "n"):
        return 4  // #endif
      default:
        return nil
      }
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
