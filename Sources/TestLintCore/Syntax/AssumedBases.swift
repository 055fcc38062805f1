/// How a run treats base classes that none of its files declares (`assume_test_bases`,
/// `assumed_test_base_suffixes`): a class built on one, in a file that imports XCTest (or a
/// module that re-exports it: Quick, Nimble, KIF, iOSSnapshotTestCase, a module named as a test
/// library), with a `test...` method, is taken for a test case when the base's name reads as a
/// test base.
///
/// Teams keep their shared test base classes in a support module that is not a test folder;
/// linting the test folders alone, every class built on one would be no test class, and none
/// of its tests checked, with no word said.
public struct BaseAssumption: Sendable, Hashable {
  /// The endings that make a name read as a test base (`assumed_test_base_suffixes`).
  public var suffixes: [String]

  /// `TestCase`, `TestBase`, `Tests`, `Test`, `Spec`.
  public static let defaultSuffixes = ["TestCase", "TestBase", "TestCaseBase", "Tests", "Test", "Spec"]

  /// An assumption reading base names with these endings.
  public init(suffixes: [String] = BaseAssumption.defaultSuffixes) {
    self.suffixes = suffixes
  }

  /// Whether a base class's name reads as a test base (and is not one of the framework's): it
  /// ends in one of the suffixes, or it is `XCTestCase` and more words (`XCTestCasePerf`, a
  /// support module's `XCTestCase` with timing helpers).
  func readsAsTestBase(_ name: String) -> Bool {
    guard !Self.frameworkBases.contains(name) else { return false }
    // Not when no suffix is configured: that assumes no name.
    if !suffixes.isEmpty, name.hasPrefix("XCTestCase") { return true }
    return suffixes.contains { !$0.isEmpty && name.hasSuffix($0) }
  }

  /// The framework's own bases, and `NSObject`: never assumed. XCTest's own classes are never
  /// a test base, though `XCTest` ends in `Test`: it is the abstract class above `XCTestCase`
  /// and `XCTestSuite`, and XCTest runs no `test...` method of a direct subclass of it, nor of
  /// a suite, a run or an observer.
  static let frameworkBases: Set<String> = [
    "XCTestCase", "QuickSpec", "AsyncSpec", "Behavior", "NSObject", "XCTest", "XCTestSuite",
    "XCTestRun", "XCTestCaseRun", "XCTestSuiteRun", "XCTestObservation", "XCTestObservationCenter",
    "XCTestExpectation", "XCTestProbe",
  ]

  /// What starts a candidate of a file that imports no test module (no name does).
  static let notImported = "?"

  /// What starts a link: a class with no `test...` method, of a file that imports a test module,
  /// whose chain leaves its file at a name read as a test base (no name starts so either).
  static let importedLink = "+"

  /// The modules whose import makes a file's classes candidates: XCTest, and the modules that
  /// re-export it: Quick and Nimble, and the test libraries whose base classes are XCTest's
  /// (KIF's `KIFTestCase`, iOSSnapshotTestCase's `FBSnapshotTestCase`, whose modules import
  /// XCTest for their users).
  static let testModules: Set<String> = [
    "XCTest", "Quick", "Nimble", "KIF", "FBSnapshotTestCase", "iOSSnapshotTestCase", "iOSSnapshotTestCaseCore",
  ]

  /// Whether importing a module brings XCTest: one of `testModules`, or a module whose name
  /// holds `Test` (`CheckoutTestKit`, `TestSupport`, `SharedTestUtilities`): a team's test
  /// library, whose base classes are XCTest's and which imports XCTest for its users. A file
  /// importing only such a module holds XCTest classes all the same. So does a module named
  /// `XCT` and a capital, XCTest's own prefix (`XCTVapor`, `XCTQueues`, `XCTFluent`: a server
  /// framework's XCTest helpers, re-exporting it; `readsAsXCTModule`).
  static func importsXCTest(_ module: String) -> Bool {
    testModules.contains(module) || RuleText.contains(module, "Test") || readsAsXCTModule(module)
  }

