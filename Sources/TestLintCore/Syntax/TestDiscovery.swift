/// The test framework a test belongs to.
public enum TestFramework: String, Sendable, Hashable, CaseIterable {
  case xctest
  case swiftTesting = "swift-testing"
  case quick
}

/// One test the scanner found: a test method, an `@Test` function, or a Quick `it` block.
public struct DiscoveredTest: Sendable, Hashable {
  /// The enclosing type's name (as written for extensions), nil for a free `@Test` function.
  public var suite: String?
  /// The test's name: the method name, or a Quick example's description.
  public var name: String
  /// The framework that runs it.
  public var framework: TestFramework
  /// The function that is the test, or (Quick) that declares it: an index into
  /// `FileModel.functions`.
  public var function: Int
  /// Token range of the test's body (`{`...`}`), nil when it has none.
  public var body: Range<Int>?
  /// The calls inside the body, an index range into `FileModel.calls`.
  public var calls: Range<Int>
  /// Byte offset where findings about the test as a whole land: the method's name, or `it`.
  public var nameOffset: Int
  /// Quick: the descriptions of the enclosing `describe` / `context` groups, outermost first.
  public var groups: [String] = []
  /// Quick: the `it` call, an index into `FileModel.calls`.
  public var call: Int?
  /// Quick: `xit`, `pending(...)`, or inside `xdescribe` / `xcontext`: the example does not run.
  public var isPending = false
  /// Quick: the description is not a string literal (`it(message)` in a helper that takes it):
  /// `name` is the argument as written, not what Quick will name the example.
  public var isNamedByExpression = false

  /// `Suite.name`, `name` for a free function, `Spec.group, group, example` for Quick.
  public var qualifiedName: String {
    let base = groups.isEmpty ? name : (groups + [name]).joined(separator: ", ")
    // Built in one buffer: an interpolation cost 1,600 instructions, and every finding in a
    // test reads this name (`Violation.test`).
    return suite.map { RuleText.concatenate($0, ".", base) } ?? base
  }
}

/// Which classes of a whole run are XCTest test cases: a class inheriting, transitively, from
/// `XCTestCase` or from a configured base, across every file of the run.
public struct ClassHierarchy: Sendable {
  /// The superclass (simple name) each class (simple name) was first declared with.
  private var firstSuperclass: [String: String] = [:]
  /// Other superclasses of a name declared again with another (rare): one string per class
  /// above, not a set each, which in a run of 100,000 files was that many allocations to
  /// make under the run's lock and to free at its end.
  private var otherSuperclasses: [String: Set<String>] = [:]

  /// Superclass (simple name) of each class (simple name); a name declared twice keeps both.
  public var superclasses: [String: Set<String>] {
    var result = firstSuperclass.mapValues { Set([$0]) }
    for (name, others) in otherSuperclasses { result[name, default: []].formUnion(others) }
    return result
  }

  /// An empty hierarchy.
  public init() {}

  /// The superclasses the class `name` is declared with (two or more for a name declared again
  /// with another, in another target), in no particular order; empty for a class not added.
  func superclasses(of name: String) -> [String] {
    guard let first = firstSuperclass[name] else { return [] }
    guard let others = otherSuperclasses[name] else { return [first] }
    return [first] + others
  }

  /// Adds a class and its superclass.
  private mutating func add(_ name: String, superclass: String) {
    if let known = firstSuperclass[name] {
      if known != superclass { otherSuperclasses[name, default: []].insert(superclass) }
    } else {
      firstSuperclass[name] = superclass
    }
  }

  /// Adds the classes a file declares.
  public mutating func add(_ model: FileModel) {
    add(Self.classes(of: model))
  }

  /// The classes a file declares with a superclass: (simple name, first inherited name).
  static func classes(of model: FileModel) -> [ResultCache.Pair] {
    var classes: [ResultCache.Pair] = []
    for type in model.types where type.kind == .class {
      if let first = type.firstInheritedName { classes.append(ResultCache.Pair(name: type.simpleName, superclass: first)) }
    }
    classes += aliases(of: model)
    return classes
  }

