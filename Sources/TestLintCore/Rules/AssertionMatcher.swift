/// Decides which calls are assertions: XCTest, Swift Testing, Nimble, snapshot testing,
/// swift-custom-dump and swift-macro-testing helpers, a TCA `TestStore`, configured names, and
/// helpers declared anywhere in the run that themselves assert.
public struct AssertionMatcher: Sendable {
  /// Configured patterns (`assertion_functions`).
  public let extra: [WildcardPattern]

  /// Creates a matcher with configured patterns such as `assert*`.
  public init(extra: [String] = []) {
    self.extra = extra.map(WildcardPattern.init)
  }

  /// Whether a call asserts by itself (not counting helpers).
  public func isAssertion(_ call: Call, in model: FileModel, usesTestStore: Bool = false) -> Bool {
    let name = call.name
    if call.isMacro { return name == "#expect" || name == "#require" }
    if call.isImplicitMember { return false }
    // Most calls are not assertions: reject them by their first letter before any hashing.
    if extra.isEmpty, let first = name.utf8.first, !Self.firstLetters.contains(first) { return false }
    if Self.exactNames.contains(name) { return true }
    if name.hasPrefix("XCTAssert") || name.hasPrefix("FBSnapshotVerify") { return true }
    switch name {
    case "wait": return call.labels.first == "for"
    case "fulfillment": return call.labels.first == "of"
    case "record":
      // Swift Testing's `Issue.record(...)`, XCTest's `record(XCTIssue(...))`.
      if call.receiver == "Issue" { return true }
      guard let first = call.arguments.first, first.label == nil, let head = first.value.first
      else { return false }
      return model.text(head) == "XCTIssue"
    case "perform": return call.labels.contains("stub")
    case "expect", "require", "unwrap", "pollUnwrap", "fail":
      // Nimble's free functions; a method of something else (`mock.expect(...)`) is not.
      if call.path.count == 1 || call.receiver == "Nimble" { return true }
    case "send", "receive", "finish", "skipReceivedActions":
      // The Composable Architecture's TestStore asserts every state change it is sent.
      if usesTestStore, let receiver = call.receiver, receiver.lowercased().hasSuffix("store") {
        return true
      }
    default: break
    }
    if !extra.isEmpty {
      let dotted = call.path.joined(separator: ".")
      return extra.contains { $0.matches(name) || $0.matches(dotted) }
    }
    return false
  }

  /// Whether the file drives a TCA `TestStore`.
  public static func usesTestStore(_ model: FileModel) -> Bool {
    model.imports.contains { $0.module == "ComposableArchitecture" }
  }

  /// What a file tells about its functions as assertion helpers: for each function (test
  /// doubles left out), its name, whether it asserts, and the helpers it calls by name.
  ///
  /// Methods of test doubles (types named `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`)
  /// are left out, but for those named like checks (`verifyExpectations`): their `XCTFail` is an
  /// "unexpected call" trap, not a check the calling test makes.
  public func helperSummaries(in model: FileModel) -> [HelperSummary] {
    let testStore = Self.usesTestStore(model)
    var result: [HelperSummary] = []
    let doubles = model.types.map { Self.isTestDouble($0.simpleName) }
    for function in model.functions where function.body != nil {
      if let owner = function.owner, doubles[owner], !Self.readsAsCheck(function.name) { continue }
      var asserts = false
      var callees: [String] = []
      for callIndex in function.calls {
        let call = model.calls[callIndex]
        if isAssertion(call, in: model, usesTestStore: testStore) {
          asserts = true
        } else if Self.mayCallHelper(call) {
          callees.append(call.name)
        }
      }
      result.append(HelperSummary(name: function.name, asserts: asserts, callees: callees))
    }
    return result
  }

  /// Names of the run's functions that assert, directly or through helpers they call by name.
  public static func assertingHelperNames(_ summaries: [HelperSummary]) -> Set<String> {
    var asserting: Set<String> = []
    var callersByCallee: [String: [Int]] = [:]
    var queue: [String] = []
    for (index, summary) in summaries.enumerated() {
      if summary.asserts {
        if asserting.insert(summary.name).inserted { queue.append(summary.name) }
      } else {
        for callee in summary.callees { callersByCallee[callee, default: []].append(index) }
      }
    }
    while let name = queue.popLast() {
      for caller in callersByCallee[name] ?? [] {
        let callerName = summaries[caller].name
        if asserting.insert(callerName).inserted { queue.append(callerName) }
      }
    }
    return asserting
  }

  /// Whether a call may name a helper declared elsewhere in the run: a plain or `self.` /
  /// `Self.` / `super.` / `TypeName.` call, or any call whose name reads as a check
  /// (`assert...`, `verify...`, `expect...`, `check...`, `validate...`).
  public static func mayCallHelper(_ call: Call) -> Bool {
    guard !call.isMacro, !call.isImplicitMember else { return false }
    let path = call.path
    if !call.hasExpressionBase {
      if path.count == 1 { return true }
      if path.count == 2 {
        let receiver = path[0]
        if receiver == "self" || receiver == "Self" || receiver == "super" { return true }
        if Self.startsUppercase(receiver) { return true }
      }
    }
    return readsAsCheck(call.name)
  }

