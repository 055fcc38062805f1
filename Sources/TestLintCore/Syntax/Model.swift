/// The kind of a type declaration.
public enum TypeKind: String, Sendable {
  case `class`, `struct`, `enum`, actor, `extension`, `protocol`
}

/// An attribute such as `@Test(.disabled)` or `@MainActor`.
public struct Attribute: Sendable, Hashable {
  /// The name without `@`, such as `Test` (qualified names keep their dots: `Testing.Test`).
  public var name: String
  /// Offset of the `@`.
  public var offset: Int
  /// The token range of the arguments inside the parentheses, if any.
  public var arguments: Range<Int>?
}

/// A `class`, `struct`, `enum`, `actor`, `extension` or `protocol`.
public struct TypeDecl: Sendable {
  /// What kind of declaration.
  public var kind: TypeKind
  /// The declared (or, for an extension, extended) name as written: `Foo`, `Outer.Inner`.
  public var name: String
  /// Offset of the name's first token.
  public var nameOffset: Int
  /// The generic parameter clause as written, without spaces normalised: `<T: Equatable>`.
  public var genericClause: String?
  /// The inheritance list as written, one entry per type: `XCTestCase`, `Base<Int>`.
  public var inheritance: [String]
  /// Attributes before the declaration.
  public var attributes: [Attribute]
  /// Modifiers before the declaration: `final`, `private`, ...
  public var modifiers: [String]
  /// The enclosing type, an index into `FileModel.types`.
  public var parent: Int?
  /// The token range of the body's braces (`{` to `}` inclusive).
  public var body: Range<Int>
  /// Properties declared directly in the body (indices into `FileModel.properties`).
  public var properties: [Int] = []
  /// Functions declared directly in the body (indices into `FileModel.functions`).
  public var functions: [Int] = []
  /// The last component of the name, without generic arguments: `Inner` for `Outer.Inner`.
  public let simpleName: String
  /// The simple name of the first inheritance entry (a class's superclass), if any.
  public let firstInheritedName: String?

  /// Creates a declaration.
  public init(
    kind: TypeKind, name: String, nameOffset: Int, genericClause: String?, inheritance: [String],
    attributes: [Attribute], modifiers: [String], parent: Int?, body: Range<Int>
  ) {
    self.kind = kind
    self.name = name
    self.nameOffset = nameOffset
    self.genericClause = genericClause
    self.inheritance = inheritance
    self.attributes = attributes
    self.modifiers = modifiers
    self.parent = parent
    self.body = body
    self.simpleName = TypeDecl.simpleName(name)
    self.firstInheritedName = inheritance.first.map(TypeDecl.simpleName)
  }

  /// The last dotted component of a type name, generic arguments and optionality removed.
  public static func simpleName(_ written: String) -> String {
    // Generic arguments can sit before the last component too: `Dictionary<K, V>.Keys`.
    // Byte-level: every delimiter involved is ASCII. A plain name (the usual case) is its own
    // simple name: no copy.
    var isPlain = true
    for byte in written.utf8 {
      switch byte {
      case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "?"), 0x20,
        UInt8(ascii: "."):
        isPlain = false
      default:
        continue
      }
      break
    }
    if isPlain { return written }
    var text: [UInt8] = []
    text.reserveCapacity(written.utf8.count)
    var depth = 0
    var previous: UInt8 = 0x20
    for byte in written.utf8 {
      if byte == UInt8(ascii: "<") {
        depth += 1
      } else if byte == UInt8(ascii: ">"), depth > 0, previous != UInt8(ascii: "-") {
        depth -= 1
      } else if depth == 0 {
        text.append(byte)
      }
      previous = byte
    }
    while let last = text.last, last == UInt8(ascii: "!") || last == UInt8(ascii: "?") || last == 0x20 {
      text.removeLast()
    }
    if let dot = text.lastIndex(of: UInt8(ascii: ".")) { text.removeSubrange(...dot) }
    return String(decoding: text, as: UTF8.self)
  }

}

