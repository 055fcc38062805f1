/// In `perform(stub:when:assert:)`, every `send(action:)` is followed by advancing the
/// `TestScheduler`, or the view model's events are never delivered.
public struct SchedulerAdvanceAfterSendRule: Rule {
  public static let description = RuleDescription(
    id: "scheduler_advance_after_send",
    summary:
      "in 'perform(stub:when:assert:)', every 'send(action:)' is followed by 'scheduler.advance()'",
    defaultSeverity: .warning)

  public init(options: RuleOptions) {}

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    // The name first: copying every `Call` out of the array costs more than the check.
    for index in model.calls.indices {
      let first = RuleText.firstNameByte(ofCall: index, in: model)
      guard first == UInt8(ascii: "p") || first >= 0x80, model.calls[index].name == "perform"
      else { continue }
      let call = model.calls[index]
      guard !call.isMacro else { continue }
      guard let closure = Self.whenClosure(of: call, in: model) else { continue }
      let parameters = RuleText.closureParameterNames(closure, in: model)
      // `{ viewModel, scheduler in ... }`: the scheduler is every parameter but the first.
      let schedulers = Set(parameters.dropFirst().filter { $0 != "_" }).union(["$1"])
      var pending: Int?
      var cursor = index + 1
      while cursor < model.calls.count, model.calls[cursor].nameToken < closure.upperBound {
        defer { cursor += 1 }
        let inner = model.calls[cursor]
        guard inner.nameToken > closure.lowerBound else { continue }
        if Self.isSend(inner) {
          if let send = pending { violations.append(violation(send, schedulers, context)) }
          pending = cursor
        } else if Self.isAdvance(inner, schedulers: schedulers) {
          pending = nil
        }
      }
      if let send = pending { violations.append(violation(send, schedulers, context)) }
    }
    return violations
  }

  private func violation(_ send: Int, _ schedulers: Set<String>, _ context: RuleContext)
    -> Violation
  {
    let model = context.model
    let name = schedulers.filter { !$0.hasPrefix("$") }.sorted().first ?? "scheduler"
    return Violation(
      offset: model.offset(model.calls[send].nameToken), message: Messages.advance(name),
      test: context.testName(context.test(containingCall: send)))
  }

  /// The token range of the `when:` closure: a labelled argument, a labelled trailing closure,
  /// or the first trailing closure after `perform(stub: ...)`.
  static func whenClosure(of call: Call, in model: FileModel) -> Range<Int>? {
    if let labelled = call.trailingClosures.first(where: { $0.label == "when" }) {
      return labelled.tokens
    }
    if let argument = call.arguments.first(where: { $0.label == "when" }) {
      guard let open = argument.value.first, model.tokens[open].kind == .leftBrace,
        let close = argument.value.last, model.tokens[close].kind == .rightBrace
      else { return nil }
      return open..<(close + 1)
    }
    // `perform(stub: { ... }) { viewModel, scheduler in ... } assert: { ... }`; a stub that is
    // not a closure (`perform(stub: Interceptor.load(...)) { client in }`) is another API.
    if let stub = call.arguments.first(where: { $0.label == "stub" }), let open = stub.value.first,
      model.tokens[open].kind == .leftBrace, let first = call.trailingClosures.first,
      first.label == nil
    {
      return first.tokens
    }
    return nil
  }

  /// `send(action: ...)` on any receiver.
  static func isSend(_ call: Call) -> Bool {
    call.name == "send" && !call.isMacro && call.labels.first == "action"
  }

  /// `scheduler.advance()`, `advance(by:)`, `advance(to:)` or `run()` on the scheduler.
  static func isAdvance(_ call: Call, schedulers: Set<String>) -> Bool {
    guard call.name == "advance" || (call.name == "run" && call.arguments.isEmpty),
      let receiver = call.receiver
    else { return false }
    return schedulers.contains(receiver) || receiver.lowercased().hasSuffix("scheduler")
  }
}

extension SchedulerAdvanceAfterSendRule {
  fileprivate enum Messages {
    static func advance(_ scheduler: String) -> String {
      "call '\(scheduler).advance()' after 'send(action:)' and before the next 'send', so the action's events are delivered"
    }
  }
}