  /// A file's type aliases as classes of the hierarchy: an alias stands for its target, so a class
  /// built on `typealias Base = Generic<A>` is built on `Generic`, and the alias enters the
  /// hierarchy as a subclass of it.
  static func aliases(of model: FileModel) -> [ResultCache.Pair] {
    model.typeAliases.lazy.filter { $0.name != $0.target }.map { ResultCache.Pair(name: $0.name, superclass: $0.target) }
  }

  /// Adds (class, superclass) pairs learnt from a file.
  public mutating func add(_ classes: [ResultCache.Pair]) {
    for pair in classes { add(pair.name, superclass: pair.superclass) }
  }

  /// Adds another hierarchy's classes.
  public mutating func merge(_ other: ClassHierarchy) {
    for (name, superclass) in other.firstSuperclass { add(name, superclass: superclass) }
    for (name, supers) in other.otherSuperclasses {
      for superclass in supers { add(name, superclass: superclass) }
    }
  }

  /// Every class name that inherits (transitively) from one of `roots`, the roots included.
  public func testCaseClasses(roots: Set<String>) -> Set<String> {
    Self.descendants(of: roots, children: children())
  }

  /// The test-case classes under `roots` and the Quick specs under `specRoots`, from one map
  /// of the classes' children (a run's hierarchy has a class per test file: the map is most
  /// of the work).
  public func testCaseClasses(
    roots: Set<String>, specRoots: Set<String>
  ) -> (testCases: Set<String>, specs: Set<String>) {
    let children = children()
    return (Self.descendants(of: roots, children: children), Self.descendants(of: specRoots, children: children))
  }

  /// `testCaseClasses(roots:specRoots:)` of a hierarchy of just these classes (one file's).
  /// A file with no class, or one (most test files: `final class FooTests: XCTestCase`), is
  /// answered without building the hierarchy.
  public static func testCaseClasses(
    of classes: [ResultCache.Pair], roots: Set<String>, specRoots: Set<String>
  ) -> (testCases: Set<String>, specs: Set<String>) {
    if classes.isEmpty { return (roots, specRoots) }
    if classes.count == 1, let only = classes.first, only.name != only.superclass {
      var testCases = roots
      var specs = specRoots
      if roots.contains(only.superclass) { testCases.insert(only.name) }
      if specRoots.contains(only.superclass) { specs.insert(only.name) }
      return (testCases, specs)
    }
    var hierarchy = ClassHierarchy()
    hierarchy.add(classes)
    return hierarchy.testCaseClasses(roots: roots, specRoots: specRoots)
  }

  /// Each superclass's subclasses.
  private func children() -> [String: [String]] {
    var children: [String: [String]] = [:]
    for (name, parent) in firstSuperclass { children[parent, default: []].append(name) }
    for (name, supers) in otherSuperclasses {
      for parent in supers { children[parent, default: []].append(name) }
    }
    return children
  }

  /// The roots and every class under them (a worklist, no recursion).
  private static func descendants(of roots: Set<String>, children: [String: [String]]) -> Set<String> {
    var result = roots
    var queue = Array(roots)
    while let next = queue.popLast() {
      // One hash per child: `insert` says whether it was new.
      for child in children[next] ?? [] where result.insert(child).inserted { queue.append(child) }
    }
    return result
  }
}

/// Finds the tests of one file, given the run's test-case classes.
public struct TestDiscovery: Sendable {
  /// Class names that are test cases (from `ClassHierarchy.testCaseClasses`).
  public let testCaseClasses: Set<String>
  /// Class names that are Quick specs or behaviours (`QuickSpec`, `AsyncSpec`, `Behavior`).
  public let quickSpecClasses: Set<String>

  /// The Quick base classes.
  public static let quickRoots: Set<String> = ["QuickSpec", "AsyncSpec", "Behavior"]

  /// Whether a file's own classes are to be added (`forFile(_:)`): a run's discovery holds the
  /// classes some other file refers to, not every test class of the run
  /// (`RunFacts.settled`).
  var includesFileClasses = false
  /// The bases the run assumed are test cases (`BaseAssumption`), and the classes of the run
  /// under them that some file refers to; they are in `testCaseClasses` too.
  var assumedBases: Set<String> = []
  /// With assumed bases, the run's declared functions whose names read as checks.
  var declaredChecks: Set<String> = []
  /// What makes a base's name read as a test base in this run (`assumed_test_base_suffixes`);
  /// no ending, as by default, reads none (`assume_test_bases: false`).
  var baseAssumption = BaseAssumption(suffixes: [])

