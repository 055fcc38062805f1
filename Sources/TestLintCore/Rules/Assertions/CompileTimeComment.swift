/// A test whose own comment says the compiler is its check (`missing_assertion`): its body
/// only builds values, and its target stops building when what it pins changes, which is the
/// test failing.
///
/// The comment is inside the test's body, in the comments right above its declaration (a doc
/// comment, a `// MARK:` heading, the lines just above its attributes), above the type that
/// declares the test (`typeCommentSays`), or among the file's leading comments, before its
/// first declaration (`leadingCommentSays`); the last two speak for several tests and also
/// read a sentence naming them (`speaksForTests`). It states the
/// check with "compile" in one of these phrases: "at compile time" after verify, check, ensure or
/// confirm (or their third-person forms) earlier in its sentence, or after tested, checked,
/// verified, enforced, caught, rejected, fails or "test happens"; "compilation check" or "test"; "no longer
/// compiles", "stops compiling", "still compile(s)", "compiles only against", "compile fixture"; "compile-time" before check, pin, test, assertion or
/// guarantee or guard (or "type" and one of those); "fails to compile", "compiles only if" or "when"; "won't", "will not", "wouldn't", "should", "must", "has to", "need(s) (it) to"
/// before "compile" or "type-check"; "it", "this", "that" or "signature compiles" (or "type-checks") at the
/// end of a sentence or followed by "means", "shows" or "proves" ("the fact that this compiles
/// means ..."); "see if" or "check if" and later "compiles" ending its clause; "compile works";
/// "compile-only" (set 54: "compile-only reference ... it only needs to type-check"); "verify" or
/// "verifies" and later "compiles correctly" ending its clause (set 59); "compiles" then an arrow
/// for "means" ("compiles => ..."), "compiling is (the) proof" (set 71). A dash between blanks
/// ends a clause as a comma does ("just check it compiles - the types hold it").
/// A comment that only describes compiling something ("compile the fixture first", "the
/// compiler emits a warning") says nothing of the test's check and does not count.
enum CompileTimeComment {
  /// Whether a comment in or right above the test says the compiler checks it.
  static func states(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard let body = test.body, body.count >= 2, !model.comments.isEmpty else { return false }
    // Each comment alone, then `//` lines next to each other read as one text (a word
    // hyphenated at a line's end whole, set 49); a block of one comment was read alone.
    return ownComment(of: test, in: model, where: says)
      || commentBlocks(of: test, in: model).contains { $0.joined && says($0.text) }
      || leadingCommentSays(in: model)
      || typeCommentSays(test, in: model)
  }

  /// Whether a comment inside the test's body or right above its declaration (each ending on
  /// the line above the next) satisfies `predicate`.
  static func ownComment(of test: DiscoveredTest, in model: FileModel, where predicate: (String) -> Bool)
    -> Bool
  {
    ownComments(of: test, in: model).contains { predicate(model.source.text(model.comments[$0].range)) }
  }

  /// The texts of the test's own comments (`ownComments`), those on lines next to each other
  /// joined with a space: a sentence that runs over several `//` or `///` lines reads whole.
  static func ownCommentBlocks(of test: DiscoveredTest, in model: FileModel) -> [String] {
    commentBlocks(of: test, in: model).map(\.text)
  }

  /// The blocks of `ownCommentBlocks`, each saying whether it joins more than one comment.
  private static func commentBlocks(of test: DiscoveredTest, in model: FileModel)
    -> [(text: String, joined: Bool)]
  {
    let comments = model.comments
    var blocks: [(text: String, joined: Bool)] = []
    var lastLine = -2
    for index in ownComments(of: test, in: model).sorted() {
      let comment = comments[index]
      let text = model.source.text(comment.range)
      if model.source.line(of: Int(comment.start)) <= lastLine + 1, let last = blocks.last?.text {
        // A `/* */` comment opening the next line waits: the hyphenated word goes on after it.
        if text.hasPrefix("/*"), endsHyphenated(last) {
          lastLine = model.source.line(of: max(Int(comment.start), Int(comment.end) - 1))
          continue
        }
        blocks[blocks.count - 1] = (hyphenJoined(last, text) ?? last + " " + text, true)
      } else {
        blocks.append((text, false))
      }
      lastLine = model.source.line(of: max(Int(comment.start), Int(comment.end) - 1))
    }
    return blocks
  }

  /// A word hyphenated at a line's end read whole with the next `//` line (set 49): "(compile-"
  /// then "// time check)" gives "(compile-time check)". Nil unless the first text ends in a
  /// letter and a hyphen and the second is a line comment starting with a letter.
  private static func hyphenJoined(_ first: String, _ second: String) -> String? {
    guard endsHyphenated(first), second.hasPrefix("//") else { return nil }
    let rest = second.drop { $0 == "/" }.drop { $0 == " " || $0 == "\t" }
    guard let start = rest.first, start.isLetter else { return nil }
    return String(first.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) + rest
  }