  /// The bases of the file's classes that may be assumed: one entry per class that has a
  /// `test...` method: the first class up its
  /// chain that the file does not declare with a superclass (where the chain goes on, whether
  /// it ends at a name read as a test base, and whether the run declares that, is told when
  /// the run settles). In a file that imports none of XCTest, Quick or Nimble, each starts
  /// with `notImported` (such classes count, but cannot make a base assumed alone).
  ///
  /// In a file that imports one, a class with no `test...` method whose chain leaves the file
  /// at a name `assumption` reads as a test base is a link: its name, after `importedLink`. It
  /// counts as no class, but a chain of classes with tests that goes up through it counts as
  /// one from a file that imports XCTest (a shared `SnapshotBase: PodSnapshotTestCase` in a
  /// file that imports XCTest, its subclasses with tests in files that import Foundation alone,
  /// getting XCTest through a bridging header).
  ///
  /// Its own walk, not `TestCaseClassifier.answer`'s: it runs as the file is read, to gather
  /// what settles the run, before any discovery exists, and asks only where a chain leaves the
  /// file; the classifier's walk stops at the first class the run's discovery settles (a
  /// class on `XCTestCase` or on a base already assumed). The run-wide walk that follows
  /// (`AssumedBaseFacts.settled`) goes up the run's classes by name, not one file's types.
  static func candidates(of model: FileModel, assumption: BaseAssumption) -> [String] {
    let imported = model.imports.contains(where: { importsXCTest(moduleName($0.module)) })
    // The file's classes with their superclass; its other types end a chain.
    var superclass: [String: String?] = [:]
    for type in model.types where type.kind != .extension && superclass[type.simpleName] == nil {
      superclass[type.simpleName] = type.kind == .class ? type.firstInheritedName : .some(nil)
    }
    // A class's tests may sit in extensions of it in the same file (a class of properties,
    // then `extension FooTests { func test_... }`): they are its methods too.
    var testedInExtension: Set<String> = []
    for type in model.types where type.kind == .extension && Self.hasTestMethod(type, in: model) {
      testedInExtension.insert(type.simpleName)
    }
    var bases: [String] = []
    for index in model.types.indices where model.types[index].kind == .class {
      guard var base = model.types[index].firstInheritedName else { continue }
      var seen: Set<String> = [model.types[index].simpleName]
      var ended = false
      while let declared = superclass[base] {
        guard let next = declared, seen.insert(base).inserted else {
          ended = true
          break
        }
        base = next
      }
      guard !ended, !frameworkBases.contains(base) else { continue }
      let hasTest =
        Self.hasTestMethod(model.types[index], in: model) || testedInExtension.contains(model.types[index].simpleName)
      if hasTest {
        bases.append(imported ? base : notImported + base)
      } else if imported, assumption.readsAsTestBase(base) {
        bases.append(importedLink + model.types[index].simpleName)
      }
    }
    return bases
  }

  /// Whether a type's own body declares a `test...` method.
  private static func hasTestMethod(_ type: TypeDecl, in model: FileModel) -> Bool {
    type.functions.contains { function in
      model.functions[function].kind == .function && Speculation.isTestName(model.functions[function].name)
    }
  }

  /// The names a file declares that may tell an assumption wrong: its types that can come
  /// first in a class's inheritance (a base declared after all: a class that is not final, or
  /// a protocol; not the final classes, most of a run's test classes), and its functions whose
  /// names read as checks (`readsAsCheck`; `declaredChecks`).
  static func declaredNames(of model: FileModel, assumption: BaseAssumption) -> [String] {
    var names: Set<String> = []
    for type in model.types {
      switch type.kind {
      case .class where !type.modifiers.contains("final"), .protocol: names.insert(type.simpleName)
      default: break
      }
    }
    names.formUnion(declaredChecks(of: model, assumption: assumption))
    return names.sorted()
  }

