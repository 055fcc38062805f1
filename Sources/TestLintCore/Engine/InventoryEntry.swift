/// One test as `testlint inventory` lists it.
public struct InventoryEntry: Sendable, Hashable {
  /// The file's display path.
  public var file: String
  /// The suite (type) name, nil for a free function.
  public var suite: String?
  /// The test's name.
  public var name: String
  /// The framework.
  public var framework: TestFramework
  /// Line of the test's name.
  public var line: Int
  /// Assertions found in it (helpers included), as `missing_assertion` counts them.
  public var assertions: Int
  /// A pending Quick example (`xit`, `pending(...)`, inside `xdescribe` / `xcontext`): it does
  /// not run.
  public var pending: Bool
  /// Whether its class rests on a base the run assumed is a test base (`BaseAssumption`).
  public var assumedBase = false

  /// Creates an entry.
  public init(
    file: String, suite: String?, name: String, framework: TestFramework, line: Int, assertions: Int,
    pending: Bool = false
  ) {
    self.file = file
    self.suite = suite
    self.name = name
    self.framework = framework
    self.line = line
    self.assertions = assertions
    self.pending = pending
  }

  /// Sorted by file, line and name.
  public static func sorted(_ entries: [InventoryEntry]) -> [InventoryEntry] {
    entries.sorted { ($0.file, $0.line, $0.name) < ($1.file, $1.line, $1.name) }
  }
}

extension LintEngine {
  /// The tests of one file with their assertion counts.
  static func inventory(_ context: RuleContext, counter: MissingAssertionRule) -> [InventoryEntry] {
    var pending: [HelperNames.PendingCall] = []
    return inventory(context, counter: counter, pending: &pending)
  }

  /// The tests of one file with their assertion counts; in `pending`, for each test, the calls
  /// its count left out because the run had not settled their answers (with the helpers of
  /// pass 1: `HelperNames.takeInventoryLog`), for `RelintStage` to add those that count.
  static func inventory(
    _ context: RuleContext, counter: MissingAssertionRule, pending: inout [HelperNames.PendingCall]
  ) -> [InventoryEntry] {
    let model = context.model
    _ = context.assertingHelpers.takeInventoryLog()
    // The file's tests share their helpers: each helper's count is made once for them all.
    var helpers = MissingAssertionRule.HelperCounts()
    // Whether each class of the file rests on an assumed base, asked once per class (a walk up
    // its chain through the file's types), not once per test.
    var restsOnAssumedBase: [Int: Bool] = [:]
    return context.tests.enumerated().map { position, test in
      defer {
        for var call in helpers.pending + context.assertingHelpers.takeInventoryLog() {
          call.test = UInt32(truncatingIfNeeded: position)
          pending.append(call)
        }
        helpers.pending.removeAll(keepingCapacity: true)
      }
      var entry = InventoryEntry(
        file: model.source.path, suite: test.suite,
        // Only Quick's examples have groups: the name is most tests' own, not a joined copy.
        name: test.groups.isEmpty ? test.name : (test.groups + [test.name]).joined(separator: ", "),
        framework: test.framework,
        line: model.source.line(of: test.nameOffset),
        assertions: counter.assertionCount(of: test, in: context, helpers: &helpers), pending: test.isPending)
      if test.framework == .xctest, let owner = model.functions[test.function].owner {
        if let known = restsOnAssumedBase[owner] {
          entry.assumedBase = known
        } else {
          entry.assumedBase = context.discovery.restsOnAssumedBase(owner, in: model)
          restsOnAssumedBase[owner] = entry.assumedBase
        }
      }
      return entry
    }
  }
}
