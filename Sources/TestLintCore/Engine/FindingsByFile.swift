/// A run's findings, one encoded block per file, in report order: files sorted by display
/// path, each file's findings sorted by its linter. Reporters need the findings sorted by path,
/// line, column and rule; the files' own order gives that without sorting them all together.
struct FindingsByFile: Sendable {
  /// The blocks in report order, grouped: the files of one group have equal display paths
  /// (two spellings of one name, or one file given twice), and their findings are merged by
  /// line when decoded. Nearly every group is one file.
  var groups: Groups
  /// Groups of consecutive blocks: every block in report order, in pages that go to a
  /// temporary file beyond a budget (a run holds one for each file with findings until its
  /// report is written), and the few blocks that join the group before them.
  struct Groups: RandomAccessCollection, Sendable {
    /// Every block, in report order.
    let blocks: PagedArray<FindingBlock>
    /// The blocks (after the first) whose file's path equals the one before, in order.
    let joining: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { blocks.count - joining.count }
    subscript(position: Int) -> Group {
      Group(blocks: blocks, range: start(of: position)..<(position + 1 < endIndex ? start(of: position + 1) : blocks.count))
    }

    /// The first block of group `position`: the `position`-th block (from 0) that joins no
    /// group, found by a binary search (without joining blocks, the position).
    private func start(of position: Int) -> Int {
      guard !joining.isEmpty else { return position }
      var (low, high) = (position, position + joining.count)
      while low < high {
        let middle = (low + high) / 2
        // Blocks up to `middle` that start a group.
        if middle + 1 - joiningCount(upTo: middle + 1) < position + 1 { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// How many joining blocks come before block `index`.
    private func joiningCount(upTo index: Int) -> Int {
      var (low, high) = (0, joining.count)
      while low < high {
        let middle = (low + high) / 2
        if joining[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The blocks of one group (of files of one path; nearly always one block).
  struct Group: RandomAccessCollection, Sendable {
    let blocks: PagedArray<FindingBlock>
    let range: Range<Int>

    var startIndex: Int { range.lowerBound }
    var endIndex: Int { range.upperBound }
    subscript(position: Int) -> FindingBlock { blocks[position] }
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
    let paged = blocks.withUnsafeBufferPointer {
      PagedArray(copying: $0, filler: .empty(file: 0), memoryBytes: Self.blockMemoryBytes)
    }
    self.init(blocks: paged, codec: codec, store: store, files: files)
  }

  /// `init(blocks:codec:store:files:)` of blocks in pages.
  init(blocks: PagedArray<FindingBlock>, codec: FindingCodec, store: FindingStore, files: FileList) {
    self.codec = codec
    self.store = store
    self.files = files
    // One read of every block: its order, its group, the counts. Blocks out of order (rare:
    // the walk sorts the files, the engine leaves out the empty ones) are placed in their
    // files' order, then read again.
    func read(_ blocks: PagedArray<FindingBlock>) -> (inOrder: Bool, joining: [Int], count: Int, errors: Int, sortsAll: Bool) {
      var joining: [Int] = []
      var (inOrder, count, errors, sortsAll) = (true, 0, 0, false)
      var previous: Int?
      for index in 0..<blocks.count {
        let block = blocks[index]
        if block.count == 0 { inOrder = false }
        if let previous {
          if files.displayPath(block.file, precedes: previous) { inOrder = false }
          if files.displayPath(previous, equals: block.file) { joining.append(index) }
        }
        previous = block.file
        count += block.count
        errors += block.errors
        sortsAll = sortsAll || block.hasOwnPaths
      }
      return (inOrder, joining, count, errors, sortsAll)
    }
    var ordered = blocks
    var found = read(blocks)
    if !found.inOrder {
      let order = (0..<blocks.count).filter { blocks[$0].count > 0 }.sorted {
        files.inPathOrder(blocks[$0].file, blocks[$1].file)
      }
      ordered = PagedArray(count: order.count, filler: .empty(file: 0), memoryBytes: Self.blockMemoryBytes)
      for (position, index) in order.enumerated() { ordered[position] = blocks[index] }
      found = read(ordered)
    }
    groups = Groups(blocks: ordered, joining: found.joining)
    sortsAll = found.sortsAll
    count = found.count
    errors = found.errors
  }

  /// Memory for the blocks' pages.
  static let blockMemoryBytes = 256 << 10

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

  /// Calls `body` with each path's findings, sorted, in report order; returns the problems
  /// reading them back. Only a wave of slices (one a thread) is decoded at a time, on `threads`
  /// threads, then passed on in order: the findings are never all held. (When a finding names
  /// another path than its file's, `sortsAll`, they are decoded and sorted all together first,
  /// as before encoding: a rare case.)
  func forEachFile(threads: Int, _ body: (String, [Finding]) -> Void) -> [Diagnostic] {
    forEachFile(threads: threads, prepare: { _, _, _ in () }) { path, findings, _ in body(path, findings) }
  }

  /// `forEachFile(threads:_:)`, with `prepare` called on each path's findings on the thread
  /// that decoded them (in the same wave), its result passed to `body` with them; `prepare`
  /// is told the path's file (its index in `files`) when one file has the path.
  func forEachFile<Prepared: Sendable>(
    threads: Int, prepare: @Sendable (_ path: String, _ file: Int?, [Finding]) -> Prepared,
    _ body: (String, [Finding], Prepared) -> Void
  ) -> [Diagnostic] {
    if sortsAll {
      let decoded = all(threads: threads)
      var start = 0
      while start < decoded.findings.count {
        let path = decoded.findings[start].path
        var end = start + 1
        while end < decoded.findings.count, decoded.findings[end].path == path { end += 1 }
        let findings = Array(decoded.findings[start..<end])
        body(path, findings, prepare(path, nil, findings))
        start = end
      }
      return decoded.problems
    }
    let slices = slices
    var problems: [Diagnostic] = []
    var start = 0
    while start < slices.count {
      let end = min(slices.count, start + max(1, threads))
      let first = start
      let parts = Parallel.map(count: end - first, threads: threads) {
        position -> ([(String, [Finding], Prepared)], [Diagnostic]) in
        var problems: [Diagnostic] = []
        var decoded: [(String, [Finding], Prepared)] = []
        for group in groups[slices[first + position]] {
          guard let block = group.first else { continue }
          let path = files.displayPath(block.file)
          let findings = findings(of: group, problems: &problems)
          decoded.append((path, findings, prepare(path, group.count == 1 ? block.file : nil, findings)))
        }
        return (decoded, problems)
      }
      for (decoded, found) in parts {
        for (path, findings, prepared) in decoded { body(path, findings, prepared) }
        problems += found
      }
      start = end
    }
    return problems
  }

  /// The findings' severities counted from their encoding, without decoding their texts; nil
  /// when some finding names a rule that `isKnown` (by the codec's rule index) says is not
  /// the run's, or names its rule in full. Blocks that cannot be read back count as far as
  /// they are read, as when decoded.
  func severityCounts(isKnown: [Bool]) -> (errors: Int, warnings: Int)? {
    var (errors, warnings) = (0, 0)
    var unknown = false
    for index in 0..<groups.blocks.count where !unknown {
      let block = groups.blocks[index]
      _ = store.withBytes(block.location) { bytes in
        codec.forEach(bytes) { entry in
          if entry.rule < 0 || entry.rule >= isKnown.count || !isKnown[entry.rule] { unknown = true }
          if entry.severity == .error { errors += 1 } else { warnings += 1 }
        }
      }
    }
    return unknown ? nil : (errors, warnings)
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
