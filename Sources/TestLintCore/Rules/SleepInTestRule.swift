/// A test waits for real time to pass instead of driving time or awaiting an event.
public struct SleepInTestRule: Rule {
  public static let description = RuleDescription(
    id: "sleep_in_test",
    summary:
      "a test sleeps or waits for real time instead of advancing a 'TestScheduler' or awaiting an expectation",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    var reported: Set<Int> = []
    for code in context.testCodeWithHelpers() {
      var doubles: [Range<Int>]?
      for index in code.calls {
        // The name first (its first byte first, from the token): copying every `Call` out of
        // the array costs more than the check.
        switch RuleText.firstNameByte(ofCall: index, in: model) {
        case UInt8(ascii: "s"), UInt8(ascii: "u"), UInt8(ascii: "r"), UInt8(ascii: "a"), 0x80...: break
        default: continue
        }
        guard Self.waitNames.contains(model.calls[index].name) else { continue }
        let call = model.calls[index]
        guard let spelling = Self.wait(call, in: model), !reported.contains(index) else { continue }
        // `sleep(1)` calling the file's own `func sleep` (a fake clock's helper) is not C's.
        if call.path.count == 1, context.callGraph.functions(named: call.name) != nil { continue }
        // A stub type declared in the test simulates slow work; the test does not wait in it.
        if doubles == nil { doubles = code.localTypeBodies(in: model) }
        if doubles?.contains(where: { $0.contains(call.nameToken) }) == true { continue }
        reported.insert(index)
        violations.append(
          Violation(
            offset: model.offset(call.nameToken), message: Messages.wait(spelling),
            test: context.testName(code.test)))
      }
    }
    return violations
  }

  /// The names `wait(_:in:)` can flag.
  static let waitNames: NameSet = ["sleep", "usleep", "run", "asyncAfter"]

  /// How the call waits for real time, as the message names it, or nil when it does not.
  static func wait(_ call: Call, in model: FileModel) -> String? {
    guard !call.isMacro, !call.isImplicitMember else { return nil }
    let path = call.path
    // Built only for the names that read them.
    var labels: [String?] { call.labels }
    switch call.name {
    case "sleep", "usleep":
      guard !call.hasExpressionBase else { return nil }
      // The C functions, maybe module-qualified; `Thread.sleep` and `Task.sleep`.
      if path.count == 1 || (path.count == 2 && Self.cModules.contains(path[0])) {
        return call.name + "(...)"
      }
      if call.name == "sleep", let receiver = call.receiver,
        receiver == "Thread" || receiver == "Task"
      {
        return receiver + ".sleep"
      }
      return nil
    case "run":
      // `RunLoop.current.run(until:)`, `RunLoop.main.run(mode:before:)`, `run()`.
      guard !call.hasExpressionBase, path.count >= 3, path[path.count - 3] == "RunLoop",
        path[path.count - 2] == "current" || path[path.count - 2] == "main"
      else { return nil }
      if !labels.isEmpty {
        // A point in time; `run(until: condition)` overloads that wait for an event pass.
        guard
          let deadline = call.arguments.first(where: { $0.label == "until" || $0.label == "before" }
          ),
          Self.isPointInTime(deadline.value, in: model)
        else { return nil }
      }
      return "RunLoop.\(path[path.count - 2]).run"
    case "asyncAfter":
      // Dispatch's `asyncAfter(deadline:)` / `asyncAfter(wallDeadline:)` on any queue.
      guard labels.first == "deadline" || labels.first == "wallDeadline" else { return nil }
      return "asyncAfter"
    default:
      return nil
    }
  }

  /// Whether an argument reads as a `Date`: `Date() + 1`, `.now + 0.5`, `.distantFuture`,
  /// `Date(timeIntervalSinceNow: 1)`, `deadline`, `timeout`.
  static func isPointInTime(_ value: Range<Int>, in model: FileModel) -> Bool {
    for index in value {
      let token = model.tokens[index]
      switch token.kind {
      case .operator:
        let text = model.text(index)
        if text == "+" || text == "-" { return true }
      case .identifier:
        let text = model.text(index)
        if ["Date", "now", "distantFuture", "distantPast", "addingTimeInterval"].contains(text) {
          return true
        }
        let lowered = text.lowercased()
        if lowered.contains("date") || lowered.contains("deadline") || lowered.contains("time") {
          return true
        }
      default:
        break
      }
    }
    return false
  }

  private static let cModules: Set<String> = ["Darwin", "Glibc", "Foundation", "Musl"]
}

extension SleepInTestRule {
  fileprivate enum Messages {
    static func wait(_ spelling: String) -> String {
      "advance a 'TestScheduler' or await an expectation instead of waiting with '\(spelling)'"
    }
  }
}
