/// What the whole run declares, gathered by the workers of pass 1 as they scan: the class
/// hierarchy, and which functions assert, directly or through the helpers they call.
///
/// Each file adds its declarations once scanned and its model is dropped; the run keeps one
/// table, not each file's list, and its function names as `NameKey`s (16 bytes each, however
/// long the name). Adding is order-independent (unions), so which worker adds a file first
/// does not matter.
///
/// Functions named `test...` are most of a run's functions, and almost none is ever called:
/// only a called one can change an answer (the rules ask about the names a file calls, and a
/// function matters to another only as its callee). They wait, encoded, in a `FindingStore`
/// (memory up to its budget, the rest in its temporary file), with the `test...` names the
/// run's files call in a small set; `settled` takes in only the called ones. So the tables
/// grow with the run's helpers, not with its tests: a run of 100,000 generated files holds
/// 60 MB less at its peak.
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
    /// The `test...` names the run's files call.
    var calledTests: Set<NameKey> = []
    /// The called names files speculated on (`Speculation.Unsettled.callees`), numbered.
    var calleeIDs: [NameKey: UInt32] = [:]
    var callees: [NameKey] = []
    /// The type names files speculated on, numbered.
    var typeIDs: [NameKey: UInt32] = [:]
    var types: [NameKey] = []

    /// Adds a function that does not assert by itself and the names it calls.
    mutating func add(_ caller: NameKey, calling callees: [NameKey]) {
      guard callersSeen.insert(NameKey(caller, calling: callees)).inserted else { return }
      for callee in callees {
        let next = firstCaller.updateValue(Int32(callers.count), forKey: callee) ?? -1
        callers.append((caller, next))
      }
    }
  }

  private let state = Locked(State())
  /// The `test...` functions that assert or call a name, as `encodeTest` writes them.
  private let tests: FindingStore

  /// Facts whose `test...` functions wait in `tests` until the run settles.
  init(tests: FindingStore = FindingStore(memoryBytes: 4 << 20)) {
    self.tests = tests
  }

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
    var testFunctions: [UInt8] = []
    for helper in declarations.helpers {
      if Speculation.isTestName(helper.name) {
        if helper.asserts || !helper.callees.isEmpty { Self.encodeTest(helper, into: &testFunctions) }
      } else if helper.asserts {
        asserting.append(NameKey(helper.name))
      } else if !helper.callees.isEmpty {
        calling.append((NameKey(helper.name), helper.callees.map(NameKey.init)))
      }
    }
    if !testFunctions.isEmpty { _ = tests.keep(testFunctions) }
    var calledTests: [NameKey] = []
    for name in declarations.calledNames where Speculation.isTestName(name) { calledTests.append(NameKey(name)) }
    guard
      !declarations.classes.isEmpty || !asserting.isEmpty || !calling.isEmpty || !callees.isEmpty
        || !types.isEmpty || !calledTests.isEmpty
    else { return [] }
    return state.withLock { state in
      state.hierarchy.add(declarations.classes)
      for key in asserting { state.asserting.insert(key) }
      for (caller, callees) in calling { state.add(caller, calling: callees) }
      for key in calledTests { state.calledTests.insert(key) }
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
      // The `test...` functions some file calls, from where they waited.
      if !state.calledTests.isEmpty {
        tests.forEachChunk { bytes in Self.decodeTests(bytes, into: &state) }
      }
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

  /// A `test...` function as it waits for `settled`: its name's key (16 bytes), then a 4-byte
  /// word (bit 31: it asserts; the others: how many callees), then its callees' keys.
  private static func encodeTest(_ function: HelperSummary, into bytes: inout [UInt8]) {
    func append(_ key: NameKey) {
      withUnsafeBytes(of: key.first.littleEndian) { bytes.append(contentsOf: $0) }
      withUnsafeBytes(of: key.second.littleEndian) { bytes.append(contentsOf: $0) }
    }
    append(NameKey(function.name))
    let callees = function.asserts ? [] : function.callees
    let word = (function.asserts ? 1 << 31 : 0) | UInt32(truncatingIfNeeded: callees.count)
    withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    for callee in callees { append(NameKey(callee)) }
  }

  /// Adds the functions in `bytes` (`encodeTest`'s, one after the other) that some file calls.
  private static func decodeTests(_ bytes: UnsafeBufferPointer<UInt8>, into state: inout State) {
    guard let base = bytes.baseAddress else { return }
    func key(at offset: Int) -> NameKey {
      NameKey(
        first: UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)),
        second: UInt64(littleEndian: UnsafeRawPointer(base + offset + 8).loadUnaligned(as: UInt64.self)))
    }
    var offset = 0
    while bytes.count - offset >= 20 {
      let name = key(at: offset)
      let word = UInt32(littleEndian: UnsafeRawPointer(base + offset + 16).loadUnaligned(as: UInt32.self))
      let count = Int(word & ~(1 << 31))
      offset += 20
      guard count <= (bytes.count - offset) / 16 else { return }
      defer { offset += count * 16 }
      guard state.calledTests.contains(name) else { continue }
      if word & 1 << 31 != 0 {
        state.asserting.insert(name)
      } else {
        state.add(name, calling: (0..<count).map { key(at: offset + $0 * 16) })
      }
    }
  }
}
