/// A name by two independent 64-bit hashes of its UTF-8: the run keeps the names of its
/// functions as these 16 bytes, not as strings, so what it learns across files stays small.
///
/// Two different names get the same key with a probability of about 2^-128 per pair (10 million
/// names: 1 in 10^24); a 64-bit hash alone would make that 1 in 10^5 for a large monorepo's
/// names, too near to trust with a result.
struct NameKey: Hashable, Sendable {
  /// The first hash.
  let first: UInt64
  /// The second, unrelated one.
  let second: UInt64

  /// The key of a name.
  init(_ name: String) {
    var name = name
    if let key = name.withUTF8(Self.asciiKey) {
      self = key
    } else {
      // Other names as `String` compares them: canonically equivalent spellings (`é` as one
      // scalar or as `e` and a combining accent) are one name. The process's own seeded
      // hashes do that; keys are never kept beyond the run.
      self.init(hashing: name)
    }
  }

  /// The key of the name with these UTF-8 bytes (the same as `init(_:)`'s).
  init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    self = Self.asciiKey(bytes) ?? NameKey(hashing: String(decoding: bytes, as: UTF8.self))
  }

  /// An ASCII name's key (nearly all names): two hashes of the bytes, eight at a time; nil for
  /// another name.
  private static func asciiKey(_ bytes: UnsafeBufferPointer<UInt8>) -> NameKey? {
    var first: UInt64 = 0x243f_6a88_85a3_08d3 ^ UInt64(bytes.count)
    var second: UInt64 = 0x1319_8a2e_0370_7344 &+ UInt64(bytes.count)
    var bits: UInt64 = 0
    var index = 0
    while index < bytes.count {
      // Up to eight bytes as one little-endian word (a whole one loaded at once).
      var word: UInt64 = 0
      if index + 8 <= bytes.count {
        word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
        index += 8
      } else {
        var shift: UInt64 = 0
        while index < bytes.count {
          word |= UInt64(bytes[index]) << shift
          shift += 8
          index += 1
        }
      }
      bits |= word
      first = (first ^ word) &* 0x9e37_79b9_7f4a_7c15
      first = (first << 31) | (first >> 33)
      second = (second &+ word) &* 0xff51_afd7_ed55_8ccd
      second ^= second >> 29
    }
    guard bits & 0x8080_8080_8080_8080 == 0 else { return nil }
    return NameKey(first: finish(first), second: finish(second ^ 0x5851_f42d_4c95_7f2d))
  }

  /// murmur3's 64-bit finalizer: every bit of the input moves about half the output's.
  private static func finish(_ value: UInt64) -> UInt64 {
    var value = value
    value = (value ^ (value >> 33)) &* 0xff51_afd7_ed55_8ccd
    value = (value ^ (value >> 33)) &* 0xc4ce_b9fe_1a85_ec53
    return value ^ (value >> 33)
  }

  /// The key of a function with its callees (`RunFacts`): the name's key with those of the
  /// callees, in order, folded in.
  init(_ name: NameKey, calling callees: [NameKey]) {
    var first = name.first
    var second = name.second
    for callee in callees {
      first = (first ^ callee.first) &* 0x0000_0100_0000_01B3
      second = ((second ^ callee.second) &* 0xff51_afd7_ed55_8ccd) ^ (second >> 29)
    }
    self.init(first: first, second: second)
  }

  /// The key of these two hashes (as `RunFacts` reads back the keys it wrote).
  init(first: UInt64, second: UInt64) {
    self.first = first
    self.second = second
  }

  private init(hashing name: String) {
    var one = Hasher()
    one.combine(1 as UInt8)
    one.combine(name)
    var two = Hasher()
    two.combine(2 as UInt8)
    two.combine(name)
    self.init(
      first: UInt64(UInt(bitPattern: one.finalize())), second: UInt64(UInt(bitPattern: two.finalize())))
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(first)
  }

  /// The first hash is already spread over 64 bits: tables use it as it is, without hashing
  /// it again (a `Set` of keys otherwise runs SipHash on every insert and lookup).
  func _rawHashValue(seed: Int) -> Int {
    Int(truncatingIfNeeded: first) ^ seed
  }
}