  /// The functions a file declares whose names read as checks (`readsAsCheck`), or as test
  /// helpers (`readsAsTestCheck`) with parameters: a call of such a name counts as an
  /// assertion only where no file of the run declares it. Not a `private` or `fileprivate`
  /// one: other files cannot call it (a test file's `private func assert(response:)` leaves a
  /// support module's `assert { } equals: { }` undeclared for the rest of the run); the file
  /// itself resolves its calls of it (`UndeclaredCheck.fileDeclares`). With them, the types
  /// that read as test bases by `assumption`'s endings (`AssumedBaseHarness.tracksType`).
  static func declaredChecks(of model: FileModel, assumption: BaseAssumption) -> [String] {
    var names: Set<String> = []
    for function in model.functions {
      // Not a Swift Testing test, which no code calls (`@Test func expectNothingSent()` is no
      // declaration of a support module's `http.expectNothingSent()`). A name that reads as a
      // check (`readsAsCheck`) reads as a tried one too (`UndeclaredCheck.readsAsTriedCheck`).
      if !function.has("private") && !function.has("fileprivate")
        && !function.attributes.contains(where: { $0.name == "Test" || $0.name == "Testing.Test" })
        && (readsAsAssertion(function.name)
        || !function.parameters.isEmpty && readsAsTestCheck(function.name)
        || RunNames.readsAsHarnessRun(function.name) || UndeclaredCheck.readsAsTriedCheck(function.name)
        || UndeclaredCheck.readsAsComparison(function.name) || TestSupportCall.readsAsSnapshot(function.name)
        || LeakTracking.readsAsLeakCheck(function.name))
      {
        names.insert(function.name)
        // The labels it accepts (`CallSignature`).
        names.formUnion(CallSignature.keys(of: function))
      }
      // A deadline wait's declaration (`UndeclaredCheck.deadlineKey`).
      if UndeclaredCheck.declaresDeadline(function) { names.insert(UndeclaredCheck.deadlineKey(function.name)) }
      // A declaration taking a caller's location (`CallerLocationCheck.key`); other files' calls
      // that hand one on may be to it, under the labels it accepts (`ForwardedLocation`).
      if CallerLocationCheck.takesLocation(function) {
        names.insert(CallerLocationCheck.key(function.name))
        if !function.has("private"), !function.has("fileprivate") { names.formUnion(CallSignature.keys(of: function)) }
      }
      // A skip helper's declaration (`SkipHelper.key`).
      if SkipHelper.isTracked(function) { names.insert(SkipHelper.key(function.name)) }
      // A declaration that could take an assumed base's harness call (`AssumedBaseHarness.key`).
      if AssumedBaseHarness.declaresHarness(function) { names.insert(AssumedBaseHarness.key(function.name)) }
    }
    // A type that reads as a test base, which a class may adopt (`AssumedBaseHarness.typeKey`).
    for type in model.types where AssumedBaseHarness.tracksType(type, assumption: assumption) {
      names.insert(AssumedBaseHarness.typeKey(type.simpleName))
    }
    return names.sorted()
  }

  /// Whether a called name reads as a check, in any case and after any leading underscores
  /// (`_expectFailure`): `assert...`, `verify...`, `Verify...`, `expect...`, `check...`,
  /// `validate...` (a word boundary after), `record...Snapshot...`, or XCTest's own spelling of
  /// a check, `XCT` and a capital (`XCTDiffContexts`), but for XCTest's names that check
  /// nothing (`XCTSkip`, `XCTContext`, `XCTAttachment`, its expectations and metrics).
  /// A check word may also be a later camel-case word of the name, capitalized, with a word
  /// boundary after it (`SnapshotVerifyAccessibility`, `FBSnapshotVerifyView`; not
  /// `Recheckout`), or start a segment after an inner `_` (`runTest_expectGraphResolves`).
  public static func readsAsCheck(_ name: String) -> Bool {
    readsAsCheckFirst(name) || CheckWords.hasLaterWord(name) || CheckWords.hasSegmentWord(name)
  }

