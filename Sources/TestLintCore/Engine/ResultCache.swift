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
  }

  /// A (name, superclass) pair.
  public struct Pair: Sendable, Equatable {
    /// The class.
    public var name: String
    /// Its superclass.
    public var superclass: String
  }

  /// The results of linting one file, paths left out (they depend on the working directory).
  public struct Results: Sendable {
    /// The digest of the cross-file facts the results were computed with.
    public var dependencies: UInt64
    /// Findings (their `path` is replaced on use).
    public var findings: [Finding]
    /// Problems such as unterminated literals.
    public var problems: [Diagnostic]
    /// The file's tests.
    public var tests: [InventoryEntry]
  }

  /// One file's entry.
  public struct Entry: Sendable {
    /// Size and modification time when it was read.
    public var stamp: FileStamp
    /// FNV-1a of the content.
    public var contentHash: UInt64
    /// Its declarations.
    public var declarations: Declarations
    /// Its results, when it was linted: decoded from the cache file when read (a run that
    /// reuses them reads each once, on a worker; the rest stay bytes).
    public var results: Results? {
      get { stored.map { $0.decoded() } ?? decodedResults }
      set {
        decodedResults = newValue
        stored = nil
      }
    }
    /// The digest of the run's facts the results were computed with, without decoding them.
    public var resultsDependencies: UInt64? { stored?.dependencies ?? decodedResults?.dependencies }
    private var decodedResults: Results?
    /// The results as the cache file holds them.
    fileprivate var stored: StoredResults?

    /// An entry.
    public init(stamp: FileStamp, contentHash: UInt64, declarations: Declarations, results: Results?) {
      self.stamp = stamp
      self.contentHash = contentHash
      self.declarations = declarations
      decodedResults = results
    }
  }

  /// An entry's results as bytes of the loaded cache file (checked when loaded).
  fileprivate struct StoredResults: Sendable {
    let dependencies: UInt64
    let bytes: ArraySlice<UInt8>

    func decoded() -> Results {
      var reader = ByteReader(bytes: bytes, position: bytes.startIndex)
      // Checked when the cache was loaded (`ResultCache.readResults`).
      return ResultCache.readResults(&reader, dependencies: dependencies)!
    }
  }

  /// The tool version and configuration digest the entries belong to.
  public var key: String
  /// Entries by absolute path.
  public var entries: [String: Entry]

  /// An empty cache for a key.
  public init(key: String) {
    self.key = key
    self.entries = [:]
  }

  /// What pass 1 needs from a file's model.
  /// `forCache: false` leaves out what only the cache needs (the names the file refers to).
  /// With `sorted: false` the names come in the order found (what a run without a cache
  /// reads of them does not depend on their order; the cache's digests do).
  static func declarations(
    of model: FileModel, matcher: AssertionMatcher, forCache: Bool = true, sorted: Bool = true
  ) -> Declarations {
    var classes: [Pair] = []
    var references: Set<String> = []
    for type in model.types {
      switch type.kind {
      case .class:
        if let superclass = type.firstInheritedName {
          classes.append(Pair(name: type.simpleName, superclass: superclass))
          references.insert(superclass)
        }
      case .extension:
        references.insert(type.simpleName)
      default:
        break
      }
    }
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
    }
    return Declarations(
      classes: classes, helpers: matcher.helperSummaries(in: model),
      typeReferences: sorted ? references.sorted() : Array(references),
      calledNames: sorted ? called.sorted() : Array(called))
  }

  /// The digest of the run's facts that a file's results depend on.
  static func dependencies(
    of declarations: Declarations, discovery: TestDiscovery, assertingHelpers: HelperNames
  ) -> UInt64 {
    var fields: [String] = []
    for name in declarations.typeReferences {
      let testCase = discovery.testCaseClasses.contains(name) ? "t" : "-"
      let spec = discovery.quickSpecClasses.contains(name) ? "q" : "-"
      fields.append(name + ":" + testCase + spec)
    }
    fields.append("|")
    fields += declarations.calledNames.filter(assertingHelpers.contains)
    return FindingFingerprint.fnv1a64(fields)
  }

  /// FNV-1a 64 of bytes.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}

// MARK: - Encoding

extension ResultCache {
  static let magic: [UInt8] = Array("TLCACHE1".utf8)

