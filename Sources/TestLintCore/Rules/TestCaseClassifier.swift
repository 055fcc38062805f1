/// Tells, from one file and the run's discovery, whether a type is an XCTest test case, surely is
/// not one, or cannot be told (its superclass is declared outside the run).
struct TestCaseClassifier {
  /// What is known about a type.
  enum Verdict: Equatable {
    /// A test case class (or an extension of one), as the run's discovery knows it, or a
    /// Quick spec.
    case testCase
    /// Surely not a test case: a struct, enum, actor or protocol, a class without a superclass
    /// or whose superclass is `NSObject` or a non-test class of this file.
    case notTestCase
    /// A class whose superclass the run does not declare, or an extension of a type not
    /// declared in this file.
    case unknown
  }

  let model: FileModel
  let discovery: TestDiscovery
  /// The first non-extension type of each simple name (looked up per type: a search each time
  /// would be quadratic in files with many types).
  private let declarations: [String: Int]

  init(model: FileModel, discovery: TestDiscovery) {
    self.model = model
    self.discovery = discovery
    var declarations: [String: Int] = [:]
    // Fields read in place: copying each `TypeDecl` out costs more than the look-up.
    for index in model.types.indices where model.types[index].kind != .extension {
      let name = model.types[index].simpleName
      if declarations[name] == nil { declarations[name] = index }
    }
    self.declarations = declarations
  }

  /// Superclasses that are known not to be test cases although declared outside the run.
  static let knownNonTestBases: Set<String> = ["NSObject"]

  /// The verdict for `model.types[index]`.
  func verdict(_ index: Int) -> Verdict {
    // Most chains end within a step or two: walk a few steps without remembering them, then
    // (a long chain, or a cycle) go on with a set of the types visited, as far as a repeat.
    var current = index
    for _ in 0..<8 {
      switch step(current) {
      case .verdict(let verdict): return verdict
      case .next(let next): current = next
      }
    }
    var visited: Set<Int> = []
    while visited.insert(current).inserted {
      switch step(current) {
      case .verdict(let verdict): return verdict
      case .next(let next): current = next
      }
    }
    return .unknown
  }

  /// One step of `verdict(_:)`: the verdict `model.types[index]` settles, or the type to ask next.
  private func step(_ index: Int) -> Step {
    // Quick's `QuickSpec` and `AsyncSpec` are `XCTestCase` subclasses.
    if discovery.isXCTestType(model.types[index]) || discovery.isQuickSpecType(model.types[index]) {
      return .verdict(.testCase)
    }
    switch model.types[index].kind {
    case .struct, .enum, .actor, .protocol:
      return .verdict(.notTestCase)
    case .extension:
      guard let declared = declaration(named: model.types[index].simpleName) else {
        return .verdict(.unknown)
      }
      return .next(declared)
    case .class:
      guard let first = model.types[index].firstInheritedName else { return .verdict(.notTestCase) }
      if Self.knownNonTestBases.contains(first) { return .verdict(.notTestCase) }
      guard let declared = declaration(named: first) else { return .verdict(.unknown) }
      return .next(declared)
    }
  }

  private enum Step {
    case verdict(Verdict)
    case next(Int)
  }

  /// The superclass a class's chain ends at in this file: the first name up the chain that the
  /// file does not declare (nil for a type that is not a class, a chain that ends without a
  /// superclass, or a cycle). `class A: B {}; class B: ExternalTestCase {}` gives
  /// `ExternalTestCase` for `A`.
  func undeclaredBase(_ index: Int) -> String? {
    guard model.types[index].kind == .class else { return nil }
    var current = index
    var visited: Set<Int> = []
    while visited.insert(current).inserted {
      guard model.types[current].kind == .class, let first = model.types[current].firstInheritedName
      else { return nil }
      guard let declared = declaration(named: first) else { return first }
      current = declared
    }
    return nil
  }

  /// Whether a type the verdict leaves `.unknown` may be a test case: an extension (of a type
  /// declared elsewhere), or a class whose undeclared base reads as a test base, by the
  /// default endings of `BaseAssumption` (`...TestCase`, `...Tests`, ...) or because the run
  /// assumed it. A class on a product base (`Listener: DefaultBusListener`) is not.
  func mayBeTestCase(_ index: Int) -> Bool {
    guard model.types[index].kind == .class else { return model.types[index].kind == .extension }
    guard let base = undeclaredBase(index) else { return false }
    return discovery.assumedBases.contains(base) || BaseAssumption().readsAsTestBase(base)
  }

  /// The first non-extension type of this file with this simple name.
  func declaration(named name: String) -> Int? { declarations[name] }
}
