#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

// The cache file, and the part of it a run holds.
//
// A run holds the keys of the file's paths in memory (12 bytes a file), the rest of its index
// in pages (`SlotIndex`: where each file's record is, its stamp and content hash), never the
// records: a worker reads the record of the file it is on (`pread`), takes what it needs and
// lets it go, and the next cache is written record by record as the run ends. So a run's
// memory with the cache does not grow with the tree.
//
// The file: the header (the magic `TLCACHE3`, the key, the build that wrote it (`Build`), the
// rule ids the findings name by index, and the checksum of these bytes); the records, one after
// the other; the index (per record: the FNV-1a of its path, where it is, its stamp and content
// hash); and 32 bytes that end it: where the index starts, how many records, the checksum of
// the index (and of these two numbers), `TLCEND03`. A record: the path, the declarations
// (`Declarations`' encoding) and the results, each length-prefixed (no results: length 0), and
// the checksum of these bytes. Results: the digest of the run's facts they were computed with,
// the number of findings and of errors among them, the findings as `FindingCodec` encodes them
// (paths left out: they depend on the working directory), the problems, and the tests.
// Checksums are `ResultCache.hash(_:)` (records, header) and `Checksum` (the index, read a part
// at a time): 64 bits, so a damaged part passes for sound once in 2^64.
//
// A header or an index that fails its checksum, a file cut short or not ending as a cache
// ends, is no cache (the run starts afresh); a record that fails its checksum is no entry (its
// file is linted again). Either way the cache is `isDamaged` (the command line says so once)
// and the next cache is written without the damage. Another format version, key or build is
// not damage: a new cache, silently.

extension ResultCache {
  static let magic: [UInt8] = Array("TLCACHE3".utf8)
  static let endMagic: [UInt8] = Array("TLCEND03".utf8)
  /// The bytes that end a cache: where the index starts, how many records, the index's
  /// checksum, `endMagic`.
  static let trailerSize = 32
  /// A record's checksum, after its parts.
  static let recordChecksumSize = 8
  /// The sizes of an index entry: a key, four varints and a hash.
  static let smallestIndexEntry = 8 + 4 + 8
  static let largestIndexEntry = 8 + 4 * 10 + 8
  /// The memory a run's `SlotIndex` keeps its pages in.
  public static let indexMemoryBytes = 256 << 10

  /// Where a file's record is, and what the index says of the file.
  public struct Slot: Sendable, Equatable, BitwiseCopyable {
    /// `key(of:)` of the file's path.
    var key: UInt64
    /// Offset of the record in the cache's bytes.
    var offset: Int
    /// Its length.
    var length: Int
    /// The file's size and modification time when it was read.
    public var stamp: FileStamp
    /// FNV-1a of its content.
    public var contentHash: UInt64
  }

  /// A file's record as read: its parts as ranges of `bytes`.
  struct Record {
    let bytes: [UInt8]
    let path: Range<Int>
    let declarations: Range<Int>
    let results: Range<Int>

    /// Splits a record; nil when damaged (its parts do not fill it, or it fails its checksum).
    init?(bytes: [UInt8]) {
      var reader = ByteReader(bytes: bytes)
      guard let path = reader.range(), let declarations = reader.range(), let results = reader.range(),
        reader.position == bytes.count - ResultCache.recordChecksumSize, let checksum = reader.u64(),
        checksum == ResultCache.checksum(of: bytes, upTo: reader.position - ResultCache.recordChecksumSize)
      else { return nil }
      self.bytes = bytes
      self.path = path
      self.declarations = declarations
      self.results = results
    }

    /// Whether it is the record of `path`.
    func isRecord(of path: String) -> Bool { bytes[self.path].elementsEqual(path.utf8) }

    /// The declarations; nil when damaged.
    func decodedDeclarations() -> Declarations? { ResultCache.decodeDeclarations(bytes[declarations]) }

    /// The digest of the run's facts the results were computed with; nil without results.
    var resultsDependencies: UInt64? {
      guard results.count >= 8 else { return nil }
      var reader = ByteReader(bytes: bytes[results], position: results.lowerBound)
      return reader.u64()
    }

