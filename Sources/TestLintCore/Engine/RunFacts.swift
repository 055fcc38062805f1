/// What the whole run declares, gathered by the workers of pass 1 as they scan: the class
/// hierarchy, and which functions assert, directly or through the helpers they call.
///
/// Each file adds its declarations once scanned and its model is dropped; the run keeps one
/// table, not each file's list, and its function names as `NameKey`s (16 bytes each, however
/// long the name). Adding is order-independent (unions), so which worker adds a file first
/// does not matter.
///
/// Most of a run's classes and functions are its tests, and almost none of them is ever named
/// by another file: a test class (`final class FooTests: XCTestCase`) that no file inherits
/// from or extends, a `test...` method no file calls. Only a named one can change an answer:
/// the rules ask about the types a file inherits from or extends and the names it calls, and a
/// class or function matters to another only as its superclass or callee. So classes and
/// `test...` functions wait, encoded, in a `FindingStore` (memory up to its budget, the rest
/// in its temporary file), and the run keeps the names its files refer to and the `test...`
/// names they call in small sets; `settled` takes in only the ones named. The tables grow
/// with the run's base classes and helpers, not with its tests.
final class RunFacts: Sendable {
  private struct State {
    /// Functions whose body asserts.
    var asserting: Set<NameKey> = []
    /// The `test...` names the run's files call.
    var calledTests: Set<NameKey> = []
    /// The type names the run's files inherit from or extend (`Declarations.typeReferences`).
    var referenced: Set<NameKey> = []
    /// The called names files speculated on (`Speculation.Unsettled.callees`), numbered.
    var calleeIDs: [NameKey: UInt32] = [:]
    var callees: [NameKey] = []
    /// The called names read as checks that files speculated the run declares
    /// (`HelperNames.declaresNone`): a subset of `callees`.
    var checkCallees: Set<NameKey> = []
    /// The type names files speculated on, numbered.
    var typeIDs: [NameKey: UInt32] = [:]
    var types: [NameKey] = []
    /// Every file's entries (`Speculation.Unsettled`), one file's after the other, in pages
    /// (`PagedArray`: a run's answers grow with its files, a few a file).
    var entries: PagedArray<UInt32>
  }

  /// Functions that do not assert by themselves, by each name they call: the first edge of
  /// each called name, and each edge's caller and the next edge of the same name (one flat
  /// array, not an array per name).
  private struct HelperCalls {
    var firstCaller: [NameKey: Int32] = [:]
    /// Each edge's caller (an index into `callerNames`) and the next edge: 8 bytes an edge, the
    /// 16-byte name once per function, not once per call.
    var callers: [(caller: UInt32, next: Int32)] = []
    var callerNames: [NameKey] = []
    /// The functions added, by name and callees: one declared again with the same calls (a
    /// file copied, an overload, a conformance written in every file) adds nothing.
    var seen: Set<NameKey> = []

    /// Adds a function that does not assert by itself and the names it calls (none: nothing).
    mutating func add(_ caller: NameKey, calling callees: [NameKey]) {
      guard !callees.isEmpty, seen.insert(NameKey(caller, calling: callees)).inserted else { return }
      let function = UInt32(callerNames.count)
      callerNames.append(caller)
      for callee in callees {
        let next = firstCaller.updateValue(Int32(callers.count), forKey: callee) ?? -1
        callers.append((function, next))
      }
    }

    /// `asserting` with every function that calls one of them, directly or through others (a
    /// worklist, no recursion).
    func closing(_ asserting: Set<NameKey>) -> Set<NameKey> {
      var asserting = asserting
      var queue = firstCaller.keys.filter(asserting.contains)
      while let callee = queue.popLast() {
        var edge = firstCaller[callee] ?? -1
        while edge >= 0 {
          let caller = callerNames[Int(callers[Int(edge)].caller)]
          if asserting.insert(caller).inserted, firstCaller[caller] != nil { queue.append(caller) }
          edge = callers[Int(edge)].next
        }
      }
      return asserting
    }
  }

  private let state: Locked<State>
  /// The classes, and the `test...` functions that assert or call a name, as `encodeClass`
  /// and `encodeFunction` write them.
  private let waiting: FindingStore
  /// With bases assumed (`BaseAssumption`), what tells which.
  private let baseFacts: AssumedBaseFacts
  /// What makes a base's name read as a test base (no ending without an assumption).
  var assumption: BaseAssumption { baseFacts.assumption }