/// A stored or computed property declared with `var` or `let`.
public struct PropertyDecl: Sendable {
  /// The name.
  public var name: String
  /// Offset of the name.
  public var nameOffset: Int
  /// The type annotation as written, if any: `Presenter!`.
  public var typeAnnotation: String?
  /// Whether it has `= initializer`.
  public var hasInitializer: Bool
  /// Token range of the initializer expression, if any.
  public var initializer: Range<Int>?
  /// `let` rather than `var`.
  public var isLet: Bool
  /// Declared `lazy`.
  public var isLazy: Bool
  /// Declared `static` or `class`.
  public var isStatic: Bool
  /// Has a getter body (not just `willSet`/`didSet` observers).
  public var isComputed: Bool
  /// The annotation ends in `!`.
  public var isImplicitlyUnwrapped: Bool
  /// Attributes such as property wrappers (`TearDownProperty`).
  public var attributes: [Attribute]
  /// Modifiers such as `private`, `weak`.
  public var modifiers: [String]
  /// The type it is declared in (index into `FileModel.types`), or nil at file scope.
  public var owner: Int?
}

/// One function parameter.
public struct Parameter: Sendable, Hashable {
  /// The argument label (`_` when none), or nil when the name doubles as label.
  public var label: String?
  /// The parameter name.
  public var name: String
  /// The type as written.
  public var type: String
  /// Whether it has a default value (`strict: Bool = false`): a call may leave it out.
  public var hasDefault = false
}

/// The kind of a function-like declaration.
public enum FunctionKind: String, Sendable {
  case function, initializer, deinitializer, `subscript`
}

/// A `func`, `init`, `deinit` or `subscript` declared in a type or at file scope.
public struct FunctionDecl: Sendable {
  /// What kind of declaration.
  public var kind: FunctionKind
  /// The name (`init`, `deinit`, `subscript` for those), backticks removed.
  public var name: String
  /// Offset of the name.
  public var nameOffset: Int
  /// Attributes such as `@Test(...)`.
  public var attributes: [Attribute]
  /// Modifiers such as `override`, `private`, `static`.
  public var modifiers: [String]
  /// The parameters.
  public var parameters: [Parameter]
  /// Declared `async`.
  public var isAsync: Bool
  /// Declared `throws` (typed or not) or `rethrows`.
  public var isThrows: Bool
  /// Declared `rethrows`: it throws only what a closure it is given throws.
  public var isRethrows = false
  /// The return type as written, if any.
  public var returnType: String?
  /// Token range of the body's braces (`{` to `}` inclusive), nil for a requirement.
  public var body: Range<Int>?
  /// The type it is declared in (index into `FileModel.types`), or nil at file scope.
  public var owner: Int?
  /// The calls inside the body (indices into `FileModel.calls`), closures included.
  public var calls: Range<Int> = 0..<0
  /// The assignments inside the body (indices into `FileModel.assignments`).
  public var assignments: Range<Int> = 0..<0

  /// Whether a modifier is present.
  public func has(_ modifier: String) -> Bool { modifiers.contains(modifier) }
  /// Whether an attribute with this name (or `Module.name`) is present.
  public func hasAttribute(_ name: String) -> Bool {
    attributes.contains { $0.name == name || $0.name.hasSuffix("." + name) }
  }
}

/// One argument of a call.
public struct Argument: Sendable, Hashable {
  /// The label, if written.
  public var label: String?
  /// Token range of the argument (label included).
  public var tokens: Range<Int>
  /// Token range of the value (after the label).
  public var value: Range<Int>
}

/// A trailing closure of a call: `{ ... }` or `label: { ... }`. A named struct rather than a
/// tuple, so arrays of them are copied and destroyed by specialised code, not generic tuple
/// witnesses.
public struct TrailingClosure: Sendable, Hashable {
  /// The label, for the second and later closures.
  public var label: String?
  /// Token range of `{`...`}` inclusive.
  public var tokens: Range<Int>
}

