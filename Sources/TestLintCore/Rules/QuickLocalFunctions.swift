/// The functions declared inside one Quick `spec()`'s closures, and the calls in each (found
/// when first asked).
struct QuickLocalFunctions: Sendable {
  /// One `func name(...) { ... }`.
  struct Function: Sendable {
    /// Token index of `func`.
    var keyword: Int
    /// The name, backticks removed.
    var name: String
    /// Token range of the body's braces.
    var body: Range<Int>
    /// Whether it is a closure handed to a lazy wrapper (`let load = specVar { ... }`).
    var isWrapped = false
  }

  /// The declarations, in source order.
  let functions: [Function]
  /// The positions in `functions` of each name, in source order.
  let byName: [String: [Int]]
  /// The calls of each function (`nil` inside: none), once asked.
  private var callRanges: [Int: Range<Int>?] = [:]

  init(functions: [Function]) {
    self.functions = functions
    var byName: [String: [Int]] = [:]
    for (position, function) in functions.enumerated() {
      byName[function.name, default: []].append(position)
    }
    self.byName = byName
  }

  /// The calls from the first to the last of `specCalls` inside the function's body, if any.
  mutating func calls(of position: Int, among specCalls: Range<Int>, model: FileModel) -> Range<Int>? {
    if let known = callRanges[position] { return known }
    let body = functions[position].body
    let inside = specCalls.filter { body.contains(model.calls[$0].nameToken) }
    var range: Range<Int>?
    if let first = inside.first, let last = inside.last { range = first..<(last + 1) }
    callRanges[position] = range
    return range
  }
}