    /// The results; nil without them or when damaged.
    func decodedResults() -> StoredResults? { StoredResults(bytes[results]) }
  }

  /// A record's results, their findings still encoded.
  struct StoredResults {
    var dependencies: UInt64
    var count: Int
    var errors: Int
    /// The findings as `FindingCodec` encodes them.
    var findings: ArraySlice<UInt8>
    /// Problems, their paths left empty.
    var problems: [Diagnostic]
    /// The tests' encoding (`ResultCache.encodeTests`).
    var tests: ArraySlice<UInt8>

    init?(_ bytes: ArraySlice<UInt8>) {
      guard !bytes.isEmpty else { return nil }
      var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
      guard let dependencies = reader.u64(), let count = reader.int(), let errors = reader.int(),
        let findings = reader.range(), let problemCount = reader.int(), problemCount >= 0
      else { return nil }
      var problems: [Diagnostic] = []
      for _ in 0..<problemCount {
        guard let line = reader.int(), let column = reader.int(), let message = reader.string() else { return nil }
        problems.append(Diagnostic(path: "", line: line, column: column, message: message))
      }
      guard let tests = reader.range(), reader.position == bytes.endIndex else { return nil }
      self.dependencies = dependencies
      self.count = count
      self.errors = errors
      self.findings = bytes[findings]
      self.problems = problems
      self.tests = bytes[tests]
    }

    /// The results' encoding: the findings' bytes as a `FindingCodec` encoded them.
    static func encode(
      dependencies: UInt64, count: Int, errors: Int, findings: UnsafeBufferPointer<UInt8>,
      problems: [Diagnostic], tests: UnsafeBufferPointer<UInt8>
    ) -> [UInt8] {
      var writer = ByteWriter()
      writer.bytes.reserveCapacity(findings.count + tests.count + 32)
      writer.u64(dependencies)
      writer.int(count)
      writer.int(errors)
      writer.int(findings.count)
      writer.bytes += findings
      writer.int(problems.count)
      for problem in problems {
        writer.int(problem.line)
        writer.int(problem.column)
        writer.string(problem.message)
      }
      writer.int(tests.count)
      writer.bytes += tests
      return writer.bytes
    }
  }

  /// A record's bytes.
  static func record(path: String, declarations: UnsafeBufferPointer<UInt8>, results: UnsafeBufferPointer<UInt8>)
    -> [UInt8]
  {
    var writer = ByteWriter()
    writer.bytes.reserveCapacity(path.utf8.count + declarations.count + results.count + 20)
    appendRecord(path: path, declarations: declarations, results: results, to: &writer)
    return writer.bytes
  }

  /// Appends a record's bytes to `writer`, its checksum last.
  static func appendRecord(
    path: String, declarations: UnsafeBufferPointer<UInt8>, results: UnsafeBufferPointer<UInt8>,
    to writer: inout ByteWriter
  ) {
    let start = writer.bytes.count
    writer.string(path)
    writer.int(declarations.count)
    writer.bytes += declarations
    writer.int(results.count)
    writer.bytes += results
    writer.u64(checksum(of: writer.bytes, from: start, upTo: writer.bytes.count))
  }

