// Parity fixture: operator functions whose names start with a dot (`.=`, `.==`). swiftc lexes a
// dot followed by operator characters as one operator, which may hold more dots; the function is
// named after it, not after the type around it.
import XCTest

infix operator .=: AssignmentPrecedence
infix operator .==: ComparisonPrecedence

struct Ledger {
  var total = 0

  struct Entry {
    var amount: Int

    static func .= (lhs: inout Entry, rhs: Int) {
      lhs.amount = rhs
    }

    static func .= <S: Sequence>(lhs: inout Entry, rhs: S) where S.Element == Int {
      lhs.amount = rhs.reduce(0, +)
    }

    static func .== (lhs: Entry, rhs: Int) -> Bool {
      lhs.amount == rhs
    }

    func doubled() -> Entry { Entry(amount: amount * 2) }
  }
}

final class LedgerTests: XCTestCase {
  func test_assignsThroughTheDotOperator() {
    var entry = Ledger.Entry(amount: 1)
    entry .= [2, 3]
    XCTAssertTrue(entry .== 5)
    XCTAssertEqual(entry.doubled().amount, 10)
  }
}
