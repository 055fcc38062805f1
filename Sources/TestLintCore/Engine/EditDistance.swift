/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
  /// The number of single-character edits that turn `a` into `b`; with a `limit`, any number
  /// over it is `limit + 1`.
  public static func between(_ a: String, _ b: String, limit: Int = .max) -> Int {
    between(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
  }

  /// The same over scalars. With a `limit`, two words whose lengths differ by more, or whose
  /// every prefix pair is already further apart, stop early: a suppression comment naming a
  /// long unknown rule is compared with every rule's id.
  static func between(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], limit: Int) -> Int {
    if abs(left.count - right.count) > limit { return limit + 1 }
    if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      var nearest = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        nearest = min(nearest, current[j])
      }
      // Each row's smallest entry never shrinks from one row to the next.
      if nearest > limit { return limit + 1 }
      swap(&previous, &current)
    }
    let distance = previous[right.count]
    return distance > limit ? limit + 1 : distance
  }
}
