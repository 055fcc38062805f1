/// `URLSession.shared` handed to a test double's initializer: a double sends no request.
extension RealNetworkInTestRule {
  /// Whether `URLSession.shared` at `index` (or `Foundation.URLSession.shared` ending there) is
  /// the whole value of an argument of an initializer of a type named as a test double
  /// (`MockWeatherClient(session: URLSession.shared)`, `StubLoader.init(URLSession.shared)`):
  /// a mock, stub, fake, spy or dummy stands in for the code that would send requests, and
  /// takes the session only because the real type's initializer does.
  static func isHandedToDouble(_ index: Int, in code: TestCode, model: FileModel) -> Bool {
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
      for argument in call.arguments where argument.value.upperBound == index + 3 {
        let first = argument.value.lowerBound
        if first == index || first == index - 2 && model.token(first, is: "Foundation") {
          return true
        }
      }
    }
    return false
  }
}
