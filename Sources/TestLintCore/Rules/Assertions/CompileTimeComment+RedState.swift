extension CompileTimeComment {
  /// Whether a comment is a test-first note about tests that do not compile yet, not a
  /// compile-time check (set 64): "the tests below will fail to compile until the store lands,
  /// the expected RED state". It says the tests will fail to compile ("fail(s) to compile",
  /// "won't compile", "will not compile") and either names the red step of test-first work (the
  /// word `RED` in capitals, "red state", "red phase") or says until when ("fail to compile
  /// until ..."). A pin's comment says the opposite: the test compiles while what it pins holds.
  /// `lowered` is `text` lowercased.
  static func isRedStateNote(_ text: String, lowered: String) -> Bool {
    let lowered = lowered.replacing("\u{2019}", with: "'")
    let failures = ["fail to compile", "fails to compile", "won't compile", "will not compile", "wont compile"]
    guard failures.contains(where: { lowered.contains($0) }) else { return false }
    if contains(word: "RED", in: text) || lowered.contains("red state") || lowered.contains("red phase") {
      return true
    }
    for sentence in lowered.split(whereSeparator: { ".!?;".contains($0) }) {
      for failure in failures {
        guard let found = sentence.firstRange(of: failure) else { continue }
        if contains(word: "until", in: String(sentence[found.upperBound...])) { return true }
      }
    }
    return false
  }
}
