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
  }

  private let state = Locked(State())

  /// Adds a file's classes and helpers; returns the numbers of `callees` (names the file's
  /// results took as not asserting), which `settled` answers for.
  @discardableResult
  func add(_ declarations: ResultCache.Declarations, callees: [NameKey] = []) -> [UInt32] {
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
    guard !declarations.classes.isEmpty || !asserting.isEmpty || !calling.isEmpty || !callees.isEmpty
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
      return callees.map { key in
        if let id = state.calleeIDs[key] { return id }
        let id = UInt32(state.callees.count)
        state.calleeIDs[key] = id
        state.callees.append(key)
        return id
      }
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
  }

  /// The run's test discovery and asserting helpers.
  func settled(roots: Set<String>) -> Settled {
    state.withLock { state in
      let discovery = TestDiscovery(
        testCaseClasses: state.hierarchy.testCaseClasses(roots: roots),
        quickSpecClasses: state.hierarchy.testCaseClasses(roots: TestDiscovery.quickRoots))
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
      return Settled(
        discovery: discovery, assertingHelpers: HelperNames(keys: asserting),
        assertingCallees: state.callees.map(asserting.contains))
    }
  }
}