  /// Facts whose classes and `test...` functions wait in `waiting` until the run settles, and
  /// whose entries keep `entryMemoryBytes` of pages in memory, the others in a temporary file
  /// in `directory` (nil for `TMPDIR`, else `/tmp`).
  init(
    waiting: FindingStore = FindingStore(memoryBytes: 1 << 20, chunkBytes: 256 << 10),
    entryMemoryBytes: Int = 256 << 10, directory: String? = nil, assumption: BaseAssumption? = nil
  ) {
    self.waiting = waiting
    // Without an assumption, the facts still tell which checks the run declares (none is
    // assumed: no name reads as a test base).
    baseFacts = AssumedBaseFacts(assumption ?? BaseAssumption(suffixes: []))
    state = Locked(
      State(entries: PagedArray(count: 0, filler: 0, memoryBytes: entryMemoryBytes, directory: directory)))
  }

  /// Adds a file's classes and helpers; returns where the entries (`Speculation.Unsettled`) of the
  /// type names and called names the file's results took answers for, which `settled`
  /// answers for the run. `ownTypes` are the names the file (number `file`) refers to and
  /// declares, with what its results took them for (`Speculation.ownTypes`).
  @discardableResult
  func add(
    _ declarations: ResultCache.Declarations, types: [(name: NameKey, known: UInt8)] = [],
    ownTypes: [(name: NameKey, known: UInt8)] = [], callees: [NameKey] = [], checkCallees: [NameKey] = [],
    inventoryCallees: [NameKey] = [], file: Int? = nil
  ) -> Speculation.Unsettled {
    baseFacts.add(declarations)
    // The keys are made outside the lock: the other workers wait only for the inserts.
    var asserting: [NameKey] = []
    var waiting = ByteWriter()
    var declared: [NameKey] = []
    for pair in declarations.classes {
      let key = NameKey(pair.name)
      declared.append(key)
      Self.encodeClass(pair, key: key, into: &waiting)
    }
    if let file {
      for (key, known) in ownTypes { Self.encodeOwnType(key, known: known, file: file, into: &waiting) }
    }
    for helper in declarations.helpers {
      if Speculation.isTestName(helper.name) {
        if helper.asserts || !helper.callees.isEmpty {
          Self.encodeFunction(helper, kind: Self.testKind, into: &waiting)
        }
      } else if helper.asserts {
        asserting.append(NameKey(helper.name))
      } else if !helper.callees.isEmpty {
        Self.encodeFunction(helper, kind: Self.callerKind, into: &waiting)
      }
    }
    if !waiting.bytes.isEmpty { _ = self.waiting.keep(waiting.bytes) }
    var calledTests: [NameKey] = []
    for name in declarations.calledNames where Speculation.isTestName(name) { calledTests.append(NameKey(name)) }
    // The types the file refers to and does not declare itself (a class it declares and
    // refers to is not named by another file that way; `settled` checks it is declared only
    // once). The names of `types` are among them: their keys are already made.
    var referenced = types.map(\.name)
    if referenced.count + ownTypes.count < declarations.typeReferences.count {
      let known = Set(referenced)
      for name in declarations.typeReferences {
        let key = NameKey(name)
        if !known.contains(key), !declared.contains(key) { referenced.append(key) }
      }
    }
    guard
      !asserting.isEmpty || !callees.isEmpty || !inventoryCallees.isEmpty || !referenced.isEmpty
        || !calledTests.isEmpty
    else { return Speculation.Unsettled() }
    return state.withLock { state in
      for key in asserting { state.asserting.insert(key) }
      for key in calledTests { state.calledTests.insert(key) }
      for key in referenced { state.referenced.insert(key) }
      for key in checkCallees { state.checkCallees.insert(key) }
      let start = state.entries.count
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
      // The inventory's callees after the results' (`Speculation.Unsettled.inventory`).
      var resultsCount = 0
      for (position, key) in (callees + inventoryCallees).enumerated() {
        if position == callees.count { resultsCount = entries.count }
        let id = state.calleeIDs[key] ?? UInt32(state.callees.count)
        if id == state.callees.count {
          state.calleeIDs[key] = id
          state.callees.append(key)
        }
        entries.append(id)
      }
      if inventoryCallees.isEmpty { resultsCount = entries.count }
      entries.withUnsafeBufferPointer { state.entries.append(contentsOf: $0) }
      var unsettled = Speculation.Unsettled(
        start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: resultsCount))
      unsettled.inventoryCount = UInt32(truncatingIfNeeded: entries.count - resultsCount)
      return unsettled
    }
  }

  /// What the whole run settles, once every file is in.
  struct Settled: Sendable {
    /// Test-case classes (under the roots) and Quick specs: of the classes some file refers
    /// to, and the classes above them; a file adds the ones it declares
    /// (`TestDiscovery.includesFileClasses`).
    let discovery: TestDiscovery
    /// The functions that assert, and transitively those that call one.
    let assertingHelpers: HelperNames
    /// Whether each numbered callee (`add`'s result) is one of them.
    let assertingCallees: [Bool]
    /// What each numbered type is: bit 0 a test case, bit 1 a Quick spec, bit 2 on an assumed
    /// base (`TestDiscovery.assumedBases`; pass 1 assumes none, so such an answer never holds).
    let typeAnswers: [UInt8]
    /// Every file's entries (`Speculation.Unsettled`).
    let entries: PagedArray<UInt32>
    /// Calls `body` with a file's entries (`add`'s result), as numbers (none where out of range);
    /// nil when the temporary file could not give them back.
    func withEntries<Result>(
      of unsettled: Speculation.Unsettled, _ body: (UnsafeBufferPointer<UInt32>) -> Result
    ) -> Result? {
      let start = Int(unsettled.start)
      let end = start + Int(unsettled.count)
      guard unsettled.count > 0, end <= entries.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      return entries.withReadValues(in: start..<end, body)
    }
    /// The files (`add`'s `file`) that took a class they declare for what it is not once the
    /// run's other declarations of the same name are counted.
    let ownTypesDeclaredElsewhere: Set<Int>
    /// The bases the run assumed are test cases (in `discovery` too).
    var assumed = AssumedBases()
  }

  /// The run's test discovery and asserting helpers. With `releasing`, the run's last call:
  /// each table is dropped once read, so that what the run holds while it reports (its peak,
  /// on a large tree) does not include them; the facts are empty after.
  func settled(roots certain: Set<String>, releasing: Bool = false) -> Settled {
    state.withLock { state in
      // The names declared more than once (or whose first hashes meet, which counts the same):
      // answered from every declaration, as a file that declares one cannot answer alone.
      var firsts: [UInt64] = []
      waiting.forEachChunk { bytes in
        Self.decodeWaiting(bytes, onClass: { name, _, _ in firsts.append(name.first) })
      }
      firsts.sort()
      var twice = Set<UInt64>()
      for index in firsts.indices.dropFirst() where firsts[index] == firsts[index - 1] { twice.insert(firsts[index]) }
      firsts = []
      // The classes some file refers to, then the classes above them (a base class declared in
      // the file of its subclass is referred to only there), pass after pass over what
      // waits: as many as the chains of such classes are long. With them, the `test...`
      // functions some file calls, and the files that took a class declared twice as their own.
      var hierarchy = ClassHierarchy()
      var wanted = state.referenced
      var firstPass = true
      var frontier: Set<NameKey> = []
      // The names declared more than once, by the first hash; and the files' own answers for
      // such names, to check once the discovery is made.
      var twiceKeys: [UInt64: NameKey] = [:]
      // Two names with one first hash: no answer for either (files that took one as their own
      // are linted again).
      var ambiguous = Set<UInt64>()
      var ownAnswers: [(file: Int, first: UInt64, known: UInt8)] = []
      // The functions that assert by themselves, and the first hashes of those that call
      // others (helpers, and `test...` functions some file calls).
      var asserting = state.asserting
      if releasing { state.asserting = [] }
      var callers = Set<UInt64>()
      repeat {
        var next: Set<NameKey> = []
        waiting.forEachChunk { bytes in
          Self.decodeWaiting(
            bytes,
            onClass: { name, superclass, pair in
              let load =
                firstPass ? wanted.contains(name) || twice.contains(name.first) : frontier.contains(name)
              guard load else { return }
              if firstPass {
                wanted.insert(name)
                if twice.contains(name.first), let seen = twiceKeys.updateValue(name, forKey: name.first),
                  seen != name
                {
                  ambiguous.insert(name.first)
                }
              }
              if let pair = pair() { hierarchy.add([pair]) }
              if wanted.insert(superclass).inserted { next.insert(superclass) }
            },
            onTest: { name, asserts, _ in
              guard firstPass, state.calledTests.contains(name) else { return }
              if asserts { asserting.insert(name) } else { callers.insert(name.first) }
            },
            onOwnType: { file, first, known in
              if firstPass, twice.contains(first) { ownAnswers.append((file, first, known)) }
            },
            onCaller: { name, _ in
              if firstPass { callers.insert(name.first) }
            })
        }
        firstPass = false
        frontier = next
      } while !frontier.isEmpty
      wanted = []
      // The bases assumed, found up the chains of the run's classes (those some file refers
      // to), are roots as the certain ones are; a file that took one for no test case is linted
      // again (its entry for the name no longer holds).
      let checks = baseFacts.settled(certain: certain, superclasses: hierarchy.superclasses(of:))
      if releasing { baseFacts.release() }
      // What the run says it assumed: nothing, when no base was.
      let assumed = checks.bases.isEmpty ? AssumedBases() : checks
      let roots = certain.union(assumed.bases.map(\.name))
      // Functions that call a check no file declares assert, bases assumed or not.
      asserting.formUnion(checks.checkCallers)
      let declaredChecks = Set(checks.declaredChecks.map(NameKey.init))
      let classes = hierarchy.testCaseClasses(roots: roots, specRoots: TestDiscovery.quickRoots)
      // The assumed bases and the classes of the run under them (those some file refers to):
      // a file's class on one of those rests on an assumed base too.
      let onAssumedBases = assumed.bases.isEmpty ? [] : hierarchy.testCaseClasses(roots: Set(assumed.bases.map(\.name)))
      hierarchy = ClassHierarchy()
      var discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
      discovery.includesFileClasses = true
      discovery.assumedBases = onAssumedBases
      discovery.declaredChecks = assumed.declaredChecks
      discovery.baseAssumption = baseFacts.assumption
      // The calls that can make a caller assert: of a name that asserts, or that calls others
      // (one whose first hash is another's only adds an edge that leads nowhere). Most calls
      // are of neither (initializers, the code under test, functions of other modules) and
      // are left on disk. Then from the names that assert, up through their callers.
      var graph = HelperCalls()
      func add(_ caller: NameKey, calling callees: [NameKey]) {
        graph.add(caller, calling: callees.filter { callers.contains($0.first) || asserting.contains($0) })
      }
      waiting.forEachChunk { bytes in
        Self.decodeWaiting(
          bytes, onClass: { _, _, _ in },
          onTest: { name, asserts, callees in
            if !asserts, state.calledTests.contains(name) { add(name, calling: callees()) }
          },
          onCaller: { name, callees in add(name, calling: callees()) })
      }
      callers = []
      if releasing {
        state.referenced = []
        state.calledTests = []
      }
      asserting = graph.closing(asserting)
      graph = HelperCalls()
      // A name read as a check that a file took for declared in the run, and that no file
      // declares, counts as an assertion (`HelperNames.declaresNone`): that file is linted again.
      let checkCallees = state.checkCallees
      let assertingCallees = state.callees.map { key in
        asserting.contains(key) || checkCallees.contains(key) && !declaredChecks.contains(key)
      }
      let testCases = Set(discovery.testCaseClasses.map(NameKey.init))
      let specs = Set(discovery.quickSpecClasses.map(NameKey.init))
      // Whether a class rests on an assumed base changes what counts as an assertion in it
      // (`TestDiscovery.assumesChecks`), which pass 1, assuming none, never took into account:
      // a name on one answers otherwise than any file did, and the files that took it are
      // linted again. Most already are (their answer was "no test case"); not a file whose
      // class of that name rests on `XCTestCase` while another of the same name rests on an
      // assumed base (two folders' `TestCase`s).
      let onAssumed = Set(onAssumedBases.map(NameKey.init))
      func answer(_ key: NameKey) -> UInt8 {
        (testCases.contains(key) ? 1 : 0) | (specs.contains(key) ? 2 : 0) | (onAssumed.contains(key) ? 4 : 0)
      }
      let typeAnswers = state.types.map(answer)
      // A file's own class declared elsewhere too: its results hold if the run answers as the
      // file did (copies of one file do).
      var declaredElsewhere = Set<Int>()
      for (file, first, known) in ownAnswers
      where ambiguous.contains(first) || twiceKeys[first].map(answer) != known {
        declaredElsewhere.insert(file)
      }
      // Handed over whole: a `Settled` never reads an array `add` still appends to (tests settle
      // without releasing, and add more after, with a copy).
      let entries =
        releasing
        ? state.entries
        : state.entries.withValues(in: 0..<state.entries.count) {
          PagedArray(copying: $0, filler: 0, memoryBytes: 0)
        }
      if releasing { state = State(entries: PagedArray(count: 0, filler: 0, memoryBytes: 0)) }
      var settled = Settled(
        discovery: discovery, assertingHelpers: HelperNames(keys: asserting, declaredChecks: declaredChecks),
        assertingCallees: assertingCallees,
        typeAnswers: typeAnswers, entries: entries, ownTypesDeclaredElsewhere: declaredElsewhere)
      settled.assumed = assumed
      return settled
    }
  }

  /// What waits for `settled`, written with `ByteWriter`, each entry a kind, then:
  /// - a class (`classKind`): its name's key and its superclass's, then the two names;
  /// - a `test...` function (`testKind`): its name's key, whether it asserts, how many callees,
  ///   then their keys;
  /// - a class a file declares and refers to (`ownTypeKind`): the file's number, the first
  ///   hash of the name's key and what the file took it for.
  /// A key is its two 64-bit hashes.
  private static let classKind = 1
  private static let testKind = 2
  private static let ownTypeKind = 3
  private static let callerKind = 4

  private static func write(_ key: NameKey, to writer: inout ByteWriter) {
    writer.u64(key.first)
    writer.u64(key.second)
  }

  /// The `count` keys written from `position` on.
  private static func readKeys(_ bytes: ArraySlice<UInt8>, at position: Int, count: Int) -> [NameKey] {
    var reader = ByteReader(bytes: bytes, position: position)
    return (0..<count).compactMap { _ in readKey(&reader) }
  }

  private static func readKey(_ reader: inout ByteReader) -> NameKey? {
    guard let first = reader.u64(), let second = reader.u64() else { return nil }
    return NameKey(first: first, second: second)
  }

  private static func encodeClass(_ pair: ResultCache.Pair, key: NameKey, into writer: inout ByteWriter) {
    writer.int(classKind)
    write(key, to: &writer)
    write(NameKey(pair.superclass), to: &writer)
    writer.string(pair.name)
    writer.string(pair.superclass)
  }

  /// A `test...` function (`testKind`) or a helper that does not assert (`callerKind`).
  private static func encodeFunction(_ function: HelperSummary, kind: Int, into writer: inout ByteWriter) {
    writer.int(kind)
    write(NameKey(function.name), to: &writer)
    writer.int(function.asserts ? 1 : 0)
    let callees = function.asserts ? [] : function.callees
    writer.int(callees.count)
    for callee in callees { write(NameKey(callee), to: &writer) }
  }

  private static func encodeOwnType(_ key: NameKey, known: UInt8, file: Int, into writer: inout ByteWriter) {
    writer.int(ownTypeKind)
    writer.int(file)
    writer.u64(key.first)
    writer.int(Int(known))
  }

  /// Reads what waits in `bytes` (the entries `encodeClass`, `encodeFunction` and `encodeOwnType`
  /// wrote, one after the other), calling the closure of each entry's kind; a class's names
  /// and a test's callees are made only when asked for. Stops at the first entry that does
  /// not read whole.
  private static func decodeWaiting(
    _ bytes: ArraySlice<UInt8>,
    onClass: (_ name: NameKey, _ superclass: NameKey, _ pair: () -> ResultCache.Pair?) -> Void,
    onTest: (_ name: NameKey, _ asserts: Bool, _ callees: () -> [NameKey]) -> Void = { _, _, _ in },
    onOwnType: (_ file: Int, _ first: UInt64, _ known: UInt8) -> Void = { _, _, _ in },
    onCaller: (_ name: NameKey, _ callees: () -> [NameKey]) -> Void = { _, _ in }
  ) {
    var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
    while reader.position < bytes.endIndex {
      switch reader.int() {
      case classKind?:
        guard let name = readKey(&reader), let superclass = readKey(&reader) else { return }
        let names = reader.position
        guard reader.skipString(), reader.skipString() else { return }
        onClass(name, superclass) {
          var reader = ByteReader(bytes: bytes, position: names)
          guard let name = reader.string(), let superclass = reader.string() else { return nil }
          return ResultCache.Pair(name: name, superclass: superclass)
        }
      case let kind? where kind == testKind || kind == callerKind:
        guard let name = readKey(&reader), let asserts = reader.int(), let count = reader.int(), count >= 0,
          count <= (bytes.endIndex - reader.position) / 16
        else { return }
        let callees = reader.position
        reader.position += count * 16
        // The callees read only when asked for, by closures passed as they are written (one
        // stored in a variable first was made on the heap for every entry).
        if kind == testKind {
          onTest(name, asserts == 1) { readKeys(bytes, at: callees, count: count) }
        } else {
          onCaller(name) { readKeys(bytes, at: callees, count: count) }
        }
      case ownTypeKind?:
        guard let file = reader.int(), let first = reader.u64(), let known = reader.int() else { return }
        onOwnType(file, first, UInt8(truncatingIfNeeded: known))
      default:
        return
      }
    }
  }
}
