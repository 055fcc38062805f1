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
    /// Functions that do not assert by themselves, by each name they call.
    var callers: [NameKey: [NameKey]] = [:]
  }

  private let state = Locked(State())

  /// Adds a file's classes and helpers.
  func add(_ declarations: ResultCache.Declarations) {
    // The keys are made outside the lock: the other workers wait only for the inserts.
    var asserting: [NameKey] = []
    var edges: [(callee: NameKey, caller: NameKey)] = []
    for helper in declarations.helpers {
      if helper.asserts {
        asserting.append(NameKey(helper.name))
      } else if !helper.callees.isEmpty {
        let caller = NameKey(helper.name)
        for callee in helper.callees { edges.append((NameKey(callee), caller)) }
      }
    }
    guard !declarations.classes.isEmpty || !asserting.isEmpty || !edges.isEmpty else { return }
    state.withLock { state in
      state.hierarchy.add(declarations.classes)
      for key in asserting { state.asserting.insert(key) }
      for edge in edges { state.callers[edge.callee, default: []].append(edge.caller) }
    }
  }

  /// The run's test discovery (test-case classes under `roots`, and Quick specs) and its
  /// asserting helpers: the functions that assert, and transitively those that call one.
  func settled(roots: Set<String>) -> (discovery: TestDiscovery, assertingHelpers: HelperNames) {
    state.withLock { state in
      let discovery = TestDiscovery(
        testCaseClasses: state.hierarchy.testCaseClasses(roots: roots),
        quickSpecClasses: state.hierarchy.testCaseClasses(roots: TestDiscovery.quickRoots))
      // From the called names that assert, up through their callers (a worklist, no recursion).
      var asserting = state.asserting
      var queue = state.callers.keys.filter(asserting.contains)
      while let callee = queue.popLast() {
        for caller in state.callers[callee] ?? [] where asserting.insert(caller).inserted {
          if state.callers[caller] != nil { queue.append(caller) }
        }
      }
      return (discovery, HelperNames(keys: asserting))
    }
  }
}
