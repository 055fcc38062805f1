/// XCTest test methods are named `test_<condition>_<expectedResult>`.
public struct TestNameFormatRule: Rule {
  public static let description = RuleDescription(
    id: "test_name_format",
    summary: "test methods are named 'test_<condition>_<expectedResult>'",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "min_segments", kind: .int(1...20), defaultValue: .int(2),
        summary: "fewest underscore-separated segments after 'test_'"),
      OptionSpec(
        name: "max_segments", kind: .int(1...20), defaultValue: .int(3),
        summary: "most underscore-separated segments after 'test_'"),
      OptionSpec(
        name: "pattern", kind: .regex, defaultValue: nil,
        summary: "a regular expression the whole name must match, replacing the built-in check"),
      OptionSpec(
        name: "include_swift_testing", kind: .bool, defaultValue: .bool(false),
        summary: "also check '@Test' function names, with the same grammar minus 'test_'"),
      OptionSpec(
        name: "quick_pattern", kind: .regex, defaultValue: nil,
        summary: "a regular expression Quick 'it' descriptions must match (unchecked when unset)"),
    ])

  private let minSegments: Int
  private let maxSegments: Int
  private let pattern: String?
  private let includeSwiftTesting: Bool
  private let quickPattern: String?

  public init(options: RuleOptions) {
    minSegments = options.int("min_segments", default: 2)
    maxSegments = max(options.int("max_segments", default: 3), options.int("min_segments", default: 2))
    pattern = options.string("pattern")
    includeSwiftTesting = options.bool("include_swift_testing")
    quickPattern = options.string("quick_pattern")
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let regex = pattern.flatMap { try? Regex($0) }
    let quickRegex = quickPattern.flatMap { try? Regex($0) }
    var violations: [Violation] = []
    // The expected shape for each prefix (`test_`, or none), built once per file rather than
    // per finding.
    var shapes: (xctest: String?, swiftTesting: String?) = (nil, nil)
    for test in context.tests {
      let prefix: String
      switch test.framework {
      case .xctest: prefix = "test_"
      case .swiftTesting:
        guard includeSwiftTesting else { continue }
        prefix = ""
      case .quick:
        if let quickRegex, (try? quickRegex.wholeMatch(in: test.name)) == nil {
          violations.append(
            Violation(
              offset: test.nameOffset, message: Messages.quickMismatch(test.name, quickPattern ?? ""),
              test: test.qualifiedName))
        }
        continue
      }
      let name = test.name
      if let regex {
        if (try? regex.wholeMatch(in: name)) == nil {
          violations.append(
            Violation(
              offset: test.nameOffset,
              message: Messages.patternMismatch(name, pattern ?? ""), test: test.qualifiedName))
        }
        continue
      }
      guard !follows(name, prefix: prefix) else { continue }
      let shape: String
      if prefix.isEmpty {
        shape = shapes.swiftTesting ?? self.shape(prefix)
        shapes.swiftTesting = shape
      } else {
        shape = shapes.xctest ?? self.shape(prefix)
        shapes.xctest = shape
      }
      violations.append(
        Violation(
          offset: test.nameOffset,
          message: Messages.badName(name, shape: shape, suggestion: suggestion(for: name, prefix: prefix)),
          test: test.qualifiedName))
    }
    return violations
  }
}

extension TestNameFormatRule {
  /// Whether the name is `prefix` then min...max non-empty segments of letters and digits.
  fileprivate func follows(_ name: String, prefix: String) -> Bool {
    Self.follows(name, prefix: prefix, minSegments: minSegments, maxSegments: maxSegments)
  }

  /// Whether `name` is `prefix` then `minSegments...maxSegments` non-empty `_`-separated
  /// segments of letters and digits; shared with the health reporters, which count the names
  /// that follow the default convention (`test_`, 2 to 3 segments).
  static func follows(
    _ name: String, prefix: String, minSegments: Int = 2, maxSegments: Int = 3
  ) -> Bool {
    if let answer = asciiFollows(name, prefix: prefix, minSegments: minSegments, maxSegments: maxSegments) {
      return answer
    }
    guard name.hasPrefix(prefix) else { return false }
    let segments = name.dropFirst(prefix.count)
      .split(separator: "_", omittingEmptySubsequences: false)
    guard segments.count >= minSegments, segments.count <= maxSegments else { return false }
    return segments.allSatisfy { segment in
      !segment.isEmpty && segment.unicodeScalars.allSatisfy(isLetterOrDigit)
    }
  }

