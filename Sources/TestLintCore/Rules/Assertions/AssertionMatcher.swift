/// Decides which calls are assertions: XCTest, Swift Testing, Nimble, snapshot testing,
/// swift-custom-dump and swift-macro-testing helpers, a TCA `TestStore`, SwiftParamTest's
/// `assert(to:)` tables, mocking libraries'
/// verifications (`MockVerification`), configured names, and helpers declared anywhere in the
/// run that themselves assert.
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
    if MockVerification.mayMatch(name), MockVerification.verifies(call, in: model) { return true }
    if KIFStep.counts(call, in: model) { return true }
    if name == "handle", EarlGreyFailure.reports(call, in: model) { return true }
    if name.utf8.first == UInt8(ascii: "_"), Self.isUnderscoredKnownIssue(call, in: model) { return true }
    // Most calls are not assertions: reject them by their first byte and length before any
    // hashing or comparing.
    if extra.isEmpty, !Self.mayBeBuiltIn(name) { return false }
    return Self.assertsByName(name) || assertsByCall(call, named: name, in: model, usesTestStore: usesTestStore)
  }

  /// `isAssertion(model.calls[index], ...)`, reading the call in place: most calls are rejected
  /// by their name before the rest of the call is read (or copied).
  func isAssertion(callAt index: Int, in model: FileModel, usesTestStore: Bool = false) -> Bool {
    let name = model.calls[index].name
    if model.calls[index].isMacro { return name == "#expect" || name == "#require" }
    if model.calls[index].isImplicitMember { return false }
    if MockVerification.mayMatch(name), MockVerification.verifies(model.calls[index], in: model) {
      return true
    }
    if KIFStep.counts(callAt: index, in: model) { return true }
    // `EarlGrey.handle(exception: ...)` in EarlGrey's Swift wrapper (`EarlGreyFailure`).
    if name == "handle", EarlGreyFailure.reports(model.calls[index], in: model) { return true }
    if name.utf8.first == UInt8(ascii: "_"), Self.isUnderscoredKnownIssue(model.calls[index], in: model) {
      return true
    }
    // `try self.suite.testInsert()` in `testInsert`: a shared scenario that checks (`SharedScenario`).
    if name.utf8.first == UInt8(ascii: "t"), SharedScenario.delegates(callAt: index, in: model) { return true }
    if usesTestStore, StoreStateClosure.checks(model.calls[index], in: model) { return true }
    if extra.isEmpty, !Self.mayBeBuiltIn(name) { return false }
    // By the name first: the call is copied out only for the names decided by the call.
    if Self.assertsByName(name) { return true }
    return assertsByCall(model.calls[index], named: name, in: model, usesTestStore: usesTestStore)
  }

  /// Whether a call of this name asserts by its name alone, for every matcher whatever its
  /// configuration, the call's receiver, labels or file: `XCTAssert...`, `XCTFail`,
  /// `assertSnapshot`, ... (not the names decided by the call, such as `wait` or `expect`).
  /// Only for a call that is neither a macro nor an implicit member.
  static func assertsByName(_ name: String) -> Bool {
    // The usual assertions (`XCTAssert...`) by their bytes first, before hashing the name.
    guard mayBeBuiltIn(name) else { return false }
    return prefixNames.contains(where: { RuleText.hasPrefix(name, $0) }) || isExactName(name)
  }

  /// Whether the call is a library's own spelling of a known issue, its name read after its
  /// leading underscores (`_withKnownIssue { ... }`, `__XCTExpectFailure(...)`): it fails the
  /// test when its body records no issue, as `withKnownIssue` does. Not when it is marked
  /// intermittent (`isIntermittent:`), which passes whether or not an issue is recorded, nor
  /// when its body does nothing but yield (`_withKnownIssue {}`): a library's own test that
  /// the wrapper does not fail where it is switched off.
  static func isUnderscoredKnownIssue(_ call: Call, in model: FileModel) -> Bool {
    let bare = call.name.drop { $0 == "_" }
    guard bare == "withKnownIssue" || bare == "XCTExpectFailure", !call.labels.contains("isIntermittent"),
      let body = call.trailingClosures.first?.tokens
    else { return false }
    return body.contains { index in
      model.tokens[index].isIdentifierLike && !["await", "Task", "yield", "try"].contains(model.text(index))
    }
  }

  /// Whether a type of the file declares an instance property named `name` (`var assert`).
  static func declaresProperty(named name: String, in model: FileModel) -> Bool {
    model.properties.contains { $0.name == name && !$0.isStatic }
  }

  /// `exactNames.contains(name)`; an ASCII name is compared with the names of its length, byte
  /// by byte, not hashed (other names, which may equal one in other code points, are hashed).
  static func isExactName(_ name: String) -> Bool {
    let answer: Bool? = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      for byte in bytes where byte >= 0x80 { return nil }
      guard bytes.count < exactNamesByLength.count else { return false }
      return exactNamesByLength[bytes.count].contains { $0.elementsEqual(bytes) }
    } ?? nil
    return answer ?? exactNames.contains(name)
  }

  /// `exactNames` (all ASCII) by their length in bytes.
  private static let exactNamesByLength: [[[UInt8]]] = {
    var byLength = [[[UInt8]]](repeating: [], count: (exactNames.map(\.utf8.count).max() ?? 0) + 1)
    for name in exactNames.sorted() { byLength[name.utf8.count].append(Array(name.utf8)) }
    return byLength
  }()

  /// The rest of `isAssertion` after `assertsByName`: the names decided by the call (its labels,
  /// receiver, the file's `TestStore`) and the configured patterns. For a call that is neither
  /// a macro nor an implicit member.
  private func assertsByCall(
    _ call: Call, named name: String, in model: FileModel, usesTestStore: Bool
  ) -> Bool {
    // The names below are ASCII letters without `K`: a name of another length is none of them
    // (see `RuleText.isName`), and is not compared with each.
    let length = name.utf8.count
    switch length < 64 && Self.switchLengths & (1 << UInt64(length)) != 0 ? name : "" {
    case "wait":
      // `XCTWaiter.wait(for:timeout:)` only returns a result: what compares it asserts. A wait
      // for a number of seconds (`router.wait(for: 2)`) is not XCTest's, whose `for:` takes
      // expectations: a helper's pause, followed as helpers are.
      return call.labels.first == "for" && !Self.isDetachedWaiter(call, in: model)
        && !Self.waitsForSeconds(call, in: model)
    case "measure", "measureMetrics":
      // A performance test fails when it is slower than its baseline; an empty block measures
      // nothing. XCTest's is called alone or on `self`: a clock's (`clock.measure { }`) only
      // returns the time taken.
      guard !call.hasExpressionBase, call.receiver == nil || call.receiver == "self" else { return false }
      return !Self.measuresNothing(call, in: model)
    case "fulfillment":
      // XCTest's `fulfillment(of:timeout:)`, or the wait of an expectation object that fails the
      // test when it times out (`await expectation.fulfillment(within: .seconds(1))`).
      return call.labels.first == "of" || call.receiver?.contains("xpectation") == true
    case "record":
      // Swift Testing's `Issue.record(...)`, XCTest's `record(XCTIssue(...))`.
      if call.receiver == "Issue" { return true }
      guard let first = call.arguments.first, first.label == nil, let head = first.value.first
      else { return false }
      if model.text(head) == "XCTIssue" { return true }
      // `var issue = XCTIssue(...)`, given its location, then `self.record(issue)`.
      guard first.value.count == 1, call.path.count == 1 || call.receiver == "self" else { return false }
      let issue = model.text(head)
      return model.locals.contains { local in
        local.function == call.function && local.nameToken < call.nameToken && local.name == issue
          && local.initializer?.first.map { model.token($0, is: "XCTIssue") } == true
      }
    case "recordFailure":
      // XCTestCase's own `recordFailure(withDescription:inFile:atLine:expected:)`, as a wait
      // helper calls it when the element never appears: it fails the test, as `XCTFail` does.
      return call.labels.first == "withDescription" && (call.path.count == 1 || call.receiver == "self")
    case "forAll":
      // SwiftCheck's `property("...") <~ forAll { ... }` (or `<-`): the property is checked
      // there, and a counterexample fails the XCTest.
      guard call.path.count == 1, !call.hasExpressionBase, call.nameToken > 0,
        model.imports.contains(where: { $0.module.split(separator: ".").first == "SwiftCheck" })
      else { return false }
      let operatorText = model.text(call.nameToken - 1)
      return operatorText == "<~" || operatorText == "<-"
    case "perform": return call.labels.contains("stub")
    case "performAccessibilityAudit": return AccessibilityAudit.checks(call, in: model)
    case "assert", "precondition":
      guard call.path.count == 1, !call.hasExpressionBase else { return false }
      // A property of that name declared in the file (`@Dependency(\.assert) var assert`):
      // the bare call is that value's, which reports an issue when false, not Swift's
      // debug-build check.
      if Self.declaresProperty(named: name, in: model) { return true }
      // SwiftParamTest's table, `assert(to: f) { args(1, 2, expect: 3) }`, checks every row with
      // `XCTAssert`; Swift's `assert(_:)` (a debug-build check) takes no `to:`.
      return name == "assert" && call.labels.first == "to"
        && model.imports.contains { $0.module.split(separator: ".").first == "SwiftParamTest" }
    case "expect", "expecta", "expects", "fail":
      // Nimble's free functions (with their async `...a` and synchronous `...s` spellings); a
      // method of something else (`mock.expect(...)`) is not.
      if call.path.count == 1 || call.receiver == "Nimble" { return true }
    case "require", "requirea", "requires", "unwrap", "unwrapa", "unwraps", "pollUnwrap", "pollUnwrapa",
      "pollUnwraps":
      // Nimble's checks of an optional, names other libraries use for their own functions too
      // (OpenAPIKit's validation combinator `unwrap(\.path, into: validation)`): Nimble's
      // only where Nimble is in reach (`NimbleReach`).
      if call.receiver == "Nimble" { return true }
      // Not Nimble's: still the configured `assertion_functions` below.
      if call.path.count == 1, NimbleReach.isNimbles(call, in: model) { return true }
    case "send", "receive", "finish", "skipReceivedActions":
      // The Composable Architecture's TestStore asserts every state change it is sent.
      if usesTestStore, let receiver = call.receiver,
        receiver.lowercased().hasSuffix("store") || StoredTestStore.isStore(receiver, in: model)
      {
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

  /// Whether a `wait(for:...)` is an `XCTWaiter`'s that reports to no test: the class method
  /// (`XCTWaiter.wait(for:timeout:)`), or a waiter made without a delegate (`XCTWaiter().wait`,
  /// `let waiter = XCTWaiter()` then `waiter.wait`). A waiter whose delegate is the test
  /// (`XCTWaiter(delegate: self)`, what `XCTestCase.wait(for:)` uses) fails it on a timeout.
  /// Whether a `wait(for:)` without `timeout:` is given a number (`wait(for: 2)`), which no
  /// list of expectations is.
  static func waitsForSeconds(_ call: Call, in model: FileModel) -> Bool {
    guard !call.labels.contains("timeout"), let first = call.arguments.first, first.value.count == 1
    else { return false }
    return model.tokens[first.value.lowerBound].kind == .number
  }

  static func isDetachedWaiter(_ call: Call, in model: FileModel) -> Bool {
    let tokens = model.tokens
    let dot = call.nameToken - 1
    guard dot > 0, tokens[dot].kind == .dot else { return false }
    var before = dot - 1
    if tokens[before].kind == .identifier {
      if model.token(before, is: "XCTWaiter") { return true }
      // A local waiter: `let waiter = XCTWaiter()`.
      guard call.path.count == 2, let receiver = call.receiver else { return false }
      return model.locals.contains { local in
        guard local.function == call.function, local.name == receiver, let value = local.initializer,
          let first = value.first, model.token(first, is: "XCTWaiter")
        else { return false }
        return !Self.hasDelegate(value, in: model)
      }
    }
    guard tokens[before].kind == .rightParen else { return false }
    // `XCTWaiter(...)`: back to the opening parenthesis.
    var depth = 0
    let close = before
    while before >= 0 {
      if tokens[before].kind == .rightParen { depth += 1 }
      if tokens[before].kind == .leftParen {
        depth -= 1
        if depth == 0 { break }
      }
      before -= 1
    }
    guard before > 0, model.token(before - 1, is: "XCTWaiter") else { return false }
    return !Self.hasDelegate(before..<(close + 1), in: model)
  }

  /// Whether tokens hold a `delegate:` argument.
  private static func hasDelegate(_ range: Range<Int>, in model: FileModel) -> Bool {
    range.contains { index in
      index + 1 < model.tokens.count && model.tokens[index + 1].kind == .colon && model.token(index, is: "delegate")
    }
  }

  /// Whether a `measure` call's block is empty (`measure {}`): it measures nothing.
  static func measuresNothing(_ call: Call, in model: FileModel) -> Bool {
    if let closure = call.trailingClosures.first { return closure.tokens.count <= 2 }
    for argument in call.arguments {
      guard let first = argument.value.first, model.tokens[first].kind == .leftBrace else { continue }
      return argument.value.count <= 2
    }
    return false
  }

  /// Whether the file drives a TCA `TestStore`: it imports ComposableArchitecture, or makes a
  /// `TestStore(...)` (or `TestStoreOf<Feature>(...)`) of a type it does not declare itself.
  /// An app module that re-exports the library (`@_exported import ComposableArchitecture`)
  /// hands it to every file that imports the app with `@testable import`, which then names no
  /// import of TCA; making the store is the evidence left.
  public static func usesTestStore(_ model: FileModel) -> Bool {
    if model.imports.contains(where: { $0.module == "ComposableArchitecture" }) { return true }
    let makesStore = model.calls.indices.contains { index in
      guard RuleText.firstNameByte(ofCall: index, in: model) == UInt8(ascii: "T") else { return false }
      let call = model.calls[index]
      return call.path.count == 1 && !call.hasExpressionBase
        && (call.name == "TestStore" || call.name == "TestStoreOf")
    }
    guard makesStore else { return false }
    return !model.types.contains { $0.simpleName == "TestStore" || $0.simpleName == "TestStoreOf" }
  }

  /// What a file tells about its functions as assertion helpers: for each function (test
  /// doubles left out), its name, whether it asserts, and the helpers it calls by name.
  ///
  /// Methods of test doubles (types named `*Mock*`, `*Stub*`, `*Fake*`, `*Spy*`, `*Dummy*`)
  /// are left out, but for those named like checks (`verifyExpectations`): their `XCTFail` is an
  /// "unexpected call" trap, not a check the calling test makes.
  ///
  /// A function that asserts lists no callees: what it calls cannot change the answer.
  ///
  /// A function no other file calls by name (`private`, `fileprivate`, or a `@Test` function)
  /// is summarized under a name only this file uses (`fileOnlyName`), and so are this file's
  /// plain calls of it: a call through a receiver in another file (`database.write { }`,
  /// `client.shutdown()`) never reaches it, while the file's own callers still learn what it
  /// does.
  public func helperSummaries(in model: FileModel) -> [HelperSummary] {
    let testStore = Self.usesTestStore(model)
    let doubles = model.types.map { Self.isTestDouble($0.simpleName) }
    let functions = model.functions
    let fileOnly = functions.map(Self.isFileOnly)
    // Only a file that declares such a function, or a double's, needs its plain calls resolved.
    let graph = fileOnly.contains(true) || doubles.contains(true) ? CallGraph(model) : nil
    // A call of a constant holding a function (`let run = flag ? a : b; run()`) calls those.
    let values = FunctionValues(model)
    var result = MissingAssertionElsewhere.summaries(in: model)  // bodiless, implemented in another language
    result += SkipHelper.summaries(in: model)  // under their skip keys
    result += TimeoutRacer.summaries(in: model)  // under their racer keys
    result += ThrowingWait.summaries(in: model)  // under their throwing keys
    result += TearDownRun.summaries(in: model)  // under their properties' tearDown keys
    for index in functions.indices where functions[index].body != nil {
      var name = fileOnly[index] ? Self.fileOnlyName(functions[index].name, in: model) : functions[index].name
      // An initializer is summarized under its type's name, as it is called
      // (`SettingsPage(app)`): a page object whose `init` waits for its page with `XCTAssert`
      // asserts where it is made. A type's initializers that disagree count as asserting, as
      // functions of one name do. Only those of the type's own declaration, not an extension's:
      // an extension of a library's type (`extension SocketAddress`) adds one initializer to
      // the library's many, which the calls mostly mean. Not a `private` or `fileprivate` one,
      // which other files cannot call. It asserts directly or through its type's own methods,
      // called plainly or through `self.`, `Self.` or `super.` (`waitForPageToBeShown()`), not
      // through what it builds (`ChannelPipeline(channel: self)`, `core.register()`): a
      // library's initializer reaches much of the run by name.
      var ownCallsOnly = false
      if functions[index].name == "init", !fileOnly[index], let owner = functions[index].owner,
        model.types[owner].kind != .extension
      {
        name = model.types[owner].simpleName
        ownCallsOnly = true
      }
      // An inline snapshot's helper: it takes the call site's `InlineSnapshotSyntaxDescriptor`
      // for swift-snapshot-testing's `assertInlineSnapshot`, which alone reads one (the
      // comparison may run later, as a suite trait's, even on a mock's extension).
      // A compile-time check (`CompileTimeCheck`): the call compiles only when it holds.
      if Self.assertsBySignature(functions[index], in: model) {
        result.append(HelperSummary(name: name, asserts: true, callees: []))
        continue
      }
      if let owner = functions[index].owner, doubles[owner], !DoubleInternals.readsAsCheck(functions[index].name) {
        // Only the double's own checks reach it (`DoubleInternals`); its initializers not at all.
        guard functions[index].kind == .function else { continue }
        name = DoubleInternals.key(functions[index].name, in: model)
      }
      // Calls are read in place: copying each `Call` out costs more than matching it. Whether
      // the function asserts first (most tests do): the names it calls are gathered only
      // when it does not.
      let calls = functions[index].calls
      if calls.contains(where: { isAssertion(callAt: $0, in: model, usesTestStore: testStore) }) {
        result.append(HelperSummary(name: name, asserts: true, callees: []))
        continue
      }
      var callees: [String] = []
      let location = ForwardedLocation.locationParameters(of: functions[index], in: model)
      for callIndex in calls where Self.mayCallHelper(callAt: callIndex, in: model) {
        let callee = model.calls[callIndex].name
        if ownCallsOnly, !Self.isOwnMethodCall(model.calls[callIndex]) { continue }
        // Under its labels too: a check's call that no declaration of the run may take
        // (`CallSignature`), or a call handed the function's own caller location (`ForwardedLocation`).
        if UndeclaredCheck.counts(callAt: callIndex, in: model, inTest: false) && !Self.startsUppercase(callee)
          || location.map({ ForwardedLocation.forwards(callAt: callIndex, handing: $0, in: model) }) == true
        {
          callees.append(CallSignature.key(of: model.calls[callIndex]))
        }
        if ThrowingWait.mayCount(callAt: callIndex, in: model) { callees.append(ThrowingWait.key(callee)) }
        if let candidates = values.candidates(ofCallAt: callIndex, in: model) {
          for candidate in candidates {
            callees.append(candidate)
            if let graph, graph.functions(named: candidate)?.contains(where: { fileOnly[$0] }) == true {
              callees.append(Self.fileOnlyName(candidate, in: model))
            }
          }
          continue
        }
        guard let graph, let targets = graph.functions(named: callee) else {
          callees.append(callee)
          continue
        }
        // A call through a receiver named like a check (`actions.verify()`) may run a private
        // or fileprivate method of this file: it is reachable from here, so it counts under its
        // file-only name too. Only a check's name: a summary is matched by name across the
        // run, and an edge to a private `read` or `write` would make every `run` of the run
        // assert as soon as one of them reaches it (swift-sdk-generator's `run(engine:)`).
        guard graph.isLocal(callAt: callIndex) else {
          callees.append(callee)
          if Self.readsAsCheck(callee), targets.contains(where: { fileOnly[$0] }) {
            callees.append(Self.fileOnlyName(callee, in: model))
          }
          continue
        }
        if targets.contains(where: { fileOnly[$0] }) { callees.append(Self.fileOnlyName(callee, in: model)) }
        if targets.contains(where: { !fileOnly[$0] }) { callees.append(callee) }
        if DoubleInternals.reaches(
          callAt: callIndex, from: functions[index], targets: targets, in: model, doubles: doubles)
        {
          callees.append(DoubleInternals.key(callee, in: model))
        }
      }
      result.append(HelperSummary(name: name, asserts: false, callees: callees))
    }
    return result
  }

  /// Whether a call runs a method of the caller's own type by its lowercase name: plain, or
  /// through `self.`, `Self.` or `super.` (`waitForPageToBeShown()`, `Self.swizzle(...)`).
  static func isOwnMethodCall(_ call: Call) -> Bool {
    guard !call.hasExpressionBase, !startsUppercase(call.name) else { return false }
    switch call.path.count {
    case 1: return true
    case 2: return call.path[0] == "self" || call.path[0] == "Self" || call.path[0] == "super"
    default: return false
    }
  }

  /// The instance methods of `function`'s own type, other than itself, that `calls` call plainly
  /// or through `self.` (`race(threads: 4)`, `self.check()`), each once: a test's same-type
  /// helpers, one level (`TearDownCounter`, `TearDownWeakCheck`, `TrappingPrecondition`), also
  /// those declared in an extension of the type in the same file (set 63's `makeSUT()`). Not a
  /// static method (`Self.time(...)`) nor `super.`'s.
  static func ownInstanceMethods(calledIn calls: Range<Int>, by function: Int, in model: FileModel) -> [Int] {
    guard let owner = model.functions[function].owner else { return [] }
    var seen: Set<Int> = [function]
    var result: [Int] = []
    var methods: [Int]?
    for index in calls {
      let call = model.calls[index]
      guard !call.isMacro, isOwnMethodCall(call), call.path.count == 1 || call.path[0] == "self" else { continue }
      if methods == nil {
        let name = model.types[owner].simpleName
        let ownerIsExtension = model.types[owner].kind == .extension
        methods = model.types.indices.lazy.filter { type in
          type == owner
            || (ownerIsExtension || model.types[type].kind == .extension) && model.types[type].simpleName == name
        }.flatMap { model.types[$0].functions }
      }
      for method in methods ?? []
      where model.functions[method].name == call.name && model.functions[method].kind == .function
        && !model.functions[method].has("static") && !model.functions[method].has("class")
        && seen.insert(method).inserted
      {
        result.append(method)
      }
    }
    return result
  }

  /// Whether the function asserts by its signature alone, whatever its body calls: an inline
  /// snapshot's helper (`takesInlineSnapshotDescriptor`), a compile-time check
  /// (`CompileTimeCheck`) or a wait for a condition it was given (`ConditionWait`).
  static func assertsBySignature(_ function: FunctionDecl, in model: FileModel) -> Bool {
    takesInlineSnapshotDescriptor(function) || CompileTimeCheck.isCheck(function, in: model)
      || ConditionWait.isWait(function, in: model)
  }

  /// Whether the function takes an `InlineSnapshotSyntaxDescriptor`: swift-snapshot-testing's
  /// custom inline snapshot helpers hand their call site's to `assertInlineSnapshot`, the one
  /// reader of that type, so the helper compares a snapshot (now, or later as a suite trait's).
  static func takesInlineSnapshotDescriptor(_ function: FunctionDecl) -> Bool {
    function.parameters.contains { mentionsInlineSnapshotDescriptor($0.type) }
  }

  private static let inlineSnapshotDescriptor = Array("InlineSnapshotSyntaxDescriptor".utf8)

  /// Whether a parameter's type names `InlineSnapshotSyntaxDescriptor`, searched on bytes: the
  /// rule asks it of every parameter of every function it reaches (`String.contains` was 16% of
  /// an inventory's CPU).
  private static func mentionsInlineSnapshotDescriptor(_ type: String) -> Bool {
    let name = inlineSnapshotDescriptor
    guard type.utf8.count >= name.count else { return false }
    var type = type
    return type.withUTF8 { bytes in
      var start = 0
      while start + name.count <= bytes.count {
        if bytes[start] == name[0], bytes[start..<start + name.count].elementsEqual(name) { return true }
        start += 1
      }
      return false
    }
  }

  /// Whether no other file calls the function by name: it is `private` or `fileprivate`, or a
  /// `@Test` function (Swift Testing runs it; other code does not call it). A `test...` name
  /// keeps its own handling (`Speculation.isTestName`).
  static func isFileOnly(_ function: FunctionDecl) -> Bool {
    guard !RuleText.hasPrefix(function.name, "test") else { return false }
    return function.has("private") || function.has("fileprivate") || function.hasAttribute("Test")
  }

  /// The name a file-only function is summarized under: no call's name holds a `#`, and the
  /// path keeps two files' private functions of one name apart.
  static func fileOnlyName(_ name: String, in model: FileModel) -> String {
    name + "#" + model.source.path
  }

  /// Names of the functions that assert, directly or through helpers they call by name (a
  /// file's own, or an editor's workspace; a command-line run gathers its own in `RunFacts`).
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

  /// Whether a call may name a helper declared elsewhere in the run
  /// (`CallResolver.mayReachRunFunction`).
  public static func mayCallHelper(_ call: Call) -> Bool {
    guard !call.isMacro, !call.isImplicitMember else { return false }
    return CallResolver.mayReachRunFunction(path: call.path, hasExpressionBase: call.hasExpressionBase)
  }

  /// `mayCallHelper(model.calls[index])`, reading the call in place.
  static func mayCallHelper(callAt index: Int, in model: FileModel) -> Bool {
    CallResolver.mayReachRunFunction(callAt: index, in: model)
  }

  /// `assert...`, `verify...`, `expect...`, `check...`, `validate...` (a word boundary after).
  public static func readsAsCheck(_ name: String) -> Bool {
    CheckWords.startsAName(name, anyCase: false, digits: false)
  }

  /// Whether the first character of a name is uppercase (`name.first?.isUppercase == true`),
  /// read from the bytes when the first two are ASCII (no grapheme or Unicode lookup).
  static func startsUppercase(_ name: String) -> Bool {
    var bytes = name.utf8.makeIterator()
    guard let first = bytes.next() else { return false }
    let second = bytes.next()
    if first < 0x80, first != 0x0D, second.map({ $0 < 0x80 }) ?? true {
      return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }
    return name.first?.isUppercase == true
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

  /// Whether a name can be one of the built-in assertion names (see `isAssertion`): its first
  /// byte and length fit one of them. A bit test, cheaper than hashing or comparing the name.
  static func mayBeBuiltIn(_ name: String) -> Bool { builtIn.mayMatch(name) }

  private static let builtIn = NameFilter(
    exact: exactNames.union(switchNames), prefixes: prefixNames.map(\.description))

  /// Names `isAssertion` decides by a prefix.
  static let prefixNames: [StaticString] = ["XCTAssert", "FBSnapshotVerify"]

  /// Names `isAssertion` decides in its `switch` (keep in step with it).
  /// A bit for the length of each of `switchNames`.
  private static let switchLengths: UInt64 = switchNames.reduce(0) { $0 | 1 << UInt64($1.utf8.count) }

  static let switchNames: Set<String> = [
    "wait", "measure", "measureMetrics", "fulfillment", "record", "recordFailure", "forAll", "perform", "performAccessibilityAudit", "assert", "precondition", "expect", "expecta", "expects", "require", "requirea", "requires",
    "unwrap", "unwrapa", "unwraps", "pollUnwrap", "pollUnwrapa", "pollUnwraps", "fail",
    "send", "receive", "finish", "skipReceivedActions",
  ]

  static let exactNames: Set<String> = [
    "XCTFail", "XCTUnwrap", "XCTExpectFailure", "waitForExpectations", "waitUntil",
    // XCTest's Swift 2 spelling of `waitForExpectations(timeout:handler:)`.
    "waitForExpectationsWithTimeout",
    "assertSnapshot", "assertSnapshots", "verifySnapshot", "assertInlineSnapshot",
    "assertNoDifference", "expectNoDifference", "expectDifference", "assertMacro",
    // Swift Testing: a confirmation fails unless confirmed as often as expected; a known issue
    // is recorded, and the test fails when it stops happening.
    "confirmation", "withKnownIssue",
    // IssueReporting's `withExpectedIssue { }`: fails when its body reports no issue.
    "withExpectedIssue",
  ]
}

/// What one function tells about itself as a possible assertion helper.
public struct HelperSummary: Sendable, Hashable {
  /// The function's name.
  public var name: String
  /// Whether its body asserts.
  public var asserts: Bool
  /// Names of helpers it calls (see `AssertionMatcher.mayCallHelper`); none when it asserts.
  public var callees: [String]
}
