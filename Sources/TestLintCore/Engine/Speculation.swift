/// What a file's own declarations say about the run, standing in for what the whole run
/// declares while the other files are still being read (pass 1 lints each file with it).
///
/// A file's results depend on the run only through the answers to two questions: is each type
/// the file inherits from or extends a test case or a Quick spec, and is each name the rules
/// asked about while linting it (`HelperNames.Misses`) an assertion helper. Both answers only
/// grow from "no" to "yes" as files are added (more classes, more helpers), so the file's own
/// answers are right unless some "no" becomes "yes": `Unsettled` keeps those "no"s and `holds`
/// checks them against the run.
struct Speculation {
  /// The discovery the file's own classes (with the roots) give.
  let discovery: TestDiscovery
  /// The file's own functions that assert.
  let assertingHelpers: Set<String>
  /// The type names the file refers to and does not declare, with what was known (bit 0 test
  /// case, bit 1 Quick spec): to number in the run (`Unsettled`). Even one known as both: the
  /// run may still find it on an assumed base (`RunFacts.Settled.typeAnswers`' bit 2).
  let unsettledTypes: [(name: NameKey, known: UInt8)]
  /// The type names the file refers to that it declares as classes itself, with what the file
  /// takes each for (bit 0 test case, bit 1 Quick spec).
  let ownTypes: [(name: NameKey, known: UInt8)]

  /// Answers that a file's results took as "no" and other files may turn into "yes": one
  /// 4-byte entry each, the name numbered in the run (`RunFacts.add`), whatever its length,
  /// kept by the run in one paged array (`RunFacts.Settled.entries`), not an array per file.
  /// An entry of a type is `typeFlag | number << 2 | known`; of a callee, its number.
  struct Unsettled: Sendable {
    /// Where the file's entries start in the run's.
    var start: UInt32 = 0
    /// How many (the results').
    var count: UInt32 = 0
    /// How many more, after them, only the inventory's counts took (`HelperNames.Misses`).
    var inventoryCount: UInt32 = 0
    /// The inventory's own entries.
    var inventory: Unsettled { Unsettled(start: start &+ count, count: inventoryCount) }
    /// The flag of a type's entry.
    static let typeFlag: UInt32 = 1 << 31

    /// Whether every answer is the same for the whole run; with the file's number
    /// (`RunFacts.add`'s `file`), the answers for the classes it declares too.
    func holds(_ facts: RunFacts.Settled, file: Int? = nil) -> Bool {
      if let file, facts.ownTypesDeclaredElsewhere.contains(file) { return false }
      // An entry that cannot be read back, or names no number of the run, does not hold: the
      // file is linted again.
      let turned = facts.withEntries(of: self) { entries in
        entries.contains { entry in
          guard entry & Self.typeFlag != 0 else {
            return Int(entry) >= facts.assertingCallees.count || facts.assertingCallees[Int(entry)]
          }
          let number = Int((entry & ~Self.typeFlag) >> 2)
          return number >= facts.typeAnswers.count || facts.typeAnswers[number] != UInt8(entry & 3)
        }
      }
      return turned == false
    }
  }

  /// The speculation for a file from its declarations (`ResultCache.declarations`).
  ///
  /// With `known`, the answers other files already settled (a base class declared elsewhere
  /// that is a test case; with the called names, a helper elsewhere that asserts) count too:
  /// they are final, so a file linted after them is linted once. Without the called names (a
  /// run without a cache does not gather them), the rules ask `known` about a helper as they
  /// meet it (`HelperNames.recordingMisses(in:known:)`).
  init(
    _ declarations: ResultCache.Declarations, roots: Set<String>,
    specRoots: Set<String> = TestDiscovery.quickRoots, known: KnownFacts? = nil,
    assumption: BaseAssumption = BaseAssumption(suffixes: [])
  ) {
    var testRoots = roots
    var specRoots = specRoots
    // A test the file does not call tells nothing here: no rule asks whether a function of the
    // file itself asserts (only names declared elsewhere), and `KnownFacts` leaves `test...`
    // names out. Tests are most of a file's asserting functions: hashing each into the set cost
    // 3% of a run.
    let calledTests = Set(declarations.calledNames.filter(Speculation.isTestName))
    var helpers = declarations.helpers.filter { !Speculation.isTestName($0.name) || calledTests.contains($0.name) }
    if let known {
      let answers = known.answers(types: declarations.typeReferences, callees: declarations.calledNames)
      testRoots.formUnion(answers.testCases)
      specRoots.formUnion(answers.specs)
      for name in answers.asserting { helpers.append(HelperSummary(name: name, asserts: true, callees: [])) }
    }
    let classes = ClassHierarchy.testCaseClasses(
      of: declarations.classes, roots: testRoots, specRoots: specRoots)
    var discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
    discovery.baseAssumption = assumption
    self.discovery = discovery
    let asserting = AssertionMatcher.assertingHelperNames(helpers)
    assertingHelpers = asserting
    // A class the file declares and refers to (`extension FooTests`, or a base class it
    // declares above its subclass) is answered from the file's own declaration, which rests
    // on the answers for the types above it (entries of their own); the run checks only, for
    // a name another file declares too, that its answer from every declaration is the same
    // (`RunFacts.settled`): no entry is numbered for each of the run's test classes.
    var unsettled: [(name: NameKey, known: UInt8)] = []
    var own: [(name: NameKey, known: UInt8)] = []
    for name in declarations.typeReferences {
      if declarations.classes.contains(where: { $0.name == name }) {
        own.append((NameKey(name), Speculation.answer(name, discovery)))
        continue
      }
      unsettled.append((NameKey(name), Speculation.answer(name, discovery)))
    }
    unsettledTypes = unsettled
    ownTypes = own
  }

