/// What a run gathers to tell which bases it assumes are test cases (`BaseAssumption`): the
/// bases its files' classes may be assumed on, with how many classes each, and the names its
/// files declare that read as test bases or checks. Read by `RunFacts.settled`.
///
/// Only names read as test bases or checks are kept: the tables grow with a run's bases and
/// check helpers, not with its test classes.
final class AssumedBaseFacts: Sendable {
  private struct State {
    /// Each candidate, with how many classes, and whether one of them is in a file that
    /// imports XCTest, Quick or Nimble.
    var candidates: [String: (classes: Int, imported: Bool)] = [:]
    /// The links: classes with no `test...` method in files that import a test module, on a
    /// name read as a test base (`BaseAssumption.importedLink`).
    var links: Set<String> = []
    /// Kept as keys (16 bytes, whatever the name's length): with the default endings, every test
    /// class of the run that is not final is among them.
    var declaredBases: Set<NameKey> = []
    var declaredChecks: Set<String> = []
    /// The run's functions (not `test...` ones) that do not assert by themselves but call names
    /// read as checks, with those names.
    var checkCallers: [(function: NameKey, checks: [String])] = []
  }

  /// What names read as test bases.
  let assumption: BaseAssumption
  private let state = Locked(State())

  /// Facts gathered under this assumption.
  init(_ assumption: BaseAssumption) {
    self.assumption = assumption
  }

  /// Adds a file's candidates and declared names (`ResultCache.Declarations`).
  func add(_ declarations: ResultCache.Declarations) {
    // Whether a candidate's chain ends at a name read as a test base is told when the run settles.
    let candidates = declarations.baseCandidates
    let bases = declarations.declaredNames.filter(assumption.readsAsTestBase).map(NameKey.init)
    let checks = declarations.declaredNames.filter(BaseAssumption.tracksDeclaration)
    var checkCallers: [(function: NameKey, checks: [String])] = []
    for helper in declarations.helpers where !helper.asserts && !Speculation.isTestName(helper.name) {
      // A name read as a check, or a check's call under its labels (`CallSignature.key`).
      let called = helper.callees.filter {
        BaseAssumption.readsAsCheck($0) || BaseAssumption.readsAsAssertion($0) || $0.utf8.last == UInt8(ascii: ")")
      }
      if !called.isEmpty { checkCallers.append((NameKey(helper.name), called)) }
    }
    guard !candidates.isEmpty || !bases.isEmpty || !checks.isEmpty || !checkCallers.isEmpty else { return }
    state.withLock { state in
      for entry in candidates {
        if entry.hasPrefix(BaseAssumption.importedLink) {
          state.links.insert(String(entry.dropFirst(BaseAssumption.importedLink.count)))
          continue
        }
        let imported = !entry.hasPrefix(BaseAssumption.notImported)
        let name = imported ? entry : String(entry.dropFirst(BaseAssumption.notImported.count))
        let known = state.candidates[name] ?? (0, false)
        state.candidates[name] = (known.classes + 1, known.imported || imported)
      }
      state.declaredBases.formUnion(bases)
      state.declaredChecks.formUnion(checks)
      state.checkCallers += checkCallers
    }
  }

  /// Drops what was gathered (the run's last `settled`: its tables are not held while it
  /// reports).
  func release() {
    state.withLock { $0 = State() }
  }

  /// The bases assumed: the ends of the candidates' chains (up the run's classes, through
  /// `superclasses`) that read as test bases, that no file declares and that `certain`
  /// (`XCTestCase` and `test_base_classes`) leaves out. A chain that goes through a link
  /// counts as one from a file that imports a test module.
  func settled(certain: Set<String>, superclasses: (String) -> [String]) -> AssumedBases {
    state.withLock { state in
      var counts: [String: (classes: Int, imported: Bool)] = [:]
      var tops: [String] = []
      var seen: Set<String> = []
      var pending: [String] = []
      for (candidate, found) in state.candidates {
        // Up every chain, as far as the classes the run does not declare with a superclass (a
        // few steps). A class declared twice with two superclasses (one per target: an iOS and
        // a macOS `AppUITests`) has two chains, and both are read: taking the superclass of the
        // declaration the run happened to read first made the answer depend on the order the
        // threads read the files in. A cycle has no end and gives nothing.
        tops.removeAll(keepingCapacity: true)
        seen = [candidate]
        pending = [candidate]
        var imported = found.imported
        while let name = pending.popLast() {
          // A class of a file that imports XCTest, with no tests, on the way up: its
          // subclasses with tests get XCTest some other way (a bridging header).
          if !imported, state.links.contains(name) { imported = true }
          let above = superclasses(name)
          if above.isEmpty { tops.append(name) }
          for next in above where seen.insert(next).inserted { pending.append(next) }
        }
        for top in tops {
          guard !certain.contains(top), assumption.readsAsTestBase(top), !state.declaredBases.contains(NameKey(top))
          else { continue }
          let known = counts[top] ?? (0, false)
          counts[top] = (known.classes + found.classes, known.imported || imported)
        }
      }
      // A base is assumed when a class on it is in a file that imports a test module; then
      // every class with tests on it counts.
      let bases = counts
        .filter(\.value.imported)
        .map { (name: $0.key, classes: $0.value.classes) }
        .sorted { ($1.classes, $0.name) < ($0.classes, $1.name) }
      // A function of the run that calls a check no file declares asserts (through a support
      // package, as a call in a test would), bases assumed or not.
      let callers = state.checkCallers.compactMap { caller in
        caller.checks.contains { !state.declaredChecks.contains($0) } ? caller.function : nil
      }
      var assumed = AssumedBases(bases: bases, declaredChecks: state.declaredChecks)
      assumed.checkCallers = Set(callers)
      return assumed
    }
  }
}