  /// The cache as bytes.
  public func encoded() -> [UInt8] {
    var writer = ByteWriter()
    writer.bytes += ResultCache.magic
    writer.string(key)
    writer.int(entries.count)
    for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
      writer.string(path)
      writer.int(entry.stamp.size)
      writer.int(entry.stamp.modified)
      writer.u64(entry.contentHash)
      let declarations = entry.declarations
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
      if let stored = entry.stored {
        writer.int(1)
        writer.u64(stored.dependencies)
        writer.bytes += stored.bytes
        continue
      }
      guard let results = entry.results else {
        writer.int(0)
        continue
      }
      writer.int(1)
      writer.u64(results.dependencies)
      writer.int(results.findings.count)
      for finding in results.findings {
        writer.string(finding.ruleID)
        writer.int(finding.severity == .error ? 1 : 0)
        writer.string(finding.message)
        writer.int(finding.line)
        writer.int(finding.column)
        writer.optional(finding.test)
        writer.optional(finding.suite)
        writer.string(finding.snippet)
      }
      writer.int(results.problems.count)
      for problem in results.problems {
        writer.int(problem.line)
        writer.int(problem.column)
        writer.string(problem.message)
      }
      writer.int(results.tests.count)
      for test in results.tests {
        writer.optional(test.suite)
        writer.string(test.name)
        writer.string(test.framework.rawValue)
        writer.int(test.line)
        writer.int(test.assertions)
      }
    }
    return writer.bytes
  }

  /// Reads a cache; nil when the bytes are not a cache for `key` (another version or
  /// configuration, or damaged), so the run starts afresh.
  public static func decode(_ bytes: [UInt8], key: String) -> ResultCache? {
    var reader = ByteReader(bytes: bytes)
    guard reader.take(magic.count) == magic, let stored = reader.string(), stored == key,
      let count = reader.int()
    else { return nil }
    var cache = ResultCache(key: key)
    for _ in 0..<count {
      guard let path = reader.string(), let size = reader.int(), let modified = reader.int(),
        let contentHash = reader.u64(), let classCount = reader.int()
      else { return nil }
      var classes: [Pair] = []
      for _ in 0..<classCount {
        guard let name = reader.string(), let superclass = reader.string() else { return nil }
        classes.append(Pair(name: name, superclass: superclass))
      }
      guard let helperCount = reader.int() else { return nil }
      var helpers: [HelperSummary] = []
      for _ in 0..<helperCount {
        guard let name = reader.string(), let asserts = reader.int(), let callees = reader.strings()
        else { return nil }
        helpers.append(HelperSummary(name: name, asserts: asserts == 1, callees: callees))
      }
      guard let references = reader.strings(), let called = reader.strings(), let hasResults = reader.int()
      else { return nil }
      var entry = Entry(
        stamp: FileStamp(size: size, modified: modified), contentHash: contentHash,
        declarations: Declarations(
          classes: classes, helpers: helpers, typeReferences: references, calledNames: called),
        results: nil)
      if hasResults == 1 {
        // Checked now, decoded when read.
        guard let dependencies = reader.u64() else { return nil }
        let start = reader.position
        guard readResults(&reader, dependencies: dependencies, decoding: false) != nil else { return nil }
        entry.stored = StoredResults(dependencies: dependencies, bytes: bytes[start..<reader.position])
      }
      cache.entries[path] = entry
    }
    return cache
  }
}

extension ResultCache {
  /// Reads an entry's findings, problems and tests; nil when damaged. Without `decoding`, only
  /// checks them (their texts are not made) and returns empty results.
  static func readResults(_ reader: inout ByteReader, dependencies: UInt64, decoding: Bool = true) -> Results? {
    func text() -> String? { decoding ? reader.string() : (reader.skipString() ? "" : nil) }
    func optionalText() -> String?? { decoding ? reader.optional() : (reader.skipOptional() ? .some(nil) : nil) }
    guard let findingCount = reader.int() else { return nil }
    var findings: [Finding] = []
    if decoding { findings.reserveCapacity(max(0, min(findingCount, 1 << 16))) }
    for _ in 0..<max(0, findingCount) {
      guard let rule = text(), let severity = reader.int(), let message = text(),
        let line = reader.int(), let column = reader.int(), let test = optionalText(),
        let suite = optionalText(), let snippet = text()
      else { return nil }
      if decoding {
        findings.append(
          Finding(
            ruleID: rule, severity: severity == 1 ? .error : .warning, message: message, path: "",
            line: line, column: column, test: test, suite: suite, snippet: snippet))
      }
    }
    guard let problemCount = reader.int() else { return nil }
    var problems: [Diagnostic] = []
    for _ in 0..<max(0, problemCount) {
      guard let line = reader.int(), let column = reader.int(), let message = text() else {
        return nil
      }
      if decoding { problems.append(Diagnostic(path: "", line: line, column: column, message: message)) }
    }
    guard let testCount = reader.int() else { return nil }
    var tests: [InventoryEntry] = []
    for _ in 0..<max(0, testCount) {
      guard let suite = optionalText(), let name = text(), let frameworkName = reader.string(),
        let framework = TestFramework(rawValue: frameworkName), let line = reader.int(),
        let assertions = reader.int()
      else { return nil }
      if decoding {
        tests.append(
          InventoryEntry(
            file: "", suite: suite, name: name, framework: framework, line: line, assertions: assertions))
      }
    }
    return Results(dependencies: dependencies, findings: findings, problems: problems, tests: tests)
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

  mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
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

  /// Passes over an optional string; false on damage.
  mutating func skipOptional() -> Bool {
    guard let flag = int() else { return false }
    return flag == 0 || skipString()
  }

  mutating func take(_ count: Int) -> [UInt8]? {
    guard count >= 0, position + count <= bytes.endIndex else { return nil }
    defer { position += count }
    return Array(bytes[position..<(position + count)])
  }

  mutating func int() -> Int? {
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

  mutating func u64() -> UInt64? {
    guard let raw = take(8) else { return nil }
    var value: UInt64 = 0
    for (index, byte) in raw.enumerated() { value |= UInt64(byte) << UInt64(index * 8) }
    return value
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

// MARK: - Storage

extension ResultCache {
  /// The cache file inside the cache folder.
  static let fileName = "results.bin"

  /// The cache stored in `folder` for `key`, or an empty one (missing, damaged, other key).
  public static func load(folder: String, key: String) -> ResultCache {
    let entry = FileEntry(path: folder + "/" + fileName, displayPath: folder + "/" + fileName)
    guard let bytes = try? FileWalker.contents(of: entry), let cache = decode(bytes, key: key) else {
      return ResultCache(key: key)
    }
    return cache
  }

  /// Writes the cache to `folder` (created with a `.gitignore` that ignores it all), atomically;
  /// returns why it could not, if so.
  public func save(folder: String) -> String? {
    FileWalker.writeCacheFolder(folder, fileName: ResultCache.fileName, contents: encoded())
  }
}