  /// `readsAsCheck` by the name's first word.
  private static func readsAsCheckFirst(_ name: String) -> Bool {
    // Told by the first byte for nearly every name, with nothing made.
    switch name.utf8.first {
    case UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "v"), UInt8(ascii: "V"), UInt8(ascii: "e"),
      UInt8(ascii: "E"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "r"), UInt8(ascii: "R"):
      break
    case UInt8(ascii: "_"):
      let trimmed = name.drop { $0 == "_" }
      return !trimmed.isEmpty && readsAsCheck(String(trimmed))
    case UInt8(ascii: "X"):
      return readsAsXCTCheck(name)
    default:
      return false
    }
    if CheckWords.startsAName(name, anyCase: true, digits: true) { return true }
    return CheckWords.startsWith("record", name, anyCase: true, boundary: false, digits: false)
      && name.contains("Snapshot")
  }

  /// Whether a name holds the word "assert", the vocabulary of tests alone: first, in any case
  /// and after leading underscores (`assertMatches`, `_assertValid`), or as a later word
  /// (`waitAndAssert`, `renderAndAssertLayout`), not in `assertion...` or `isAssertive`.
  public static func readsAsAssertion(_ name: String) -> Bool {
    if let answer = name.utf8.withContiguousStorageIfAvailable(readsAsAssertion) { return answer }
    return Array(name.utf8).withUnsafeBufferPointer(readsAsAssertion)
  }

  /// `readsAsAssertion` of a name's UTF-8 bytes.
  private static func readsAsAssertion(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    while start < bytes.count, bytes[start] == UInt8(ascii: "_") { start += 1 }
    let word: StaticString = "ssert"
    var index = start
    while index + 6 <= bytes.count {
      let first = bytes[index]
      let starts = first == UInt8(ascii: "A") || (index == start && first == UInt8(ascii: "a"))
      if starts, (0..<5).allSatisfy({ bytes[index + 1 + $0] == word.utf8Start[$0] }) {
        guard index + 6 < bytes.count else { return true }
        let next = bytes[index + 6]
        if (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || next == UInt8(ascii: "_")
          || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
        {
          return true
        }
      }
      index += 1
    }
    return false
  }

  /// Whether the run keeps track of where a function of this name is declared: a call of
  /// one declared nowhere may count as an assertion (`readsAsCheck`, `readsAsAssertion`,
  /// `readsAsTestCheck`, `RunNames.readsAsHarnessRun`, `UndeclaredCheck.readsAsTriedCheck`,
  /// `UndeclaredCheck.readsAsComparison`, `TestSupportCall.readsAsSnapshot`).
  public static func tracksDeclaration(_ name: String) -> Bool {
    // `readsAsCheck` is asked by `UndeclaredCheck.readsAsTriedCheck`.
    name.utf8.last == UInt8(ascii: ")") || readsAsAssertion(name) || readsAsTestCheck(name) || RunNames.readsAsHarnessRun(name)
      || UndeclaredCheck.readsAsTriedCheck(name) || UndeclaredCheck.readsAsComparison(name)
      || TestSupportCall.readsAsSnapshot(name) || LeakTracking.readsAsLeakCheck(name)
  }

  /// `XCT` and a capital, as XCTest spells its checks (`XCTAssertEqual`) and teams their own
  /// (`XCTDiffContexts`), but not XCTest's names that check nothing.
  static func readsAsXCTCheck(_ name: String) -> Bool {
    guard name.hasPrefix("XCT"), let fourth = name.dropFirst(3).first, fourth.isUppercase,
      !name.hasPrefix("XCTest"), !name.hasSuffix("Expectation"), !name.hasSuffix("Metric")
    else { return false }
    return !xctNonChecks.contains(name)
  }

  /// XCTest's names spelled `XCT...` that check nothing: types, skips, activities.
  static let xctNonChecks: Set<String> = [
    "XCTSkip", "XCTSkipIf", "XCTSkipUnless", "XCTContext", "XCTActivity", "XCTAttachment", "XCTIssue",
    "XCTWaiter", "XCTMeasureOptions", "XCTSourceCodeContext", "XCTSourceCodeLocation",
    "XCTSourceCodeFrame", "XCTSourceCodeSymbolInfo", "XCTPerformanceMetric",
  ]

  /// Whether a called name reads as a test helper of a support package: `test` alone or
  /// followed by a word (`test(operator:on:returns:)`, `testCodableConformance(of:)`). Such a
  /// call with arguments, in an XCTest test, is no test method (those take none): it checks.
  public static func readsAsTestCheck(_ name: String) -> Bool {
    guard RuleText.hasPrefix(name, "test") else { return false }
    let rest = name.utf8.dropFirst(4)
    guard let next = rest.first else { return true }
    return (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || next == UInt8(ascii: "_")
  }

  /// `XCTest` of `XCTest.XCTestCase`.
  private static func moduleName(_ path: String) -> String {
    path.split(separator: ".", maxSplits: 1).first.map(String.init) ?? path
  }
}

/// What a run assumed (`BaseAssumption`), once it settled.
public struct AssumedBases: Sendable, Equatable {
  /// Each assumed base, with how many classes of the run's files are built on it (candidates,
  /// `BaseAssumption.candidates`), most first, then by name.
  public var bases: [(name: String, classes: Int)]
  /// The run's declared functions whose names read as checks (a call to another such name in
  /// a class with an assumed base counts as an assertion).
  var declaredChecks: Set<String>
  /// The run's functions that call a check no file declares: they assert, as such a call in a
  /// test of a class on an assumed base does.
  var checkCallers: Set<NameKey> = []

  /// Nothing assumed.
  public init() {
    bases = []
    declaredChecks = []
  }

  init(bases: [(name: String, classes: Int)], declaredChecks: Set<String>) {
    self.bases = bases
    self.declaredChecks = declaredChecks
  }

  /// How many classes rest on an assumed base.
  public var classCount: Int { bases.reduce(0) { $0 + $1.classes } }

  /// Same bases, counts and declared checks.
  public static func == (lhs: AssumedBases, rhs: AssumedBases) -> Bool {
    lhs.bases.elementsEqual(rhs.bases) { $0.name == $1.name && $0.classes == $1.classes }
      && lhs.declaredChecks == rhs.declaredChecks
  }

  /// The note the command line prints on standard error: how many classes, which bases (the
  /// first `shown` by count), and how to make it exact. Nil when nothing was assumed.
  public func note(shown: Int = 5) -> String? {
    guard !bases.isEmpty else { return nil }
    let count = classCount
    let listed = bases.prefix(shown).map { "\($0.name) (\($0.classes))" }.joined(separator: ", ")
    let more = bases.count > shown ? " and \(bases.count - shown) more" : ""
    return "testlint: note: took \(count) \(count == 1 ? "class" : "classes") for XCTest test cases"
      + " on \(bases.count == 1 ? "a base" : "bases") declared in none of the linted files: \(listed)\(more);"
      + " to make it exact, name the bases in 'test_base_classes' or lint the module that declares them"
      + " ('assume_test_bases: false' turns this off)\n"
  }
}

extension TestDiscovery {
  /// Whether the class or extension `type` of the file rests on an assumed base: its
  /// superclass is one, or (an extension, or a class of the file built on another) the class
  /// of the file it names does, a few steps up at most.
  ///
  /// Not `TestCaseClassifier.answer`'s walk: that one stops at the first class the discovery
  /// takes for a test case, and a class of the file on a class under an assumed base is one;
  /// this one goes on up the file's classes to the assumed base.
  func restsOnAssumedBase(_ type: Int, in model: FileModel) -> Bool {
    guard !assumedBases.isEmpty else { return false }
    var current = type
    for _ in 0..<8 {
      let declaration = model.types[current]
      let next: String
      if declaration.kind == .extension {
        if assumedBases.contains(declaration.simpleName) { return true }
        next = declaration.simpleName
      } else if declaration.kind == .class, let first = declaration.firstInheritedName {
        if assumedBases.contains(first) { return true }
        next = first
      } else {
        return false
      }
      guard let found = model.types.indices.first(where: { model.types[$0].kind == .class && model.types[$0].simpleName == next }),
        found != current
      else { return false }
      current = found
    }
    return false
  }

  /// Whether `test` is an XCTest method of a class resting on an assumed base, where a call of
  /// an undeclared name read as a check counts as an assertion (`isAssumedCheck`).
  func assumesChecks(in test: DiscoveredTest, model: FileModel) -> Bool {
    guard !assumedBases.isEmpty, test.framework == .xctest, let owner = model.functions[test.function].owner
    else { return false }
    return restsOnAssumedBase(owner, in: model)
  }

  /// Whether a call of `name` counts as an assertion in a class resting on an assumed base:
  /// it reads as a check and no file of the run declares it.
  func isAssumedCheck(_ name: String) -> Bool {
    !assumedBases.isEmpty && BaseAssumption.readsAsCheck(name) && !declaredChecks.contains(name)
  }
}
