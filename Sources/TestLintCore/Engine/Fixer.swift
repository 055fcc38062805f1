/// Applies rules' fixes to a file's bytes. Pure: the CLI reads and writes files.
public struct Fixer: Sendable {
  /// The linter whose fixes are applied.
  public let linter: FileLinter
  /// Rounds of lint-and-fix before giving up (a fix may enable another).
  public var maximumRounds = 10

  /// Creates a fixer.
  public init(linter: FileLinter) { self.linter = linter }

  /// The fixed bytes and how many fixes were applied; the input unchanged when nothing applies.
  ///
  /// Each round lints the current text and applies every fix whose edits overlap no other
  /// fix's; the next round re-lints, so overlapping fixes are applied one after the other.
  /// The result is only returned when it still lexes without new problems.
  public func fix(path: String, bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
    var current = bytes
    var applied = 0
    guard let original = try? SourceFile(path: path, bytes: bytes) else { return (bytes, 0) }
    let originalProblems = Scanner.scan(original, bodies: false).problems.count
    for _ in 0..<maximumRounds {
      guard let source = try? SourceFile(path: path, bytes: current) else { break }
      let fixes = linter.violations(Scanner.scan(source)).compactMap(\.fix)
      let chosen = Fixer.nonOverlapping(fixes)
      guard !chosen.isEmpty else { break }
      let next = Fixer.apply(chosen.flatMap { $0 }, to: current)
      guard let checked = try? SourceFile(path: path, bytes: next),
        Scanner.scan(checked, bodies: false).problems.count <= originalProblems
      else { break }
      current = next
      applied += chosen.count
    }
    return (current, applied)
  }

  /// Fixes whose edits do not overlap an earlier chosen fix, in offset order.
  static func nonOverlapping(_ fixes: [[Edit]]) -> [[Edit]] {
    let sorted = fixes.filter { !$0.isEmpty }.sorted {
      ($0.map(\.range.lowerBound).min() ?? 0) < ($1.map(\.range.lowerBound).min() ?? 0)
    }
    // Taken ranges are indexed by lower bound in a prefix-maximum tree of upper bounds, so each
    // check is logarithmic: comparing every edit with every taken range is quadratic when a
    // file has thousands of fixes.
    var taken = TakenRanges(lowerBounds: sorted.flatMap { $0.map(\.range.lowerBound) })
    var chosen: [[Edit]] = []
    for fix in sorted {
      // Touching ranges conflict too: two insertions at one offset have no defined order.
      let overlaps = fix.contains { edit in
        taken.maximumUpperBound(lowerBoundAtMost: edit.range.upperBound) >= edit.range.lowerBound
      }
      if overlaps { continue }
      for edit in fix { taken.insert(edit.range) }
      chosen.append(fix)
    }
    return chosen
  }

  /// Applies non-overlapping edits (any order) to bytes.
  static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 64)
    var cursor = 0
    for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      let lower = min(max(edit.range.lowerBound, cursor), bytes.count)
      let upper = min(max(edit.range.upperBound, lower), bytes.count)
      result.append(contentsOf: bytes[cursor..<lower])
      result.append(contentsOf: edit.replacement.utf8)
      cursor = upper
    }
    result.append(contentsOf: bytes[cursor...])
    return result
  }
}

/// Ranges taken by chosen fixes: the largest upper bound among those whose lower bound is at
/// most a value (a range conflicts with an edit when it starts before the edit ends and ends
/// after the edit starts). A Fenwick tree of maxima over the possible lower bounds.
private struct TakenRanges {
  private let keys: [Int]
  private var tree: [Int]

  init(lowerBounds: [Int]) {
    keys = Array(Set(lowerBounds)).sorted()
    tree = [Int](repeating: Int.min, count: keys.count + 1)
  }

  /// How many keys are at most `value`.
  private func rank(_ value: Int) -> Int {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  mutating func insert(_ range: Range<Int>) {
    var index = rank(range.lowerBound)
    while index <= keys.count, index > 0 {
      tree[index] = max(tree[index], range.upperBound)
      index += index & -index
    }
  }

  func maximumUpperBound(lowerBoundAtMost value: Int) -> Int {
    var index = rank(value)
    var result = Int.min
    while index > 0 {
      result = max(result, tree[index])
      index -= index & -index
    }
    return result
  }
}
