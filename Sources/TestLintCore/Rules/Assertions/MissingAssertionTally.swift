/// What `missing_assertion` saw over one run, for the note the command line prints when the
/// rule reports most of the run's tests and most of those call one same function that none of
/// the linted files declares: most likely a check helper of a module the run does not lint
/// (`Sources/TestUtils`, a snapshot package) whose name does not read as a check.
///
/// The engine makes one per run and hands it to the rule (`ConfiguredRule.tallying(into:)`);
/// each file's record replaces the one before (a file linted again after pass 1). Files whose
/// cached results are reused are not linted, and not counted.
final class MissingAssertionTally: Sendable {
  private struct FileRecord {
    /// The tests the rule checked.
    var tests: Int
    /// The tests it reported.
    var reported: Int
    /// Each candidate helper's name, with how many reported tests call it.
    var calls: [String: Int]
  }

  private struct State {
    var files: [String: FileRecord] = [:]
    /// The run's declared functions but tests, by key.
    var declared: Set<NameKey> = []
  }

  private let state = Locked(State())

  /// The fewest reported tests the note speaks about: below, a glance at them tells as much.
  static let minimumReported = 5

  /// Records a file's tests checked, the candidate helpers each reported test calls (each
  /// name once per test), and the names of the functions the file declares.
  func record(path: String, tests: Int, reportedCalls: [Set<String>], declared: [String]) {
    var calls: [String: Int] = [:]
    for names in reportedCalls {
      for name in names { calls[name, default: 0] += 1 }
    }
    let record = FileRecord(tests: tests, reported: reportedCalls.count, calls: calls)
    let keys = declared.map(NameKey.init)
    state.withLock { state in
      state.files[path] = record
      state.declared.formUnion(keys)
    }
  }

  /// The note, or nil: when more than half of the run's tests are reported (at least
  /// `minimumReported`), and more than half of those call one same function no linted file
  /// declares.
  func note() -> String? {
    state.withLock { state in
      var tests = 0
      var reported = 0
      var calls: [String: Int] = [:]
      for record in state.files.values {
        tests += record.tests
        reported += record.reported
        for (name, count) in record.calls { calls[name, default: 0] += count }
      }
      guard reported >= Self.minimumReported, reported * 2 > tests else { return nil }
      let undeclared = calls.filter { !state.declared.contains(NameKey($0.key)) }
      guard let top = undeclared.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), top.value * 2 > reported
      else { return nil }
      return "testlint: note: missing_assertion reported \(reported) of the run's \(tests) tests, and"
        + " \(top.value) of them call '\(top.key)', which none of the linted files declares; if it"
        + " checks the outcome, lint the whole test target with the module that declares it, or name"
        + " it in missing_assertion's 'assertion_functions' option\n"
    }
  }
}

extension MissingAssertionTally {
  /// The functions a reported test calls that may be a helper of a module the run does not
  /// lint: plain calls (or through `self.` / `Self.`) of names the file does not declare,
  /// starting lowercase (not an initializer), and none of the standard library's or
  /// `XCTestCase`'s own (`print`, `expectation(description:)`).
  static func candidates(of test: DiscoveredTest, in context: RuleContext) -> Set<String> {
    let model = context.model
    let resolver = context.callResolver
    var names: Set<String> = []
    var ranges = [test.calls]
    for function in resolver.reachable(fromCalls: test.calls) where function != test.function {
      ranges.append(model.functions[function].calls)
    }
    for range in ranges {
      for index in range {
        let call = model.calls[index]
        guard !call.isMacro, !call.isImplicitMember, !call.hasExpressionBase else { continue }
        guard call.path.count == 1 || call.path.count == 2 && (call.path[0] == "self" || call.path[0] == "Self")
        else { continue }
        let name = call.name
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
          !resolver.isSettledInFile(callAt: index), !Self.known.contains(name), !name.hasPrefix("with")
        else { continue }
        names.insert(name)
      }
    }
    return names
  }

  /// The standard library's, Foundation's and `XCTestCase`'s functions a test calls plainly.
  static let known: Set<String> = [
    "print", "debugPrint", "dump", "zip", "min", "max", "abs", "stride", "swap", "type", "sequence",
    "repeatElement", "precondition", "preconditionFailure", "assert", "assertionFailure", "fatalError",
    "autoreleasepool", "expectation", "keyValueObservingExpectation", "addTeardownBlock", "add",
    "wait", "measure", "waitForExpectations", "fulfillment", "confirmation", "sleep", "usleep",
    "expectationWithDescription", "waitForExpectationsWithTimeout",
  ]
}

extension ConfiguredRule {
  /// This rule, reporting into `tally` when it is `missing_assertion`.
  func tallying(into tally: MissingAssertionTally) -> ConfiguredRule {
    guard var rule = rule as? MissingAssertionRule else { return self }
    rule.tally = tally
    return ConfiguredRule(rule: rule, id: id, severity: severity)
  }

  /// A configured rule made of these parts.
  private init(rule: any Rule, id: String, severity: Severity) {
    self.rule = rule
    self.id = id
    self.severity = severity
  }
}
