/// A run's findings, one encoded block per file, in report order: files sorted by display
/// path, each file's findings sorted by its linter. Reporters need the findings sorted by path,
/// line, column and rule; the files' own order gives that without sorting them all together.
struct FindingsByFile: Sendable {
  /// The blocks in report order, grouped: the files of one group have equal display paths
  /// (two spellings of one name, or one file given twice), and their findings are merged by
  /// line when decoded. Nearly every group is one file.
  var groups: Groups
  /// Groups of consecutive blocks, kept as one array and where each group starts (not an array
  /// per file).
  struct Groups: RandomAccessCollection, Sendable {
    /// Every block, in report order.
    let blocks: [FindingBlock]
    /// The first block of each group.
    let starts: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }
    subscript(position: Int) -> ArraySlice<FindingBlock> {
      blocks[starts[position]..<(position + 1 < starts.count ? starts[position + 1] : blocks.count)]
    }
  }
  /// Decodes the blocks.
  let codec: FindingCodec
  /// Holds their bytes.
  let store: FindingStore
  /// The run's files, which the blocks name by index.
  let files: FileList
  /// Whether some finding names another path than its file's; the findings are then sorted all
  /// together, as they were before being encoded by file.
  var sortsAll: Bool
  /// How many findings there are.
  var count: Int
  /// How many are at error severity.
  var errors: Int

  /// The findings of `blocks` (one per file of `files`, in their order), placed in report order.
  init(blocks: [FindingBlock], codec: FindingCodec, store: FindingStore, files: FileList) {
    self.codec = codec
    self.store = store
    self.files = files
    var ordered: [FindingBlock]
    if blocks.allSatisfy({ $0.count > 0 }),
      zip(blocks, blocks.dropFirst()).allSatisfy({ !files.displayPath($1.file, precedes: $0.file) })
    {
      // Already in report order (the walk sorts the files, the engine leaves out the empty
      // ones): the blocks are taken as they are, not copied.
      ordered = blocks
    } else {
      // By their files' order: the blocks come one per file, in the files' order.
      let order = blocks.indices.filter { blocks[$0].count > 0 }.sorted {
        files.inPathOrder(blocks[$0].file, blocks[$1].file)
      }
      ordered = order.map { blocks[$0] }
    }
    var starts: [Int] = []
    for index in ordered.indices
    where index == 0 || !files.displayPath(ordered[index - 1].file, equals: ordered[index].file) {
      starts.append(index)
    }
    groups = Groups(blocks: ordered, starts: starts)
    sortsAll = ordered.contains { $0.hasOwnPaths }
    count = ordered.reduce(0) { $0 + $1.count }
    errors = ordered.reduce(0) { $0 + $1.errors }
  }

  /// The findings of `group`, sorted; problems reading them back are added to `problems`.
  func findings(of group: some Collection<FindingBlock>, problems: inout [Diagnostic]) -> [Finding] {
    var findings: [Finding] = []
    findings.reserveCapacity(group.reduce(0) { $0 + $1.count })
    for block in group {
      let decoded = store.withBytes(block.location) { bytes in
        codec.decode(bytes, path: files.displayPath(block.file), into: &findings)
      }
      if decoded != true { problems.append(unreadable(block)) }
    }
    // Files of equal paths: merged by line as one stable sort of them all would.
    if group.count > 1 { findings.sort() }
    return findings
  }

  /// Every finding, sorted (path, line, column, rule), decoded on `threads` threads; and the
  /// problems reading them back.
  func all(threads: Int) -> (findings: [Finding], problems: [Diagnostic]) {
    let slices = slices
    var parts = Parallel.map(count: slices.count, threads: threads) { slice -> ([Finding], [Diagnostic]) in
      var problems: [Diagnostic] = []
      var findings: [Finding] = []
      for group in groups[slices[slice]] {
        findings.append(contentsOf: self.findings(of: group, problems: &problems))
      }
      return (findings, problems)
    }
    var findings: [Finding] = []
    findings.reserveCapacity(count)
    var problems: [Diagnostic] = []
    // Each part goes as it is taken: the findings are held once, plus one part.
    for index in parts.indices {
      findings.append(contentsOf: parts[index].0)
      problems.append(contentsOf: parts[index].1)
      parts[index] = ([], [])
    }
    if sortsAll { findings.sort() }
    return (findings, problems)
  }

  /// The groups in consecutive slices of some thousand findings each: the unit of work when
  /// decoding or rendering on several threads.
  var slices: [Range<Int>] {
    var slices: [Range<Int>] = []
    var start = 0
    var size = 0
    for (index, group) in groups.enumerated() {
      size += group.reduce(0) { $0 + $1.count }
      if size >= Self.sliceFindings {
        slices.append(start..<(index + 1))
        start = index + 1
        size = 0
      }
    }
    if start < groups.count { slices.append(start..<groups.count) }
    return slices
  }

  /// About how many findings a slice holds.
  static let sliceFindings = 2_048

  /// The problem of a block that cannot be read back from the temporary file.
  func unreadable(_ block: FindingBlock) -> Diagnostic {
    Diagnostic(
      path: files.displayPath(block.file), message: "cannot read back the file's findings from a temporary file")
  }
}