/// The names of the functions that assert, as the rules ask about them
/// (`RuleContext.assertingHelpers`): names kept as strings (a file's own, an editor's
/// workspace), and the run's, kept as `NameKey`s.
public struct HelperNames: Sendable, ExpressibleByArrayLiteral {
  /// Names kept as they are.
  private var names: Set<String>
  /// The run's names, by key.
  private var keys: Set<NameKey>
  /// Where the names asked about and not found go, when recorded (`recordingMisses`).
  private var misses: Misses?
  /// The helpers other files of the run settled so far, asked about a name not found here.
  private var known: KnownFacts?
  /// The run's declared functions whose names read as checks (`BaseAssumption.declaredChecks`),
  /// once the run is settled; nil while it is not (`declaresNone` then answers no).
  private var declaredChecks: Set<NameKey>?

  /// These names, all the functions that assert (an editor's workspace, one file): every
  /// function read as a check that is not among them counts as declared nowhere
  /// (`declaresNone`).
  public init(_ names: Set<String>) {
    self.names = names
    keys = []
    declaredChecks = []
  }

  /// The names asked about that were not in a `HelperNames` (`recordingMisses(in:)`): what a
  /// file's results took as "does not assert". Pass 1 lints a file with the helpers it knows so
  /// far; only these answers can turn out otherwise across the run, so they, and not every
  /// name the file calls, are what its results depend on.
  ///
  /// The names asked about while the file's tests are counted for the inventory
  /// (`beginInventory`, after the rules ran) are kept apart: only the inventory depends on them,
  /// so a "no" among them that turns makes the run count the file's tests again, not lint it
  /// again (the rules stop at a test's first assertion; the inventory counts them all).
  final class Misses: @unchecked Sendable {
    private struct State {
      var keys: Set<NameKey> = []
      var checkKeys: Set<NameKey> = []
      var inventoryKeys: Set<NameKey> = []
      var countingInventory = false
      /// The inventory's misses in the order asked, each with whether it was then asked about
      /// as a check (`declaresNone`): each one call the count left out (`takeInventoryLog`).
      var log: [PendingCall] = []
      /// Where the log of the call asked about under several names (`beginCall`) starts.
      var callStart: Int?
    }

    private let state = Locked(State())

    /// The keys of the names missed, each once.
    var recorded: [NameKey] { state.withLock { Array($0.keys) } }
    /// Among them (and the inventory's), the names read as checks taken for declared in the
    /// run (`HelperNames.declaresNone`).
    var recordedChecks: [NameKey] { state.withLock { Array($0.checkKeys) } }
    /// The keys of the names missed only while counting the inventory, each once.
    var recordedForInventory: [NameKey] {
      state.withLock { state in state.inventoryKeys.filter { !state.keys.contains($0) } }
    }

    /// The names missed from now on are the inventory's.
    fileprivate func beginInventory() {
      state.withLock { $0.countingInventory = true }
    }

    /// The names asked about from now on to `endCall` are one call's (`HelperNames.beginCall`).
    fileprivate func beginCall() {
      state.withLock { $0.callStart = $0.countingInventory ? $0.log.count : nil }
    }

    /// The end of the call `beginCall` began: when it `counted` (one name answered yes), what
    /// its other names left open is moot.
    fileprivate func endCall(counted: Bool) {
      state.withLock { state in
        if counted, let start = state.callStart, start <= state.log.count { state.log.removeSubrange(start...) }
        state.callStart = nil
      }
    }

    /// Appends a call the count left out to the log, joined to the one before when both are
    /// one call's names (`beginCall`).
    private static func log(_ call: PendingCall, in state: inout State) {
      var call = call
      if let start = state.callStart { call.joinsPrevious = state.log.count > start }
      state.log.append(call)
    }

    /// The inventory's misses since the last call, in order.
    fileprivate func takeLog() -> [PendingCall] {
      state.withLock { state in
        defer { state.log.removeAll(keepingCapacity: true) }
        return state.log
      }
    }

    fileprivate func record(_ name: String) {
      let key = NameKey(name)
      state.withLock { state in
        if state.countingInventory {
          state.inventoryKeys.insert(key)
          // A name the rules asked about too is the results' dependency: when its answer
          // turns, the file is linted again.
          if !state.keys.contains(key) { Self.log(PendingCall(key: key, check: false), in: &state) }
        } else {
          state.keys.insert(key)
        }
      }
    }

