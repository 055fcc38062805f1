/// A test type's own comment saying its tests check that an API stays as it is
/// (`missing_assertion`, set 69): "Tests that verify the public API stays stable and is not
/// changed by mistake" above the class speaks for each test declared in it that makes no other
/// check, as a comment stating a compile-time check does (`CompileTimeComment.typeCommentSays`).
/// Such tests only use the API (typed reads, calls on values that are never made), and they
/// fail when it changes by no longer compiling.
///
/// Narrowly, one sentence: it names the tests ("test", "tests"), then a check's verb
/// ("validate", "verify", "ensure", "check", "confirm" or their third-person forms), then "API"
/// ("APIs") or "interface", then that it stays so: "stable", "unchanged", "not modified" or "not
/// changed"; with no "not" or "never" before the verb. Not a comment that only names the API
/// ("tests of the public API"), nor one about something else staying stable ("tests that the
/// layout stays stable while scrolling").
enum StableAPIComment {
  /// Whether a sentence of `lowered` (a type's comments read together, lowercased once by the
  /// caller, which reads them too) says so.
  static func says(lowered: String) -> Bool {
    guard RuleText.contains(lowered, "api") || RuleText.contains(lowered, "interface") else { return false }
    let verbs = [
      "validate", "validates", "verify", "verifies", "ensure", "ensures", "check", "checks", "confirm", "confirms",
    ]
    for sentence in lowered.split(whereSeparator: { ".!?;".contains($0) }) {
      let words = sentence.split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
      guard let named = words.firstIndex(where: { $0 == "test" || $0 == "tests" }),
        let verb = words[named...].firstIndex(where: { verbs.contains($0) }),
        !words[..<verb].contains(where: { $0 == "not" || $0 == "never" || $0 == "don't" || $0 == "doesn't" }),
        let api = words[verb...].firstIndex(where: { ["api", "apis", "interface"].contains($0) })
      else { continue }
      let rest = words[api...]
      if rest.contains("stable") || rest.contains("unchanged") { return true }
      for (index, word) in rest.enumerated().dropFirst()
      where ["modified", "changed"].contains(word) && rest[rest.startIndex + index - 1] == "not" {
        return true
      }
    }
    return false
  }
}
