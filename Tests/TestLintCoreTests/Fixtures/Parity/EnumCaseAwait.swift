// Parity fixture: `await` as an enum case name (a contextual keyword). After `case await` the
// next line starts a declaration; read as `await <expression>`, the initializer on it was lost.
enum MisspelledKeyword {
  case await

  init?(text: String) {
    guard text == "await" else { return nil }
    self = .await
  }

  case async

  func spelled() -> String { "await" }
}

func waits() async -> Int {
  let value = await
    compute()
  return value
}

func compute() async -> Int { 1 }
