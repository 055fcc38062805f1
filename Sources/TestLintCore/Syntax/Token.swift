/// What a token is. Keywords are identifiers with a `Keyword` attached.
public enum TokenKind: UInt8, Sendable {
  case identifier
  /// `` `name` ``: the text includes the backticks.
  case backtickIdentifier
  case number
  /// A whole string literal, interpolations included.
  case string
  /// A regex literal, `/.../` or `#/.../#`.
  case regex
  case `operator`
  case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
  case comma, colon, semicolon, dot, at
  /// `#name`: a compiler directive (`#if`) or a macro (`#expect`).
  case pound
  /// `//...` or `/*...*/`; kept out of the token list, in `LexedFile.comments`.
  case comment
  /// A byte that starts no token (a stray backslash, a lone `#`).
  case unknown
}

/// One token: its kind and byte range. 12 bytes, so a file's tokens stay cheap.
public struct Token: Sendable, Equatable {
  /// What it is.
  public var kind: TokenKind
  /// The keyword an identifier spells, or `.none`.
  public var keyword: Keyword
  /// Whitespace facts: see `Token.newlineBefore` and `Token.spaceBefore`.
  public var flags: UInt8
  /// First byte.
  public var start: Int32
  /// One past the last byte.
  public var end: Int32

  /// A line break (possibly inside a comment) separates this token from the previous one.
  public static let newlineBefore: UInt8 = 1
  /// Whitespace or a comment separates this token from the previous one.
  public static let spaceBefore: UInt8 = 2
  /// A string literal with an interpolation that may hold a call (a `(` or `{` inside it):
  /// `LexedFile.interpolations` has its contents.
  public static let interpolatedCall: UInt8 = 4

  /// The byte range.
  public var range: Range<Int> { Int(start)..<Int(end) }
  /// Whether a line break comes before it.
  public var isAtLineStart: Bool { flags & Token.newlineBefore != 0 }
  /// Whether whitespace comes before it.
  public var hasSpaceBefore: Bool { flags & Token.spaceBefore != 0 }
  /// Whether it is a string literal with an interpolation that may hold a call.
  public var hasInterpolatedCall: Bool { flags & Token.interpolatedCall != 0 }
  /// Whether it is an identifier or a backticked one.
  public var isIdentifierLike: Bool { kind == .identifier || kind == .backtickIdentifier }
}

/// The Swift keywords the scanner cares about (and a few it needs to step over).
public enum Keyword: UInt8, Sendable, CaseIterable {
  case none
  case `class`, `struct`, `enum`, actor, `extension`, `protocol`, `func`, `init`, `deinit`
  case `subscript`, `var`, `let`, lazy, `static`, `private`, `fileprivate`, `internal`, `public`
  case open, final, override, mutating, nonmutating, async, `throws`, `rethrows`, `return`
  case `import`, `typealias`, `associatedtype`, `where`, `in`, `self`, `super`, `true`, `false`
  case `nil`, `if`, `guard`, `else`, `for`, `while`, `repeat`, `switch`, `case`, `default`, `do`
  case `catch`, `try`, await, `is`, `as`, some, any, `inout`, weak, unowned, convenience
  case required, dynamic, indirect, nonisolated, get, set, willSet, didSet, package, macro
  case `operator`, `precedencegroup`, `defer`, `break`, `continue`, `fallthrough`, `throw`
  case prefix, postfix, infix, consuming, borrowing, isolated, optional, `Self`

  /// The keyword a byte range spells, or `.none`.
  static func lookup(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
    in table: KeywordTable = KeywordTable.shared
  ) -> Keyword {
    let length = end - start
    guard length >= 2, length <= 15 else { return .none }
    let first = buffer[start]
    guard (first >= 0x61 && first <= 0x7A) || first == 0x53 else { return .none }
    let slot = Int(first) &* 16 &+ length
    var candidate = Int(table.slots[slot])
    let last = Int(table.slots[slot + 1])
    guard candidate < last else { return .none }
    let (low, high) = packed(buffer, start, length)
    while candidate < last {
      let entry = table.entries[candidate]
      if entry.low == low, entry.high == high { return entry.keyword }
      candidate += 1
    }
    return .none
  }

  /// Packs a spelling byte by byte (near the end of the buffer, where a word load could read
  /// past it).
  /// `buffer[start..<start + length]` (at most 16 bytes) packed little-endian into two words,
  /// zero-padded: two loads when 16 bytes are readable there, byte by byte near the end.
  static func packed(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int
  ) -> (low: UInt64, high: UInt64) {
    var low: UInt64 = 0
    var high: UInt64 = 0
    if start + 16 <= buffer.count, let base = buffer.baseAddress {
      let raw = UnsafeRawPointer(base + start)
      let first = raw.loadUnaligned(as: UInt64.self).littleEndian
      if length < 8 {
        low = first & ((1 << UInt64(length &* 8)) &- 1)
      } else {
        low = first
        if length > 8 {
          let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
          high = second & (~0 >> UInt64(64 &- (length &- 8) &* 8))
        }
      }
    } else {
      pack(buffer, start, length, &low, &high)
    }
    return (low, high)
  }