  /// The checksum of `bytes[start..<end]` (`hash(_:)`).
  static func checksum(of bytes: [UInt8], from start: Int = 0, upTo end: Int) -> UInt64 {
    bytes.withUnsafeBytes { hash(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
  }

  /// Declarations as bytes.
  static func encode(_ declarations: Declarations) -> [UInt8] {
    var writer = ByteWriter()
    writer.int(declarations.classes.count)
    for pair in declarations.classes {
      writer.string(pair.name)
      writer.string(pair.superclass)
    }
    writer.int(declarations.helpers.count)
    for helper in declarations.helpers {
      writer.string(helper.name)
      writer.int(helper.asserts ? 1 : 0)
      writer.strings(helper.callees)
    }
    writer.strings(declarations.typeReferences)
    writer.strings(declarations.calledNames)
    // Only with bases assumed (a cache of a run without is as it was).
    if !declarations.baseCandidates.isEmpty || !declarations.declaredNames.isEmpty {
      writer.strings(declarations.baseCandidates)
      writer.strings(declarations.declaredNames)
    }
    return writer.bytes
  }

  /// What `encode(_:)` wrote; nil when damaged.
  static func decodeDeclarations(_ bytes: ArraySlice<UInt8>) -> Declarations? {
    var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
    guard let classCount = reader.int(), classCount >= 0 else { return nil }
    var classes: [Pair] = []
    for _ in 0..<classCount {
      guard let name = reader.string(), let superclass = reader.string() else { return nil }
      classes.append(Pair(name: name, superclass: superclass))
    }
    guard let helperCount = reader.int(), helperCount >= 0 else { return nil }
    var helpers: [HelperSummary] = []
    for _ in 0..<helperCount {
      guard let name = reader.string(), let asserts = reader.int(), let callees = reader.strings() else { return nil }
      helpers.append(HelperSummary(name: name, asserts: asserts == 1, callees: callees))
    }
    guard let references = reader.strings(), let called = reader.strings() else { return nil }
    var declarations = Declarations(classes: classes, helpers: helpers, typeReferences: references, calledNames: called)
    if reader.position != bytes.endIndex {
      guard let candidates = reader.strings(), let declared = reader.strings() else { return nil }
      declarations.baseCandidates = candidates
      declarations.declaredNames = declared
    }
    guard reader.position == bytes.endIndex else { return nil }
    return declarations
  }

  /// The names of encoded declarations that their results' digest reads (`dependencies`),
  /// without making the rest; nil when damaged.
  static func dependencyNames(_ bytes: ArraySlice<UInt8>) -> (typeReferences: [String], calledNames: [String])? {
    var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
    guard let classCount = reader.int(), classCount >= 0 else { return nil }
    for _ in 0..<classCount where !(reader.skipString() && reader.skipString()) { return nil }
    guard let helperCount = reader.int(), helperCount >= 0 else { return nil }
    for _ in 0..<helperCount {
      guard reader.skipString(), reader.int() != nil, let callees = reader.int(), callees >= 0 else { return nil }
      for _ in 0..<callees where !reader.skipString() { return nil }
    }
    guard let references = reader.strings(), let called = reader.strings() else { return nil }
    // What bases assumed add (`encode(_:)`).
    if reader.position != bytes.endIndex {
      guard reader.strings() != nil, reader.strings() != nil, reader.position == bytes.endIndex else { return nil }
    }
    return (references, called)
  }

  /// A file's tests as bytes (their file left out).
  static func encodeTests(_ tests: [InventoryEntry]) -> [UInt8] {
    guard !tests.isEmpty else { return [] }
    var writer = ByteWriter()
    writer.int(tests.count)
    for test in tests {
      writer.optional(test.suite)
      writer.string(test.name)
      writer.string(test.framework.rawValue)
      writer.int(test.line)
      writer.int(test.assertions)
      writer.int(test.pending ? 1 : 0)
    }
    return writer.bytes
  }

  /// What `encodeTests` wrote, as the tests of the file at `path`; nil when damaged.
  static func decodeTests(_ bytes: ArraySlice<UInt8>, path: String) -> [InventoryEntry]? {
    guard !bytes.isEmpty else { return [] }
    var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
    guard let count = reader.int(), count >= 0, count <= bytes.count else { return nil }
    var tests: [InventoryEntry] = []
    tests.reserveCapacity(count)
    for _ in 0..<count {
      guard let suite = reader.optional(), let name = reader.string(), let frameworkName = reader.string(),
        let framework = TestFramework(rawValue: frameworkName), let line = reader.int(),
        let assertions = reader.int(), let pending = reader.int(), pending == 0 || pending == 1
      else { return nil }
      tests.append(
        InventoryEntry(
          file: path, suite: suite, name: name, framework: framework, line: line, assertions: assertions,
          pending: pending == 1))
    }
    return reader.position == bytes.endIndex ? tests : nil
  }

  /// The index's key for a path: FNV-1a 64 of it.
  static func key(of path: String) -> UInt64 { fnv1a(path) }
}

// MARK: - Reading

extension ResultCache {
  /// The build a cache's results belong to (`BuildIdentity`, resolved): the stamp of the
  /// executable that wrote them and the hash of its bytes.
  public struct Build: Sendable, Equatable {
    /// `BuildIdentity.stamp`.
    public var stamp: UInt64
    /// `BuildIdentity.contentHash()`.
    public var hash: UInt64

    /// A build given by its parts.
    public init(stamp: UInt64, hash: UInt64) {
      self.stamp = stamp
      self.hash = hash
    }
  }

  /// The bytes behind a cache: a file read where needed, or bytes in memory; and whether a
  /// record read from them failed its checksum.
  final class Storage: Sendable {
    private let descriptor: Int32
    private let memory: [UInt8]
    private let damage = Atomic<Bool>(false)

    init(descriptor: Int32) {
      self.descriptor = descriptor
      memory = []
    }

    init(bytes: [UInt8]) {
      descriptor = -1
      memory = bytes
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// `count` bytes from `offset`; nil when they are not there.
    func read(_ offset: Int, _ count: Int) -> [UInt8]? {
      guard offset >= 0, count >= 0 else { return nil }
      if descriptor < 0 {
        guard count <= memory.count - offset else { return nil }
        return Array(memory[offset..<(offset + count)])
      }
      var bytes = [UInt8](repeating: 0, count: count)
      let read = bytes.withUnsafeMutableBytes { FindingStore.read($0, from: descriptor, at: offset) }
      return read ? bytes : nil
    }

    /// Notes that a record was damaged.
    func noteDamage() { damage.store(true, ordering: .relaxed) }

    /// Whether a record was damaged.
    var isDamaged: Bool { damage.load(ordering: .relaxed) }
  }

  /// What reading a cache file found.
  private enum Reading {
    /// A cache of the key and build asked for.
    case cache(ResultCache)
    /// Another format version, key or build: a new cache, nothing wrong.
    case other
    /// Damage: a checksum failed, the file is cut short or is no cache.
    case damaged
  }

  /// The cache in `bytes` for `key`, or nil when they are not one (another version, key or
  /// build, or damaged). With `build` nil, the build the bytes name is taken.
  public static func decode(_ bytes: [UInt8], key: String, build: BuildIdentity? = nil) -> ResultCache? {
    var computed: UInt64?
    let reading = reading(Storage(bytes: bytes), size: bytes.count, key: key, build: build) {
      if let computed { return computed }
      let hash = build?.contentHash() ?? 0
      computed = hash
      return hash
    }
    if case .cache(let cache) = reading { return cache }
    return nil
  }

  /// Reads the header, the index and the end of a cache of `size` bytes; `contentHash` gives
  /// `build`'s, asked only when its stamp is not the file's.
  private static func reading(
    _ storage: Storage, size: Int, key: String, build: BuildIdentity?, memoryBytes: Int = indexMemoryBytes,
    directory: String? = nil, contentHash: () -> UInt64
  ) -> Reading {
    // The header: the magic, the key, the build, the rule ids and their checksum.
    guard let head = storage.read(0, min(size, 1 << 16)), head.count >= magic.count else { return .damaged }
    if head.starts(with: magic.prefix(7)), head[7] != magic[7], (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(head[7]) {
      return .other
    }
    var reader = ByteReader(bytes: head)
    guard reader.take(magic.count) == magic, let stored = reader.string(), let stamp = reader.u64(),
      let buildHash = reader.u64(), let ruleIDs = reader.strings()
    else { return .damaged }
    let headerEnd = reader.position
    guard let headerChecksum = reader.u64(), headerChecksum == checksum(of: head, upTo: headerEnd) else {
      return .damaged
    }
    guard stored == key else { return .other }
    // The same stamp is the same build; another stamp with the same bytes too (a copy, a
    // restore), and the next cache records this stamp.
    var cacheBuild = Build(stamp: stamp, hash: buildHash)
    var stampChanged = false
    if let build, build.stamp != stamp {
      // A hash of 0 is of bytes that could not be read: no build's bytes hash to 0.
      guard contentHash() == buildHash, buildHash != 0 else { return .other }
      cacheBuild.stamp = build.stamp
      stampChanged = true
    }
    let recordsStart = reader.position
    // The end: where the index starts, how many records, the index's checksum.
    guard size >= recordsStart + trailerSize, let end = storage.read(size - trailerSize, trailerSize),
      Array(end[24...]) == endMagic
    else { return .damaged }
    var endReader = ByteReader(bytes: end)
    guard let indexStart = endReader.u64().map({ Int(truncatingIfNeeded: $0) }),
      let count = endReader.u64().map({ Int(truncatingIfNeeded: $0) }),
      let indexChecksum = endReader.u64(),
      indexStart >= recordsStart, indexStart <= size - trailerSize, count >= 0,
      // A damaged count cannot reserve more than the index can hold.
      count <= (size - trailerSize - indexStart) / smallestIndexEntry,
      count <= Int(UInt32.max)
    else { return .damaged }
    // The index is read a part at a time: its slots go to pages as they come, only their keys
    // are sorted in memory.
    let slots = PagedArray(
      count: count, filler: Slot(key: 0, offset: 0, length: 0, stamp: FileStamp(size: 0, modified: 0), contentHash: 0),
      memoryBytes: memoryBytes, directory: directory)
    var numbered: [SlotIndex.Numbered] = []
    numbered.reserveCapacity(count)
    var batch: [Slot] = []
    batch.reserveCapacity(1024)
    let indexEnd = size - trailerSize
    var position = indexStart
    var carried: [UInt8] = []
    var checksum = Checksum()
    while numbered.count < count {
      let partLength = min(64 << 10, indexEnd - position)
      guard partLength > 0, let read = storage.read(position, partLength) else { return .damaged }
      checksum.add(read)
      position += partLength
      let part = carried + read
      var indexReader = ByteReader(bytes: part)
      while numbered.count < count, position == indexEnd || part.count - indexReader.position >= largestIndexEntry {
        guard let pathKey = indexReader.u64(), let offset = indexReader.int(), let length = indexReader.int(),
          let size = indexReader.int(), let modified = indexReader.int(), let contentHash = indexReader.u64(),
          offset >= recordsStart, length >= 0, length <= indexStart - offset
        else { return .damaged }
        numbered.append(SlotIndex.Numbered(key: pathKey, number: UInt32(numbered.count)))
        batch.append(
          Slot(
            key: pathKey, offset: offset, length: length, stamp: FileStamp(size: size, modified: modified),
            contentHash: contentHash))
        if batch.count == batch.capacity {
          batch.withUnsafeBufferPointer { slots.write($0, at: numbered.count - $0.count) }
          batch.removeAll(keepingCapacity: true)
        }
      }
      carried = Array(part[indexReader.position...])
    }
    checksum.add(UInt64(indexStart))
    checksum.add(UInt64(count))
    guard position == indexEnd, carried.isEmpty, checksum.value == indexChecksum else { return .damaged }
    batch.withUnsafeBufferPointer { slots.write($0, at: numbered.count - $0.count) }
    var cache = ResultCache(key: key)
    cache.build = cacheBuild
    cache.stampChanged = stampChanged
    cache.ruleIDs = ruleIDs
    cache.index = SlotIndex(consume numbered, slots: slots)
    cache.storage = storage
    return .cache(cache)
  }

  /// The cache stored in `folder` for `key` and the running build (`build`), or an empty one
  /// (missing, another key or build, or damaged: then `isDamaged`); its index's slots kept in
  /// about `memoryBytes`, the rest in a temporary file in `directory` (nil for `TMPDIR`, else
  /// `/tmp`).
  public static func load(
    folder: String, key: String, build: BuildIdentity = .running, memoryBytes: Int = indexMemoryBytes,
    directory: String? = nil
  ) -> ResultCache {
    var computed: UInt64?
    func contentHash() -> UInt64 {
      if let computed { return computed }
      let hash = build.contentHash()
      computed = hash
      return hash
    }
    /// An empty cache, for this build, its content hash computed (once a process: a first run
    /// lints every file anyway), so that a copy of the build with another stamp keeps it.
    func empty(damaged: Bool = false) -> ResultCache {
      var cache = ResultCache(key: key)
      cache.build = Build(stamp: build.stamp, hash: contentHash())
      cache.damagedOnLoad = damaged
      return cache
    }
    let descriptor = open(folder + "/" + fileName, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return empty() }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return empty()
    }
    switch reading(
      Storage(descriptor: descriptor), size: Int(info.st_size), key: key, build: build, memoryBytes: memoryBytes,
      directory: directory, contentHash: contentHash)
    {
    case .cache(let cache): return cache
    case .other: return empty()
    case .damaged: return empty(damaged: true)
    }
  }

  /// Whether the cache was found damaged: when loaded, or since, in a record read (that
  /// record's file was linted again). The next cache is written without the damage.
  public var isDamaged: Bool { damagedOnLoad || storage?.isDamaged == true }

  /// Whether the next cache must be written even when it holds what this one does: damage to
  /// leave behind, or another stamp of the same build to record.
  var mustBeWritten: Bool { stampChanged || isDamaged }

  /// What the index says of the file at `path`.
  func slot(for path: String) -> Slot? { index.slot(for: Self.key(of: path)) }

  /// The record of the file at `path`; nil when there is none or it does not read back.
  func record(_ slot: Slot, of path: String) -> Record? {
    record(at: slot.offset, length: slot.length, of: path)
  }

  /// The record of `path` at this offset and length (a `Slot`'s) in the cache file; nil, and
  /// the cache `isDamaged`, when it fails its checksum.
  func record(at offset: Int, length: Int, of path: String) -> Record? {
    guard let record = record(at: offset, length: length), record.isRecord(of: path) else { return nil }
    return record
  }

  /// The record at this offset and length; nil, and the cache `isDamaged`, when it is not there
  /// or fails its checksum.
  private func record(at offset: Int, length: Int) -> Record? {
    guard let storage else { return nil }
    guard let bytes = storage.read(offset, length), let record = Record(bytes: bytes) else {
      storage.noteDamage()
      return nil
    }
    return record
  }

  /// The bytes of a slot's record, to copy into the next cache; nil, and the cache
  /// `isDamaged`, when it fails its checksum (it is left out: its file will be linted again).
  func recordBytes(_ slot: Slot) -> [UInt8]? { record(at: slot.offset, length: slot.length)?.bytes }

  /// One file's entry as the cache holds it (for tests and tools: a run reads records itself).
  public struct Entry: Sendable {
    /// Size and modification time when it was read.
    public var stamp: FileStamp
    /// FNV-1a of the content.
    public var contentHash: UInt64
    /// Its declarations.
    public var declarations: Declarations
    /// The digest of the run's facts its results were computed with; nil without results.
    public var resultsDependencies: UInt64?
    /// Its findings (their path left empty), problems and tests; nil without results.
    public var findings: [Finding]?
    public var problems: [Diagnostic]?
    public var tests: [InventoryEntry]?
  }

  /// The entry of the file at `path`, decoded; nil when there is none or it is damaged.
  public func entry(for path: String) -> Entry? {
    guard let slot = slot(for: path), let record = record(slot, of: path),
      let declarations = record.decodedDeclarations()
    else { return nil }
    var entry = Entry(stamp: slot.stamp, contentHash: slot.contentHash, declarations: declarations)
    if let results = record.decodedResults() {
      var findings: [Finding] = []
      let codec = FindingCodec(ruleIDs: ruleIDs, keepsDetails: true)
      guard results.findings.withUnsafeBufferPointer({ codec.decode($0, path: "", into: &findings) }),
        let tests = Self.decodeTests(results.tests, path: "")
      else { return nil }
      entry.resultsDependencies = results.dependencies
      entry.findings = findings
      entry.problems = results.problems
      entry.tests = tests
    }
    return entry
  }

  /// How many files the cache holds.
  public var count: Int { index.count }

  /// The cache written anew, as bytes (its records in the order of their paths' keys).
  public func encoded() -> [UInt8] {
    let writer = Writer(key: key, build: build, ruleIDs: ruleIDs)
    index.forEachSlotByKey { slot in
      if let bytes = recordBytes(slot) {
        writer.add(key: slot.key, stamp: slot.stamp, contentHash: slot.contentHash, record: bytes[...])
      }
    }
    return writer.finish().bytes
  }
}
