@testable import TestLintCore
import XCTest

/// Shapes that make a rule's work per file grow faster than the file: long chains of assertion
/// helpers, Quick specs with many examples and helpers declared in their closures. Each must
/// keep its findings and stay linear.
extension HostileInputTests {
  func test_chainOfTwentyThousandHelpers_countsTheAssertionAtItsEnd() {
    let length = 20_000
    var text = "import XCTest\nfinal class ChainTests: XCTestCase {\n"
    text += "  func test_chain_asserts() { step0() }\n"
    text += "  func test_chain_withoutAssertion() { idle0() }\n"
    for index in 0..<length {
      let next = index + 1 < length ? "step\(index + 1)()" : "XCTAssertTrue(flag)"
      let idle = index + 1 < length ? "idle\(index + 1)()" : "print(flag)"
      text += "  func step\(index)() { \(next) }\n  func idle\(index)() { \(idle) }\n"
    }
    text += "}\n"
    let run = lintInMemory(["ChainTests.swift": text], fix: false)
    let missing = run.result.findings.filter { $0.ruleID == "missing_assertion" }
    XCTAssertEqual(missing.map(\.test), ["ChainTests.test_chain_withoutAssertion"])
    XCTAssertLessThan(run.seconds, 20, "a chain must be followed once per test, not once per link")
  }

  func test_quickSpecWithThousandsOfExamples_readsItsLocalHelpersOnce() {
    let examples = 3_000
    var text = "import Quick\nimport Nimble\nfinal class ManySpec: QuickSpec {\n"
    text += "  override class func spec() {\n    describe(\"many\") {\n"
    text += "      func expectValid(_ value: Int) { expect(value).to(beGreaterThan(0)) }\n"
    text += "      func log(_ value: Int) { print(value) }\n"
    for index in 0..<examples {
      let body = index.isMultiple(of: 2) ? "expectValid(\(index + 1))" : "log(\(index))"
      text += "      it(\"checks \(index)\") { \(body) }\n"
    }
    text += "    }\n  }\n}\n"
    let run = lintInMemory(["ManySpec.swift": text], fix: false)
    let missing = run.result.findings.filter { $0.ruleID == "missing_assertion" }
    XCTAssertEqual(missing.count, examples / 2)
    XCTAssertEqual(missing.first?.test, "ManySpec.many, checks 1")
    XCTAssertLessThan(run.seconds, 20, "was quadratic: each example read the whole spec again")
  }
}
