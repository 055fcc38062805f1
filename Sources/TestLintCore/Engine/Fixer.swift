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
    var taken: [Range<Int>] = []
    var chosen: [[Edit]] = []
    for fix in sorted {
      // Touching ranges conflict too: two insertions at one offset have no defined order.
      let overlaps = fix.contains { edit in
        taken.contains { $0.lowerBound <= edit.range.upperBound && edit.range.lowerBound <= $0.upperBound }
      }
      if overlaps { continue }
      taken.append(contentsOf: fix.map(\.range))
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