  /// Creates a discovery for a run.
  public init(testCaseClasses: Set<String>, quickSpecClasses: Set<String> = TestDiscovery.quickRoots) {
    self.testCaseClasses = testCaseClasses
    self.quickSpecClasses = quickSpecClasses
  }

  /// The discovery a file is linted with: with `includesFileClasses`, these classes and the
  /// ones the file declares under them; else this one.
  func forFile(_ model: FileModel) -> TestDiscovery {
    guard includesFileClasses else { return self }
    let found = ClassHierarchy.testCaseClasses(
      of: ClassHierarchy.classes(of: model), roots: testCaseClasses, specRoots: quickSpecClasses)
    var discovery = TestDiscovery(testCaseClasses: found.testCases, quickSpecClasses: found.specs)
    discovery.assumedBases = assumedBases
    discovery.declaredChecks = declaredChecks
    discovery.baseAssumption = baseAssumption
    return discovery
  }

  /// Whether a type is a Quick spec (or behaviour) class, or an extension of one.
  public func isQuickSpecType(_ type: TypeDecl) -> Bool {
    switch type.kind {
    case .class:
      guard let first = type.firstInheritedName else { return false }
      return quickSpecClasses.contains(first)
    case .extension:
      return quickSpecClasses.contains(type.simpleName) && !TestDiscovery.quickRoots.contains(type.simpleName)
    default:
      return false
    }
  }

  /// Quick's example calls (`pending("...") { }` declares an example that never runs).
  public static let exampleNames: Set<String> = ["it", "fit", "xit", "pending"]
  /// Quick's group calls.
  public static let groupNames: Set<String> = [
    "describe", "context", "fdescribe", "fcontext", "xdescribe", "xcontext",
  ]

  /// `exampleNames` and `groupNames`, for lookups per call.
  static let examples = NameSet(exampleNames)
  static let groups = NameSet(groupNames)

  /// Whether a type declaration is an XCTest test case class or an extension of one.
  public func isXCTestType(_ type: TypeDecl) -> Bool {
    switch type.kind {
    case .class:
      guard let first = type.firstInheritedName else { return false }
      return testCaseClasses.contains(first)
    case .extension:
      return testCaseClasses.contains(type.simpleName) && !TestDiscovery.roots.contains(type.simpleName)
    default:
      return false
    }
  }

  /// Names that are framework base classes, not user test classes.
  static let roots: Set<String> = ["XCTestCase"]

  /// Whether XCTest would run this method: an instance method named `test...` with no parameters
  /// and no result, visible to the runtime, in a test class or an extension of one.
  public func isXCTestMethod(_ function: FunctionDecl, in model: FileModel) -> Bool {
    guard isXCTestMethodShape(function), let owner = function.owner else { return false }
    return isXCTestType(model.types[owner])
  }

  /// Everything `isXCTestMethod` asks but whether the owner is a test case: the cheap part,
  /// asked first.
  func isXCTestMethodShape(_ function: FunctionDecl) -> Bool {
    guard function.kind == .function, function.owner != nil, function.parameters.isEmpty,
      RuleText.hasPrefix(function.name, "test"),
      !function.has("static"), !function.has("class"),
      !function.has("private"), !function.has("fileprivate")
    else { return false }
    if let returnType = function.returnType, returnType != "Void", returnType != "()" {
      return false
    }
    return true
  }

  /// A type's name with its enclosing types': `Feature.Tests` for a class nested in
  /// `enum Feature`, the same name an `extension Feature.Tests` in another file is written with.
  static func qualifiedTypeName(_ index: Int, in model: FileModel) -> String {
    // The innermost levels name a type; absurd nesting (code mid-edit, generated input) would
    // otherwise make every name, and so the output, quadratic in the nesting depth.
    var names: [String] = []
    var current: Int? = index
    while let type = current, names.count < 8 {
      names.append(model.types[type].name)
      current = model.types[type].parent
    }
    return names.reversed().joined(separator: ".")
  }