  /// Whether the text ends (trailing blanks aside) in a letter and a hyphen: a word that goes on
  /// on the next line.
  private static func endsHyphenated(_ text: String) -> Bool {
    let tail = text.reversed().drop { $0 == " " || $0 == "\t" }
    guard tail.first == "-", let letter = tail.dropFirst().first else { return false }
    return letter.isLetter
  }

  /// The indices (into `FileModel.comments`) of the comments inside the test's body, in order,
  /// then of those right above its declaration, each ending on the line above the next,
  /// nearest first.
  private static func ownComments(of test: DiscoveredTest, in model: FileModel) -> [Int] {
    guard let body = test.body, body.count >= 2, !model.comments.isEmpty else { return [] }
    let tokens = model.tokens
    let open = Int(tokens[body.lowerBound].start)
    let close = Int(tokens[body.upperBound - 1].end)
    let start: Int
    if let call = test.call {
      start = Int(tokens[model.calls[call].nameToken].start)
    } else {
      let function = model.functions[test.function]
      start = function.attributes.first?.offset ?? function.nameOffset
    }
    let comments = model.comments
    var found: [Int] = []
    // The comments inside the body.
    var index = firstToken(startingFrom: open, in: comments)
    while index < comments.count, Int(comments[index].start) < close {
      found.append(index)
      index += 1
    }
    return found + commentsAbove(start, in: model)
  }

  /// The indices of the comments right above a declaration starting at `start` (its first
  /// attribute, or its name), each ending on the line above the next, nearest first; a comment
  /// on the declaration's own first line (`/* ... */ final class`) is stepped over.
  static func commentsAbove(_ start: Int, in model: FileModel) -> [Int] {
    let comments = model.comments
    var found: [Int] = []
    var line = model.source.line(of: start)
    var above = firstToken(startingFrom: start, in: comments) - 1
    while above >= 0 {
      let comment = comments[above]
      let last = model.source.line(of: max(Int(comment.start), Int(comment.end) - 1))
      if last == line {
        above -= 1
        continue
      }
      guard last == line - 1 else { break }
      found.append(above)
      line = model.source.line(of: Int(comment.start))
      above -= 1
    }
    return found
  }

  /// Whether the file's leading comments (those before its first declaration: a type, a
  /// function or a property, imports aside; not doc comments, nor the block right above that
  /// declaration, which are its own) say the compiler checks it: "this test is mainly a
  /// compile test ... this code won't compile any more" above the file's test classes speaks
  /// for every test of the file that makes no other check (read by `speaksForTests`).
  static func leadingCommentSays(in model: FileModel) -> Bool {
    for comment in leadingComments(in: model) {
      let text = model.source.text(comment.range)
      if text.hasPrefix("///") || text.hasPrefix("/**") { continue }
      if speaksForTests(text) { return true }
    }
    return false
  }

  /// The comments before the file's first declaration (a type, a function or a property),
  /// without the block of comments ending on that declaration's line or the line above it, in
  /// a run: those are its own. Empty when the file declares none of these.
  static func leadingComments(in model: FileModel) -> ArraySlice<Token> {
    var first = Int.max
    if let type = model.types.first { first = type.attributes.first?.offset ?? type.nameOffset }
    if let function = model.functions.first {
      first = min(first, function.attributes.first?.offset ?? function.nameOffset)
    }
    if let property = model.properties.first { first = min(first, property.nameOffset) }
    let comments = model.comments
    guard first != Int.max else { return comments[..<0] }
    var end = firstToken(startingFrom: first, in: comments)
    var line = model.source.line(of: first)
    while end > 0 {
      let comment = comments[end - 1]
      let last = model.source.line(of: max(Int(comment.start), Int(comment.end) - 1))
      guard last == line - 1 || last == line else { break }
      line = model.source.line(of: Int(comment.start))
      end -= 1
    }
    return comments[..<end]
  }

