/// A test type's own comment that says its tests are compile checks (`missing_assertion`):
/// "these tests only verify that the guide's samples compile" above the class speaks for each
/// test declared in it that makes no other check, as the file's leading comment does. Only a
/// sentence that names the tests: "includes compile-time checks and validations" or "the
/// envelope must compile with the parser" above a class describe what it covers, not that its
/// tests are compile checks.
extension CompileTimeComment {
  /// Whether the comments right above the declaration of the type that declares the test (each
  /// ending on the line above the next, above its attributes or between them and its name) say,
  /// read together, that the compiler checks its tests: a sentence that names the tests ("test",
  /// "tests") and states the check in a phrase `says` reads or as `namesCompilingTests` reads.
  static func typeCommentSays(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard test.call == nil, let owner = model.functions[test.function].owner else { return false }
    let type = model.types[owner]
    let comments = model.comments
    let first = type.attributes.first?.offset ?? type.nameOffset
    var found: [Int] = []
    // Comments between the attributes and the name (`@MainActor` then `/// ...`).
    var index = firstToken(startingFrom: first, in: comments)
    while index < comments.count, Int(comments[index].start) < type.nameOffset {
      found.append(index)
      index += 1
    }
    // The block ending on the line above the declaration's first line.
    found += commentsAbove(first, in: model)
    guard !found.isEmpty else { return false }
    let text = found.sorted().map { model.source.text(comments[$0].range) }.joined(separator: " ")
    let lowered = text.lowercased()
    if StableAPIComment.says(lowered: lowered) { return true }  // "tests that verify the public API stays stable"
    guard RuleText.contains(lowered, "compil") else { return false }
    return lowered.split(whereSeparator: { ".!?;".contains($0) }).contains { part in
      let sentence = String(part)
      return (contains(word: "test", in: sentence) || contains(word: "tests", in: sentence))
        && (says(sentence) || namesCompilingTests(sentence))
    }
  }

  /// Whether the file's leading comments, which speak for several tests, say the compiler checks
  /// them: one of the phrases `says` reads, or a sentence that `namesCompilingTests`.
  static func speaksForTests(_ text: String) -> Bool {
    says(text) || namesCompilingTests(text)
  }

  /// Whether a sentence of `text` names the tests, then a check's verb ("verify", "check",
  /// "ensure", "confirm", or their third-person forms), then "compile" or "compiles" ending the
  /// clause or followed by "without", "cleanly" or "successfully", with no negation before it:
  /// "Test to verify the samples compile without errors", "These tests only check that the
  /// guide's examples compile". Not "the tests check compile errors", nor a sentence that does
  /// not name tests.
  static func namesCompilingTests(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard RuleText.contains(lowered, "compile") else { return false }
    let verbs = ["verify", "verifies", "check", "checks", "ensure", "ensures", "confirm", "confirms"]
    let negations = ["not", "cannot", "can't", "don't", "doesn't", "never", "no"]
    let normal = String(lowered.map { $0 == "\u{2019}" ? "'" : $0 })
    for sentence in normal.split(whereSeparator: { ".!?;".contains($0) }) {
      let words = sentence.split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
      guard let named = words.firstIndex(where: { $0 == "test" || $0 == "tests" }),
        let verb = words[named...].firstIndex(where: { verbs.contains($0) }),
        let compile = words[verb...].firstIndex(where: { $0 == "compile" || $0 == "compiles" }),
        !words[..<compile].contains(where: { negations.contains($0) })
      else { continue }
      // What follows: the clause's end (punctuation, the sentence's end) or a manner.
      guard compile + 1 < words.count else { return true }
      if ["without", "cleanly", "successfully"].contains(words[compile + 1]) { return true }
      if clauseEnds(after: words[compile], in: String(sentence)) { return true }
    }
    return false
  }

  /// Whether the first `word` standing alone in `sentence` is followed, past blanks, by
  /// punctuation (`:`, `,`, `)`, `-`) rather than by another word.
  private static func clauseEnds(after word: String, in sentence: String) -> Bool {
    var rest = Substring(sentence)
    while let found = rest.firstRange(of: word) {
      let before =
        found.lowerBound == sentence.startIndex ? " " : sentence[sentence.index(before: found.lowerBound)]
      let tail = sentence[found.upperBound...]
      if !before.isLetter, tail.first?.isLetter != true {
        guard let next = tail.first(where: { !$0.isWhitespace }) else { return true }
        return !next.isLetter && !next.isNumber && next != "/" && next != "*"
      }
      rest = sentence[found.upperBound...]
    }
    return false
  }
}
