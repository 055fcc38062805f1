/// What a file's own declarations say about the run, standing in for what the whole run
/// declares while the other files are still being read (pass 1 lints each file with it).
///
/// A file's results depend on the run only through the answers to two questions: is each type
/// the file inherits from or extends a test case or a Quick spec, and is each name the file calls
/// an assertion helper. Both answers only grow from "no" to "yes" as files are added (more
/// classes, more helpers), so the file's own answers are right unless some "no" becomes "yes":
/// `Unsettled` keeps those "no"s and `holds` checks them against the run.
struct Speculation {
  /// The discovery the file's own classes (with the roots) give.
  let discovery: TestDiscovery
  /// The file's own functions that assert.
  let assertingHelpers: Set<String>
  /// The answers that may still change, but for the callees.
  let unsettled: Unsettled
  /// The called names not known to assert, to number in the run (`Unsettled.callees`).
  let unsettledCallees: [NameKey]

  /// Answers that a file's results took as "no" and other files may turn into "yes".
  ///
  /// Names are kept as 64-bit hashes (a few bytes a file instead of its strings) and looked up
  /// in hashed sets of the run's names (`Facts`). A hash shared by two names can only make a
  /// "no" look like a "yes", never the reverse, so it may cost a needless second lint but never
  /// a wrong result.
  struct Unsettled: Sendable {
    /// Hashes of type names not known as both a test case and a Quick spec, with what was
    /// known: bit 0 test case, bit 1 Quick spec.
    var types: [(name: UInt64, known: UInt8)] = []
    /// Called names not known to assert, by their number in the run (`RunFacts.add`).
    var callees: [UInt32] = []

    /// Whether every answer is the same for the whole run.
    func holds(_ facts: Facts) -> Bool {
      for (name, known) in types where facts.answer(name) != known { return false }
      return !callees.contains { facts.assertingCallees[Int($0)] }
    }
  }

  /// The run's answers by name hash.
  struct Facts: Sendable {
    let testCaseClasses: Set<UInt64>
    let quickSpecClasses: Set<UInt64>
    /// Whether each numbered callee asserts (`RunFacts.Settled.assertingCallees`).
    let assertingCallees: [Bool]

    init(_ settled: RunFacts.Settled) {
      testCaseClasses = Set(settled.discovery.testCaseClasses.map(Speculation.hash))
      quickSpecClasses = Set(settled.discovery.quickSpecClasses.map(Speculation.hash))
      assertingCallees = settled.assertingCallees
    }

    /// Bit 0: may be a test case; bit 1: may be a Quick spec.
    func answer(_ name: UInt64) -> UInt8 {
      (testCaseClasses.contains(name) ? 1 : 0) | (quickSpecClasses.contains(name) ? 2 : 0)
    }
  }

  /// FNV-1a 64 of a name's UTF-8.
  static func hash(_ name: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// The speculation for a file from its declarations (`ResultCache.declarations` with the
  /// called names).
  ///
  /// With `known`, the answers other files already settled (a base class declared elsewhere
  /// that is a test case, a helper elsewhere that asserts) count too: they are final, so a
  /// file linted after them is linted once.
  init(_ declarations: ResultCache.Declarations, roots: Set<String>, known: KnownFacts? = nil) {
    var testRoots = roots
    var specRoots = TestDiscovery.quickRoots
    var helpers = declarations.helpers
    if let known {
      let answers = known.answers(types: declarations.typeReferences, callees: declarations.calledNames)
      testRoots.formUnion(answers.testCases)
      specRoots.formUnion(answers.specs)
      for name in answers.asserting { helpers.append(HelperSummary(name: name, asserts: true, callees: [])) }
    }
    var hierarchy = ClassHierarchy()
    hierarchy.add(declarations.classes)
    discovery = TestDiscovery(
      testCaseClasses: hierarchy.testCaseClasses(roots: testRoots),
      quickSpecClasses: hierarchy.testCaseClasses(roots: specRoots))
    let asserting = AssertionMatcher.assertingHelperNames(helpers)
    assertingHelpers = asserting
    var unsettled = Unsettled()
    for name in declarations.typeReferences {
      let known = Speculation.answer(name, discovery)
      if known != 3 { unsettled.types.append((Speculation.hash(name), known)) }
    }
    self.unsettled = unsettled
    unsettledCallees = declarations.calledNames.compactMap { name in
      asserting.contains(name) ? nil : NameKey(name)
    }
  }

  /// Bit 0: a test case; bit 1: a Quick spec.
  static func answer(_ name: String, _ discovery: TestDiscovery) -> UInt8 {
    (discovery.testCaseClasses.contains(name) ? 1 : 0) | (discovery.quickSpecClasses.contains(name) ? 2 : 0)
  }
}

/// The answers settled so far in a run, shared by the threads of pass 1: type names known to be
/// test cases or Quick specs, and helper names known to assert. They only grow, and each is
/// final (more files never turn a "yes" into a "no"), so a file may take them as given.
final class KnownFacts: Sendable {
  private struct State {
    var testCases: Set<String> = []
    var specs: Set<String> = []
    var asserting: Set<String> = []
  }

  private let state = Locked(State())

  /// Which of `types` are known test cases and Quick specs, and which of `callees` assert.
  func answers(types: [String], callees: [String]) -> (testCases: [String], specs: [String], asserting: [String]) {
    state.withLock { state in
      (
        types.filter(state.testCases.contains), types.filter(state.specs.contains),
        callees.filter(state.asserting.contains)
      )
    }
  }

  /// Adds what a file's speculation settled: its test-case and spec classes, and its helpers
  /// that assert (not `test...` methods, which are rarely called and would only grow the set).
  func publish(_ speculation: Speculation) {
    let asserting = speculation.assertingHelpers.filter { !$0.hasPrefix("test") }
    state.withLock { state in
      state.testCases.formUnion(speculation.discovery.testCaseClasses)
      state.specs.formUnion(speculation.discovery.quickSpecClasses)
      state.asserting.formUnion(asserting)
    }
  }
}
