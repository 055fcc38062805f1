/// The test framework a test belongs to.
public enum TestFramework: String, Sendable, Hashable {
  case xctest
  case swiftTesting = "swift-testing"
}

/// One test the scanner found.
public struct DiscoveredTest: Sendable, Hashable {
  /// The enclosing type's name (as written for extensions), nil for a free `@Test` function.
  public var suite: String?
  /// The test's name: the method name.
  public var name: String
  /// The framework that runs it.
  public var framework: TestFramework
  /// The function, an index into `FileModel.functions`.
  public var function: Int

  /// `Suite.name`, or `name` for a free function.
  public var qualifiedName: String { suite.map { "\($0).\(name)" } ?? name }
}

/// Which classes of a whole run are XCTest test cases: a class inheriting, transitively, from
/// `XCTestCase` or from a configured base, across every file of the run.
public struct ClassHierarchy: Sendable {
  /// Superclass (simple name) of each class (simple name); a name declared twice keeps both.
  public private(set) var superclasses: [String: Set<String>] = [:]

  /// An empty hierarchy.
  public init() {}

  /// Adds the classes a file declares.
  public mutating func add(_ model: FileModel) {
    for type in model.types where type.kind == .class {
      guard let first = type.inheritance.first else { continue }
      superclasses[type.simpleName, default: []].insert(TypeDecl.simpleName(first))
    }
  }

  /// Adds another hierarchy's classes.
  public mutating func merge(_ other: ClassHierarchy) {
    for (name, supers) in other.superclasses { superclasses[name, default: []].formUnion(supers) }
  }

  /// Every class name that inherits (transitively) from one of `roots`, the roots included.
  public func testCaseClasses(roots: Set<String>) -> Set<String> {
    var children: [String: [String]] = [:]
    for (name, supers) in superclasses {
      for parent in supers { children[parent, default: []].append(name) }
    }
    var result = roots
    var queue = Array(roots)
    while let next = queue.popLast() {
      for child in children[next] ?? [] where !result.contains(child) {
        result.insert(child)
        queue.append(child)
      }
    }
    return result
  }
}

/// Finds the tests of one file, given the run's test-case classes.
public struct TestDiscovery: Sendable {
  /// Class names that are test cases (from `ClassHierarchy.testCaseClasses`).
  public let testCaseClasses: Set<String>

  /// Creates a discovery for a run.
  public init(testCaseClasses: Set<String>) { self.testCaseClasses = testCaseClasses }

  /// Whether a type declaration is an XCTest test case class or an extension of one.
  public func isXCTestType(_ type: TypeDecl) -> Bool {
    switch type.kind {
    case .class:
      guard let first = type.inheritance.first else { return false }
      return testCaseClasses.contains(TypeDecl.simpleName(first))
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
    guard function.kind == .function, function.name.hasPrefix("test"),
      let owner = function.owner, isXCTestType(model.types[owner]),
      function.parameters.isEmpty, !function.has("static"), !function.has("class"),
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
    var names: [String] = []
    var current: Int? = index
    while let type = current {
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
    for (index, function) in model.functions.enumerated() {
      let suite = function.owner.map { TestDiscovery.qualifiedTypeName($0, in: model) }
      if isSwiftTestingTest(function) {
        tests.append(
          DiscoveredTest(suite: suite, name: function.name, framework: .swiftTesting, function: index))
      } else if isXCTestMethod(function, in: model) {
        tests.append(DiscoveredTest(suite: suite, name: function.name, framework: .xctest, function: index))
      }
    }
    return tests.sorted { model.functions[$0.function].nameOffset < model.functions[$1.function].nameOffset }
  }
}
