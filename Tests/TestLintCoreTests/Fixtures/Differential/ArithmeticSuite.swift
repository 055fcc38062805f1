import Testing
@testable import Calculator

@Test func additionIsCommutative() {
  #expect(add(2, 3) == add(3, 2))
}

@Test("division by zero throws", .tags(.errors))
func divisionByZero() throws {
  #expect(throws: CalculatorError.divisionByZero) {
    try divide(1, by: 0)
  }
}

@Suite("Arithmetic", .serialized)
struct ArithmeticTests {
  let calculator = Calculator()

  init() async throws {
    try await calculator.warmUp()
  }

  @Test(arguments: [(1, 1, 2), (2, 3, 5), (-1, 1, 0)])
  func adds(_ lhs: Int, _ rhs: Int, _ expected: Int) {
    #expect(calculator.add(lhs, rhs) == expected)
  }

  @Test(.disabled("flaky on CI"), .bug("https://example.com/issues/12"))
  func multipliesLargeNumbers() async throws {
    let result = try await calculator.multiply(Int.max, 2)
    #expect(result == nil)
  }

  @Suite struct Rounding {
    @Test(arguments: zip([1.4, 1.5, -1.5], [1.0, 2.0, -2.0]))
    func roundsHalfAwayFromZero(value: Double, expected: Double) {
      #expect(value.rounded() == expected)
    }

    @Test func roundsToPlaces() throws {
      let value = try #require(Decimal(string: "1.005"))
      #expect(Calculator.round(value, places: 2) == Decimal(string: "1.01"))
    }
  }
}

@MainActor
@Suite final class DisplayTests {
  var display: Display

  init() {
    display = Display(locale: Locale(identifier: "de_DE"))
  }

  deinit {}

  @Test func formatsThousands() {
    #expect(display.format(1234.5) == "1.234,5")
  }
}

actor History {
  private var entries: [String] = []

  func record(_ entry: String) {
    entries.append(entry)
  }

  nonisolated func describe() -> String { "History" }
}

extension ArithmeticTests {
  @Test func subtractsNegative() {
    #expect(calculator.subtract(1, -1) == 2)
  }

  func helper(_ values: Int...) -> Int {
    values.reduce(0, +)
  }
}

extension Tag {
  @Tag static var errors: Self
}

enum CalculatorError: Error, Equatable {
  case divisionByZero
  case overflow(Int)

  var localizedDescription: String {
    switch self {
    case .divisionByZero: "division by zero"
    case .overflow(let value): "overflow at \(value)"
    }
  }
}

func divide(_ lhs: Int, by rhs: Int) throws(CalculatorError) -> Int {
  guard rhs != 0 else { throw .divisionByZero }
  return lhs / rhs
}
