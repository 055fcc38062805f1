/// Levenshtein distance, for "did you mean" suggestions.
public enum EditDistance {
  /// The number of single-character edits that turn `a` into `b`.
  public static func between(_ a: String, _ b: String) -> Int {
    let left = Array(a.unicodeScalars)
    let right = Array(b.unicodeScalars)
    if left.isEmpty { return right.count }
    if right.isEmpty { return left.count }
    var previous = Array(0...right.count)
    var current = [Int](repeating: 0, count: right.count + 1)
    for i in 1...left.count {
      current[0] = i
      for j in 1...right.count {
        let cost = left[i - 1] == right[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[right.count]
  }
}