  /// The index of the first token (a comment, among comments) starting at or after `offset`
  /// (tokens are in source order): a binary search over their starts.
  static func firstToken(startingFrom offset: Int, in comments: [Token]) -> Int {
    var low = 0
    var high = comments.count
    while low < high {
      let middle = (low + high) / 2
      if Int(comments[middle].start) < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether a comment's text states a compile-time check in one of the phrases above.
  static func says(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard
      RuleText.contains(lowered, "compil")
        || RuleText.contains(lowered, "type") && RuleText.contains(lowered, "check")
    else {
      return false
    }
    if isRedStateNote(text, lowered: lowered) { return false }  // a test-first note: the tests do not compile yet
    // "compile-only reference", as written (set 54).
    if contains(word: "compile-only", in: lowered) { return true }
    // Lowercased, curly apostrophes straight, hyphens and runs of blanks one space.
    var normal = ""
    var blank = false
    // A dash between blanks ends a clause as a comma does ("it compiles - the types check it").
    for character in lowered.replacing(" - ", with: ", ").replacing(" \u{2014} ", with: ", ") {
      let mapped: Character = character == "\u{2019}" ? "'" : character == "-" ? " " : character
      if mapped == " " || mapped == "\t" || mapped == "\n" || mapped == "\r" {
        if !blank { normal.append(" ") }
        blank = true
      } else {
        normal.append(mapped)
        blank = false
      }
    }
    for verb in ["tested", "checked", "verified", "enforced", "caught", "test happens", "rejected", "fails"]
    where normal.contains("\(verb) at compile time") {
      return true
    }
    // "to verify they exist at compile time": a check's verb before "at compile time" in one sentence.
    for sentence in normal.split(whereSeparator: { ".!?;".contains($0) }) {
      guard let at = sentence.firstRange(of: "at compile time") else { continue }
      let before = String(sentence[..<at.lowerBound])
      // Not a negated one ("we cannot check the grammar at compile time").
      if ["not", "cannot", "can't", "cant", "couldn't", "unable", "never", "no"]
        .contains(where: { contains(word: $0, in: before) })
      {
        continue
      }
      let verbs = [
        "verify", "verifies", "check", "checks", "ensure", "ensures", "confirm", "confirms", "prove",
        "proves", "proving",
      ]
      if verbs
        .contains(where: { contains(word: $0, in: before) })
      {
        return true
      }
    }
    for noun in ["check", "pin", "test", "assertion", "guarantee", "guard"]
    where normal.contains("compile time \(noun)") || normal.contains("compile time type \(noun)") {
      return true
    }
    let modals = [
      "won't", "wont", "will not", "wouldn't", "would not", "should", "must", "has to", "have to",
      "need to", "needs to", "need it to", "needs it to",
    ]
    // "it only needs to type-check" (set 54): type-checking is compiling's first half.
    for modal in modals
    where contains(word: "\(modal) compile", in: normal) || contains(word: "\(modal) type check", in: normal) {
      return true
    }
    for subject in ["it", "this", "that", "signature"] {  // "the type signature compiles" (set 64)
      for verb in ["compiles", "type checks"] {
        if says(subject, verb, in: normal) { return true }
        // "the fact that this compiles means ..." (set 51).
        for next in ["means", "shows", "proves"]
        where contains(word: "\(subject) \(verb) \(next)", in: normal) {
          return true
        }
      }
    }
    // "just here to see if this shorter syntax compiles": the test is trying the code out on
    // the compiler.
    for sentence in normal.split(whereSeparator: { ".!?;".contains($0) }) {
      for opening in ["see if ", "check if "] {
        guard let found = sentence.firstRange(of: opening),
          found.lowerBound == sentence.startIndex || !sentence[sentence.index(before: found.lowerBound)].isLetter
        else { continue }
        // "compiles" ends the clause: not "check if the store compiles its index".
        var rest = " " + String(sentence[found.upperBound...])
        while rest.last == " " { rest.removeLast() }
        if rest.hasSuffix(" compiles") || rest.contains(" compiles,") || rest.contains(" compiles)") {
          return true
        }
      }
    }
    // "verify the alias compiles correctly" (set 59): verify, then "compiles correctly" ending its clause.
    for clause in normal.split(whereSeparator: { ".!?;,".contains($0) }) {
      var text = String(clause)
      while text.last == " " { text.removeLast() }
      guard text.hasSuffix(" compiles correctly") else { continue }
      if ["verify", "verifies"].contains(where: { contains(word: $0, in: text) }) { return true }
    }
    for phrase in [
      "fails to compile", "fail to compile", "compiles only if", "compiles only when", "only compiles if",
      "compilation check", "compilation test", "no longer compiles", "stops compiling",
      "still compiles", "still compile", "compiles only against", "compile fixture",
      // "Compiles => the helper needs only the protocol" (an arrow for "means"), "compiling is
      // the proof: ..." (set 71).
      "compiles \u{21D2}", "compiles =>", "compiles \u{2192}", "compiling is the proof", "compiling is proof",
    ]
    where contains(word: phrase, in: normal) {
      return true
    }
    return normal.contains("compile works") || normal.contains("compiling works")
  }

  /// Whether "<subject> <verb>" ("it compiles", "this type checks") ends a sentence or clause,
  /// no letter right before the subject.
  private static func says(_ subject: String, _ verb: String, in normal: String) -> Bool {
    var rest = Substring(normal)
    while let found = rest.firstRange(of: "\(subject) \(verb)") {
      let before =
        found.lowerBound == normal.startIndex
        ? " " : normal[normal.index(before: found.lowerBound)]
      let after = found.upperBound == normal.endIndex ? "." : normal[found.upperBound]
      if !before.isLetter, after == "." || after == "!" || after == ";" || after == "," || after == ")" {
        return true
      }
      rest = normal[found.upperBound...]
    }
    return false
  }

  /// Whether `phrase` occurs in `text` with no letter right before or after it.
  static func contains(word phrase: String, in text: String) -> Bool {
    var rest = Substring(text)
    while let found = rest.firstRange(of: phrase) {
      let before =
        found.lowerBound == text.startIndex ? " " : text[text.index(before: found.lowerBound)]
      let after = found.upperBound == text.endIndex ? " " : text[found.upperBound]
      if !before.isLetter, !after.isLetter { return true }
      rest = text[found.upperBound...]
    }
    return false
  }
}
