/// A request of the shared session whose own argument names a loopback host
/// (`URLSession.shared.data(for: URLRequest(url: URL(string: "https://127.0.0.1")!))`), in a
/// test that also names another host: that request stays on the test's machine.
extension RealNetworkInTestRule {
  /// Whether the argument tokens `range` of a load hold a URL string literal whose host is a
  /// loopback one (`localhost`, `127.0.0.1`, `[::1]`) and no URL literal with another host (an
  /// interpolated host is another).
  static func namesOnlyLoopbackHost(_ range: Range<Int>, in model: FileModel) -> Bool {
    var loopback = false
    for index in range where model.tokens[index].kind == .string {
      guard let host = host(ofURL: StringLiteral.content(model.text(index))) else { continue }
      guard isLoopback(host) else { return false }
      loopback = true
    }
    return loopback
  }
}
