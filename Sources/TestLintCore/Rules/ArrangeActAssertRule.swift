/// Longer tests mark their sections with `// Arrange`, `// Act`, `// Assert` comments (or another
/// configured set, such as `// Given`, `// When`, `// Then`), in that order.
public struct ArrangeActAssertRule: Rule {
  public static let description = RuleDescription(
    id: "arrange_act_assert",
    summary:
      "a test longer than 'min_lines' does not mark its sections with '// Arrange', '// Act', '// Assert' comments in order",
    defaultSeverity: .warning, isOptIn: true,
    options: [
      OptionSpec(
        name: "min_lines", kind: .int(0...10000), defaultValue: .int(8),
        summary: "tests with more lines of code than this must mark their sections"),
      OptionSpec(
        name: "markers", kind: .stringLists,
        defaultValue: .stringLists([["Arrange", "Act", "Assert"], ["Given", "When", "Then"]]),
        summary: "marker sets; a test must mark every section of one set, in order"),
    ])

  let minLines: Int
  let markerSets: [[String]]
  /// Every marker of every set, lowercased.
  let known: Set<String>
  /// `known` as bytes, for the comments read byte by byte.
  private let knownWords: MarkerWords
  /// `Messages.listed` of each marker set, built once.
  let listedSets: [String]
  /// Each marker set, lowercased (the keys `found` holds), built once.
  let loweredSets: [[String]]

  public init(options: RuleOptions) {
    minLines = options.int("min_lines", default: 8)
    let sets = options.stringLists("markers").filter { !$0.isEmpty }
    markerSets = sets.isEmpty ? [["Arrange", "Act", "Assert"], ["Given", "When", "Then"]] : sets
    known = Set(markerSets.joined().map { $0.lowercased() })
    knownWords = MarkerWords(known)
    listedSets = markerSets.map(Messages.listed)
    loweredSets = markerSets.map { $0.map { $0.lowercased() } }
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    let comments = model.comments
    // Comments come in source order (checked once): a test's are found by a binary search,
    // not by reading every comment of the file for every test.
    let sorted = zip(comments, comments.dropFirst()).allSatisfy { $0.start <= $1.start }
    var violations: [Violation] = []
    // Tests read in place: copying each one out costs more than the check of most.
    for position in context.tests.indices where context.tests[position].framework != .quick {
      guard let body = context.tests[position].body, context.codeLines(in: body) > minLines else {
        continue
      }
      let test = context.tests[position]
      let start = Int(model.tokens[body.lowerBound].end)
      let end = Int(model.tokens[body.upperBound - 1].start)
      // Each marker comment, in order: the markers it names (`// When & Then` names two).
      var found: [Set<String>] = []
      var first = comments.startIndex
      if sorted {
        var high = comments.endIndex
        while first < high {
          let middle = (first + high) / 2
          if Int(comments[middle].start) < start { first = middle + 1 } else { high = middle }
        }
      }
      for comment in comments[first...] {
        // Sorted: a comment starting at or after `end` ends after it, as do all after it.
        if sorted, Int(comment.start) >= end { break }
        guard Int(comment.start) >= start && Int(comment.end) <= end else { continue }
        let markers =
          Self.asciiMarkers(in: model.source.bytes, comment.range, words: knownWords)
          ?? Self.markers(in: model.source.text(comment.range), known: known)
        if !markers.isEmpty { found.append(markers) }
      }
      guard let problem = problem(with: found) else { continue }
      violations.append(
        Violation(
          offset: test.nameOffset, message: message(for: problem, test: test), test: context.testName(test)))
    }
    return violations
  }

