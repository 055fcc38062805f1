// Parity fixture: operator declarations (`infix operator +^`) end their line with the operator
// they name. That operator must not carry the line into the next declaration: the extension
// after them and its functions, and the operator functions after the later ones (`func < <T>`,
// `func ??? <T>`, a postfix `%`) are the compiler's declarations too.
import XCTest

struct Offset {
  var value: Double
}

infix operator +^
infix operator -^

extension Offset {
  static func /(lhs: Offset, rhs: Double) -> Offset { Offset(value: lhs.value / rhs) }

  static func *(lhs: Offset, rhs: Double) -> Offset { Offset(value: lhs.value * rhs) }

  static func +^(lhs: Offset, rhs: Double) -> Offset { Offset(value: lhs.value + rhs) }

  static func -^(lhs: Offset, rhs: Double) -> Offset { Offset(value: lhs.value - rhs) }

  func halved() -> Offset { self / 2 }
}

infix operator <
infix operator >

func < <T: Comparable>(lhs: T?, rhs: T?) -> Bool {
  switch (lhs, rhs) {
  case let (left?, right?): return left < right
  case (nil, _?): return true
  default: return false
  }
}

infix operator ???

func ??? <T>(value: T?, fallback: @autoclosure () async throws -> T) async rethrows -> T {
  if let value { return value }
  return try await fallback()
}

postfix operator %

/// A percentage as a fraction.
public postfix func %(input: Double) -> Double {
  input / 100
}

prefix operator √
infix operator **
  : MultiplicationPrecedence

func ** (lhs: Double, rhs: Double) -> Double { lhs * rhs }

final class OffsetTests: XCTestCase {
  func test_dividesAndShifts() {
    XCTAssertEqual((Offset(value: 4) / 2 +^ 1).value, 3)
    XCTAssertEqual(50%, 0.5)
  }
}
