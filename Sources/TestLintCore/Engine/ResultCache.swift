/// Per-file results kept between runs, so an unchanged tree is linted with little more than a
/// `stat` per file.
///
/// An entry is valid for a file whose size and modification time (or, when those changed, whose
/// content hash) are unchanged, for the same tool version and configuration (the cache's
/// `key`). Its findings are reused only when what the file depends on across files is
/// unchanged too: whether each type it inherits from or extends is a test case or a Quick spec,
/// and which of the names it calls are assertion helpers somewhere in the run. So a change to a
/// base class in one file re-lints its subclasses elsewhere.
public struct ResultCache: Sendable {
  /// What pass 1 learns from one file.
  public struct Declarations: Sendable, Equatable {
    /// Classes with a superclass: (simple name, superclass simple name).
    public var classes: [Pair]
    /// The file's functions as possible assertion helpers.
    public var helpers: [HelperSummary]
    /// Type names whose test-case or Quick-spec status the file's results depend on.
    public var typeReferences: [String]
    /// Names the file calls that may be assertion helpers declared elsewhere.
    public var calledNames: [String]
    /// With bases assumed (`BaseAssumption`): the bases of the file's classes that may be
    /// assumed, one per class with tests, and the links of chains to them
    /// (`BaseAssumption.candidates`).
    public var baseCandidates: [String] = []
    /// The names the file declares that tell an assumption wrong (`BaseAssumption.declaredNames`;
    /// without bases assumed, only its checks, `BaseAssumption.declaredChecks`).
    public var declaredNames: [String] = []
  }

  /// A (name, superclass) pair.
  public struct Pair: Sendable, Equatable {
    /// The class.
    public var name: String
    /// Its superclass.
    public var superclass: String
  }

  /// The tool version and configuration the entries belong to.
  public var key: String
  /// The build the entries belong to (see `BuildIdentity`).
  public var build = Build(stamp: 0, hash: 0)
  /// Whether the running build's stamp is not the one the file recorded (same bytes).
  var stampChanged = false
  /// Whether the file was damaged as a whole (this cache is then empty).
  var damagedOnLoad = false
  /// The rule ids the cached findings name by index (a run whose rules differ reads no results).
  var ruleIDs: [String] = []
  /// Where each file's record is, by `key(of:)` of its path.
  var index = SlotIndex()
  /// The records' bytes.
  var storage: Storage?

  /// An empty cache for a key.
  public init(key: String) {
    self.key = key
  }

  /// The cache file inside the cache folder.
  static let fileName = "results.bin"

  /// What pass 1 needs from a file's model.
  /// `forCache: false` leaves out what only the cache needs (the names the file refers to, but
  /// for the `test...` names it calls, which the run's facts need).
  /// With `sorted: false` the names come in the order found (what a run without a cache
  /// reads of them does not depend on their order; the cache's digests do).
  /// `assumption` is the run's (`assume_test_bases`, nil when off): with one, the file's base
  /// candidates and the names that may tell it wrong; its endings decide which adopted types
  /// read as test bases (`AssumedBaseHarness.typeKey`).
  static func declarations(
    of model: FileModel, matcher: AssertionMatcher, forCache: Bool = true, sorted: Bool = true,
    assumption: BaseAssumption? = nil
  ) -> Declarations {
    // What makes a name read as a test base: none without the assumption.
    let endings = assumption ?? BaseAssumption(suffixes: [])
    // The classes (and type aliases) with their superclasses, as the run's hierarchy learns them;
    // the names the file refers to are those superclasses and the types it extends.
    let classes = ClassHierarchy.classes(of: model)
    var references = Set(classes.lazy.map(\.superclass))
    for type in model.types where type.kind == .extension { references.insert(type.simpleName) }
    var called: Set<String> = []
    if forCache {
      // Every name a rule may look up among the run's assertion helpers: `missing_assertion`
      // asks about calls that may name a helper, `indiscrete_test` about names read as checks.
      // The same name called twice in a row (`XCTAssertEqual` after `XCTAssertEqual`) is
      // hashed once. A call that asserts by its name whatever the configuration
      // (`XCTAssertEqual`, `XCTFail`) is never looked up: every matcher takes it as an
      // assertion before asking about helpers.
      var last: String?
      for index in model.calls.indices {
        let name = model.calls[index].name
        if name == last { continue }
        if !model.calls[index].isImplicitMember, AssertionMatcher.assertsByName(name) { continue }
        if AssertionMatcher.mayCallHelper(callAt: index, in: model) || AssertionMatcher.readsAsCheck(name) {
          called.insert(name)
          last = name
        }
      }
    } else {
      // The `test...` names called (what `RunFacts` keeps `test...` functions for): rare, and
      // told by the first byte for nearly every other call.
      for index in model.calls.indices where model.calls[index].name.utf8.first == UInt8(ascii: "t") {
        let name = model.calls[index].name
        if Speculation.isTestName(name) { called.insert(name) }
      }
    }
    if forCache {
      // A wait with a deadline is asked about under its own key (`UndeclaredCheck.deadlineKey`).
      for name in UndeclaredCheck.deadlineWaits(in: model) { called.insert(UndeclaredCheck.deadlineKey(name)) }
      // And a skip helper under its own (`SkipHelper.key`).
      called.formUnion(SkipHelper.calledKeys(in: model))
      // And a tried call through a receiver under its racer key (`TimeoutRacer.key`).
      called.formUnion(TimeoutRacer.calledKeys(in: model))
      // And a tried wait under its throwing key (`ThrowingWait.key`).
      called.formUnion(ThrowingWait.calledKeys(in: model))
      // And a property a base's `tearDown` runs (`TearDownRun.key`).
      called.formUnion(TearDownRun.calledKeys(in: model))
      // So is a call an assumed base's harness may take, with the bases its file's classes
      // adopt (`AssumedBaseHarness.key`, `typeKey`).
      called.formUnion(AssumedBaseHarness.runKeys(in: model, assumption: endings))
      // And a check's call under the labels it passes (`CallSignature`).
      for call in model.calls where BaseAssumption.tracksDeclaration(call.name) {
        called.insert(CallSignature.key(of: call))
      }
    }
    // `unreachable_test` asks whether the run calls the file's `static` `test...` methods
    // through their types; the calls it counts are helpers of their own (`TypeCalledTest`).
    called.formUnion(TypeCalledTest.declaredKeys(in: model))
    var declarations = Declarations(
      classes: classes, helpers: matcher.helperSummaries(in: model) + TypeCalledTest.summaries(in: model),
      typeReferences: sorted ? references.sorted() : Array(references),
      calledNames: sorted ? called.sorted() : Array(called))
    if assumption != nil {
      declarations.baseCandidates = BaseAssumption.candidates(of: model, assumption: endings)
      declarations.declaredNames = BaseAssumption.declaredNames(of: model, assumption: endings)
    } else {
      // The checks the file declares: a call of a check no file declares is an assertion.
      declarations.declaredNames = BaseAssumption.declaredChecks(of: model, assumption: endings)
    }
    return declarations
  }

