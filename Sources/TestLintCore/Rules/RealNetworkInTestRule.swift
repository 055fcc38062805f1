/// Unit tests do not reach the real network: no shared or default `URLSession`, no
/// `Data(contentsOf:)` of a web address.
public struct RealNetworkInTestRule: Rule {
  public static let description = RuleDescription(
    id: "real_network_in_test",
    summary:
      "a unit test uses the real network: 'URLSession.shared', a default session or 'Data(contentsOf:)' of a web URL",
    defaultSeverity: .warning,
    options: [
      OptionSpec(
        name: "allowed_paths", kind: .strings,
        defaultValue: .strings(RealNetworkInTestRule.defaultAllowedPaths),
        summary:
          "globs of files (UI, integration, end-to-end tests) where the real network is allowed")
    ])

  /// UI, integration and end-to-end test folders and files.
  public static let defaultAllowedPaths = [
    "**/*UITests/**", "**/*UITest/**", "**/*IntegrationTests/**", "**/Integration/**", "**/*E2E*/**",
    "**/*UITests.swift", "**/*IntegrationTests.swift",
  ]

  private let allowed: [Glob]

  public init(options: RuleOptions) {
    // Without case: a gray-box target is as often `GrayBoxUiTests` as `GrayBoxUITests`.
    allowed = options.strings("allowed_paths").map { Glob($0.lowercased()) }
  }

  public func check(_ context: RuleContext) -> [Violation] {
    let model = context.model
    var violations: [Violation] = []
    // The test code each finding was found in (index into `units`).
    var foundIn: [Int] = []
    var reported: Set<Int> = []
    let tokens = model.tokens
    let sessionLength = Int32("URLSession".utf8.count)
    let labelLength = Int32("session".utf8.count)
    let units = context.testCodeWithHelpers()
    for (unit, code) in units.enumerated() {
      lazy var test = context.testName(code.test)
      // Most tokens are rejected by their kind and length before `isSharedSession` (or, for
      // `Client(session: .shared)`, the shared session handed over as an implicit member,
      // `isSharedSessionArgument`) reads more.
      for index in code.tokens where index < tokens.count && tokens[index].kind == .identifier {
        let length = tokens[index].end - tokens[index].start
        let reportedAt: Int
        if length == sessionLength {
          guard Self.isSharedSession(index, in: model), reported.insert(index).inserted else { continue }
          if Self.isCompared(index, calls: code.calls, in: model)
            || Self.sendsNoRequest(index, in: code, model: model)
            || Self.isBoundOnlyForAssertions(index, in: code, model: model)
          {
            continue
          }
          reportedAt = index
        } else if length == labelLength {
          guard Self.isSharedSessionArgument(index, in: model), reported.insert(index + 2).inserted
          else { continue }
          // As `URLSession.shared` is: not when handed to a double or to an initializer whose
          // result is only read, or only asserted on.
          let value = (index + 2)..<(index + 4)
          if Self.isHandedToDouble(value: value, in: code, model: model)
            || Self.isHandedToReadOnlyResult(value: value, in: code, model: model)
            || Self.isAssertedValue(value.lowerBound, last: value.upperBound - 1, calls: code.calls, in: model)
          {
            continue
          }
          reportedAt = index + 2
        } else {
          continue
        }
        violations.append(
          Violation(offset: model.offset(reportedAt), message: Messages.shared, test: test))
        foundIn.append(unit)
      }
      for callIndex in code.calls {
        // Only `URLSession(...)` and `Data(...)` calls can be reported, and the name is read in
        // place: copying every `Call` out (and remembering it) costs more. A call's name token
        // is followed by its arguments, never by `.shared`, so the set of reported tokens the
        // loop above reads is the same.
        switch RuleText.firstNameByte(ofCall: callIndex, in: model) {
        case UInt8(ascii: "U"), UInt8(ascii: "D"), 0x80...: break
        default: continue
        }
        let name = model.calls[callIndex].name
        guard name == "URLSession" || name == "Data" else { continue }
        let call = model.calls[callIndex]
        guard !call.hasExpressionBase, !call.isImplicitMember, !call.isMacro,
          reported.insert(call.nameToken).inserted
        else { continue }
        if Self.isDefaultSession(call, in: model) {
          if Self.defaultSessionSendsNothing(call, in: code, model: model) { continue }
          violations.append(
            Violation(
              offset: model.offset(call.nameToken), message: Messages.defaultSession, test: test))
          foundIn.append(unit)
        } else if let address = Self.webAddress(call, in: model) {
          violations.append(
            Violation(
              offset: model.offset(call.nameToken), message: Messages.contents(address), test: test)
          )
          foundIn.append(unit)
        }
      }
    }
    // A UI test drives the app, which talks to whatever server it is configured for; a file
    // that installs a global stub (a registered `URLProtocol`, OHHTTPStubs, Mocker) stubs the
    // shared and default sessions too.
    if !violations.isEmpty, Self.drivesAppOrStubsNetwork(model) { return [] }
    if !violations.isEmpty {
      let local = Self.localServerUnits(units, found: Set(foundIn), in: context)
      violations = zip(violations, foundIn).filter { !local.contains($0.1) }.map(\.0)
    }
    // Asked last, and only when there is something to report: matching the path against each
    // glob costs more than looking through the tests of most files.
    if !violations.isEmpty {
      let path = model.source.path.lowercased()
      if allowed.contains(where: { $0.matches(path) }) { return [] }
    }
    return violations
  }

