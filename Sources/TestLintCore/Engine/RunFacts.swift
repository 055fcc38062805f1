/// What the whole run declares, gathered by the workers of pass 1 as they scan: the class
/// hierarchy, and which functions assert, directly or through the helpers they call.
///
/// Each file adds its declarations once scanned and its model is dropped; the run keeps one
/// table, not each file's list, and its function names as `NameKey`s (16 bytes each, however
/// long the name): a run of 100,000 files holds a few megabytes of it. Adding is
/// order-independent (unions), so which worker adds a file first does not matter.
final class RunFacts: Sendable {
  private struct State {
    var hierarchy = ClassHierarchy()
    /// Functions whose body asserts.
    var asserting: Set<NameKey> = []
    /// Functions that do not assert by themselves, by each name they call: the first edge of
    /// each called name, and each edge's caller and the next edge of the same name (one flat
    /// array, not an array per name).
    var firstCaller: [NameKey: Int32] = [:]
    var callers: [(caller: NameKey, next: Int32)] = []
    /// The functions whose calls are in `callers`, by name and callees: one declared again with
    /// the same calls (a file copied, an overload) adds nothing.
    var callersSeen: Set<NameKey> = []
    /// The called names files speculated on (`Speculation.Unsettled.callees`), numbered.
    var calleeIDs: [NameKey: UInt32] = [:]
    var callees: [NameKey] = []
    /// The type names files speculated on, numbered.
    var typeIDs: [NameKey: UInt32] = [:]
    var types: [NameKey] = []
  }

  private let state = Locked(State())

  /// Adds a file's classes and helpers; returns the entries (`Speculation.Unsettled`) of the
  /// type names and called names the file's results took answers for, which `settled`
  /// answers for the run.
  @discardableResult
  func add(
    _ declarations: ResultCache.Declarations, types: [(name: NameKey, known: UInt8)] = [],
    callees: [NameKey] = []
  ) -> [UInt32] {
    // The keys are made outside the lock: the other workers wait only for the inserts.
    var asserting: [NameKey] = []
    var calling: [(caller: NameKey, callees: [NameKey])] = []
    for helper in declarations.helpers {
      if helper.asserts {
        asserting.append(NameKey(helper.name))
      } else if !helper.callees.isEmpty {
        calling.append((NameKey(helper.name), helper.callees.map(NameKey.init)))
      }
    }
    guard
      !declarations.classes.isEmpty || !asserting.isEmpty || !calling.isEmpty || !callees.isEmpty
        || !types.isEmpty
    else { return [] }
    return state.withLock { state in
      state.hierarchy.add(declarations.classes)
      for key in asserting { state.asserting.insert(key) }
      for (caller, callees) in calling
      where state.callersSeen.insert(NameKey(caller, calling: callees)).inserted {
        for callee in callees {
          let next = state.firstCaller.updateValue(Int32(state.callers.count), forKey: callee) ?? -1
          state.callers.append((caller, next))
        }
      }
      var entries: [UInt32] = []
      entries.reserveCapacity(types.count + callees.count)
      for (key, known) in types {
        let id = state.typeIDs[key] ?? UInt32(state.types.count)
        if id == state.types.count {
          state.typeIDs[key] = id
          state.types.append(key)
        }
        entries.append(Speculation.Unsettled.typeFlag | id << 2 | UInt32(known))
      }
      for key in callees {
        let id = state.calleeIDs[key] ?? UInt32(state.callees.count)
        if id == state.callees.count {
          state.calleeIDs[key] = id
          state.callees.append(key)
        }
        entries.append(id)
      }
      return entries
    }
  }

  /// What the whole run settles, once every file is in.
  struct Settled: Sendable {
    /// Test-case classes (under the roots) and Quick specs.
    let discovery: TestDiscovery
    /// The functions that assert, and transitively those that call one.
    let assertingHelpers: HelperNames
    /// Whether each numbered callee (`add`'s result) is one of them.
    let assertingCallees: [Bool]
    /// What each numbered type is: bit 0 a test case, bit 1 a Quick spec.
    let typeAnswers: [UInt8]
  }

  /// The run's test discovery and asserting helpers.
  func settled(roots: Set<String>) -> Settled {
    state.withLock { state in
      let classes = state.hierarchy.testCaseClasses(roots: roots, specRoots: TestDiscovery.quickRoots)
      let discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
      // From the called names that assert, up through their callers (a worklist, no recursion).
      var asserting = state.asserting
      var queue = state.firstCaller.keys.filter(asserting.contains)
      while let callee = queue.popLast() {
        var edge = state.firstCaller[callee] ?? -1
        while edge >= 0 {
          let caller = state.callers[Int(edge)].caller
          if asserting.insert(caller).inserted, state.firstCaller[caller] != nil { queue.append(caller) }
          edge = state.callers[Int(edge)].next
        }
      }
      let testCases = Set(discovery.testCaseClasses.map(NameKey.init))
      let specs = Set(discovery.quickSpecClasses.map(NameKey.init))
      return Settled(
        discovery: discovery, assertingHelpers: HelperNames(keys: asserting),
        assertingCallees: state.callees.map(asserting.contains),
        typeAnswers: state.types.map { (testCases.contains($0) ? 1 : 0) | (specs.contains($0) ? 2 : 0) })
    }
  }
}
