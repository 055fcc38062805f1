import XCTest

@testable import TestLintCore

/// The "did you mean" distance: a limit changes no distance within it.
final class EditDistanceTests: XCTestCase {
  func test_limitedDistance_equalsTheFullOneWithinTheLimit() {
    var generator = SystemRandomNumberGenerator()
    let letters = Array("ab_cé")
    for _ in 0..<2_000 {
      let a = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
      let b = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
      let full = EditDistance.between(a, b)
      let limited = EditDistance.between(a, b, limit: 3)
      XCTAssertEqual(limited, min(full, 4), "\(a) / \(b)")
    }
  }

  func test_knownWordPairs_haveTheirDistances() {
    XCTAssertEqual(EditDistance.between("kitten", "sitting"), 3)
    XCTAssertEqual(EditDistance.between("", "abc"), 3)
    XCTAssertEqual(EditDistance.between("missing_asertion", "missing_assertion", limit: 3), 1)
    XCTAssertEqual(EditDistance.between("flaw", "lawn", limit: 1), 2)
  }

  func test_longUnknownRuleID_hasNoSuggestion() {
    XCTAssertNil(RuleRegistry.closestID(to: String(repeating: "missing_assertion", count: 200)))
    XCTAssertEqual(RuleRegistry.closestID(to: "missing_asserts"), "missing_assertion")
    XCTAssertNil(RuleRegistry.closestID(to: "missing_assertXXXX"))
  }
}
