/// A path pattern from `included` / `excluded`, matched against `/`-separated relative paths.
///
/// `*` matches any run of characters within one path segment, `?` one character, `[abc]`,
/// `[a-z]` and `[!abc]` one character of (or not of) a set, `**` as a whole segment any number
/// of segments (zero included), and `\` escapes the next character. A pattern without any
/// of these also matches everything below the directory it names. A leading `./` is ignored.
/// Matching is iterative with one backtracking point per level, so it takes at most
/// (pattern length × path length) steps.
public struct Glob: Sendable, Hashable {
  /// The pattern as written.
  public let pattern: String
  private let segments: [Segment]
  private let isLiteral: Bool

  /// Compiles `pattern`.
  public init(_ pattern: String) {
    self.pattern = pattern
    let parts = Glob.split(Array(pattern.unicodeScalars))
    segments = parts.map { part in
      part.count == 2 && part.allSatisfy({ $0 == "*" }) ? .anySegments : .tokens(Glob.tokens(part))
    }
    isLiteral = segments.allSatisfy { segment in
      guard case .tokens(let tokens) = segment else { return false }
      return tokens.allSatisfy { if case .literal = $0 { true } else { false } }
    }
  }

  /// True when `relativePath` (with `/` separators) matches the pattern.
  public func matches(_ relativePath: String) -> Bool {
    let path = Glob.split(Array(relativePath.unicodeScalars))
    if isLiteral && path.count > segments.count {
      return matchSegments(Array(path.prefix(segments.count)))
    }
    return matchSegments(path)
  }
}

// MARK: - Matching

private enum GlobToken: Sendable, Hashable {
  case literal(Unicode.Scalar)
  case any
  case star
  case set([ClosedRange<UInt32>], negated: Bool)
}

private enum Segment: Sendable, Hashable {
  case anySegments
  case tokens([GlobToken])
}

extension Glob {
  private func matchSegments(_ path: [ArraySlice<Unicode.Scalar>]) -> Bool {
    var patternIndex = 0
    var pathIndex = 0
    var backtrack: (pattern: Int, path: Int)?
    while pathIndex < path.count {
      if patternIndex < segments.count {
        switch segments[patternIndex] {
        case .anySegments:
          backtrack = (patternIndex, pathIndex)
          patternIndex += 1
          continue
        case .tokens(let tokens):
          if Glob.matchSegment(tokens, path[pathIndex]) {
            patternIndex += 1
            pathIndex += 1
            continue
          }
        }
      }
      guard let point = backtrack else { return false }
      backtrack = (point.pattern, point.path + 1)
      patternIndex = point.pattern + 1
      pathIndex = point.path + 1
    }
    while patternIndex < segments.count, segments[patternIndex] == .anySegments {
      patternIndex += 1
    }
    return patternIndex == segments.count
  }

  private static func matchSegment(_ tokens: [GlobToken], _ text: ArraySlice<Unicode.Scalar>) -> Bool {
    var tokenIndex = 0
    var textIndex = text.startIndex
    var backtrack: (token: Int, text: Int)?
    while textIndex < text.endIndex {
      if tokenIndex < tokens.count {
        let scalar = text[textIndex]
        switch tokens[tokenIndex] {
        case .star:
          backtrack = (tokenIndex, textIndex)
          tokenIndex += 1
          continue
        case .any:
          tokenIndex += 1
          textIndex += 1
          continue
        case .literal(let expected) where expected == scalar:
          tokenIndex += 1
          textIndex += 1
          continue
        case .set(let ranges, let negated)
        where ranges.contains { $0.contains(scalar.value) } != negated:
          tokenIndex += 1
          textIndex += 1
          continue
        default:
          break
        }
      }
      guard let point = backtrack else { return false }
      backtrack = (point.token, point.text + 1)
      tokenIndex = point.token + 1
      textIndex = point.text + 1
    }
    while tokenIndex < tokens.count, tokens[tokenIndex] == .star { tokenIndex += 1 }
    return tokenIndex == tokens.count
  }

  /// Splits on `/`, dropping empty and `.` segments (so `./a//b/` is `a`, `b`).
  private static func split(_ scalars: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
    scalars.split(separator: "/", omittingEmptySubsequences: true).filter {
      !($0.count == 1 && $0.first == ".")
    }
  }

  /// Turns one pattern segment into tokens; an unclosed `[` is a literal.
  private static func tokens(_ part: ArraySlice<Unicode.Scalar>) -> [GlobToken] {
    let scalars = Array(part)
    var tokens: [GlobToken] = []
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "*":
        if tokens.last != .star { tokens.append(.star) }
        index += 1
      case "?":
        tokens.append(.any)
        index += 1
      case "\\" where index + 1 < scalars.count:
        tokens.append(.literal(scalars[index + 1]))
        index += 2
      case "[":
        if let (token, next) = set(scalars, from: index) {
          tokens.append(token)
          index = next
        } else {
          tokens.append(.literal(scalar))
          index += 1
        }
      default:
        tokens.append(.literal(scalar))
        index += 1
      }
    }
    return tokens
  }

  /// Parses `[...]` starting at `start`; returns the token and the index after `]`.
  private static func set(_ scalars: [Unicode.Scalar], from start: Int) -> (GlobToken, Int)? {
    var index = start + 1
    var negated = false
    if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
      negated = true
      index += 1
    }
    var ranges: [ClosedRange<UInt32>] = []
    var first = true
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "]" && !first { return (.set(ranges, negated: negated), index + 1) }
      first = false
      if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
        let low = min(scalar.value, scalars[index + 2].value)
        let high = max(scalar.value, scalars[index + 2].value)
        ranges.append(low...high)
        index += 3
      } else {
        ranges.append(scalar.value...scalar.value)
        index += 1
      }
    }
    return nil
  }
}
