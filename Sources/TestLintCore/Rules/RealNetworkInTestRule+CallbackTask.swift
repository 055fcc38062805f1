/// The test playing the session: it calls a URL session delegate callback itself, with the shared
/// session and a task made in place for it. Neither sends a request.
extension RealNetworkInTestRule {
  /// Labels of a callback's task argument.
  private static let callbackTaskLabels: Set<String> = [
    "task", "dataTask", "downloadTask", "uploadTask", "streamTask", "webSocketTask",
  ]

  /// Whether `call` is a delegate callback the test calls through a receiver: `urlSession(...)`,
  /// or a method whose name ends in `urlSession` (`downloadUrlSession`), whose first argument is
  /// unlabelled and which takes a `did...` or `will...` argument (`didWriteData:`), as the
  /// system's callbacks do.
  static func isSessionCallback(_ call: Call) -> Bool {
    guard call.path.count >= 2 || call.hasExpressionBase, call.arguments.count >= 2 else { return false }
    if call.name == "urlSession" { return true }
    guard call.name.lowercased().hasSuffix("urlsession"), call.arguments.first?.label == nil else {
      return false
    }
    return call.arguments.contains { argument in
      guard let label = argument.label else { return false }
      return label.hasPrefix("did") || label.hasPrefix("will")
    }
  }

  /// Whether the task made from `URLSession.shared` at `index` is written in place as the task
  /// argument of such a callback (`downloadTask: URLSession.shared.downloadTask(with: url)`): it
  /// is never resumed, so it sends nothing.
  static func isInPlaceCallbackTask(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let tokens = model.tokens
    let member = index + 4
    guard member + 1 < tokens.count, tokens[index + 3].kind == .dot, tokens[member].kind == .identifier,
      taskMakers.contains(model.text(member)), tokens[member + 1].kind == .leftParen,
      let maker = code.calls.first(where: { model.calls[$0].nameToken == member }),
      let parentheses = model.calls[maker].parentheses
    else { return false }
    let task = index..<parentheses.upperBound
    return code.calls.contains { callIndex in
      let call = model.calls[callIndex]
      return isSessionCallback(call)
        && call.arguments.contains { $0.value == task && callbackTaskLabels.contains($0.label ?? "") }
    }
  }
}