/// The arguments and trailing closures of all the calls of one file, one array of each, which
/// the calls index: a call costs no allocation of its own, and freeing the model frees two
/// arrays rather than two per call. The scanner fills it once, when it has read the whole file
/// and before any call is read; it never changes afterwards (hence `@unchecked Sendable`, and no
/// exclusivity checks on reads).
final class CallParts: @unchecked Sendable {
  @exclusivity(unchecked) var arguments: [Argument] = []
  @exclusivity(unchecked) var trailingClosures: [TrailingClosure] = []
}

/// A call such as `XCTAssertEqual(a, b)`, `self.presenter.viewIsReady()`, `#expect(x)` or
/// `describe("x") { ... }`.
public struct Call: Sendable {
  /// The callee's dotted path: `["self", "presenter", "viewIsReady"]`.
  public var path: [String]
  /// The callee path starts after a call or subscript (`foo().bar()`), so it is partial.
  public var hasExpressionBase: Bool
  /// The callee is an implicit member (`.make()`).
  public var isImplicitMember: Bool
  /// A macro expansion (`#expect`).
  public var isMacro: Bool
  /// Token index of the callee's last component.
  public var nameToken: Int
  /// Token range of `(`...`)` inclusive, if any.
  public var parentheses: Range<Int>?
  /// The call whose arguments or closures contain this one (index into `FileModel.calls`).
  public var parent: Int?
  /// The function whose body contains it (index into `FileModel.functions`).
  public var function: Int
  /// The file's arguments and trailing closures, and where this call's sit among them.
  let parts: CallParts
  let argumentStart: Int32
  let argumentEnd: Int32
  let closureStart: Int32
  let closureEnd: Int32

  /// The parenthesised arguments (empty when the call has only trailing closures).
  public var arguments: CallArguments {
    CallArguments(elements: parts.arguments, base: Int(argumentStart), count: Int(argumentEnd &- argumentStart))
  }
  /// Token ranges of trailing closures (`{`...`}` inclusive), with their labels.
  public var trailingClosures: CallTrailingClosures {
    CallTrailingClosures(
      elements: parts.trailingClosures, base: Int(closureStart), count: Int(closureEnd &- closureStart))
  }
  /// The last component of the callee path (the called name).
  public var name: String { path.last ?? "" }
  /// The component before the name (the receiver), if any.
  public var receiver: String? { path.count >= 2 ? path[path.count - 2] : nil }
  /// The labels of the parenthesised arguments (nil for unlabelled ones).
  public var labels: [String?] {
    argumentStart == argumentEnd ? [] : parts.arguments[Int(argumentStart)..<Int(argumentEnd)].map(\.label)
  }
}

/// A call's parenthesised arguments or trailing closures, indexed from 0 like an array: a view
/// of the file's `CallParts`, so reading them allocates nothing.
public struct CallPartList<Element: Sendable>: RandomAccessCollection, Sendable {
  let elements: [Element]
  let base: Int
  /// How many there are.
  public let count: Int

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> Element {
    precondition(position >= 0 && position < count, "index out of range")
    return elements[base &+ position]
  }
}

/// A call's parenthesised arguments.
public typealias CallArguments = CallPartList<Argument>
/// A call's trailing closures.
public typealias CallTrailingClosures = CallPartList<TrailingClosure>

/// An assignment `target = value` inside a body.
public struct Assignment: Sendable, Hashable {
  /// The assigned path: `["self", "presenter"]` or `["presenter"]`.
  public var target: [String]
  /// Token index of the target's last component.
  public var targetToken: Int
  /// Token range of the assigned value.
  public var value: Range<Int>
  /// The function whose body contains it.
  public var function: Int

  /// The assigned name with a leading `self.` removed, when it names a member.
  public var memberName: String? {
    if target.count == 1 { return target[0] }
    if target.count == 2, target[0] == "self" { return target[1] }
    return nil
  }
}