  /// `assert...`, `verify...`, `expect...`, `check...`, `validate...` (a word boundary after).
  public static func readsAsCheck(_ name: String) -> Bool {
    // Fast path for ASCII names (nearly all): the same answer from bytes, no `Character`s.
    if let ascii = asciiReadsAsCheck(name) { return ascii }
    for prefix in checkPrefixes where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      if rest.isEmpty || rest.first?.isUppercase == true || rest.first == "_" { return true }
    }
    return false
  }

  /// The words `readsAsCheck` looks for (one array, not one per call).
  private static let checkPrefixes = ["assert", "verify", "expect", "check", "validate"]
  private static let checkPrefixBytes = checkPrefixes.map { Array($0.utf8) }

  /// `readsAsCheck` for an all-ASCII name; nil for any other name.
  private static func asciiReadsAsCheck(_ name: String) -> Bool? {
    var name = name
    return name.withUTF8 { bytes -> Bool? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      for prefix in checkPrefixBytes where bytes.count >= prefix.count {
        guard bytes.prefix(prefix.count).elementsEqual(prefix) else { continue }
        if bytes.count == prefix.count { return true }
        let next = bytes[prefix.count]
        // A `\r\n` after the prefix is one `Character`, neither uppercase nor `_`.
        if (next >= 0x41 && next <= 0x5A) || next == 0x5F { return true }
      }
      return false
    }
  }

  /// Whether the first `Character` is uppercase, from the first byte when the name is ASCII.
  private static func startsUppercase(_ text: String) -> Bool {
    var text = text
    let ascii = text.withUTF8 { bytes -> Bool? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return bytes.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
    }
    return ascii ?? (text.first?.isUppercase == true)
  }

  /// A type named like a test double: `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`.
  static func isTestDouble(_ typeName: String) -> Bool {
    let bytes = Array(typeName.utf8)
    return Self.doubleWords.contains { word in
      guard bytes.count >= word.count else { return false }
      for start in 0...(bytes.count - word.count) where bytes[start] == word[0] {
        if bytes[start..<(start + word.count)].elementsEqual(word) { return true }
      }
      return false
    }
  }

  private static let doubleWords: [[UInt8]] = ["Mock", "Stub", "Fake", "Spy", "Dummy"].map { Array($0.utf8) }

  /// First letters of every built-in assertion name (see `isAssertion`).
  private static let firstLetters = Set("XFwfrpeumavcs".utf8)

  private static let exactNames: Set<String> = [
    "measure", "measureMetrics",
    "XCTFail", "XCTUnwrap", "XCTExpectFailure", "waitForExpectations", "waitUntil",
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
    "assertNoDifference", "expectNoDifference", "expectDifference", "assertMacro",
    // Swift Testing: a confirmation fails unless confirmed as often as expected; a known issue
    // is recorded, and the test fails when it stops happening.
    "confirmation", "withKnownIssue",
  ]
}

/// What one function tells about itself as a possible assertion helper.
public struct HelperSummary: Sendable, Hashable {
  /// The function's name.
  public var name: String
  /// Whether its body asserts.
  public var asserts: Bool
  /// Names of helpers it calls (see `AssertionMatcher.mayCallHelper`).
  public var callees: [String]
}

/// Which same-file functions each function calls: `helper()`, `self.helper()`,
/// `Self.helper()`, `SomeTypeInThisFile.helper()`.
public struct CallGraph: Sendable {
  /// Functions with bodies, by name.
  public let functionsByName: [String: [Int]]
  private let model: FileModel
  private let typeNames: Set<String>

  /// Builds the graph of a file.
  public init(_ model: FileModel) {
    self.model = model
    var byName: [String: [Int]] = [:]
    for (index, function) in model.functions.enumerated() where function.body != nil {
      byName[function.name, default: []].append(index)
    }
    functionsByName = byName
    typeNames = Set(model.types.map(\.simpleName))
  }

  /// Whether a call can name a function of this file.
  public func isLocal(_ call: Call) -> Bool {
    guard !call.hasExpressionBase, !call.isImplicitMember, !call.isMacro else { return false }
    let path = call.path
    return path.count == 1
      || (path.count == 2 && (path[0] == "self" || path[0] == "Self" || typeNames.contains(path[0])))
  }

  /// The functions a function calls directly.
  public func callees(of function: Int) -> [Int] {
    var result: [Int] = []
    for callIndex in model.functions[function].calls {
      let call = model.calls[callIndex]
      guard isLocal(call), let targets = functionsByName[call.name] else { continue }
      result.append(contentsOf: targets)
    }
    return result
  }

  /// The same-file functions these calls reach, transitively (cycles are safe).
  public func reachable(fromCalls calls: Range<Int>) -> [Int] {
    var seen: Set<Int> = []
    var order: [Int] = []
    var queue: [Int] = []
    for callIndex in calls {
      let call = model.calls[callIndex]
      guard isLocal(call), let targets = functionsByName[call.name] else { continue }
      for target in targets where seen.insert(target).inserted {
        order.append(target)
        queue.append(target)
      }
    }
    while let current = queue.popLast() {
      for target in callees(of: current) where seen.insert(target).inserted {
        order.append(target)
        queue.append(target)
      }
    }
    return order
  }

  /// The function and every same-file function it calls, transitively (cycles are safe).
  public func reachable(from start: Int) -> [Int] {
    var seen: Set<Int> = [start]
    var order = [start]
    var queue = [start]
    while let current = queue.popLast() {
      for target in callees(of: current) where !seen.contains(target) {
        seen.insert(target)
        order.append(target)
        queue.append(target)
      }
    }
    return order
  }

  /// For each function, the functions that call it.
  public func callers() -> [Int: [Int]] {
    var result: [Int: [Int]] = [:]
    for function in model.functions.indices {
      for callee in callees(of: function) { result[callee, default: []].append(function) }
    }
    return result
  }
}
