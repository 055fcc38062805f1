/// Counts things in a body the way one build sees them: a conditional-compilation chain
/// (`#if` ... `#elseif` ... `#else` ... `#endif`) counts as its largest branch, since no build
/// compiles more than one of its branches; nested chains count the same way inside the branch
/// that holds them.
///
/// Fed in source order: `directive(_:)` at each directive line, `add()` for each thing counted.
/// Chains live on an explicit stack (no recursion on the input's nesting). A directive without
/// its chain in the body (an `#else` or `#endif` of a chain opened before it) is passed over, and
/// a chain still open at the end closes there.
struct BranchTally {
  /// The count outside any chain.
  private var total = 0
  /// The open chains, innermost last: the largest branch closed so far and the current one.
  private var chains: [(largest: Int, current: Int)] = []

  /// Counts `count` more things at the current place.
  mutating func add(_ count: Int = 1) {
    if chains.isEmpty {
      total += count
    } else {
      chains[chains.count - 1].current += count
    }
  }

  /// Reads a directive line.
  mutating func directive(_ kind: Directive.Kind) {
    switch kind {
    case .if:
      chains.append((0, 0))
    case .elseif, .else:
      guard let chain = chains.popLast() else { return }
      chains.append((max(chain.largest, chain.current), 0))
    case .endif:
      guard let chain = chains.popLast() else { return }
      add(max(chain.largest, chain.current))
    }
  }

  /// The count, every chain closed.
  mutating func finish() -> Int {
    while !chains.isEmpty { directive(.endif) }
    return total
  }

  /// How many of `positions` (ascending) a build sees, given the directives among them: a
  /// directive placed at `position(directive)` comes before a thing at that position or later.
  static func count(
    _ positions: [Int], directives: ArraySlice<Directive>, position: (Directive) -> Int
  ) -> Int {
    var tally = BranchTally()
    var next = directives.startIndex
    for item in positions {
      while next < directives.endIndex, position(directives[next]) <= item {
        tally.directive(directives[next].kind)
        next += 1
      }
      tally.add()
    }
    return tally.finish()
  }
}

extension FileModel {
  /// The directive lines inside a body (its `{`...`}` token range), between its braces.
  func directives(in body: Range<Int>) -> ArraySlice<Directive> {
    guard !directives.isEmpty, body.count > 2 else { return [] }
    // The first directive placed after the opening brace, by binary search.
    var low = 0
    var high = directives.count
    while low < high {
      let middle = (low + high) / 2
      if directives[middle].token <= body.lowerBound { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < directives.count, directives[end].token <= body.upperBound - 1 { end += 1 }
    return directives[low..<end]
  }
}