  /// Whether the file launches the app under test (`XCUIApplication`) or installs a global
  /// network stub (also a `stub(...)` call through a receiver named `stubbing`:
  /// `network.stubbing.stub(urlPattern: ...)`, a test framework's stubbing facade, or a static
  /// method called on the test's own `URLProtocol` subclass: `MockURLProtocol.startInterceptingRequests()`).
  static func drivesAppOrStubsNetwork(_ model: FileModel) -> Bool {
    if model.imports.contains(where: { Self.stubbingModules.contains($0.module) }) { return true }
    let tokens = model.tokens
    return tokens.indices.contains { index in
      guard tokens[index].kind == .identifier else { return false }
      let name = model.text(index)
      if Self.stubbingNames.contains(name) { return true }
      guard index + 3 < tokens.count, tokens[index + 1].kind == .dot, tokens[index + 3].kind == .leftParen
      else { return false }
      // A stubbing facade, or a static method of the test's own `URLProtocol` subclass
      // (`MockURLProtocol.startInterceptingRequests()`, declared in another file, registers it).
      return name == "stubbing" && model.text(index + 2) == "stub"
        || name.hasSuffix("URLProtocol") && name != "URLProtocol"
    }
  }

  private static let stubbingModules: Set<String> = [
    "OHHTTPStubs", "OHHTTPStubsSwift", "Mocker", "Mockingjay", "Hippolyte",
  ]
  private static let stubbingNames: NameSet = [
    "XCUIApplication", "registerClass", "HTTPStubs", "OHHTTPStubs", "HTTPStubsResponse",
  ]

  /// Whether `URLSession.shared` at `index` is only compared (`session === URLSession.shared`,
  /// `XCTAssertIdentical(session, URLSession.shared)`): a check of the default, not a request.
  static func isCompared(_ index: Int, calls: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    let comparisons: Set<String> = ["===", "!==", "==", "!="]
    if index > 0, tokens[index - 1].kind == .operator, comparisons.contains(model.text(index - 1)) {
      return true
    }
    let after = index + 3
    if after < tokens.count, tokens[after].kind == .operator,
      comparisons.contains(model.text(after))
    {
      return true
    }
    for callIndex in calls.reversed() {
      let call = model.calls[callIndex]
      guard let parentheses = call.parentheses, parentheses.contains(index) else { continue }
      if call.name.hasPrefix("XCTAssert") || call.name == "#expect" || call.name == "expect" { return true }
      break
    }
    // Deeper in an assertion: `expect(client.session).to(equal(URLSession.shared))`.
    return isAssertedValue(index, last: index + 2, calls: calls, in: model)
  }

  /// `URLSession.shared` (or `Foundation.URLSession.shared`) starting at `index`.
  static func isSharedSession(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard index + 2 < tokens.count, tokens[index].kind == .identifier,
      tokens[index + 1].kind == .dot,
      tokens[index + 2].kind == .identifier, model.token(index, is: "URLSession"),
      model.token(index + 2, is: "shared")
    else { return false }
    if index > 0, tokens[index - 1].kind == .dot {
      return index >= 2 && model.token(index - 2, is: "Foundation")
    }
    return true
  }

  /// An argument labelled `session:` whose value is the implicit member `.shared` alone
  /// (`HTTPClient(session: .shared)`), read as `URLSession.shared` handed to the client: the
  /// token `session` at `index`, then `:`, `.`, `shared` and `,` or `)`.
  static func isSharedSessionArgument(_ index: Int, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard index > 0, index + 4 < tokens.count, model.token(index, is: "session"),
      tokens[index - 1].kind == .leftParen || tokens[index - 1].kind == .comma,
      tokens[index + 1].kind == .colon, tokens[index + 2].kind == .dot,
      model.token(index + 3, is: "shared"),
      tokens[index + 4].kind == .rightParen || tokens[index + 4].kind == .comma
    else { return false }
    return true
  }

  /// `URLSession(configuration: .default)` or `URLSession(configuration: URLSessionConfiguration.default)`.
  static func isDefaultSession(_ call: Call, in model: FileModel) -> Bool {
    guard call.name == "URLSession",
      call.path.count == 1 || call.path == ["Foundation", "URLSession"],
      let first = call.arguments.first, first.label == "configuration"
    else { return false }
    let value = model.text(tokens: first.value).filter { !$0.isWhitespace }
    return value == ".default" || value == "URLSessionConfiguration.default"
  }

  /// The web address `Data(contentsOf:)` reads, when its argument holds a URL literal that is
  /// not a file URL: `Data(contentsOf: URL(string: "https://example.com")!)`.
  static func webAddress(_ call: Call, in model: FileModel) -> String? {
    guard call.name == "Data", call.path.count == 1 || call.path == ["Foundation", "Data"],
      let first = call.arguments.first, first.label == "contentsOf"
    else { return nil }
    for index in first.value where model.tokens[index].kind == .string {
      let content = StringLiteral.content(model.text(index))
      guard let schemeEnd = content.range(ofText: "://") else { continue }
      let scheme = content[..<schemeEnd.lowerBound].lowercased()
      guard !scheme.isEmpty, scheme != "file",
        scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
      else { continue }
      return content
    }
    return nil
  }
}

extension RealNetworkInTestRule {
  fileprivate enum Messages {
    static let shared =
      "inject a session whose requests are stubbed (a mock or a 'URLProtocol' stub) instead of 'URLSession.shared'"
    static let defaultSession =
      "stub the session's requests (set 'protocolClasses' on the configuration) or inject a mock instead of a default 'URLSession'"
    static func contents(_ address: String) -> String {
      "load test data from a bundled file or a stub instead of 'Data(contentsOf:)' of '\(address)'"
    }
  }
}
