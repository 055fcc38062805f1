import Synchronization

/// A lint rule: a static description and a pure check of one file's model.
public protocol Rule: Sendable {
  /// Id, summary, default severity, opt-in flag and options.
  static var description: RuleDescription { get }
  /// Creates the rule with its effective options (already validated by the configuration).
  init(options: RuleOptions)
  /// What is wrong in the file, and where. The engine adds rule id, severity and path.
  func check(_ context: RuleContext) -> [Violation]
  /// Whether `check` reads `RuleContext.runFiles` (the run's paths, which a run then gathers
  /// into a set before linting; false by default).
  var readsRunFiles: Bool { get }
}

extension Rule {
  public var readsRunFiles: Bool { false }
}

/// What a rule reports: a place, a message, and optionally a safe fix.
public struct Violation: Sendable, Hashable {
  /// Byte offset the finding points at.
  public var offset: Int
  /// The message: lowercase, says what to do, code in single quotes, no trailing period.
  public var message: String
  /// The enclosing test, `Suite.name`, if any.
  public var test: String?
  /// Edits that remove the violation without changing what the test checks, if the rule can.
  public var fix: [Edit]?

  /// Creates a violation.
  public init(offset: Int, message: String, test: String? = nil, fix: [Edit]? = nil) {
    self.offset = offset
    self.message = message
    self.test = test
    self.fix = fix
  }
}

/// One text replacement: the bytes in `range` become `replacement`.
public struct Edit: Sendable, Hashable {
  /// Byte range in the file as read.
  public var range: Range<Int>
  /// The new text.
  public var replacement: String

  /// Creates an edit.
  public init(range: Range<Int>, replacement: String) {
    self.range = range
    self.replacement = replacement
  }
}

/// Everything a rule may read about one file.
public struct RuleContext: Sendable {
  /// The file's model.
  public let model: FileModel
  /// The run's test discovery (which classes are test cases).
  public let discovery: TestDiscovery
  /// The tests of this file.
  public let tests: [DiscoveredTest]
  /// The file's same-file call graph.
  public let callGraph: CallGraph
  /// Names of functions declared anywhere in the run that assert (so calling them asserts).
  public let assertingHelpers: HelperNames
  /// The display paths of every file in the run (empty when unknown), so a rule can tell which
  /// files sit beside this one without doing I/O.
  public let runFiles: Set<String>
  /// The classes, structs and extensions of each simple name, in source order; rules look
  /// types up per type or per call, and a linear search each time is quadratic in big files.
  private let typesByName: [String: [Int]]
  /// The index in `tests` of each function that is a (non-Quick) test.
  private let testOfFunction: [Int: Int]
  /// What several rules derive from the file, computed by the first that asks.
  let memo = RuleContextMemo()
  /// Whether rules build the fixes of their violations; off where only findings are wanted.
  public var buildsFixes = true
  /// Whether violations name their test (`Violation.test`); off where findings keep no details
  /// (the `text` report prints no test name, and making each was 0.8% of a run).
  public var keepsTestNames = true

  /// The name a violation in `test` records as its test: nil without one, or when the run keeps
  /// no test names.
  public func testName(_ test: DiscoveredTest?) -> String? {
    keepsTestNames ? test?.qualifiedName : nil
  }

  /// Creates a context for a model.
  public init(
    model: FileModel, discovery: TestDiscovery, assertingHelpers: HelperNames = [],
    runFiles: Set<String> = []
  ) {
    self.model = model
    self.discovery = discovery.forFile(model)
    self.tests = self.discovery.tests(in: model)
    self.callGraph = CallGraph(model)
    self.assertingHelpers = assertingHelpers
    self.runFiles = runFiles
    var typesByName: [String: [Int]] = [:]
    for index in model.types.indices {
      let kind = model.types[index].kind
      guard kind == .class || kind == .extension || kind == .struct else { continue }
      typesByName[model.types[index].simpleName, default: []].append(index)
    }
    self.typesByName = typesByName
    var testOfFunction: [Int: Int] = [:]
    for (index, test) in tests.enumerated().reversed() where test.framework != .quick {
      testOfFunction[test.function] = index
    }
    self.testOfFunction = testOfFunction
  }