  /// Whether a name starts with `test`.
  static func isTestName(_ name: String) -> Bool { RuleText.hasPrefix(name, "test") }

  /// Bit 0: a test case; bit 1: a Quick spec.
  static func answer(_ name: String, _ discovery: TestDiscovery) -> UInt8 {
    (discovery.testCaseClasses.contains(name) ? 1 : 0) | (discovery.quickSpecClasses.contains(name) ? 2 : 0)
  }
}

/// The answers settled so far in a run, shared by the threads of pass 1: type names known to be
/// test cases or Quick specs, and helper names known to assert. They only grow, and each is
/// final (more files never turn a "yes" into a "no"), so a file may take them as given.
///
/// The names are kept as `NameKey`s (16 bytes, whatever the name's length), made outside the
/// lock: every test class of the run is published here.
final class KnownFacts: Sendable {
  private struct State {
    var testCases: Set<NameKey> = []
    var specs: Set<NameKey> = []
    var asserting: Set<NameKey> = []
  }

  private let state = Locked(State())

  /// Which of `types` are known test cases and Quick specs, and which of `callees` assert.
  func answers(types: [String], callees: [String]) -> (testCases: [String], specs: [String], asserting: [String]) {
    let typeKeys = types.map(NameKey.init)
    let calleeKeys = callees.map(NameKey.init)
    let (testCases, specs, asserting) = state.withLock { state in
      (
        typeKeys.indices.filter { state.testCases.contains(typeKeys[$0]) },
        typeKeys.indices.filter { state.specs.contains(typeKeys[$0]) },
        calleeKeys.indices.filter { state.asserting.contains(calleeKeys[$0]) }
      )
    }
    return (testCases.map { types[$0] }, specs.map { types[$0] }, asserting.map { callees[$0] })
  }

  /// Whether a helper of this name is known to assert.
  func asserts(_ name: String) -> Bool {
    let key = NameKey(name)
    return state.withLock { $0.asserting.contains(key) }
  }

  /// Adds what a file's speculation settled: its test-case and spec classes, and its helpers
  /// that assert (not `test...` methods, which are rarely called and would only grow the set).
  ///
  /// Not the classes in `finalClasses`: no class inherits from a final one, so another file
  /// asks about it only when it extends it (a file the run rarely reads after the class's own,
  /// and which is then linted again if it guessed wrong). Most test classes are final (64% of
  /// the real corpus's, every one of the benchmark's trees'): publishing them grew the sets by
  /// 22 bytes a file (2.1 MB over 95,911 files) held until pass 1 ends.
  func publish(_ speculation: Speculation, finalClasses: [String] = []) {
    let testCases = speculation.discovery.testCaseClasses.compactMap { finalClasses.contains($0) ? nil : NameKey($0) }
    let specs = speculation.discovery.quickSpecClasses.compactMap { finalClasses.contains($0) ? nil : NameKey($0) }
    let asserting = speculation.assertingHelpers.compactMap { Speculation.isTestName($0) ? nil : NameKey($0) }
    state.withLock { state in
      for key in testCases { state.testCases.insert(key) }
      for key in specs { state.specs.insert(key) }
      for key in asserting { state.asserting.insert(key) }
    }
  }
}