  /// The digest of the run's facts that a file's results depend on, from the names its
  /// declarations refer to (`Declarations.typeReferences` and `calledNames`).
  static func dependencies(
    typeReferences: [String], calledNames: [String], discovery: TestDiscovery, assertingHelpers: HelperNames
  ) -> UInt64 {
    var fields: [String] = []
    for name in typeReferences {
      let testCase = discovery.testCaseClasses.contains(name) ? "t" : "-"
      let spec = discovery.quickSpecClasses.contains(name) ? "q" : "-"
      // With bases assumed, whether the type rests on one (what counts as an assertion in it).
      let assumed = discovery.assumedBases.contains(name) ? "a" : ""
      fields.append(name + ":" + testCase + spec + assumed)
    }
    fields.append("|")
    fields += calledNames.filter(assertingHelpers.contains)
    // The names read as checks that no file declares (a call of one counts as an assertion).
    fields.append("!")
    fields += calledNames.filter { BaseAssumption.tracksDeclaration($0) && assertingHelpers.declaresNone($0) }
    // With assumed bases, the names read as checks that no file declares (they count as
    // assertions in the classes on those bases).
    if !discovery.assumedBases.isEmpty {
      fields.append("?")
      fields += calledNames.filter(discovery.isAssumedCheck)
    }
    return FindingFingerprint.fnv1a64(fields)
  }

  /// FNV-1a 64's starting value.
  static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

  /// FNV-1a 64 of `text`'s bytes, continuing from `hash` (the offset basis to start), and of a
  /// line feed after them when `separated` (so that successive texts stay apart).
  static func fnv1a(_ text: String, from hash: UInt64 = fnvOffsetBasis, separated: Bool = false) -> UInt64 {
    var hash = hash
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    guard separated else { return hash }
    hash ^= 0x0A
    return hash &* 0x0000_0100_0000_01B3
  }