    fileprivate func recordCheck(_ name: String) {
      let key = NameKey(name)
      state.withLock { state in
        if state.countingInventory {
          state.inventoryKeys.insert(key)
          // The count asks whether a call's name asserts, then whether it is a check no file
          // declares: one call.
          if let last = state.log.last, last.key == key, !last.check {
            state.log[state.log.count - 1].check = true
          } else if !state.keys.contains(key) {
            Self.log(PendingCall(key: key, check: true), in: &state)
          }
        } else {
          state.keys.insert(key)
        }
        state.checkKeys.insert(key)
      }
    }
  }

  /// A call an inventory's count left out in pass 1 because the run had not settled whether
  /// its name asserts (or, `check`, whether no file declares it): it counts once the run
  /// says so (`HelperNames.settledCounts`).
  struct PendingCall: Sendable {
    var key: NameKey
    var check: Bool
    /// Whether it is the same call as the one before, asked about under another name (a
    /// constant's functions, a wait's deadline: `beginCall`): the call counts once. (Beside
    /// `check`: the call stays 24 bytes.)
    var joinsPrevious = false
    /// The test's index among the file's (`LintEngine.inventory`).
    var test: UInt32 = 0
  }

  /// The calls the inventory left out since the last call, in order (`Misses`); none when
  /// nothing is recorded.
  func takeInventoryLog() -> [PendingCall] {
    misses?.takeLog() ?? []
  }

  /// Whether a call left out in pass 1 (`PendingCall`) counts, with these settled names
  /// (`RunFacts.Settled.assertingHelpers`, which keep the run's names by key); nil when they
  /// cannot say by key.
  func settledCounts(_ call: PendingCall) -> Bool? {
    guard names.isEmpty, misses == nil, known == nil, let declaredChecks else { return nil }
    return keys.contains(call.key) || call.check && !declaredChecks.contains(call.key)
  }

  /// From now on, the names asked about and not found are the inventory's (`Misses`).
  func beginInventory() {
    misses?.beginInventory()
  }

  /// The names asked about from now on to `endCall(counted:)` are one call's (the functions a
  /// constant may hold, a wait's name and its deadline's): the calls the count leaves out for
  /// it (`takeInventoryLog`) count once at most once the run settles, and not at all when it
  /// `counted` already.
  func beginCall() {
    misses?.beginCall()
  }

  /// Ends the call `beginCall` began.
  func endCall(counted: Bool) {
    misses?.endCall(counted: counted)
  }

  /// These names, recording in `misses` each name asked about that is not among them; with
  /// `known`, a name the run already knows to assert counts as found (such answers are final).
  func recordingMisses(in misses: Misses, known: KnownFacts? = nil) -> HelperNames {
    var copy = self
    copy.misses = misses
    copy.known = known
    // Which checks the run declares is not known until it settles.
    copy.declaredChecks = nil
    return copy
  }

  /// These names.
  public init(arrayLiteral elements: String...) {
    self.init(Set(elements))
  }

  /// The names with these keys; with `declaredChecks`, the run's declared functions read as
  /// checks (`declaresNone`).
  init(keys: Set<NameKey>, declaredChecks: Set<NameKey>? = nil) {
    names = []
    self.keys = keys
    self.declaredChecks = declaredChecks
  }

  /// Whether the run is known to declare no function of this name, which reads as a check
  /// (`missing_assertion` counts a call of it as an assertion: a support module the run does
  /// not lint provides it). No while the run is not settled: the name is then recorded, and
  /// a file that took it for declared is linted again if it is not.
  public func declaresNone(_ name: String) -> Bool {
    guard let declaredChecks else {
      misses?.recordCheck(name)
      return false
    }
    return !declaredChecks.contains(NameKey(name))
  }

  /// Whether a function of this name asserts.
  public func contains(_ name: String) -> Bool {
    if names.contains(name) { return true }
    if !keys.isEmpty, keys.contains(NameKey(name)) { return true }
    if let known, known.asserts(name) { return true }
    misses?.record(name)
    return false
  }

  /// Whether no name is in it.
  public var isEmpty: Bool { names.isEmpty && keys.isEmpty }
}
