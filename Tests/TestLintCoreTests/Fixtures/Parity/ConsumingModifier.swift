// Parity fixture: `__consuming`, the older spelling of the `consuming` modifier (the standard
// library's and swift-collections' style), starts a declaration: the function after it was
// read as part of a statement and lost.
struct Bag<Element: Hashable> {
  var items: [Element]

  __consuming func merging<S: Sequence>(
    _ other: __owned S
  ) -> Bag where S.Element == Element {
    Bag(items: items + Array(other))
  }

  __consuming func makeIterator() -> IndexingIterator<[Element]> {
    items.makeIterator()
  }

  func count() -> Int { items.count }
}
