// Parity fixture: an extension whose generic arguments span lines (`Pair<\n  A,\n  B\n>`). The
// `>` alone on its line closes them; the compiler names the extension without the line breaks.
import Testing

struct Pair<First, Second> {
  var first: First?
  var second: Second?
}

enum Catalog {
  enum Shelf: Hashable { case top }
  enum Book: Hashable { case novel }
}

extension Pair<
  Catalog.Shelf,
  Catalog.Book
> {
  init(shelf: Catalog.Shelf) {
    self.init(first: shelf, second: nil)
  }

  func isShelved() -> Bool { first != nil }
}

@Suite struct PairTests {
  @Test func shelvesABook() {
    #expect(Pair(shelf: .top).isShelved())
  }
}
