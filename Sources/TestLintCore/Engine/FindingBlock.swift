/// One file's findings, sorted, in a compact encoding: the path once for the file (not once per
/// finding), the rule id as its index among the run's rules, numbers as variable-length
/// integers and every text as length-prefixed UTF-8.
///
/// A run of a hundred thousand findings holds them in a few megabytes this way, where as
/// `Finding`s (a struct of six strings, each string of more than 15 bytes its own allocation)
/// they took forty; and beyond `FindingStore`'s budget the bytes go to a temporary file.
struct FindingBlock: Sendable {
  /// Where the encoded findings are in the run's `FindingStore`.
  var location: FindingStore.Location
  /// The file's index in the run's `FileList`, whose display path is the path of every finding
  /// unless `hasOwnPaths` (an index, not the path: the run holds a block for each file).
  var file: Int { Int(fileNumber) }
  /// How many findings.
  var count: Int { Int(findingCount) }
  /// How many of them are at error severity.
  var errors: Int { Int(errorCount) }
  /// The file and the counts in 4 bytes each, after the location, and the flag last: 29 bytes
  /// a block, which the file's results (`PerFile`) extend without padding (a run holds a block
  /// per file until it ends). No run holds 2^32 files, nor a file 2^31 findings, each at least
  /// a byte of its text.
  private var fileNumber: UInt32
  private var findingCount: Int32
  private var errorCount: Int32
  /// Whether some finding names another path than the file's (the block then cannot be placed
  /// in the report by the file's path alone).
  var hasOwnPaths: Bool

  init(file: Int, location: FindingStore.Location, count: Int, errors: Int, hasOwnPaths: Bool) {
    self.location = location
    fileNumber = UInt32(truncatingIfNeeded: file)
    findingCount = Int32(clamping: count)
    errorCount = Int32(clamping: errors)
    self.hasOwnPaths = hasOwnPaths
  }

  /// No findings.
  static func empty(file: Int) -> FindingBlock {
    FindingBlock(file: file, location: .empty, count: 0, errors: 0, hasOwnPaths: false)
  }
}

/// Encodes a file's findings into a `FindingBlock` and decodes them again, exactly.
struct FindingCodec: Sendable {
  /// The rule ids a finding names by index (the run's rules); another id is stored in full.
  let ruleIDs: [String]
  /// Whether the test, suite and snippet are kept; without them they decode as nil, nil and
  /// "" (the `text` reporter and the summary read none of them).
  let keepsDetails: Bool
  /// `key(of:)` of each rule id: compared first, so looking an id up costs a few integer
  /// comparisons and one string comparison, not one per rule.
  private let ruleKeys: [Int]

  /// A codec naming `ruleIDs` by index.
  init(ruleIDs: [String], keepsDetails: Bool) {
    self.ruleIDs = ruleIDs
    self.keepsDetails = keepsDetails
    ruleKeys = ruleIDs.map(Self.key)
  }

  /// One decoded finding, its texts as ranges of the block's bytes.
  struct Entry {
    var severity: Severity
    /// Index into `ruleIDs`, or -1 when the id is `ruleBytes`.
    var rule: Int
    var ruleBytes: Range<Int>
    var line: Int
    var column: Int
    var message: Range<Int>
    /// The finding's own path, nil when it is the file's.
    var path: Range<Int>?
    var test: Range<Int>?
    var suite: Range<Int>?
    var snippet: Range<Int>?
  }

  /// Encodes `findings` (sorted, as `FileLinter` returns them) of the file at `path`, the run's
  /// file number `file`; with
  /// `allOfFile`, every finding counts as the file's whatever its `path` (results from the
  /// cache, recorded under another display path). The bytes go where `store` puts them.
  func encode(
    _ findings: [Finding], path: String, file: Int, allOfFile: Bool = false, store: FindingStore
  ) -> FindingBlock {
    guard !findings.isEmpty else { return .empty(file: file) }
    var sorted = findings
    if allOfFile {
      // Cached results with another path are the file's now, sorted as such.
      for index in sorted.indices { sorted[index].path = path }
      if !Self.isSorted(sorted) { sorted.sort() }
    }
    var capacity = 0
    for finding in sorted {
      capacity += 12 + finding.message.utf8.count
      if keepsDetails {
        capacity += (finding.test?.utf8.count ?? 0) + (finding.suite?.utf8.count ?? 0)
          + finding.snippet.utf8.count + 6
      }
    }
    // The cache's writer: variable-length integers and length-prefixed UTF-8.
    var writer = ByteWriter()
    writer.bytes.reserveCapacity(capacity)
    var errors = 0
    var hasOwnPaths = false
    for finding in sorted {
      var flags: UInt8 = 0
      if finding.severity == .error {
        flags |= Flag.error
        errors += 1
      }
      let rule = index(of: finding.ruleID)
      if rule == nil { flags |= Flag.inlineRule }
      let ownPath = finding.path != path
      if ownPath {
        flags |= Flag.ownPath
        hasOwnPaths = true
      }
      if keepsDetails {
        if finding.test != nil { flags |= Flag.test }
        if finding.suite != nil { flags |= Flag.suite }
        if !finding.snippet.isEmpty { flags |= Flag.snippet }
      }
      writer.bytes.append(flags)
      if let rule { writer.int(rule) } else { writer.string(finding.ruleID) }
      writer.int(finding.line)
      writer.int(finding.column)
      writer.string(finding.message)
      if ownPath { writer.string(finding.path) }
      if let test = finding.test, flags & Flag.test != 0 { writer.string(test) }
      if let suite = finding.suite, flags & Flag.suite != 0 { writer.string(suite) }
      if flags & Flag.snippet != 0 { writer.string(finding.snippet) }
    }
    return FindingBlock(
      file: file, location: store.keep(writer.bytes), count: sorted.count, errors: errors,
      hasOwnPaths: hasOwnPaths)
  }