  private static func pack(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int,
    _ low: inout UInt64, _ high: inout UInt64
  ) {
    var index = 0
    while index < min(length, 8) {
      low |= UInt64(buffer[start + index]) << UInt64(index &* 8)
      index += 1
    }
    while index < length {
      high |= UInt64(buffer[start + index]) << UInt64((index &- 8) &* 8)
      index += 1
    }
  }

  /// The keyword's spelling (spelled out: `String(describing:)` is slow at start-up).
  public var text: String {
    switch self {
    case .none: return ""
    case .`class`: return "class"
    case .`struct`: return "struct"
    case .`enum`: return "enum"
    case .actor: return "actor"
    case .`extension`: return "extension"
    case .`protocol`: return "protocol"
    case .`func`: return "func"
    case .`init`: return "init"
    case .`deinit`: return "deinit"
    case .`subscript`: return "subscript"
    case .`var`: return "var"
    case .`let`: return "let"
    case .lazy: return "lazy"
    case .`static`: return "static"
    case .`private`: return "private"
    case .`fileprivate`: return "fileprivate"
    case .`internal`: return "internal"
    case .`public`: return "public"
    case .open: return "open"
    case .final: return "final"
    case .override: return "override"
    case .mutating: return "mutating"
    case .nonmutating: return "nonmutating"
    case .async: return "async"
    case .`throws`: return "throws"
    case .`rethrows`: return "rethrows"
    case .`return`: return "return"
    case .`import`: return "import"
    case .`typealias`: return "typealias"
    case .`associatedtype`: return "associatedtype"
    case .`where`: return "where"
    case .`in`: return "in"
    case .`self`: return "self"
    case .`super`: return "super"
    case .`true`: return "true"
    case .`false`: return "false"
    case .`nil`: return "nil"
    case .`if`: return "if"
    case .`guard`: return "guard"
    case .`else`: return "else"
    case .`for`: return "for"
    case .`while`: return "while"
    case .`repeat`: return "repeat"
    case .`switch`: return "switch"
    case .`case`: return "case"
    case .`default`: return "default"
    case .`do`: return "do"
    case .`catch`: return "catch"
    case .`try`: return "try"
    case .await: return "await"
    case .`is`: return "is"
    case .`as`: return "as"
    case .some: return "some"
    case .any: return "any"
    case .`inout`: return "inout"
    case .weak: return "weak"
    case .unowned: return "unowned"
    case .convenience: return "convenience"
    case .required: return "required"
    case .dynamic: return "dynamic"
    case .indirect: return "indirect"
    case .nonisolated: return "nonisolated"
    case .get: return "get"
    case .set: return "set"
    case .willSet: return "willSet"
    case .didSet: return "didSet"
    case .package: return "package"
    case .macro: return "macro"
    case .`operator`: return "operator"
    case .`precedencegroup`: return "precedencegroup"
    case .`defer`: return "defer"
    case .`break`: return "break"
    case .`continue`: return "continue"
    case .`fallthrough`: return "fallthrough"
    case .`throw`: return "throw"
    case .prefix: return "prefix"
    case .postfix: return "postfix"
    case .infix: return "infix"
    case .consuming: return "consuming"
    case .borrowing: return "borrowing"
    case .isolated: return "isolated"
    case .optional: return "optional"
    case .`Self`: return "Self"
    }
  }

  /// Whether the keyword is one of `set` (a bit mask test, no allocation).
  @inline(__always)
  func isIn(_ set: KeywordSet) -> Bool { set.contains(self) }
}

/// A set of keywords as a bit mask, for hot-path membership tests.
struct KeywordSet: Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  init(_ keywords: [Keyword]) {
    for keyword in keywords {
      let bit = Int(keyword.rawValue)
      if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }
  }

  @inline(__always)
  func contains(_ keyword: Keyword) -> Bool {
    let bit = Int(keyword.rawValue)
    return bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
  }
}

/// Keyword spellings by first byte and length, packed into words: no allocation, no reference
/// counting on the lexer's hot path.
struct KeywordTable: @unchecked Sendable {
  struct Entry {
    var low: UInt64
    var high: UInt64
    var keyword: Keyword
  }

  /// `slots[first * 16 + length] ..< slots[first * 16 + length + 1]` index `entries`.
  let slots: UnsafeMutablePointer<UInt16>
  let entries: UnsafeMutablePointer<Entry>

  /// Built once and never freed (immutable after `init`).
  static let shared = KeywordTable()

  private init() {
    var buckets = [[Entry]](repeating: [], count: 128 * 16)
    for keyword in Keyword.allCases where keyword != .none {
      let bytes = Array(keyword.text.utf8)
      var low: UInt64 = 0
      var high: UInt64 = 0
      for (index, byte) in bytes.enumerated() {
        if index < 8 { low |= UInt64(byte) << UInt64(index * 8) } else { high |= UInt64(byte) << UInt64((index - 8) * 8) }
      }
      buckets[Int(bytes[0]) * 16 + bytes.count].append(Entry(low: low, high: high, keyword: keyword))
    }
    slots = .allocate(capacity: buckets.count + 1)
    entries = .allocate(capacity: Keyword.allCases.count)
    var next = 0
    for (slot, bucket) in buckets.enumerated() {
      slots[slot] = UInt16(next)
      for entry in bucket {
        (entries + next).initialize(to: entry)
        next += 1
      }
    }
    slots[buckets.count] = UInt16(next)
  }
}