/// A `let` / `var` declared inside a function body or closure: `let presenter = Presenter()`.
public struct LocalDecl: Sendable, Hashable {
  /// The name.
  public var name: String
  /// Token index of the name.
  public var nameToken: Int
  /// The type annotation as written, if any: `Presenter!`.
  public var typeAnnotation: String?
  /// Token range of the initializer expression, if any.
  public var initializer: Range<Int>?
  /// `let` rather than `var`.
  public var isLet: Bool
  /// Attribute names before it, without `@`: `TestState`.
  public var attributes: [String]
  /// The innermost call whose arguments or closures contain it (a Quick `describe`), if any.
  public var enclosingCall: Int?
  /// The function whose body contains it.
  public var function: Int
}

/// A `typealias` whose target is a named type: both as simple names (`Base`, `Generic`).
public struct TypeAliasDecl: Sendable, Hashable {
  public var name: String
  public var target: String
}

/// An `import` declaration.
public struct ImportDecl: Sendable, Hashable {
  /// The module path: `XCTest`, `Foundation.NSString`.
  public var module: String
  /// Offset of the `import` keyword.
  public var offset: Int
}

/// The light model of one Swift file that rules read.
public struct FileModel: Sendable {
  /// The file's text and line table.
  public var source: SourceFile
  /// Significant tokens after `#if` handling (see `Scanner`).
  public var tokens: [Token]
  /// Comments, for suppressions.
  public var comments: [Token]
  /// Unterminated literals and similar problems.
  public var problems: [LexProblem]
  /// The `#if` / `#elseif` / `#else` / `#endif` lines, placed among `tokens` (see `Preprocessor`).
  public var directives: [Directive] = []
  /// Imports.
  public var imports: [ImportDecl] = []
  /// Type declarations in source order (nested ones too).
  public var types: [TypeDecl] = []
  /// Property declarations of types and file scope (not locals).
  public var properties: [PropertyDecl] = []
  /// Functions of types and file scope (not local functions, whose calls count for the outer).
  public var functions: [FunctionDecl] = []
  /// Calls in function bodies.
  public var calls: [Call] = []
  /// Assignments in function bodies.
  public var assignments: [Assignment] = []
  /// Local `let` / `var` declarations in function bodies (statement level, not conditions).
  public var locals: [LocalDecl] = []
  /// `typealias` declarations naming another type (`typealias Base = Generic<A>`), at any scope.
  public var typeAliases: [TypeAliasDecl] = []

  /// The text of a token.
  public func text(_ index: Int) -> String { source.text(tokens[index].range) }

  /// The byte offset where a token starts.
  public func offset(_ index: Int) -> Int { Int(tokens[index].start) }

  /// The source text spanned by a token range, as written.
  public func text(tokens range: Range<Int>) -> String {
    guard let first = range.first, let last = range.last, last < tokens.count else { return "" }
    return source.text(Int(tokens[first].start)..<Int(tokens[last].end))
  }
}

extension FileModel {
  /// Whether a token's text is exactly `spelling`, compared byte by byte (no allocation).
  public func token(_ index: Int, is spelling: StaticString) -> Bool {
    guard index >= 0, index < tokens.count else { return false }
    let token = tokens[index]
    let length = Int(token.end - token.start)
    guard length == spelling.utf8CodeUnitCount else { return false }
    let start = Int(token.start)
    return spelling.withUTF8Buffer { expected in
      for offset in 0..<length where source.bytes[start + offset] != expected[offset] { return false }
      return true
    }
  }

  /// The index of the bracket closing the one at `open` (any of `(`, `[`, `{`, counting all three
  /// kinds), looking no further than `end`; nil when it does not close before `end`.
  func closingBracket(of open: Int, before end: Int) -> Int? {
    var depth = 0
    for index in open..<min(end, tokens.count) {
      switch tokens[index].kind {
      case .leftParen, .leftBracket, .leftBrace: depth += 1
      case .rightParen, .rightBracket, .rightBrace:
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return nil
  }
}
