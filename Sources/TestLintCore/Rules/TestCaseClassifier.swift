/// Tells, from one file and the run's discovery, whether a type is an XCTest test case, surely is
/// not one, or cannot be told (its superclass is declared outside the run), and where a chain
/// that cannot be told leaves the file: one walk up the type's chain per question
/// (`answer(_:)`), for the rules that read classes (`unreachable_test`, `lifecycle_super_call`).
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

  /// What one walk up a type's chain tells (`answer(_:)`).
  struct Answer {
    /// Whether the type is a test case.
    var verdict: Verdict
    /// For `.unknown`: the superclass the chain ends at, the first name up it that this file
    /// does not declare (`class A: B {}; class B: ExternalTestCase {}` gives `ExternalTestCase`
    /// for `A`, and for an extension of `A`); nil for an extension of a type the file does
    /// not declare, and for a cycle.
    var undeclaredBase: String?
    /// For `.unknown`: when that superclass is XCTest's abstract `XCTest` or `XCTestSuite`,
    /// the class of the file that inherits from it and the base as written (`XCTest.XCTest`).
    var abstractBase: (className: String, written: String)?

    init(_ verdict: Verdict) {
      self.verdict = verdict
    }
  }

  /// The verdict for `model.types[index]`.
  func verdict(_ index: Int) -> Verdict { answer(index).verdict }

  /// The answer for `model.types[index]`: one walk up its chain, through the types this file
  /// declares, to the first step that settles it.
  func answer(_ index: Int) -> Answer {
    // Most chains end within a step or two: walk a few steps without remembering them, then
    // (a long chain, or a cycle) go on with a set of the types visited, as far as a repeat.
    var current = index
    for _ in 0..<8 {
      switch step(current) {
      case .answer(let answer): return answer
      case .next(let next): current = next
      }
    }
    var visited: Set<Int> = []
    while visited.insert(current).inserted {
      switch step(current) {
      case .answer(let answer): return answer
      case .next(let next): current = next
      }
    }
    return Answer(.unknown)
  }

  /// One step of `answer(_:)`: the answer `model.types[index]` settles, or the type to ask next.
  private func step(_ index: Int) -> Step {
    // Quick's `QuickSpec` and `AsyncSpec` are `XCTestCase` subclasses.
    if discovery.isXCTestType(model.types[index]) || discovery.isQuickSpecType(model.types[index]) {
      return .answer(Answer(.testCase))
    }
    switch model.types[index].kind {
    case .struct, .enum, .actor, .protocol:
      return .answer(Answer(.notTestCase))
    case .extension:
      guard let declared = declaration(named: model.types[index].simpleName) else {
        return .answer(Answer(.unknown))
      }
      return .next(declared)
    case .class:
      guard let first = model.types[index].firstInheritedName else { return .answer(Answer(.notTestCase)) }
      if Self.knownNonTestBases.contains(first) { return .answer(Answer(.notTestCase)) }
      if let declared = declaration(named: first) { return .next(declared) }
      var answer = Answer(.unknown)
      answer.undeclaredBase = first
      // XCTest runs the `test...` methods of `XCTestCase` subclasses only.
      if let written = model.types[index].inheritance.first, Self.abstractBases.contains(written) {
        answer.abstractBase = (model.types[index].simpleName, written)
      }
      return .answer(answer)
    }
  }

  private enum Step {
    case answer(Answer)
    case next(Int)
  }

  /// XCTest's classes that run no `test...` method of a subclass.
  static let abstractBases: Set<String> = ["XCTest", "XCTest.XCTest", "XCTestSuite", "XCTest.XCTestSuite"]

  /// Whether a type the answer leaves `.unknown` may be a test case: an extension (of a type
  /// declared elsewhere), or a class whose undeclared base reads as a test base, by the run's
  /// `assumed_test_base_suffixes` (none with `assume_test_bases: false`) or because the run
  /// assumed it. A class on a product base (`Listener: DefaultBusListener`) is not.
  func mayBeTestCase(_ index: Int, _ answer: Answer) -> Bool {
    guard model.types[index].kind == .class else { return model.types[index].kind == .extension }
    guard let base = answer.undeclaredBase else { return false }
    return discovery.assumedBases.contains(base) || discovery.baseAssumption.readsAsTestBase(base)
  }

  /// The first non-extension type of this file with this simple name.
  func declaration(named name: String) -> Int? { declarations[name] }
}