  /// What is wrong with the markers found, judged against the set the test comes closest to
  /// (the most markers present; the first set on a tie); nil when one set appears in order.
  func problem(with found: [Set<String>]) -> Problem? {
    // No marker (most tests): the first set's first marker is missing, as the loop below finds
    // after judging every set.
    if found.isEmpty, let set = markerSets.first, let marker = set.first { return .missing(marker, set: set) }
    var closest: (problem: Problem, present: Int)?
    for (set, keys) in zip(markerSets, loweredSets) {
      guard let problem = Self.problem(with: found, set: set, keys: keys) else { return nil }
      let present = keys.filter { key in found.contains { $0.contains(key) } }.count
      if closest == nil || present > closest?.present ?? 0 { closest = (problem, present) }
    }
    return closest?.problem
  }

  /// The first marker of `set` that is missing, or found only before the one it must follow.
  static func problem(with found: [Set<String>], set: [String]) -> Problem? {
    problem(with: found, set: set, keys: set.map { $0.lowercased() })
  }

  /// `problem(with:set:)` with the set's markers already lowercased (`keys`).
  static func problem(with found: [Set<String>], set: [String], keys: [String]) -> Problem? {
    var position = 0
    for (offset, marker) in set.enumerated() {
      let key = keys[offset]
      // A comment naming two markers (`// When & Then`) serves both, so `position` may repeat.
      if let next = found[position...].firstIndex(where: { $0.contains(key) }) {
        position = next
      } else if offset > 0, found.contains(where: { $0.contains(key) }) {
        return .outOfOrder(marker, after: set[offset - 1], set: set)
      } else {
        return .missing(marker, set: set)
      }
    }
    return nil
  }

  /// The markers a comment names: its leading words, when they are markers, joined by `&`, `,`,
  /// `/`, `+`, `-` or `and` (`// Given`, `// When: tapping`, `// When & Then`, `// Act - load`).
  static func markers(in comment: String, known: Set<String>) -> Set<String> {
    var rest = Substring(comment)
    while let first = rest.first, first == "/" || first == "*" || first == " " || first == "\t" {
      rest = rest.dropFirst()
    }
    var result: Set<String> = []
    while true {
      let word = rest.prefix { $0.isLetter }
      let lowered = word.lowercased()
      if lowered == "and", !result.isEmpty {
        rest = rest.dropFirst(word.count)
      } else if known.contains(lowered) {
        result.insert(lowered)
        rest = rest.dropFirst(word.count)
      } else {
        return result
      }
      let separators = rest.prefix { " \t&,/+-".contains($0) }
      rest = rest.dropFirst(separators.count)
    }
  }

  /// `problem.message(test)`, with the configured sets' lists built once.
  func message(for problem: Problem, test: DiscoveredTest) -> String {
    switch problem {
    case .missing(let marker, let set):
      guard let index = markerSets.firstIndex(of: set) else { return problem.message(test) }
      return Messages.missing(test, marker, listed: listedSets[index])
    case .outOfOrder(let marker, let previous, let set):
      guard let index = markerSets.firstIndex(of: set) else { return problem.message(test) }
      return Messages.outOfOrder(test, marker, previous, listed: listedSets[index])
    }
  }

  /// `markers(in:known:)` of the comment at `range` of the file's bytes, read from the bytes while
  /// they are ASCII (there a letter is `A`-`Z` or `a`-`z`, lowercasing adds 0x20 and every byte
  /// is a Character but `\r\n`, which is neither a letter nor a separator); nil when a byte it
  /// reads is not ASCII, or when an empty marker is known (the `String` loop then decides).
  static func asciiMarkers(in bytes: [UInt8], _ range: Range<Int>, known: Set<String>) -> Set<String>? {
    asciiMarkers(in: bytes, range, words: MarkerWords(known))
  }

  /// The known marker words as bytes: each word of a comment is compared with them (a few
  /// words), not made a string and hashed (most comments in tests name no marker).
  struct MarkerWords: Sendable {
    let words: [String]
    let bytes: [[UInt8]]
    /// Whether every word is ASCII and not empty; otherwise (a word may then equal text in
    /// other code points) comments are left to `markers(in:known:)`.
    let isASCII: Bool