  /// Whether a function is a Swift Testing `@Test`.
  public func isSwiftTestingTest(_ function: FunctionDecl) -> Bool {
    function.kind == .function && function.hasAttribute("Test")
  }

  /// Every test in the file, in source order.
  public func tests(in model: FileModel) -> [DiscoveredTest] {
    var tests: [DiscoveredTest] = []
    var suiteNames = [String?](repeating: nil, count: model.types.count)
    func suite(_ owner: Int?) -> String? {
      guard let owner else { return nil }
      if let name = suiteNames[owner] { return name }
      let name = TestDiscovery.qualifiedTypeName(owner, in: model)
      suiteNames[owner] = name
      return name
    }
    // Whether each type is an XCTest test case, asked once per type (nil: not asked yet).
    var testCaseTypes = [Bool?](repeating: nil, count: model.types.count)
    func isTestCaseType(_ owner: Int) -> Bool {
      if let known = testCaseTypes[owner] { return known }
      let result = isXCTestType(model.types[owner])
      testCaseTypes[owner] = result
      return result
    }
    // Each function is read in place: copying every `FunctionDecl` out costs more than most
    // of the checks.
    let functions = model.functions
    var specs: [QuickExampleWalk.Visit] = []
    for index in functions.indices {
      let framework: TestFramework
      if isSwiftTestingTest(functions[index]) {
        framework = .swiftTesting
      } else if isXCTestMethodShape(functions[index]), let owner = functions[index].owner,
        isTestCaseType(owner)
      {
        framework = .xctest
      } else {
        if functions[index].name == "spec", let owner = functions[index].owner,
          isQuickSpecType(model.types[owner])
        {
          specs.append(QuickExampleWalk.Visit(function: index, suite: suite(owner), group: nil, pending: false))
        }
        continue
      }
      tests.append(
        DiscoveredTest(
          suite: suite(functions[index].owner), name: functions[index].name, framework: framework,
          function: index, body: functions[index].body, calls: functions[index].calls,
          nameOffset: functions[index].nameOffset))
    }
    // A file without a spec and without `import Quick` declares no example: not walked.
    if !specs.isEmpty || model.imports.contains(where: { $0.module == "Quick" }) {
      var walk = QuickExampleWalk(model: model)
      tests += walk.examples(
        roots: specs, readsOtherFunctions: true, excluded: Set(tests.map(\.function)))
    }
    // Methods come in source order, and so do most files' tests: sorted only when not.
    if tests.indices.dropFirst().allSatisfy({ tests[$0 - 1].nameOffset <= tests[$0].nameOffset }) {
      return tests
    }
    return tests.sorted { $0.nameOffset < $1.nameOffset }
  }

  /// The text of a call's first argument when it is a plain string literal.
  public static func description(of call: Call, in model: FileModel) -> String? {
    guard let first = call.arguments.first, first.label == nil, first.value.count == 1,
      let token = first.value.first, model.tokens[token].kind == .string
    else { return nil }
    return plainContent(token, in: model) ?? StringLiteral.content(model.text(token))
  }

  /// `StringLiteral.content` of the commonest description, read from the bytes: a one-line
  /// `"..."` literal of ASCII text without escapes or carriage returns, where characters are
  /// bytes. Nil for any other literal.
  static func plainContent(_ token: Int, in model: FileModel) -> String? {
    let start = Int(model.tokens[token].start)
    let end = Int(model.tokens[token].end)
    guard end - start >= 2 else { return nil }
    return model.source.bytes.withUnsafeBufferPointer { buffer -> String? in
      let bytes = buffer[start..<end]
      let quote = UInt8(ascii: "\"")
      guard bytes[start] == quote, bytes[start + 1] != quote || end - start == 2 else { return nil }
      for byte in bytes
      where byte >= 0x80 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\r") {
        return nil
      }
      return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
    }
  }

  /// A closure passed as the last argument: `it("x", closure: { ... })`.
  static func closureArgument(of call: Call, in model: FileModel) -> Range<Int>? {
    guard let last = call.arguments.last, let open = last.value.first,
      model.tokens[open].kind == .leftBrace, let close = last.value.last
    else { return nil }
    return open..<(close + 1)
  }
}
