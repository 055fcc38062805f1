/// Inline suppressions read from a file's comments:
/// `// testlint:disable <ids|all>`, `// testlint:enable <ids|all>`,
/// `// testlint:disable:next <ids|all>`, `// testlint:disable:this <ids|all>`;
/// text after ` - ` is a reason and is ignored.
public struct Suppressions: Sendable {
  private struct Region {
    var line: Int
    var disable: Bool
    var ids: Set<String>
  }

  private var regions: [Region] = []
  /// For each id a region names (`all` included), the indices of those regions, ascending:
  /// findings look up the last one before them instead of walking every region.
  private var regionsByID: [String: [Int]] = [:]
  private var lines: [Int: Set<String>] = [:]
  /// Rule ids named in suppressions that no rule has, with the comment's offset.
  public private(set) var unknownIDs: [(offset: Int, id: String)] = []

  /// Reads the suppressions of a file; `knownIDs` are the valid rule ids.
  public init(model: FileModel, knownIDs: Set<String>) {
    for comment in model.comments {
      // Nearly every comment is prose: reject it over its bytes before building a string.
      guard Suppressions.mayBeDirective(model.source.bytes, Int(comment.start)..<Int(comment.end)) else {
        continue
      }
      let text = model.source.text(comment.range)
      guard let directive = Suppressions.parse(text) else { continue }
      let line = model.source.line(of: Int(comment.start))
      for id in directive.ids where id != "all" && !knownIDs.contains(id) {
        unknownIDs.append((Int(comment.start), id))
      }
      switch directive.command {
      case "disable": regions.append(Region(line: line, disable: true, ids: directive.ids))
      case "enable": regions.append(Region(line: line, disable: false, ids: directive.ids))
      case "disable:next": lines[line + 1, default: []].formUnion(directive.ids)
      case "disable:this": lines[line, default: []].formUnion(directive.ids)
      default: break
      }
    }
    for (index, region) in regions.enumerated() {
      for id in region.ids { regionsByID[id, default: []].append(index) }
    }
  }

  /// Whether a finding of `rule` on `line` is suppressed.
  public func isSuppressed(_ rule: String, line: Int) -> Bool {
    if let ids = lines[line], ids.contains(rule) || ids.contains("all") { return true }
    // The last region at or before the line that names the rule (or `all`) decides.
    let before = Suppressions.count(regions.indices, below: { regions[$0].line <= line })
    var last = -1
    for id in [rule, "all"] {
      guard let indices = regionsByID[id] else { continue }
      let count = Suppressions.count(indices.indices, below: { indices[$0] < before })
      if count > 0 { last = max(last, indices[count - 1]) }
    }
    return last >= 0 && regions[last].disable
  }

  /// How many leading elements of `range` satisfy `isBelow`, which holds for a prefix.
  private static func count(_ range: Range<Int>, below isBelow: (Int) -> Bool) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = (low + high) / 2
      if isBelow(middle) { low = middle + 1 } else { high = middle }
    }
    return low - range.lowerBound
  }

  /// Whether the comment at `range` may be a directive: after `//` or `/*` and any spaces,
  /// tabs and slashes comes `testlint:`. False only where `parse` would return nil (each of
  /// those bytes is a character of its own before an ASCII letter).
  static func mayBeDirective(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    var index = range.lowerBound + 2
    while index < range.upperBound,
      bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "/")
    {
      index += 1
    }
    let word: StaticString = "testlint:"
    guard range.upperBound - index >= word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { expected in
      for offset in 0..<expected.count where bytes[index + offset] != expected[offset] { return false }
      return true
    }
  }

  /// The command and ids of a `testlint:` comment, or nil for any other comment.
  static func parse(_ comment: String) -> (command: String, ids: Set<String>)? {
    var body = Substring(comment)
    if body.hasPrefix("//") {
      body = body.dropFirst(2)
    } else if body.hasPrefix("/*") {
      body = body.dropFirst(2)
      if body.hasSuffix("*/") { body = body.dropLast(2) }
    } else {
      return nil
    }
    body = body.drop { $0 == " " || $0 == "\t" || $0 == "/" }
    guard body.hasPrefix("testlint:") else { return nil }
    body = body.dropFirst("testlint:".count)
    if let reason = body.firstRange(of: " - ") { body = body[..<reason.lowerBound] }
    let words = body.split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" || $0 == "\r" }
    guard let command = words.first else { return nil }
    let ids = Set(words.dropFirst().map(String.init))
    guard ["disable", "enable", "disable:next", "disable:this"].contains(String(command)) else {
      return nil
    }
    return (String(command), ids.isEmpty ? ["all"] : ids)
  }
}
