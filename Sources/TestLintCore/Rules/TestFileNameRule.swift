/// A test class is named `<Subject>Tests` (or another configured suffix), and a file holding one
/// test class is named after it; optionally it sits beside the file of the class it tests.
public struct TestFileNameRule: Rule {
  public static let description = RuleDescription(
    id: "test_file_name",
    summary: "a test class is named '<Subject>Tests' and its file '<Subject>Tests.swift'",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "suffixes", kind: .strings, defaultValue: .strings(["Tests", "Spec"]),
        summary: "test class names end in one of these"),
      OptionSpec(
        name: "require_subject_beside", kind: .bool, defaultValue: .bool(false),
        summary: "'<Subject>.swift' must be among the linted files, in the test file's folder"),
    ])

  let suffixes: [String]
  let requireSubjectBeside: Bool
  /// With `require_subject_beside`, the rule looks for the subject's file among the run's.
  public var readsRunFiles: Bool { requireSubjectBeside }

  public init(options: RuleOptions) {
    let configured = options.strings("suffixes").filter { !$0.isEmpty }
    suffixes = configured.isEmpty ? ["Tests", "Spec"] : configured
    requireSubjectBeside = options.bool("require_subject_beside")
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let found = violations(context)
    // A generator picks the names of the classes it writes and their file's; nobody renames
    // them. Its header is read only when there is something to report (few files).
    return found.isEmpty || !GeneratedSource.isGenerated(context.model) ? found : []
  }

  /// The findings on the file's test classes, whoever wrote them.
  private func violations(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    let classes = Self.testClasses(in: context).filter { !RuleText.contains(model.types[$0].name, "___") }
    guard !classes.isEmpty else { return [] }
    var wellNamed: [(index: Int, name: String, suffix: String?)] = []
    let path = model.source.path
    let (folder, fileName, parent) = Self.pathParts(path)
    let stem = String(fileName.dropLast(".swift".count))
    for index in classes {
      let type = model.types[index]
      // A nested test class (`enum Feature { final class Tests }`) is named with its enclosing
      // types: `FeatureTests`.
      let names = Self.names(of: index, in: model)
      let name = type.simpleName
      if let (written, suffix) = names.lazy.compactMap({ written in
        self.suffixes.first { Self.subject(of: written, suffix: $0) != nil }.map { (written, $0) }
      }).first {
        wellNamed.append((index, written, suffix))
      } else if name.hasSuffix("TestCase") {
        // `BaseTestCase`, `PersistenceTestCase`: a base class that other test classes extend.
        wellNamed.append((index, name, nil))
      } else if let suffix = splitFileSuffix(name, stem: stem) {
        // A part of a split test class named as its file without the `+`:
        // `StackTestsResultBuilders` in `StackTests+ResultBuilders.swift`.
        wellNamed.append((index, name, suffix))
      } else {
        let preferred =
          context.discovery.isQuickSpecType(type) && suffixes.contains("Spec")
          ? "Spec" : suffixes[0]
        violations.append(
          Violation(
            offset: type.nameOffset,
            message: Messages.suffix(name, suggested: suggestion(for: name, suffix: preferred, fileStem: stem))
          ))
      }
    }
    // A Swift Testing suite beside the class makes the file one of several test types: a file
    // named after the suite (`SchedulerTests`) that also holds an XCTest class of another name.
    // Nor is a file whose test class is run again by a subclass beside it.
    guard classes.count == 1, let (index, name, suffix) = wellNamed.first,
      !Self.holdsSuite(besides: classes, in: context),
      !Self.isRunByASubclass(index, in: context)
    else { return violations }
    let type = model.types[index]
    guard path.hasSuffix(".swift") else { return violations }
    // Xcode file templates (`___FILEBASENAME___.swift`) are not test files yet.
    guard !RuleText.contains(fileName, "___") else { return violations }
    let expected = name + ".swift"
    // `+` spelled out (`SymmetricKeyPlusChaChaPolyTests` in `SymmetricKey+ChaChaPolyTests.swift`),
    // and a variant of the class for a platform (`ConfigTests` in `ConfigTests+macOS.swift`).
    let spelled = stem.split(separator: "+", omittingEmptySubsequences: false).joined(separator: "Plus")
    let parts = stem.split(separator: "+", maxSplits: 1).map(String.init)
    let beforePlus = parts.count == 2 && Self.platforms.contains(parts[1].lowercased()) ? parts[0] : stem
    // A class may carry its folder's name to stay unique in its target: `iOS 16/BasicsTests.swift`
    // holding `iOS16_BasicsTests`.
    let accepted = Self.names(of: index, in: model).map(Self.normalised)
    if !accepted.contains(Self.normalised(stem)), !accepted.contains(Self.normalised(parent + stem)),
      !accepted.contains(Self.normalised(spelled)), !accepted.contains(Self.normalised(beforePlus)),
      !(suffix == nil && Self.namesEarlierType(stem, before: index, in: model)),
      !Self.declaresTestClass(named: stem, besides: index, in: model)
    {
      violations.append(
        Violation(offset: type.nameOffset, message: Messages.fileName(fileName, expected: expected))
      )
    } else if requireSubjectBeside, !context.runFiles.isEmpty, let suffix {
      // The subject's file as the test file spells it: `UIColor+Brand.swift` for
      // `UIColor+BrandTests.swift` (class `UIColorBrandTests`).
      let base =
        Self.subject(of: stem, suffix: suffix) ?? Self.subject(of: name, suffix: suffix)
        ?? Self.subject(of: beforePlus, suffix: suffix) ?? ""
      let subject = base + ".swift"
      if !context.runFiles.contains(folder + subject) {
        violations.append(
          Violation(offset: type.nameOffset, message: Messages.subject(subject, test: fileName)))
      }
    }
    return violations
  }

  /// Whether `stem` names a type or protocol the file declares before the base class at `index`
  /// (`EncodableTestCase.swift`: `protocol EncodableTestCase`, then `class
  /// BaseEncodableTestCase: XCTestCase, EncodableTestCase`): the file is named after what it
  /// declares first.
  static func namesEarlierType(_ stem: String, before index: Int, in model: FileModel) -> Bool {
    let wanted = normalised(stem)
    let offset = model.types[index].nameOffset
    return model.types.contains { other in
      other.kind != .extension && other.parent == nil && other.nameOffset < offset
        && normalised(other.simpleName) == wanted
    }
  }

  /// The names a test class goes by: its own, and for a nested class, joined with those of the
  /// types around it (`Feature.Tests` → `Tests`, `FeatureTests`).
  static func names(of index: Int, in model: FileModel) -> [String] {
    var joined = model.types[index].simpleName
    var parent = model.types[index].parent
    // A few levels name a nested test class (`enum Feature { final class Tests }`); deeper
    // nesting is not a naming scheme, and walking it for every class would be quadratic.
    var depth = 0
    while let current = parent, depth < 4 {
      joined = model.types[current].simpleName + joined
      parent = model.types[current].parent
      depth += 1
    }
    let own = model.types[index].simpleName
    return joined == own ? [own] : [own, joined]
  }

  /// The platforms a file name may end with, after a `+`, for its class's variant there.
  static let platforms: Set<String> = [
    "ios", "macos", "tvos", "watchos", "visionos", "maccatalyst", "catalyst", "linux", "windows", "android",
  ]

  /// The suffix of a split test class's file (`StackTests` of `StackTests+ResultBuilders`) when
  /// the class is named as the file without its `+` (`StackTestsResultBuilders`), the aspect
  /// glued on where the page's own shape puts a `_`; nil otherwise.
  func splitFileSuffix(_ name: String, stem: String) -> String? {
    guard let plus = stem.firstIndex(of: "+"), Self.normalised(stem) == Self.normalised(name) else { return nil }
    let base = String(stem[..<plus])
    return suffixes.first { base.hasSuffix($0) && base.count > $0.count }
  }

  /// What a test class (or file) name says it tests: `Login` for `LoginTests`, and for a part
  /// of a split test class, `LoginTests_Errors`, also `Login`; nil when the name does not end in
  /// the suffix that way.
  static func subject(of name: String, suffix: String) -> String? {
    // ASCII names byte by byte (every byte a Character but `\r\n`, which a suffix without
    // CR or LF cannot cut): the name ends in the suffix after more text, or else holds a last
    // `<suffix>_` with text on both sides.
    var name = name
    var suffix = suffix
    let ascii: String?? = name.withUTF8 { text in
      suffix.withUTF8 { marker in
        guard text.allSatisfy({ $0 < 0x80 }),
          marker.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D })
        else { return nil }
        let count = text.count
        let length = marker.count
        if count > length, UnsafeBufferPointer(rebasing: text[(count - length)...]).elementsEqual(marker) {
          return String(decoding: UnsafeBufferPointer(rebasing: text[..<(count - length)]), as: UTF8.self)
        }
        guard length + 1 <= count else { return .some(nil) }
        var start = count - length - 1
        while start >= 0 {
          if text[start + length] == UInt8(ascii: "_"),
            UnsafeBufferPointer(rebasing: text[start..<(start + length)]).elementsEqual(marker)
          {
            guard start > 0, start + length + 1 < count else { return .some(nil) }
            return String(decoding: UnsafeBufferPointer(rebasing: text[..<start]), as: UTF8.self)
          }
          start -= 1
        }
        return .some(nil)
      }
    }
    if let ascii { return ascii }
    if name.hasSuffix(suffix), name.count > suffix.count {
      return String(name.dropLast(suffix.count))
    }
    guard let range = name.range(ofText: suffix + "_", backwards: true),
      range.lowerBound > name.startIndex,
      range.upperBound < name.endIndex
    else { return nil }
    return String(name[..<range.lowerBound])
  }

  /// A name without the characters a file name may add or a type name may use in their place
  /// (`UIColor+BrandTests` and `UIColor_BrandTests`), case folded.
  static func normalised(_ name: String) -> String {
    // An ASCII name, the usual case, byte by byte: `lowercased()` maps only `A`-`Z` there, and
    // every byte is a Character (but `\r\n`, which none of the dropped characters equals).
    var name = name
    let ascii: String? = name.withUTF8 { bytes in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      for byte in bytes {
        switch byte {
        case 0x80...: return nil
        case UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x20:
          continue
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte + 0x20)
        default: result.append(byte)
        }
      }
      return String(decoding: result, as: UTF8.self)
    }
    if let ascii { return ascii }
    return String(
      name.lowercased().filter { $0 != "+" && $0 != "_" && $0 != "-" && $0 != "." && $0 != " " })
  }

  /// The folder of a path (up to its last `/`, inclusive; empty when none), its file name, and
  /// the folder's own name (its last non-empty component).
  static func pathParts(_ path: String) -> (folder: String, fileName: String, parent: String) {
    // An ASCII path byte by byte: there every byte is a Character, and `/` can only be one.
    var copy = path
    let ascii: (folder: String, fileName: String, parent: String)?? = copy.withUTF8 { bytes in
      var slash = -1
      for index in bytes.indices {
        let byte = bytes[index]
        if byte >= 0x80 { return nil }
        if byte == UInt8(ascii: "/") { slash = index }
      }
      guard slash >= 0 else { return .some(nil) }
      func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      // The folder's last non-empty component: `split` drops empty ones.
      var end = slash
      while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
      var start = end
      while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
      return (text(0..<(slash + 1)), text((slash + 1)..<bytes.count), text(start..<end))
    }
    if let ascii { return ascii ?? ("", path, "") }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let parent = folder.dropLast().split(separator: "/").last.map(String.init) ?? ""
    return (folder, fileName, parent)
  }

  /// The name to suggest for a test class without a suffix: `LoginTest` → `LoginTests`,
  /// `LoginTestCase` → `LoginTests`, `Login` → `LoginTests`.
  static func suggestion(for name: String, suffix: String) -> String {
    for written in ["TestCase", "Test", "Case", "Specs"] where name.hasSuffix(written) {
      let stem = name.dropLast(written.count)
      if !stem.isEmpty { return stem + suffix }
    }
    return name + suffix
  }

  /// Whether the file declares a Swift Testing suite apart from the test classes: a type (or an
  /// extension of another type) marked `@Suite` or holding `@Test` functions, not nested in a
  /// suite or test class.
  static func holdsSuite(besides classes: [Int], in context: RuleContext) -> Bool {
    let model = context.model
    let classNames = Set(classes.map { model.types[$0].simpleName })
    var suites = [Bool](repeating: false, count: model.types.count)
    let functions = model.functions
    for index in functions.indices where context.discovery.isSwiftTestingTest(functions[index]) {
      if let owner = functions[index].owner { suites[owner] = true }
    }
    for index in model.types.indices where model.types[index].kind != .extension {
      if model.types[index].attributes.contains(where: { $0.name == "Suite" || $0.name == "Testing.Suite" }) {
        suites[index] = true
      }
    }
    return model.types.indices.contains { index in
      guard suites[index], !classes.contains(index),
        !classNames.contains(model.types[index].simpleName)
      else { return false }
      var parent = model.types[index].parent
      while let current = parent {
        if suites[current] || classes.contains(current) { return false }
        parent = model.types[current].parent
      }
      return true
    }
  }

  /// Whether an XCTest class of the file inherits from the holder and so runs its tests again
  /// (`TwoRowsTests: OneRowTests`, which only overrides a setting): the file holds more than
  /// one test class. A subclass of that subclass is one too, so a direct one is enough to ask
  /// for. Its own name is not checked for a suffix: such a variant is often named after its
  /// base and the setting (`OneRowTestsInEuros`).
  static func isRunByASubclass(_ holder: Int, in context: RuleContext) -> Bool {
    let model = context.model
    let name = model.types[holder].simpleName
    return model.types.indices.contains { index in
      index != holder && model.types[index].kind == .class && model.types[index].firstInheritedName == name
        && context.discovery.isXCTestType(model.types[index])
    }
  }

  /// The XCTest and Quick classes of the file that hold tests (a base class without tests of
  /// its own is not one), in source order.
  static func testClasses(in context: RuleContext) -> [Int] {
    let model = context.model
    // Tests come in source order: the tests of a class share its suite name, simplified once.
    var suites: Set<String> = []
    var previous: String?
    for test in context.tests {
      guard let suite = test.suite, suite != previous else { continue }
      previous = suite
      suites.insert(TypeDecl.simpleName(suite))
    }
    return model.types.indices.filter { index in
      // Only classes: checked before the declaration is copied out.
      guard model.types[index].kind == .class else { return false }
      let type = model.types[index]
      if context.discovery.isXCTestType(type) { return suites.contains(type.simpleName) }
      if context.discovery.isQuickSpecType(type) {
        // A `Behavior<Context>` is shared examples, named `...Behavior`, not a spec.
        if type.inheritance.first.map(TypeDecl.simpleName) == "Behavior" { return false }
        return suites.contains(type.simpleName)
          || type.functions.contains { model.functions[$0].name == "spec" && !holdsOnlyHooks($0, in: model) }
      }
      return false
    }
  }

  /// Whether a Quick `spec()` only registers hooks (`beforeEach { ... }`, `afterEach`, and
  /// `super.spec()`) and nothing else at its top level: the set-up of a base spec that other
  /// specs extend, with no example of its own.
  static func holdsOnlyHooks(_ function: Int, in model: FileModel) -> Bool {
    var hooks = 0
    for index in model.functions[function].calls where model.calls[index].parent == nil {
      let call = model.calls[index]
      if call.path == ["super", "spec"] { continue }
      guard call.path.count == 1, quickHooks.contains(call.name) else { return false }
      hooks += 1
    }
    return hooks > 0
  }

  static let quickHooks: Set<String> = [
    "beforeEach", "afterEach", "justBeforeEach", "aroundEach", "beforeSuite", "afterSuite",
  ]
}

extension TestFileNameRule {
  fileprivate enum Messages {
    static func suffix(_ name: String, suggested: String) -> String {
      "name the test class after what it tests, with a suffix: '\(suggested)' instead of '\(name)'"
    }

    static func fileName(_ fileName: String, expected: String) -> String {
      "rename '\(fileName)' to '\(expected)' after the test class it holds"
    }

    static func subject(_ subject: String, test: String) -> String {
      "no '\(subject)' beside '\(test)'; keep the test file in the folder of the class it tests"
    }
  }
}