    init(_ known: Set<String>) {
      words = known.sorted()
      bytes = words.map { Array($0.utf8) }
      isASCII = bytes.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 < 0x80 } }
    }

    /// The word whose bytes are those of `word` (ASCII letters) lowercased.
    func match(_ word: UnsafeBufferPointer<UInt8>) -> String? {
      for index in bytes.indices where bytes[index].count == word.count {
        if ArrangeActAssertRule.equalsLowered(word, bytes[index]) { return words[index] }
      }
      return nil
    }
  }

  /// `asciiMarkers(in:_:known:)` with the known words as bytes.
  static func asciiMarkers(in bytes: [UInt8], _ range: Range<Int>, words: MarkerWords) -> Set<String>? {
    guard words.isASCII else { return nil }
    return bytes.withUnsafeBufferPointer { bytes -> Set<String>? in
      let end = min(range.upperBound, bytes.count)
      var index = max(0, range.lowerBound)
      while index < end {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") || byte == 0x20 || byte == 0x09
        else { break }
        index += 1
      }
      var result: Set<String> = []
      while true {
        let start = index
        while index < end {
          let byte = bytes[index]
          if byte >= 0x80 { return nil }
          let isLetter =
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          guard isLetter else { break }
          index += 1
        }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if !result.isEmpty, Self.equalsLowered(word, Self.and) {
          // Skipped, as in `markers(in:known:)`.
        } else if let marker = words.match(word) {
          result.insert(marker)
        } else {
          return result
        }
        while index < end {
          let byte = bytes[index]
          if byte >= 0x80 { return nil }
          guard Self.separators.contains(byte) else { break }
          index += 1
        }
      }
    }
  }

  private static let and = Array("and".utf8)

  /// Whether the ASCII letters of `word`, lowercased, are the bytes `lowered`.
  fileprivate static func equalsLowered(_ word: UnsafeBufferPointer<UInt8>, _ lowered: [UInt8]) -> Bool {
    guard lowered.count == word.count else { return false }
    for index in word.indices {
      let byte = word[index]
      if (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte) != lowered[index] {
        return false
      }
    }
    return true
  }

  /// The separators `markers(in:known:)` skips between words, as bytes.
  private static let separators: [UInt8] = Array(" \t&,/+-".utf8)

  /// A marker missing or out of order, with the set it belongs to.
  enum Problem: Equatable {
    case missing(String, set: [String])
    case outOfOrder(String, after: String, set: [String])

    func message(_ test: DiscoveredTest) -> String {
      switch self {
      case .missing(let marker, let set): Messages.missing(test, marker, set: set)
      case .outOfOrder(let marker, let previous, let set):
        Messages.outOfOrder(test, marker, previous, set: set)
      }
    }
  }
}

extension ArrangeActAssertRule {
  fileprivate enum Messages {
    static func missing(_ test: DiscoveredTest, _ marker: String, set: [String]) -> String {
      missing(test, marker, listed: listed(set))
    }

    // Built in one buffer (`RuleText.concatenate`): the interpolation appended its 7 pieces
    // one by one, growing the string as it went (0.6% of a run on real code, where most tests
    // have no markers).
    static func missing(_ test: DiscoveredTest, _ marker: String, listed: String) -> String {
      RuleText.concatenate(
        "test '", test.name, "' has no '// ", marker, "' comment; mark its sections with ", listed, " in that order")
    }

    static func outOfOrder(
      _ test: DiscoveredTest, _ marker: String, _ previous: String, set: [String]
    ) -> String {
      outOfOrder(test, marker, previous, listed: listed(set))
    }

    static func outOfOrder(
      _ test: DiscoveredTest, _ marker: String, _ previous: String, listed: String
    ) -> String {
      RuleText.concatenate(
        "test '", test.name, "' has '// ", marker, "' only before '// ", previous, "'; mark its sections with ",
        listed, " in that order")
    }

    static func listed(_ set: [String]) -> String {
      set.map { "'// \($0)'" }.joined(separator: ", ")
    }
  }
}