  /// Calls `body` with each finding of `bytes` in order; false when the bytes end early or
  /// are not an encoding (they never are, unless a temporary file was tampered with).
  func forEach(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Entry) -> Void) -> Bool {
    var cursor = Cursor(bytes: bytes)
    while !cursor.atEnd {
      let flags = cursor.byte()
      var entry = Entry(
        severity: flags & Flag.error != 0 ? .error : .warning, rule: -1, ruleBytes: 0..<0,
        line: 0, column: 0, message: 0..<0)
      if flags & Flag.inlineRule != 0 {
        entry.ruleBytes = cursor.text()
      } else {
        entry.rule = cursor.number()
        guard entry.rule >= 0, entry.rule < ruleIDs.count else { return false }
      }
      entry.line = cursor.number()
      entry.column = cursor.number()
      entry.message = cursor.text()
      if flags & Flag.ownPath != 0 { entry.path = cursor.text() }
      if flags & Flag.test != 0 { entry.test = cursor.text() }
      if flags & Flag.suite != 0 { entry.suite = cursor.text() }
      if flags & Flag.snippet != 0 { entry.snippet = cursor.text() }
      guard !cursor.failed else { return false }
      body(entry)
    }
    return true
  }

  /// Appends the findings of `bytes`, the block of the file at `path`, to `findings`; false
  /// when the bytes are not an encoding.
  func decode(_ bytes: UnsafeBufferPointer<UInt8>, path: String, into findings: inout [Finding]) -> Bool {
    forEach(bytes) { entry in
      findings.append(
        Finding(
          ruleID: entry.rule >= 0 ? ruleIDs[entry.rule] : Self.string(bytes, entry.ruleBytes),
          severity: entry.severity, message: Self.string(bytes, entry.message),
          path: entry.path.map { Self.string(bytes, $0) } ?? path, line: entry.line,
          column: entry.column, test: entry.test.map { Self.string(bytes, $0) },
          suite: entry.suite.map { Self.string(bytes, $0) },
          snippet: entry.snippet.map { Self.string(bytes, $0) } ?? ""))
    }
  }

  /// The text at `range` of `bytes`.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}

private extension FindingCodec {
  /// The index of a rule id.
  func index(of ruleID: String) -> Int? {
    let key = Self.key(ruleID)
    for index in ruleKeys.indices where ruleKeys[index] == key && ruleIDs[index] == ruleID {
      return index
    }
    return nil
  }

  /// A rule id's length and first and last bytes.
  static func key(_ ruleID: String) -> Int {
    let utf8 = ruleID.utf8
    return utf8.count << 16 | Int(utf8.first ?? 0) << 8 | Int(utf8.last ?? 0)
  }
  enum Flag {
    static let error: UInt8 = 1
    static let inlineRule: UInt8 = 2
    static let ownPath: UInt8 = 4
    static let test: UInt8 = 8
    static let suite: UInt8 = 16
    static let snippet: UInt8 = 32
  }

  static func isSorted(_ findings: [Finding]) -> Bool {
    findings.indices.dropFirst().allSatisfy { !(findings[$0] < findings[$0 - 1]) }
  }

  /// Reads an encoding (what `ByteWriter` writes) in place, texts as ranges of the bytes; past
  /// the end it reads zeros and empty texts, and says so in `failed`.
  struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var failed = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
      guard offset < bytes.count else {
        failed = true
        return 0
      }
      defer { offset += 1 }
      return bytes[offset]
    }

    mutating func number() -> Int {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = byte()
        if shift < 64 { value |= UInt64(byte & 0x7F) << shift }
        guard byte & 0x80 != 0, !failed else { break }
        shift += 7
      }
      return Int(Int64(bitPattern: value))
    }

    mutating func text() -> Range<Int> {
      let count = number()
      guard count >= 0, count <= bytes.count - offset else {
        failed = true
        return 0..<0
      }
      defer { offset += count }
      return offset..<(offset + count)
    }
  }
}
