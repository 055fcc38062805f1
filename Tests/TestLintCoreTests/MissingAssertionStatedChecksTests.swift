import XCTest

@testable import TestLintCore

/// `missing_assertion`: checks a test states without an assertion function (held-out set 17).
final class MissingAssertionStatedChecksTests: XCTestCase {
  /// `missing_assertion`'s findings (`path:line`) over these files, each order of reading.
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_testStoreMadeWithoutImport_asserts() {
    let source = """
      @testable import Garden
      import XCTest
      final class SprinklerTests: XCTestCase {
        var store: TestStoreOf<Sprinkler>!
        override func setUp() {
          store = TestStoreOf<Sprinkler>(initialState: .init()) { Sprinkler() }
        }
        func test_start_waters() async {
          await store.send(.start) { $0.isOn = true }
          await store.receive(.watered)
        }
        func test_stop_finishes() async {
          await store.finish()
        }
      }
      """
    XCTAssertEqual(findings(["SprinklerTests.swift": source]), [])
    // Without a store made in the file, `send` is anybody's method.
    let plain = source.replacingOccurrences(
      of: "TestStoreOf<Sprinkler>(initialState: .init()) { Sprinkler() }", with: "makeStore()")
    XCTAssertEqual(findings(["SprinklerTests.swift": plain]), ["SprinklerTests.swift:8", "SprinklerTests.swift:12"])
  }

  func test_crashInHelper_isNoCheck() {
    let source = """
      import Testing
      @Test func decodes() throws {
        try withFixture { url in
          guard case .object(let fields) = try Decoder.read(url) else { fatalError("not an object") }
          if fields.isEmpty { preconditionFailure("no fields") }
        }
      }
      @Test func decodesTheFixture() throws {
        _ = try Decoder.read(fixtureURL())
      }
      @Test func decodesTheNamedFixture() throws {
        guard let name = ProcessInfo.processInfo.environment["PLAN"] else { fatalError("set PLAN") }
        if let url = Bundle.module.url(forResource: name, withExtension: "json") {
          _ = try Decoder.read(url)
        } else {
          preconditionFailure("no \\(name).json")
        }
      }
      func fixtureURL() -> URL {
        guard let url = Bundle.module.url(forResource: "plan", withExtension: "json") else {
          fatalError("missing fixture")
        }
        return url
      }
      """
    XCTAssertEqual(findings(["DecoderTests.swift": source]), ["DecoderTests.swift:8", "DecoderTests.swift:11"])
  }

  func test_emptyGenericFunctionOfAnotherFile_checksAtCompileTime() {
    let tests = """
      import XCTest
      final class StreamTests: XCTestCase {
        func test_map_staysLazy() { requireLazy(numbers.lazy.map(double)) }
        func test_zip_keepsOrder() { requireOrdered(zip(a, b), by: ascending) }
        func test_filter_isKept() { keep(numbers.filter(isEven)) }
        func test_count_isUsed() { use(numbers.count) }
        func test_sum_isBoxed() { box(numbers.reduce(0, +)) }
      }
      """
    let support = """
      func requireLazy<S: LazySequenceProtocol>(_: S) {}
      func requireOrdered<S, Order>(_: S, by order: Order) where S: Sequence<Int>, Order: Comparing {}
      func keep<S>(_: S) {}
      func use(_: Int) {}
      func box<S: Numeric>(_ value: S) -> Box<S> { Box(value) }
      """
    // "A..." is read before "Z...": the tests are linted before the helpers are known.
    XCTAssertEqual(
      findings(["AStreamTests.swift": tests, "ZSupport.swift": support]),
      ["AStreamTests.swift:5", "AStreamTests.swift:6", "AStreamTests.swift:7"])
  }

  func test_compileTimeCheck_readsTheSignature() {
    let model = Scanner.scan(
      SourceFile(
        path: "Support.swift",
        text: """
          func requireLazy<S: LazySequenceProtocol>(_: S) {}
          func requireCollection<C>(_ value: C) -> Void where C: Collection {}
          func requireNested<S: Sequence<Array<Int>>>(_: S) {}
          func keep<S>(_: S) {}
          func use(_: Int) {}
          func requireType<T: Codable>(_: T.Type) {}
          func requireEmpty<T: Codable>() {}
          func requireBody<S: Sequence>(_ value: S) { print(value) }
          func sendableSink<T: Sendable>(_: T) {}
          func requireLater<T: Sendable>(_: T) async {}
          final class LedgerMock { func requireSaved<T: Codable>(_: T) {} }
          final class Checks { func ensureSendable<T: Sendable>(_: T) {} }
          """))
    XCTAssertEqual(
      model.functions.filter { CompileTimeCheck.isCheck($0, in: model) }.map(\.name),
      ["requireLazy", "requireCollection", "requireNested", "requireType", "ensureSendable"])
  }

  func test_compileGuardComments_countAsChecks() {
    let source = """
      import Testing
      @testable import Accounts

      @Suite struct AuthServiceTests {
        @Test func mock_isMadeAsService() {
          // A typed discard alone says nothing: most such tests are read-and-discard smoke tests.
          let _: any AuthService = MockAuthService()
        }
        @Test func start_takesNoConfiguration() {
          // Compile-time guard: if the configuration parameter comes back, this call fails to
          // compile.
          _ = { (key: String) in Accounts.start(key: key) }
        }
        @Test func token_isSendable() {
          // Compiles only if Token is Sendable.
          takeSendable(Token())
        }
        @Test func token_isSendableType() {
          func requireSendable<T: Sendable>(_: T.Type) {}
          requireSendable(Token.self)
        }
        @Test func subclassing_compiles() {
          // The real test happens at compile time: the subclass must build.
          _ = MapSubclass()
        }
        @Test func signer_keepsItsSignature() {
          // The compile-time type check is the contract lock.
          let sign: (Data) -> Data = signer.sign
          _ = sign
        }
        @Test func thirdCase_isRejected() {
          // A third case is rejected at compile time.
          switch mode { case .a: break; case .b: break }
        }
        @Test func publicSurface_stillCompiles() {
          // Fails the build if the public surface no longer still compiles against 2.0.
          _ = Widget(title: "x")
        }
        @Test func untypedDiscard() {
          let _ = MockAuthService()
        }
        @Test func compileOnlyMentioned() {
          // Compile the fixture first.
          _ = Fixture()
        }
      }
      """
    XCTAssertEqual(findings(["AuthServiceTests.swift": source]), ["AuthServiceTests.swift:5", "AuthServiceTests.swift:39", "AuthServiceTests.swift:42"])
  }
}
