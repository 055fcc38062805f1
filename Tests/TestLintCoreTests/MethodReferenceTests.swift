import XCTest

@testable import TestLintCore

/// `missing_assertion`: a method of the file handed over as a value (`Store(reducer:
/// reducer.handle)`) is called by the code under test, and counts as a call of it.
final class MethodReferenceTests: XCTestCase {
  private static let trapHelperFile = """
    import XCTest
    extension XCTestCase {
      func expectCrash(_ body: @escaping () -> Void) {
        let crashed = expectation(description: "crash")
        body()
        wait(for: [crashed], timeout: 1)
      }
    }
    """

  private func findings(_ tests: String, line: UInt = #line) -> [String] {
    let sources = ["LedgerTests.swift": tests, "Support.swift": Self.trapHelperFile]
    return CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_methodHandedOver_countsAsItsCall() {
    let tests = """
      import XCTest
      final class LedgerTests: XCTestCase {
        func test_post_throughReceiver() {
          let reducer = ReentrantReducer()
          let ledger = Ledger(reducer: reducer.reduce, start: 0)
          ledger.post(1)
        }
        func test_post_throughSelf() {
          Ledger(reducer: self.checkBalance, start: 0).post(1)
        }
        func test_post_bareName() {
          Ledger(reducer: checkBalance, start: 0).post(1)
        }
        func test_post_typeMember() {
          Ledger(reducer: Rules.checkTotal, start: 0).post(1)
        }
        func checkBalance(_ value: Int) -> Int {
          XCTAssertGreaterThan(value, 0)
          return value
        }
      }
      final class ReentrantReducer {
        func reduce(_ value: Int) -> Int {
          XCTestCase().expectCrash { _ = value }
          return value
        }
      }
      enum Rules {
        static func checkTotal(_ value: Int) -> Int {
          XCTAssertEqual(value, 1)
          return value
        }
      }
      """
    XCTAssertEqual(findings(tests), [])
  }

  func test_valueOrNonCheckingMethod_isNoCheck() {
    let tests = """
      import XCTest
      final class LedgerTests: XCTestCase {
        func test_post_trapOnly() {
          Ledger(reducer: failingReduce, start: 0).post(1)
        }
        func test_post_plainMethod() {
          Ledger(reducer: identity, start: 0).post(1)
        }
        func test_post_localShadows() {
          let checkBalance: (Int) -> Int = { $0 }
          Ledger(reducer: checkBalance, start: 0).post(1)
        }
        func test_post_declarationsDisagree() {
          Ledger(reducer: reducer.settle, start: 0).post(1)
        }
        func test_post_called() {
          _ = checkBalance(1)
        }
        func failingReduce(_ value: Int) -> Int {
          XCTFail("must not reduce")
          return value
        }
        func identity(_ value: Int) -> Int { value }
        func checkBalance(_ value: Int) -> Int {
          XCTAssertGreaterThan(value, 0)
          return value
        }
      }
      final class StrictReducer {
        func settle(_ value: Int) -> Int { XCTAssertEqual(value, 1); return value }
      }
      final class LooseReducer {
        func settle(_ value: Int) -> Int { value }
      }
      """
    XCTAssertEqual(
      findings(tests), ["LedgerTests.swift:3", "LedgerTests.swift:6", "LedgerTests.swift:9", "LedgerTests.swift:13"])
  }
}

/// A method handed to a helper of another file.
extension MethodReferenceTests {
  func test_methodNamedLikeATestHandedToAnotherFilesHelper_countsAsItsCall() {
    // A `test...` method with a parameter is no test (XCTest runs only those taking none): it
    // is a check the helper runs for each group it reads.
    let support = """
      import XCTest
      extension XCTestCase {
        func forEachVectorGroup<Group: Decodable>(named name: String, run body: (Group) throws -> Void) throws {
          for group in try loadGroups(Group.self, named: name) { try body(group) }
        }
      }
      """
    let tests = """
      import XCTest
      final class SignatureTests: XCTestCase {
        func test_vectors_verify() throws {
          try forEachVectorGroup(
            named: "signatures",
            run: self.testSignatureGroup)
        }
        func test_vectors_plainGroup() throws {
          try forEachVectorGroup(named: "signatures", run: self.testPlainGroup)
        }
        private func testSignatureGroup(_ group: SignatureGroup) throws {
          for vector in group.vectors {
            XCTAssertEqual(try vector.verify(), vector.expected)
          }
        }
        private func testPlainGroup(_ group: SignatureGroup) throws {
          _ = group.vectors.count
        }
      }
      """
    for threads in [1, 2] {
      XCTAssertEqual(
        CalledHelpersTests.missingAssertions(
          in: ["Support/Vectors.swift": support, "SignatureTests.swift": tests], threads: threads),
        ["SignatureTests.swift:8 missing_assertion"])
    }
  }
}

/// A free function of another file handed over by its bare name.
extension MethodReferenceTests {
  func test_anotherFilesFunctionHandedByBareName_countsWhenItAsserts() {
    // As a call of it would: declarations that disagree (`verifySettled`) count as asserting; a
    // local or property of that name is a value; a name not read as a check's (`logReply`) is
    // not asked about.
    let support = """
      import XCTest
      func expectMissing(_ reply: Reply) throws { XCTAssertEqual(reply.code, 404) }
      func logReply(_ reply: Reply) { XCTAssertNotNil(reply.code) }
      func verifySettled(_ reply: Reply) { XCTAssertEqual(reply.code, 200) }
      """
    let other = """
      import XCTest
      func verifySettled(_ reply: Reply) { print(reply) }
      """
    let tests = """
      import XCTest
      final class ShelfTests: XCTestCase {
        let logged = false
        func test_unknownShelf_isMissing() throws {
          try server.send(.get, "/shelves/0", onReply: expectMissing)
        }
        func test_unknownShelf_isLogged() throws {
          try server.send(.get, "/shelves/0", onReply: logReply)
        }
        func test_unknownShelf_settles() throws {
          try server.send(.get, "/shelves/0", onReply: verifySettled)
        }
        func test_unknownShelf_settlesCalled() throws {
          try server.send(.get, "/shelves/0") { verifySettled($0) }
        }
        func test_localValue_isNoCheck() throws {
          let expectMissing = { (reply: Reply) in print(reply) }
          try server.send(.get, "/shelves/0", onReply: expectMissing)
        }
        func test_property_isNoCheck() throws {
          try server.send(.get, "/shelves/0", onReply: logged)
        }
      }
      """
    for threads in [1, 2] {
      XCTAssertEqual(
        CalledHelpersTests.missingAssertions(
          in: ["Support/Replies.swift": support, "Support/Other.swift": other, "ShelfTests.swift": tests],
          threads: threads),
        [
          "ShelfTests.swift:7 missing_assertion", "ShelfTests.swift:16 missing_assertion",
          "ShelfTests.swift:20 missing_assertion",
        ])
    }
  }
}
