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
    var hierarchy = ClassHierarchy()
    /// Functions whose body asserts.
    var asserting: Set<NameKey> = []
    /// Functions that do not assert by themselves, by each name they call: the first edge of
    /// each called name, and each edge's caller and the next edge of the same name (one flat
    /// array, not an array per name).
    var firstCaller: [NameKey: Int32] = [:]
    /// Each edge's caller (an index into `callerNames`) and the next edge: 8 bytes an edge, the
    /// 16-byte name once per function, not once per call.
    var callers: [(caller: UInt32, next: Int32)] = []
    var callerNames: [NameKey] = []
    /// The functions whose calls are in `callers`, by name and callees: one declared again with
    /// the same calls (a file copied, an overload) adds nothing.
    var callersSeen: Set<NameKey> = []
    /// The `test...` names the run's files call.
    var calledTests: Set<NameKey> = []
    /// The type names the run's files inherit from or extend (`Declarations.typeReferences`).
    var referenced: Set<NameKey> = []
    /// The called names files speculated on (`Speculation.Unsettled.callees`), numbered.
    var calleeIDs: [NameKey: UInt32] = [:]
    var callees: [NameKey] = []
    /// The type names files speculated on, numbered.
    var typeIDs: [NameKey: UInt32] = [:]
    var types: [NameKey] = []
    /// Every file's entries (`Speculation.Unsettled`), one file's after the other.
    var entries: [UInt32] = []

    /// Adds a function that does not assert by itself and the names it calls.
    mutating func add(_ caller: NameKey, calling callees: [NameKey]) {
      guard callersSeen.insert(NameKey(caller, calling: callees)).inserted else { return }
      let function = UInt32(callerNames.count)
      callerNames.append(caller)
      for callee in callees {
        let next = firstCaller.updateValue(Int32(callers.count), forKey: callee) ?? -1
        callers.append((function, next))
      }
    }
  }

  private let state = Locked(State())
  /// The classes, and the `test...` functions that assert or call a name, as `encodeClass`
  /// and `encodeTest` write them.
  private let waiting: FindingStore

  /// Facts whose classes and `test...` functions wait in `waiting` until the run settles.
  init(waiting: FindingStore = FindingStore(memoryBytes: 1 << 20, chunkBytes: 256 << 10)) {
    self.waiting = waiting
  }

  /// Adds a file's classes and helpers; returns where the entries (`Speculation.Unsettled`) of the
  /// type names and called names the file's results took answers for, which `settled`
  /// answers for the run. `ownTypes` are the names the file (number `file`) refers to and
  /// declares, with what its results took them for (`Speculation.ownTypes`).
  @discardableResult
  func add(
    _ declarations: ResultCache.Declarations, types: [(name: NameKey, known: UInt8)] = [],
    ownTypes: [(name: NameKey, known: UInt8)] = [], callees: [NameKey] = [], file: Int? = nil
  ) -> Speculation.Unsettled {
    // The keys are made outside the lock: the other workers wait only for the inserts.
    var asserting: [NameKey] = []
    var calling: [(caller: NameKey, callees: [NameKey])] = []
    var waitingBytes: [UInt8] = []
    var declared: [NameKey] = []
    for pair in declarations.classes {
      let key = NameKey(pair.name)
      declared.append(key)
      Self.encodeClass(pair, key: key, into: &waitingBytes)
    }
    if let file {
      for (key, known) in ownTypes { Self.encodeOwnType(key, known: known, file: file, into: &waitingBytes) }
    }
    for helper in declarations.helpers {
      if Speculation.isTestName(helper.name) {
        if helper.asserts || !helper.callees.isEmpty { Self.encodeTest(helper, into: &waitingBytes) }
      } else if helper.asserts {
        asserting.append(NameKey(helper.name))
      } else if !helper.callees.isEmpty {
        calling.append((NameKey(helper.name), helper.callees.map(NameKey.init)))
      }
    }
    if !waitingBytes.isEmpty { _ = waiting.keep(waitingBytes) }
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
      !asserting.isEmpty || !calling.isEmpty || !callees.isEmpty || !referenced.isEmpty || !calledTests.isEmpty
    else { return Speculation.Unsettled() }
    return state.withLock { state in
      for key in asserting { state.asserting.insert(key) }
      for (caller, callees) in calling { state.add(caller, calling: callees) }
      for key in calledTests { state.calledTests.insert(key) }
      for key in referenced { state.referenced.insert(key) }
      let start = state.entries.count
      for (key, known) in types {
        let id = state.typeIDs[key] ?? UInt32(state.types.count)
        if id == state.types.count {
          state.typeIDs[key] = id
          state.types.append(key)
        }
        state.entries.append(Speculation.Unsettled.typeFlag | id << 2 | UInt32(known))
      }
      for key in callees {
        let id = state.calleeIDs[key] ?? UInt32(state.callees.count)
        if id == state.callees.count {
          state.calleeIDs[key] = id
          state.callees.append(key)
        }
        state.entries.append(id)
      }
      return Speculation.Unsettled(
        start: UInt32(truncatingIfNeeded: start), count: UInt32(truncatingIfNeeded: state.entries.count - start))
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
    /// What each numbered type is: bit 0 a test case, bit 1 a Quick spec.
    let typeAnswers: [UInt8]
    /// Every file's entries (`Speculation.Unsettled`).
    let entries: [UInt32]
    /// A file's entries (`add`'s result), as numbers (empty where out of range).
    func entries(of unsettled: Speculation.Unsettled) -> ArraySlice<UInt32> {
      let start = Int(unsettled.start)
      let end = start + Int(unsettled.count)
      return end <= entries.count ? entries[start..<end] : []
    }
    /// The files (`add`'s `file`) that took a class they declare for what it is not once the
    /// run's other declarations of the same name are counted.
    let ownTypesDeclaredElsewhere: Set<Int>
  }

  /// The run's test discovery and asserting helpers. With `releasing`, the run's last call:
  /// each table is dropped once read, so that what the run holds while it reports (its peak,
  /// on a large tree) does not include them; the facts are empty after.
  func settled(roots: Set<String>, releasing: Bool = false) -> Settled {
    state.withLock { state in
      // The names declared more than once (or whose first hashes meet, which counts the same):
      // answered from every declaration, as a file that declares one cannot answer alone.
      var firsts: [UInt64] = []
      waiting.forEachChunk { bytes in
        Self.decodeWaiting(bytes, onClass: { name, _, _, _ in firsts.append(name.first) })
      }
      firsts.sort()
      var twice = Set<UInt64>()
      for index in firsts.indices.dropFirst() where firsts[index] == firsts[index - 1] { twice.insert(firsts[index]) }
      firsts = []
      // The classes some file refers to, then the classes above them (a base class declared in
      // the file of its subclass is referred to only there), pass after pass over what
      // waits: as many as the chains of such classes are long. With them, the `test...`
      // functions some file calls, and the files that took a class declared twice as their own.
      state.hierarchy = ClassHierarchy()
      var wanted = state.referenced
      var firstPass = true
      var frontier: Set<NameKey> = []
      // The names declared more than once, by the first hash; and the files' own answers for
      // such names, to check once the discovery is made.
      var twiceKeys: [UInt64: NameKey?] = [:]
      var ownAnswers: [(file: Int, first: UInt64, known: UInt8)] = []
      repeat {
        var next: Set<NameKey> = []
        waiting.forEachChunk { bytes in
          Self.decodeWaiting(
            bytes,
            onClass: { name, superclass, nameBytes, superclassBytes in
              let load =
                firstPass ? wanted.contains(name) || twice.contains(name.first) : frontier.contains(name)
              guard load else { return }
              if firstPass {
                wanted.insert(name)
                if twice.contains(name.first) {
                  // Two names with one first hash: no answer for either (files that took one
                  // as their own are linted again).
                  let seen = twiceKeys[name.first]
                  twiceKeys[name.first] = seen == nil || seen! == name ? name : .some(nil)
                }
              }
              state.hierarchy.add([
                ResultCache.Pair(
                  name: String(decoding: nameBytes, as: UTF8.self),
                  superclass: String(decoding: superclassBytes, as: UTF8.self))
              ])
              if wanted.insert(superclass).inserted { next.insert(superclass) }
            },
            onTest: { name, asserts, callees in
              guard firstPass, state.calledTests.contains(name) else { return }
              if asserts {
                state.asserting.insert(name)
              } else {
                state.add(name, calling: callees())
              }
            },
            onOwnType: { file, first, known in
              if firstPass, twice.contains(first) { ownAnswers.append((file, first, known)) }
            })
        }
        firstPass = false
        frontier = next
      } while !frontier.isEmpty
      wanted = []
      let classes = state.hierarchy.testCaseClasses(roots: roots, specRoots: TestDiscovery.quickRoots)
      var discovery = TestDiscovery(testCaseClasses: classes.testCases, quickSpecClasses: classes.specs)
      discovery.includesFileClasses = true
      if releasing {
        state.hierarchy = ClassHierarchy()
        state.referenced = []
        state.calledTests = []
      }
      // From the called names that assert, up through their callers (a worklist, no recursion).
      var asserting = state.asserting
      if releasing { state.asserting = [] }
      var queue = state.firstCaller.keys.filter(asserting.contains)
      while let callee = queue.popLast() {
        var edge = state.firstCaller[callee] ?? -1
        while edge >= 0 {
          let caller = state.callerNames[Int(state.callers[Int(edge)].caller)]
          if asserting.insert(caller).inserted, state.firstCaller[caller] != nil { queue.append(caller) }
          edge = state.callers[Int(edge)].next
        }
      }
      if releasing {
        state.firstCaller = [:]
        state.callers = []
        state.callerNames = []
        state.callersSeen = []
      }
      let assertingCallees = state.callees.map(asserting.contains)
      let testCases = Set(discovery.testCaseClasses.map(NameKey.init))
      let specs = Set(discovery.quickSpecClasses.map(NameKey.init))
      func answer(_ key: NameKey) -> UInt8 { (testCases.contains(key) ? 1 : 0) | (specs.contains(key) ? 2 : 0) }
      let typeAnswers = state.types.map(answer)
      // A file's own class declared elsewhere too: its results hold if the run answers as the
      // file did (copies of one file do).
      var declaredElsewhere = Set<Int>()
      for (file, first, known) in ownAnswers where (twiceKeys[first] ?? nil).map(answer) != known {
        declaredElsewhere.insert(file)
      }
      let entries = state.entries
      if releasing { state = State() }
      return Settled(
        discovery: discovery, assertingHelpers: HelperNames(keys: asserting), assertingCallees: assertingCallees,
        typeAnswers: typeAnswers, entries: entries, ownTypesDeclaredElsewhere: declaredElsewhere)
    }
  }

  /// What waits for `settled`, each entry a kind byte, then:
  /// - a class (`classKind`): its name's key and its superclass's (16 bytes each), then the
  ///   two names, each a 4-byte length and UTF-8;
  /// - a `test...` function (`testKind`): its name's key, a 4-byte word (bit 31: it asserts;
  ///   the others: how many callees), then its callees' keys;
  /// - a class a file declares and refers to (`ownTypeKind`): the file's number (4 bytes), the
  ///   first hash of the name's key (8 bytes) and what the file took it for (1 byte).
  private static let classKind: UInt8 = 1
  private static let testKind: UInt8 = 2
  private static let ownTypeKind: UInt8 = 3

  private static func append(_ key: NameKey, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: key.first.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: key.second.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private static func encodeClass(_ pair: ResultCache.Pair, key: NameKey, into bytes: inout [UInt8]) {
    bytes.append(classKind)
    append(key, to: &bytes)
    append(NameKey(pair.superclass), to: &bytes)
    for name in [pair.name, pair.superclass] {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: name.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
      bytes.append(contentsOf: name.utf8)
    }
  }

  private static func encodeTest(_ function: HelperSummary, into bytes: inout [UInt8]) {
    bytes.append(testKind)
    append(NameKey(function.name), to: &bytes)
    let callees = function.asserts ? [] : function.callees
    let word = (function.asserts ? 1 << 31 : 0) | UInt32(truncatingIfNeeded: callees.count)
    withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    for callee in callees { append(NameKey(callee), to: &bytes) }
  }

  private static func encodeOwnType(_ key: NameKey, known: UInt8, file: Int, into bytes: inout [UInt8]) {
    bytes.append(ownTypeKind)
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: file).littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: key.first.littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(known)
  }

  /// Reads what waits in `bytes` (the entries `encodeClass`, `encodeTest` and `encodeOwnType`
  /// wrote, one after the other), calling the closure of each entry's kind; a test's callees
  /// are made only when asked for. Stops at the first entry that does not read whole.
  private static func decodeWaiting(
    _ bytes: UnsafeBufferPointer<UInt8>,
    onClass: (_ name: NameKey, _ superclass: NameKey, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void,
    onTest: (_ name: NameKey, _ asserts: Bool, _ callees: () -> [NameKey]) -> Void = { _, _, _ in },
    onOwnType: (_ file: Int, _ first: UInt64, _ known: UInt8) -> Void = { _, _, _ in }
  ) {
    guard let base = bytes.baseAddress else { return }
    func word(at offset: Int) -> UInt32 {
      UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    }
    func first(at offset: Int) -> UInt64 {
      UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }
    func key(at offset: Int) -> NameKey { NameKey(first: first(at: offset), second: first(at: offset + 8)) }
    /// The name at `offset` (its length, then its bytes) and where the next field starts.
    func field(at offset: Int) -> (bytes: UnsafeBufferPointer<UInt8>, end: Int)? {
      guard bytes.count - offset >= 4 else { return nil }
      let count = Int(word(at: offset))
      guard count <= bytes.count - offset - 4 else { return nil }
      return (UnsafeBufferPointer(start: base + offset + 4, count: count), offset + 4 + count)
    }
    var offset = 0
    while offset < bytes.count {
      let kind = bytes[offset]
      offset += 1
      switch kind {
      case classKind:
        guard bytes.count - offset >= 32, let name = field(at: offset + 32), let superclass = field(at: name.end)
        else { return }
        onClass(key(at: offset), key(at: offset + 16), name.bytes, superclass.bytes)
        offset = superclass.end
      case testKind:
        guard bytes.count - offset >= 20 else { return }
        let header = word(at: offset + 16)
        let count = Int(header & ~(1 << 31))
        guard count <= (bytes.count - offset - 20) / 16 else { return }
        let callees = offset + 20
        onTest(key(at: offset), header & 1 << 31 != 0, { (0..<count).map { key(at: callees + $0 * 16) } })
        offset = callees + count * 16
      case ownTypeKind:
        guard bytes.count - offset >= 13 else { return }
        onOwnType(Int(word(at: offset)), first(at: offset + 4), bytes[offset + 12])
        offset += 13
      default:
        return
      }
    }
  }
}
