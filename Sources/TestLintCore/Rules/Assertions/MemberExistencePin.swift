/// A test whose last statements only read members into `_` under its own comment saying they
/// exist or are named so (`missing_assertion`, sets 55 and 57): `// Check the reading exists`
/// above `_ = meter.reading`. Each read compiles only while the member is there under that
/// name, so the test target stops building when one is renamed or removed: a compile-time
/// check the comment states.
///
/// Narrowly: the comment is inside the test's body, says verify, check, ensure or confirm (or
/// their third-person forms) and "exist", "exists" or "named", and not "access(ed)" ("exists
/// and can be accessed" is a smoke test of the read, set 32); every statement after it is
/// `_ = name.member` (a dotted path of names, nothing called), at least one. What comes
/// before the comment (the set-up) is not read. A dynamic wrapper's members (a JSON value's
/// `@dynamicMemberLookup`) read the same way pin nothing; the comment's words are what tells
/// them apart, and a test saying so of such reads is taken at its word.
enum MemberExistencePin {
  /// Whether the test's own comment or name says the compiler checks it: `CompileTimeComment`,
  /// `CompileTimeName`, or member reads into `_` its comment says exist (`pins`).
  static func compilerChecks(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    CompileTimeComment.states(test, in: model) || CompileTimeName.states(test, in: model) || pins(test, in: model)
  }

  /// Whether the test ends in member reads into `_` under its own comment saying they exist or
  /// are named so.
  static func pins(_ test: DiscoveredTest, in model: FileModel) -> Bool {
    guard let body = test.body, body.count > 2, !model.comments.isEmpty else { return false }
    let tokens = model.tokens
    let opening = tokens[body.lowerBound].end
    let closing = tokens[body.upperBound - 1].start
    for comment in model.comments where comment.start > opening && comment.end <= closing {
      guard says(model.source.text(comment.range)),
        let first = (body.lowerBound + 1..<body.upperBound - 1).first(where: { tokens[$0].start >= comment.end })
      else { continue }
      if onlyReads(first..<body.upperBound - 1, in: model) { return true }
    }
    return false
  }

  /// Whether the tokens are one or more `_ = name.member` statements and nothing else.
  private static func onlyReads(_ range: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    var position = range.lowerBound
    var reads = 0
    while position < range.upperBound {
      guard position + 4 < range.upperBound, model.text(position) == "_", model.token(position + 1, is: "="),
        tokens[position + 2].isIdentifierLike
      else { return false }
      position += 3
      var members = 0
      while position + 1 < range.upperBound, tokens[position].kind == .dot, tokens[position + 1].isIdentifierLike {
        position += 2
        members += 1
      }
      guard members > 0 else { return false }
      reads += 1
    }
    return reads > 0
  }

  /// Whether a comment says verify, check, ensure or confirm and "exist(s)" or "named".
  static func says(_ text: String) -> Bool {
    let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
    let verbs: Set = ["verify", "verifies", "check", "checks", "ensure", "ensures", "confirm", "confirms"]
    let objects: Set = ["exist", "exists", "named"]
    // "exists and can be accessed" says the read runs: a smoke test (set 32).
    let access: Set = ["access", "accessed", "accessible", "accessing"]
    return !words.isDisjoint(with: verbs) && !words.isDisjoint(with: objects) && words.isDisjoint(with: access)
  }
}
