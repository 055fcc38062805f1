// Parity fixture: an operator function with a generic clause glued to its name, `==<T>`: swiftc
// names the operator `==` and reads `<T>` as its generic parameters.
struct Box<Value> {
  var value: Value

  static func ==<Other: Equatable>(lhs: Box<Other>, rhs: Box<Other>) -> Bool {
    lhs.value == rhs.value
  }

  static func <(lhs: Box, rhs: Box) -> Bool { false }

  static func <<<T>(lhs: Box, rhs: T) -> Box { lhs }
}
