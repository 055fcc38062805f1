#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The patterns compiled once, when the rule is made for a configuration, not for every file.
  private let regex: CompiledPattern?
  private let quickRegex: CompiledPattern?

  public init(options: RuleOptions) {
    minSegments = options.int("min_segments", default: 2)
    maxSegments = max(options.int("max_segments", default: 3), options.int("min_segments", default: 2))
    pattern = options.string("pattern")
    includeSwiftTesting = options.bool("include_swift_testing")
    quickPattern = options.string("quick_pattern")
    regex = pattern.flatMap(CompiledPattern.init)
    quickRegex = quickPattern.flatMap(CompiledPattern.init)
  }

  public func check(_ context: RuleContext) -> [Violation] {
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
        // A description that is not a literal is known only when Quick runs.
        if let quickRegex, !test.isNamedByExpression, !quickRegex.matchesWhole(test.name) {
          violations.append(
            Violation(
              offset: test.nameOffset, message: Messages.quickMismatch(test.name, quickPattern ?? ""),
              test: context.testName(test)))
        }
        continue
      }
      let name = test.name
      if let regex {
        if !regex.matchesWhole(name) {
          violations.append(
            Violation(
              offset: test.nameOffset,
              message: Messages.patternMismatch(name, pattern ?? ""), test: context.testName(test)))
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
          test: context.testName(test)))
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
    var prefix = prefix
    return prefix.withUTF8 { prefix -> Bool? in
      guard prefix.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
      return name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard bytes.count >= prefix.count,
          prefix.isEmpty || memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
        else { return false }
        return segmentsFollow(bytes[prefix.count...], minSegments: minSegments, maxSegments: maxSegments)
      } ?? nil
    }
  }

  /// Whether `bytes` (ASCII) are `minSegments...maxSegments` non-empty `_`-separated segments of
  /// letters and digits.
  private static func segmentsFollow(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, minSegments: Int, maxSegments: Int
  ) -> Bool {
    var segments = 1
    var segmentLength = 0
    for byte in bytes {
      if byte == UInt8(ascii: "_") {
        if segmentLength == 0 { return false }
        segments += 1
        segmentLength = 0
      } else if isLetterOrDigit(byte) {
        segmentLength += 1
      } else {
        return false
      }
    }
    return segmentLength > 0 && segments >= minSegments && segments <= maxSegments
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
    return textSuggestion(for: name, prefix: prefix)
  }

  /// `suggestion(for:prefix:)` by `Character`, for any text.
  func textSuggestion(for name: String, prefix: String) -> String? {
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
  /// `.some(nil)` when there is no suggestion, nil for other text. The words are counted, then
  /// written into the string's own storage: no array of them, nor of the bytes (a suggestion
  /// took 3,500 instructions that way, for a finding in every other file of real projects).
  func asciiSuggestion(for name: String, prefix: String) -> String?? {
    var name = name
    var prefix = prefix
    return prefix.withUTF8 { prefix -> String?? in
      name.withUTF8 { name -> String?? in
        guard Self.isPlainASCII(prefix), Self.isPlainASCII(name) else { return nil }
        let underscore = UInt8(ascii: "_")
        var start = 0
        if !prefix.isEmpty, name.count >= 4, name[0] == UInt8(ascii: "t"), name[1] == UInt8(ascii: "e"),
          name[2] == UInt8(ascii: "s"), name[3] == UInt8(ascii: "t")
        {
          start = 4
        }
        // The words: runs between underscores, empty ones dropped.
        var words = 0
        var inWord = false
        for byte in name[start...] {
          if byte == underscore {
            inWord = false
          } else {
            guard Self.isLetterOrDigit(byte) else { return .some(nil) }
            if !inWord { words += 1 }
            inWord = true
          }
        }
        guard words > 0, words <= maxSegments else { return .some(nil) }
        let condition: StaticString = "_<condition>"
        let expected: StaticString = "_<expectedResult>"
        let conditions = words < minSegments ? minSegments - words - 1 : 0
        let padding = words < minSegments ? conditions * condition.utf8CodeUnitCount + expected.utf8CodeUnitCount : 0
        // The words and the underscores between them take no more than the name after `start`.
        var unchanged = false
        let suggestion = String(unsafeUninitializedCapacity: prefix.count + name.count - start + padding) { buffer in
          var count = 0
          func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            (target + count).initialize(from: source, count: bytes.count)
            count += bytes.count
          }
          append(prefix)
          var written = 0
          var index = start
          while index < name.count {
            if name[index] == underscore {
              index += 1
              continue
            }
            var end = index + 1
            while end < name.count, name[end] != underscore { end += 1 }
            if written > 0 {
              buffer[count] = underscore
              count += 1
            }
            let first = count
            append(UnsafeBufferPointer(rebasing: name[index..<end]))
            // The first word starts lowercase.
            if written == 0, buffer[first] >= 0x41, buffer[first] <= 0x5A { buffer[first] += 0x20 }
            written += 1
            index = end
          }
          if words < minSegments {
            for _ in 0..<conditions { condition.withUTF8Buffer(append) }
            expected.withUTF8Buffer(append)
          }
          unchanged = count == name.count && memcmp(buffer.baseAddress!, name.baseAddress!, count) == 0
          return count
        }
        return unchanged ? .some(nil) : .some(suggestion)
      }
    }
  }

  /// Whether every byte is ASCII and none is CR or LF.
  private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.allSatisfy { $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
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

/// A compiled regular expression that rules running on several threads can share. `Regex` is not
/// declared `Sendable`, but a compiled one is immutable: each match runs its own executor, and the
/// program is lowered once behind an atomic initialisation in the standard library.
struct CompiledPattern: @unchecked Sendable {
  private let regex: Regex<AnyRegexOutput>

  init?(_ pattern: String) {
    guard let regex = try? Regex(pattern) else { return nil }
    self.regex = regex
  }

  func matchesWhole(_ text: String) -> Bool {
    (try? regex.wholeMatch(in: text)) != nil
  }
}
