/// `URLSession.shared` handed to a test double's initializer: a double sends no request.
extension RealNetworkInTestRule {
  /// Whether `URLSession.shared` at `index` (or `Foundation.URLSession.shared` ending there) is
  /// the whole value of an argument of an initializer of a type named as a test double
  /// (`MockWeatherClient(session: URLSession.shared)`, `StubLoader.init(URLSession.shared)`):
  /// a mock, stub, fake, spy or dummy stands in for the code that would send requests, and
  /// takes the session only because the real type's initializer does.
  static func isHandedToDouble(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
    let qualified = index >= 2 && model.token(index - 1, is: ".") && model.token(index - 2, is: "Foundation")
    return isHandedToDouble(value: (qualified ? index - 2 : index)..<(index + 3), in: code, model: model)
  }

  /// Whether the tokens of `value` are the whole value of an argument of a test double's
  /// initializer (`isHandedToDouble(_:in:model:)`; `MockClient(session: .shared)` too).
  static func isHandedToDouble(value: Range<Int>, in code: TestCode, model: FileModel) -> Bool {
    let index = value.lowerBound
    for callIndex in code.calls {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(index), !call.isMacro,
        !call.isImplicitMember
      else { continue }
      let typeName =
        call.name == "init" && call.path.count >= 2 ? call.path[call.path.count - 2] : call.name
      guard typeName.first?.isUppercase == true, AssertionMatcher.isTestDouble(typeName) else {
        continue
      }
      if call.arguments.contains(where: { $0.value == value }) { return true }
    }
    return false
  }
}
