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
    for (index, type) in model.types.enumerated() where type.kind != .extension {
      if declarations[type.simpleName] == nil { declarations[type.simpleName] = index }
    }
    self.declarations = declarations
  }

  /// Superclasses that are known not to be test cases although declared outside the run.
  static let knownNonTestBases: Set<String> = ["NSObject"]

  /// The verdict for `model.types[index]`.
  func verdict(_ index: Int) -> Verdict {
    var visited: Set<Int> = []
    var current = index
    while visited.insert(current).inserted {
      let type = model.types[current]
      // Quick's `QuickSpec` and `AsyncSpec` are `XCTestCase` subclasses.
      if discovery.isXCTestType(type) || discovery.isQuickSpecType(type) { return .testCase }
      switch type.kind {
      case .struct, .enum, .actor, .protocol:
        return .notTestCase
      case .extension:
        guard let declared = declaration(named: type.simpleName) else { return .unknown }
        current = declared
      case .class:
        guard let first = type.inheritance.first else { return .notTestCase }
        let base = TypeDecl.simpleName(first)
        if Self.knownNonTestBases.contains(base) { return .notTestCase }
        guard let declared = declaration(named: base) else { return .unknown }
        current = declared
      }
    }
    return .unknown
  }

  /// The first non-extension type of this file with this simple name.
  func declaration(named name: String) -> Int? { declarations[name] }
}
