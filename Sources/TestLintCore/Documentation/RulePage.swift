/// A rule's page in `Rules/<id>.md`, read for its summary and its executable examples.
public struct RulePage: Sendable {
  /// One fenced `swift triggers` or `swift passes` block.
  public struct Example: Sendable {
    /// Whether the example must produce findings (at its markers) or none.
    public var triggers: Bool
    /// The code with every `↓` marker removed.
    public var code: String
    /// Where each marker was: 1-based line and column (Unicode scalars) in `code`.
    public var markers: [Marker]
    /// Rule options from an `<!-- options: {...} -->` comment right before the block (YAML).
    public var options: String?
    /// Paths from a `<!-- files: Foo/BarTests.swift, Foo/Bar.swift -->` comment right before the
    /// block: the example's own path, then empty files linted with it; empty when not given.
    public var files: [String] = []
    /// The 1-based line in the Markdown file where the code starts.
    public var pageLine: Int
  }

  /// A `↓` marker's place.
  public struct Marker: Sendable, Hashable, Comparable {
    /// 1-based line in the example's code.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a marker.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }

    public static func < (lhs: Marker, rhs: Marker) -> Bool {
      (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
  }

  /// The rule id from the `# id` title.
  public var id: String
  /// The one-line summary: the first paragraph after the title.
  public var summary: String
  /// The examples, in page order.
  public var examples: [Example]
  /// The section titles (`## Why`, ...), in order.
  public var sections: [String]

  /// The marker character.
  public static let marker: Unicode.Scalar = "\u{2193}"

  /// Parses a page.
  public init(text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    id = ""
    summary = ""
    examples = []
    sections = []
    var index = 0
    var pendingOptions: String?
    var pendingFiles: [String] = []
    while index < lines.count {
      let line = lines[index]
      if line.hasPrefix("# "), id.isEmpty {
        id = String(line.dropFirst(2)).trimmingSpaces
        // The summary: the next non-empty line(s) until a blank line.
        var cursor = index + 1
        while cursor < lines.count, lines[cursor].trimmingSpaces.isEmpty { cursor += 1 }
        var parts: [String] = []
        while cursor < lines.count, !lines[cursor].trimmingSpaces.isEmpty {
          parts.append(lines[cursor].trimmingSpaces)
          cursor += 1
        }
        summary = parts.joined(separator: " ")
        index = cursor
        continue
      }
      if line.hasPrefix("## ") { sections.append(String(line.dropFirst(3)).trimmingSpaces) }
      if line.hasPrefix("<!-- options:"), line.hasSuffix("-->") {
        pendingOptions = String(line.dropFirst("<!-- options:".count).dropLast(3)).trimmingSpaces
        index += 1
        continue
      }
      if line.hasPrefix("<!-- files:"), line.hasSuffix("-->") {
        pendingFiles = line.dropFirst("<!-- files:".count).dropLast(3).split(separator: ",")
          .map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        index += 1
        continue
      }
      if line.hasPrefix("```swift triggers") || line.hasPrefix("```swift passes") {
        let triggers = line.hasPrefix("```swift triggers")
        var body: [String] = []
        var cursor = index + 1
        while cursor < lines.count, !lines[cursor].hasPrefix("```") {
          body.append(lines[cursor])
          cursor += 1
        }
        var example = RulePage.example(
          body, triggers: triggers, options: pendingOptions, pageLine: index + 2)
        example.files = pendingFiles
        examples.append(example)
        pendingOptions = nil
        pendingFiles = []
        index = cursor + 1
        continue
      }
      if !line.trimmingSpaces.isEmpty {
        pendingOptions = nil
        pendingFiles = []
      }
      index += 1
    }
  }

  private static func example(
    _ lines: [String], triggers: Bool, options: String?, pageLine: Int
  ) -> Example {
    var markers: [Marker] = []
    var cleaned: [String] = []
    for (offset, line) in lines.enumerated() {
      var column = 1
      var result = String.UnicodeScalarView()
      for scalar in line.unicodeScalars {
        if scalar == marker {
          markers.append(Marker(line: offset + 1, column: column))
        } else {
          result.append(scalar)
          column += 1
        }
      }
      cleaned.append(String(result))
    }
    return Example(
      triggers: triggers, code: cleaned.joined(separator: "\n") + "\n", markers: markers,
      options: options, pageLine: pageLine)
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
    while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
