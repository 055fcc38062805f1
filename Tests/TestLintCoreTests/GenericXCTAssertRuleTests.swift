import TestLintCore
import XCTest

/// `generic_xctassert`: which calls are XCTest's own `XCTAssert`.
final class GenericXCTAssertRuleTests: XCTestCase {
  func test_moduleQualifiedCall_isReported() {
    let source = """
      import XCTest
      final class CartTests: XCTestCase {
        func test_total_isTen() {
          XCTest.XCTAssert(cart.total == 10)
          Custom.XCTAssert(cart.total == 10)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(GenericXCTAssertRule.self, [("CartTests.swift", source)]).map(\.line), [4],
      "'XCTest.XCTAssert' is XCTest's; another type's 'XCTAssert' is not")
  }

  /// Tuples are not `Equatable`: `XCTAssertEqual(range!, (9, 10))` does not compile, so the
  /// finding asks for a message instead.
  func test_comparisonWithTupleLiteral_asksForMessage() {
    let source = """
      import XCTest
      final class RangeTests: XCTestCase {
        func test_range_isNineToTen() {
          XCTAssert(fetcher.range(to: 10, window: 2)! == (9, 10))
          XCTAssert((low, high) == pair)
          XCTAssert(point != (x: 1, y: 2))
          XCTAssert(pair == ((1, "a")))
          XCTAssert(pair < (1, 2))
          XCTAssert(value == ())
          XCTAssertTrue(pair == (1, "a"))
          XCTAssert(pair == nil)
          XCTAssert((low) == high)
          XCTAssert(range(low, high) == expected)
          XCTAssert((low, high).0 == 1)
        }
      }
      """
    let findings = InMemoryLint.findings(GenericXCTAssertRule.self, [("RangeTests.swift", source)])
    XCTAssertEqual(
      findings.filter { $0.message.hasPrefix("give 'XCTAssert' a message") }.map(\.line), [4, 5, 6, 7, 8, 9],
      "a tuple literal or '()' on either side has no 'Equatable' assertion")
    XCTAssertEqual(findings.map(\.line), [4, 5, 6, 7, 8, 9, 11, 12, 13, 14])
  }

  /// Metatypes are not `Equatable` either; a value's `.self` and a metatype's member are.
  func test_metatypeComparison_asksForMessage() {
    let source = """
      import XCTest
      final class KindTests: XCTestCase {
        func test_kind_isCart() {
          XCTAssert(type(of: cart) == Cart.self)
          XCTAssert(kind != [Int].self)
          XCTAssert(Swift.Int.self == kind)
          XCTAssert(cart.self == other)
          XCTAssert(type(of: cart).name == "Cart")
          XCTAssert(type(of: cart) === Cart.self)
        }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(GenericXCTAssertRule.self, [("KindTests.swift", source)]).map(\.message),
      Array(repeating: "give 'XCTAssert' a message; a tuple, '()' or a metatype is not 'Equatable', so 'XCTAssertEqual' does not take it", count: 3)
        + ["use 'XCTAssertEqual' instead of 'XCTAssert' with '=='", "use 'XCTAssertEqual' instead of 'XCTAssert' with '=='",
          "use 'XCTAssertIdentical' instead of 'XCTAssert' with '==='"],
      "'XCTAssertEqual' takes no metatype; 'XCTAssertIdentical' takes what '===' takes")
  }
}

extension GenericXCTAssertRuleTests {
  /// Held-out set 14: a class looked up at run time is a metatype too, and so is a name the
  /// file declares as one; a name declared otherwise, or not at all, may be `Equatable`.
  func test_classLookedUpAtRunTime_asksForMessage() {
    let source = """
      import XCTest
      final class RegistryTests: XCTestCase {
        var storedKind: AnyClass?
        func test_kind_isRegistered() {
          let found: AnyObject.Type = registry.kind(for: "Cart")
          let looked = object_getClass(cart)
          let label = registry.label(for: "Cart")
          XCTAssert(registry.modelClass == NSClassFromString(modelName))
          XCTAssert(found == self.storedKind!)
          XCTAssert(looked != Cart.kind)
          XCTAssert(label == "Cart")
          XCTAssert(registry.modelClass == expectedKind)
        }
      }
      """
    let messages = InMemoryLint.findings(GenericXCTAssertRule.self, [("RegistryTests.swift", source)])
      .map(\.message)
    XCTAssertEqual(
      messages,
      Array(repeating: "give 'XCTAssert' a message; a tuple, '()' or a metatype is not 'Equatable', so 'XCTAssertEqual' does not take it", count: 3)
        + ["use 'XCTAssertEqual' instead of 'XCTAssert' with '=='", "use 'XCTAssertEqual' instead of 'XCTAssert' with '=='"])
  }
}