  /// A 64-bit hash of a file's content, eight bytes at a time (a byte-wise FNV-1a cost a run
  /// with the cache a tenth of a second per 100 MB; this is several times faster).
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { hash($0) }
  }

  /// `hash(_:)` of the bytes behind a pointer (the scanner keys callee paths by theirs).
  static func hash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(raw.count) &* multiplier)
    var offset = 0
    while offset + 8 <= raw.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      offset += 8
    }
    var tail: UInt64 = 0
    for index in offset..<raw.count { tail |= UInt64(raw[index]) << UInt64((index - offset) * 8) }
    hash = (hash ^ tail) &* multiplier
    hash ^= hash >> 32
    return hash
  }

  /// A 64-bit hash of bytes given a part at a time, whatever the parts (the cache's index as it
  /// is written and read, an executable's bytes): `hash(_:)`'s steps, read little-endian, the
  /// length mixed in last (it is not known first).
  struct Checksum {
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The bytes of a word not yet complete, and how many.
    private var tail: UInt64 = 0
    private var tailCount = 0
    private var count = 0

    /// Adds bytes.
    mutating func add(_ raw: UnsafeRawBufferPointer) {
      count += raw.count
      var offset = 0
      // A word begun by the part before.
      while tailCount > 0, offset < raw.count {
        tail |= UInt64(raw[offset]) << UInt64(tailCount * 8)
        tailCount += 1
        offset += 1
        if tailCount == 8 {
          mix(tail)
          tail = 0
          tailCount = 0
        }
      }
      while offset + 8 <= raw.count {
        mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      while offset < raw.count {
        tail |= UInt64(raw[offset]) << UInt64(tailCount * 8)
        tailCount += 1
        offset += 1
      }
    }

    /// Adds bytes.
    mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }

    /// Adds a word's eight bytes, little-endian.
    mutating func add(_ word: UInt64) { withUnsafeBytes(of: word.littleEndian) { add($0) } }

    /// The hash of the bytes added.
    var value: UInt64 {
      var hash = (state ^ tail) &* Self.multiplier
      hash = (hash ^ (UInt64(count) &* Self.multiplier)) &* Self.multiplier
      hash ^= hash >> 32
      return hash
    }

    private mutating func mix(_ word: UInt64) {
      state = (state ^ word) &* Self.multiplier
      state ^= state >> 29
    }
  }
}

/// Appends varints, 64-bit words and length-prefixed UTF-8 strings.
struct ByteWriter {
  var bytes: [UInt8] = []

  mutating func int(_ value: Int) {
    var rest = UInt64(bitPattern: Int64(value))
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
  }

  /// Eight bytes, little-endian.
  mutating func u64(_ value: UInt64) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func string(_ value: String) {
    int(value.utf8.count)
    bytes += value.utf8
  }

  mutating func optional(_ value: String?) {
    if let value {
      int(1)
      string(value)
    } else {
      int(0)
    }
  }

  mutating func strings(_ values: [String]) {
    int(values.count)
    for value in values { string(value) }
  }
}

/// Reads what `ByteWriter` wrote; every read returns nil past the end or on damage.
struct ByteReader {
  let bytes: ArraySlice<UInt8>
  var position: Int

  init(bytes: [UInt8]) {
    self.bytes = bytes[...]
    position = 0
  }

  init(bytes: ArraySlice<UInt8>, position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// Passes over a string; false on damage.
  mutating func skipString() -> Bool {
    guard let count = int(), count >= 0, count <= bytes.endIndex - position else { return false }
    position += count
    return true
  }

  mutating func take(_ count: Int) -> [UInt8]? {
    guard count >= 0, position + count <= bytes.endIndex else { return nil }
    defer { position += count }
    return Array(bytes[position..<(position + count)])
  }

  mutating func int() -> Int? {
    Self.int(in: bytes, at: &position)
  }

  /// The number `ByteWriter` wrote at `position` in `bytes` (7 bits a byte, low first), moving
  /// past it; nil when the bytes end first. Shared with the readers that walk a store's bytes
  /// in place (`TestList`'s counting).
  static func int<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at position: inout Int) -> Int?
  where Bytes.Index == Int {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while position < bytes.endIndex, shift < 64 {
      let byte = bytes[position]
      position += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return Int(Int64(bitPattern: result)) }
      shift += 7
    }
    return nil
  }

  /// Read in place (no array made for the eight bytes).
  mutating func u64() -> UInt64? {
    guard position >= bytes.startIndex, bytes.endIndex - position >= 8 else { return nil }
    let offset = position - bytes.startIndex
    defer { position += 8 }
    return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) })
  }

  mutating func string() -> String? {
    guard let count = int(), count >= 0, count <= bytes.endIndex - position else { return nil }
    defer { position += count }
    return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
  }

  /// `.some(nil)` for an absent value, nil on damage.
  mutating func optional() -> String?? {
    guard let flag = int() else { return nil }
    if flag == 0 { return .some(nil) }
    guard let value = string() else { return nil }
    return .some(value)
  }

  mutating func strings() -> [String]? {
    guard let count = int(), count >= 0, count <= bytes.count else { return nil }
    var result: [String] = []
    for _ in 0..<count {
      guard let value = string() else { return nil }
      result.append(value)
    }
    return result
  }
}

extension ByteReader {
  /// A length-prefixed run of bytes, as a range of `bytes`.
  mutating func range() -> Range<Int>? {
    guard let count = int(), count >= 0, count <= bytes.endIndex - position else { return nil }
    defer { position += count }
    return position..<(position + count)
  }
}
