/// A unified diff (`diff -u` format) of two texts, by lines, for `--fix --dry-run`.
public enum UnifiedDiff {
  /// The diff of `old` and `new` as `--- a/path` / `+++ b/path` hunks with 3 lines of context;
  /// empty when they are equal.
  public static func render(path: String, old: String, new: String, context: Int = 3) -> String {
    let a = lines(old)
    let b = lines(new)
    let script = edits(a, b)
    guard script.contains(where: { $0.kind != .same }) else { return "" }
    var output = "--- a/\(path)\n+++ b/\(path)\n"
    var index = 0
    while index < script.count {
      guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
      var start = max(firstChange - context, index)
      if start < index { start = index }
      var end = firstChange
      // Extend the hunk while changes are within 2 * context lines of each other.
      var cursor = firstChange
      while cursor < script.count {
        if script[cursor].kind != .same {
          end = cursor
          cursor += 1
          continue
        }
        guard let next = script[cursor...].firstIndex(where: { $0.kind != .same }), next - end <= 2 * context
        else { break }
        cursor = next
      }
      let stop = min(end + context + 1, script.count)
      let hunk = script[start..<stop]
      let oldStart = (hunk.first?.oldLine ?? 0) + 1
      let newStart = (hunk.first?.newLine ?? 0) + 1
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      output += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
      for step in hunk {
        switch step.kind {
        case .same: output += " " + a[step.oldLine].text
        case .delete: output += "-" + a[step.oldLine].text
        case .insert: output += "+" + b[step.newLine].text
        }
        if !(step.kind == .insert ? b[step.newLine].hasNewline : a[step.oldLine].hasNewline) {
          output += "\n\\ No newline at end of file\n"
        }
      }
      index = stop
    }
    return output
  }

  struct Line: Equatable {
    var text: String
    var hasNewline: Bool
  }

  enum Kind { case same, delete, insert }

  struct Step {
    var kind: Kind
    var oldLine: Int
    var newLine: Int
  }

  /// Lines including their terminator (so CRLF and a missing final newline show in the diff).
  static func lines(_ text: String) -> [Line] {
    var result: [Line] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == "\n" || character == "\r\n" {
        result.append(Line(text: current, hasNewline: true))
        current = ""
      }
    }
    if !current.isEmpty { result.append(Line(text: current + "", hasNewline: false)) }
    return result
  }

  /// The edit script: common prefix and suffix trimmed, Myers on the middle.
  static func edits(_ a: [Line], _ b: [Line]) -> [Step] {
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix,
      a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
    {
      suffix += 1
    }
    var steps = (0..<prefix).map { Step(kind: .same, oldLine: $0, newLine: $0) }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    let middle: [Step]
    if middleA.count + middleB.count <= 20_000, let script = myers(middleA, middleB) {
      middle = script
    } else {
      // Too large to search for the shortest script: replace the block.
      middle = middleA.indices.map { Step(kind: .delete, oldLine: $0, newLine: 0) }
        + middleB.indices.map { Step(kind: .insert, oldLine: middleA.count, newLine: $0) }
    }
    steps += middle.map { Step(kind: $0.kind, oldLine: $0.oldLine + prefix, newLine: $0.newLine + prefix) }
    for offset in 0..<suffix {
      steps.append(Step(kind: .same, oldLine: a.count - suffix + offset, newLine: b.count - suffix + offset))
    }
    return steps
  }

  /// Myers' shortest edit script, iterative, O((N+M)·D); nil when D is so large that the
  /// trace (D copies of a 2·(N+M) frontier) would pass `traceLimit` entries: 10,000 changed
  /// lines out of 10,000 would otherwise take gigabytes and most of a minute.
  static func myers(_ a: [Line], _ b: [Line], traceLimit: Int = 4_000_000) -> [Step]? {
    let n = a.count
    let m = b.count
    if n == 0 && m == 0 { return [] }
    let maximum = n + m
    var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
    var trace: [[Int]] = []
    var found = false
    for depth in 0...maximum {
      if (depth + 1) * frontier.count > traceLimit { return nil }
      trace.append(frontier)
      for k in stride(from: -depth, through: depth, by: 2) {
        var x: Int
        if k == -depth || (k != depth && frontier[k - 1 + maximum] < frontier[k + 1 + maximum]) {
          x = frontier[k + 1 + maximum]
        } else {
          x = frontier[k - 1 + maximum] + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[k + maximum] = x
        if x >= n, y >= m {
          found = true
          break
        }
      }
      if found { break }
    }
    // Walk the trace back from (n, m).
    var steps: [Step] = []
    var x = n
    var y = m
    for depth in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[depth]
      let k = x - y
      let previousK: Int
      if k == -depth || (k != depth && v[k - 1 + maximum] < v[k + 1 + maximum]) {
        previousK = k + 1
      } else {
        previousK = k - 1
      }
      let previousX = depth == 0 ? 0 : v[previousK + maximum]
      let previousY = previousX - previousK
      while x > previousX, y > previousY, x > 0, y > 0 {
        x -= 1
        y -= 1
        steps.append(Step(kind: .same, oldLine: x, newLine: y))
      }
      if depth > 0 {
        if x == previousX {
          y -= 1
          steps.append(Step(kind: .insert, oldLine: x, newLine: y))
        } else {
          x -= 1
          steps.append(Step(kind: .delete, oldLine: x, newLine: y))
        }
      }
    }
    while x > 0, y > 0 {
      x -= 1
      y -= 1
      steps.append(Step(kind: .same, oldLine: x, newLine: y))
    }
    return steps.reversed()
  }
}