  /// The function and every same-file function it calls, transitively (cycles are safe).
  public func reachableFunctions(from start: Int) -> [Int] { callGraph.reachable(from: start) }

  /// Whether the file's `fit` / `xit` / `pending` calls are Quick's: it imports Quick, or
  /// declares or extends a Quick spec (a `QuickSpec`, `AsyncSpec` or `Behavior` subclass,
  /// directly or through the run's classes), which it can do without the import (a module that
  /// re-exports Quick).
  public var usesQuick: Bool {
    model.imports.contains { $0.module == "Quick" } || model.types.contains { discovery.isQuickSpecType($0) }
  }

  /// How the rules that follow calls resolve them (made once per file, when first asked).
  public var callResolver: CallResolver {
    memo.callResolver.withLock { cached in
      if let cached { return cached }
      let resolver = CallResolver(callGraph)
      cached = resolver
      return resolver
    }
  }

  /// The functions of a type declared in this file, with those of its extensions in this file.
  public func functions(ofTypeNamed name: String) -> [Int] {
    types(named: name).flatMap { model.types[$0].functions }
  }

  /// The indices of the classes, structs and extensions with this simple name, in source order.
  public func types(named name: String) -> [Int] { typesByName[name] ?? [] }

  /// The test a function is, if it is one (not a Quick `spec()`, which holds many).
  public func test(ofFunction function: Int) -> DiscoveredTest? {
    testOfFunction[function].map { tests[$0] }
  }

  /// The test whose body holds a call: a test function, or the Quick example around it.
  public func test(containingCall index: Int) -> DiscoveredTest? {
    if let example = tests.last(where: { $0.framework == .quick && $0.calls.contains(index) }) {
      return example
    }
    return test(ofFunction: model.calls[index].function)
  }

  /// `IndiscreteTestRule.codeLines(in:of:)` of a body, counted once for all the rules that ask.
  public func codeLines(in body: Range<Int>) -> Int {
    memo.codeLines.withLock { cache in
      if let known = cache[body.lowerBound] { return known }
      let count = IndiscreteTestRule.codeLines(in: body, of: model)
      cache[body.lowerBound] = count
      return count
    }
  }

  /// Whether the token range is empty (only comments between the braces).
  public func isEmptyBody(_ body: Range<Int>) -> Bool { body.count <= 2 }
}

/// Values derived from one file's context on first use and shared by every rule that asks, so
/// that two rules reading the same thing do not each compute it.
final class RuleContextMemo: Sendable {
  /// `RuleContext.testCodeWithHelpers()`.
  let testCodeWithHelpers = Mutex<[TestCode]?>(nil)
  /// `IndiscreteTestRule.codeLines` of each body read, by its first token.
  let codeLines = Mutex<[Int: Int]>([:])
  /// The functions declared in each Quick `spec()`'s closures (`MissingAssertionRule`).
  let quickLocalFunctions = Mutex<[Int: QuickLocalFunctions]>([:])
  /// `RuleContext.callResolver`.
  let callResolver = Mutex<CallResolver?>(nil)
  /// `RuleContext.drivesApp` (`UITestCheck`).
  let drivesApp = Mutex<Bool?>(nil)
}

/// Matches names against patterns where `*` stands for any run of characters.
public struct WildcardPattern: Sendable, Hashable {
  private let parts: [Substring]
  private let anchoredStart: Bool
  private let anchoredEnd: Bool

  /// Compiles a pattern such as `assert*` or `*Presenter`.
  public init(_ pattern: String) {
    parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
    anchoredStart = !pattern.hasPrefix("*")
    anchoredEnd = !pattern.hasSuffix("*")
  }

  /// Whether the whole name matches.
  public func matches(_ name: String) -> Bool {
    if parts.count == 1 { return name == parts[0] }
    var rest = Substring(name)
    let nonEmpty = parts.enumerated().filter { !$0.element.isEmpty }
    for (position, part) in nonEmpty {
      if position == 0, anchoredStart {
        guard rest.hasPrefix(part) else { return false }
        rest = rest.dropFirst(part.count)
      } else if position == parts.count - 1, anchoredEnd {
        return rest.hasSuffix(part)
      } else {
        guard let range = rest.firstRange(of: part) else { return false }
        rest = rest[range.upperBound...]
      }
    }
    return true
  }
}