  /// `follows` for an ASCII name and prefix, byte by byte (there every byte is a Character,
  /// but `\r\n`, which is neither `_` nor a letter or digit); nil for other text.
  private static func asciiFollows(
    _ name: String, prefix: String, minSegments: Int, maxSegments: Int
  ) -> Bool? {
    let prefixBytes = prefix.utf8
    guard prefixBytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
    return name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      guard bytes.count >= prefixBytes.count, bytes.prefix(prefixBytes.count).elementsEqual(prefixBytes)
      else { return false }
      var segments = 1
      var segmentLength = 0
      for byte in bytes.dropFirst(prefixBytes.count) {
        switch byte {
        case UInt8(ascii: "_"):
          if segmentLength == 0 { return false }
          segments += 1
          segmentLength = 0
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          segmentLength += 1
        default:
          return false
        }
      }
      return segmentLength > 0 && segments >= minSegments && segments <= maxSegments
    } ?? nil
  }

  fileprivate static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    // ASCII, the common case, without a look-up in the Unicode tables.
    if scalar.isASCII {
      let value = scalar.value
      return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A)
        || (value >= 0x30 && value <= 0x39)
    }
    return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
  }

  /// `test_<condition>_<expectedResult>`, with the segment counts when they are not 2 to 3.
  fileprivate func shape(_ prefix: String) -> String {
    let base = "'\(prefix)<condition>_<expectedResult>'"
    if minSegments == 2, maxSegments == 3 { return base }
    let count = minSegments == maxSegments ? "\(minSegments)" : "\(minSegments) to \(maxSegments)"
    return base + " (\(count) segments of letters and digits)"
  }

  /// A renamed version when the words are there: `testLoadCourse` → `test_loadCourse_<expectedResult>`.
  fileprivate func suggestion(for name: String, prefix: String) -> String? {
    if let answer = asciiSuggestion(for: name, prefix: prefix) { return answer }
    var body = Substring(name)
    if !prefix.isEmpty, body.hasPrefix("test") { body = body.dropFirst(4) }
    var words = body.split(separator: "_").map(String.init)
    guard !words.isEmpty else { return nil }
    guard words.allSatisfy({ $0.unicodeScalars.allSatisfy(Self.isLetterOrDigit) }) else { return nil }
    if let first = words.first, let head = first.first, head.isUppercase {
      words[0] = head.lowercased() + first.dropFirst()
    }
    if words.count > maxSegments { return nil }
    if words.count < minSegments {
      words.append(contentsOf: ["<expectedResult>"])
      while words.count < minSegments { words.insert("<condition>", at: words.count - 1) }
    }
    let candidate = prefix + words.joined(separator: "_")
    return candidate == name ? nil : candidate
  }
}

extension TestNameFormatRule {
  /// `suggestion(for:prefix:)` for an ASCII name and prefix without CR or LF, byte by byte
  /// (there every byte is a Character, `isUppercase` is `A`-`Z` and `lowercased()` adds 0x20);
  /// `.some(nil)` when there is no suggestion, nil for other text.
  fileprivate func asciiSuggestion(for name: String, prefix: String) -> String?? {
    var name = name
    var prefix = prefix
    return prefix.withUTF8 { prefix -> String?? in
      name.withUTF8 { name -> String?? in
        let isPlain = { (byte: UInt8) in byte < 0x80 && byte != 0x0A && byte != 0x0D }
        guard prefix.allSatisfy(isPlain), name.allSatisfy(isPlain) else { return nil }
        let isLetterOrDigit = { (byte: UInt8) in
          (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
        }
        var start = 0
        if !prefix.isEmpty, name.count >= 4, name[0] == UInt8(ascii: "t"), name[1] == UInt8(ascii: "e"),
          name[2] == UInt8(ascii: "s"), name[3] == UInt8(ascii: "t")
        {
          start = 4
        }
        // The words: runs between underscores, empty ones dropped.
        var words: [Range<Int>] = []
        var index = start
        while index < name.count {
          if name[index] == UInt8(ascii: "_") {
            index += 1
            continue
          }
          var end = index
          while end < name.count, name[end] != UInt8(ascii: "_") {
            guard isLetterOrDigit(name[end]) else { return .some(nil) }
            end += 1
          }
          words.append(index..<end)
          index = end
        }
        guard !words.isEmpty, words.count <= maxSegments else { return .some(nil) }
        var candidate: [UInt8] = []
        candidate.reserveCapacity(prefix.count + name.count + 40)
        candidate.append(contentsOf: prefix)
        for (position, word) in words.enumerated() {
          if position > 0 { candidate.append(UInt8(ascii: "_")) }
          let first = candidate.count
          candidate.append(contentsOf: name[word])
          // The first word starts lowercase.
          if position == 0, candidate[first] >= 0x41, candidate[first] <= 0x5A { candidate[first] += 0x20 }
        }
        if words.count < minSegments {
          for _ in 0..<(minSegments - words.count - 1) { candidate.append(contentsOf: "_<condition>".utf8) }
          candidate.append(contentsOf: "_<expectedResult>".utf8)
        }
        if candidate.elementsEqual(name) { return .some(nil) }
        return .some(String(decoding: candidate, as: UTF8.self))
      }
    }
  }
}

extension TestNameFormatRule {
  fileprivate enum Messages {
    static func badName(_ name: String, shape: String, suggestion: String?) -> String {
      // One interpolation: appending to a finished message copies it again.
      if let suggestion {
        return RuleText.concatenate("name '", name, "' in the form ", shape, ", such as '", suggestion, "'")
      }
      return RuleText.concatenate("name '", name, "' in the form ", shape)
    }

    static func quickMismatch(_ description: String, _ pattern: String) -> String {
      "describe example '\(description)' so it matches the configured pattern '\(pattern)'"
    }

    static func patternMismatch(_ name: String, _ pattern: String) -> String {
      "rename '\(name)' to match the configured pattern '\(pattern)'"
    }
  }
}
