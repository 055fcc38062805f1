/// Which same-file functions each function calls: `helper()`, `self.helper()`,
/// `Self.helper()`, `SomeTypeInThisFile.helper()`.
public struct CallGraph: Sendable {
  /// Functions with bodies, by name.
  public let functionsByName: [String: [Int]]
  let model: FileModel
  private let typeNames: Set<String>
  /// A bit for each ASCII byte some type name starts with (all bits when a name starts with
  /// another byte, which may spell the same Character as an ASCII letter and combining marks):
  /// most receivers (`sut.load()`) are told apart from every type without hashing them.
  private let typeNameStarts: (low: UInt64, high: UInt64)
  /// A bit for each ASCII byte some function name starts with (all bits as for
  /// `typeNameStarts`): most calls (`XCTAssertEqual`, `expect`) name no function of the file,
  /// and are told so without hashing their names.
  private let functionNameStarts: (low: UInt64, high: UInt64)

  /// Builds the graph of a file.
  public init(_ model: FileModel) {
    self.model = model
    var byName: [String: [Int]] = [:]
    byName.reserveCapacity(model.functions.count)
    var functionStarts: (low: UInt64, high: UInt64) = (0, 0)
    for index in model.functions.indices where model.functions[index].body != nil {
      let name = model.functions[index].name
      Self.addStart(of: name, to: &functionStarts)
      byName[name, default: []].append(index)
    }
    functionsByName = byName
    functionNameStarts = functionStarts
    typeNames = Set(model.types.map(\.simpleName))
    var typeStarts: (low: UInt64, high: UInt64) = (0, 0)
    for name in typeNames { Self.addStart(of: name, to: &typeStarts) }
    typeNameStarts = typeStarts
  }

  /// Sets the bit of the name's first byte; all bits for a name that does not start with an
  /// ASCII byte (it may spell the same first Character as an ASCII letter and combining marks).
  private static func addStart(of name: String, to starts: inout (low: UInt64, high: UInt64)) {
    guard let first = name.utf8.first, first < 0x80 else {
      starts = (.max, .max)
      return
    }
    if first < 64 { starts.low |= 1 << UInt64(first) } else { starts.high |= 1 << UInt64(first - 64) }
  }

  /// Whether a name may equal one whose first bytes `starts` holds: a name starting with an
  /// ASCII byte equals only names starting with the same byte.
  private static func mayStart(_ name: String, in starts: (low: UInt64, high: UInt64)) -> Bool {
    guard let first = name.utf8.first, first < 0x80 else { return true }
    let bits = first < 64 ? starts.low >> UInt64(first) : starts.high >> UInt64(first - 64)
    return bits & 1 != 0
  }

  /// Whether a call can name a function of this file.
  public func isLocal(_ call: Call) -> Bool {
    guard !call.hasExpressionBase, !call.isImplicitMember, !call.isMacro else { return false }
    let path = call.path
    return path.count == 1
      || (path.count == 2 && (path[0] == "self" || path[0] == "Self" || typeNames.contains(path[0])))
  }

  /// `isLocal(model.calls[index])`, reading the call in place (no copy of the `Call`).
  func isLocal(callAt index: Int) -> Bool {
    let calls = model.calls
    guard !calls[index].hasExpressionBase, !calls[index].isImplicitMember, !calls[index].isMacro
    else { return false }
    let count = calls[index].path.count
    if count == 1 { return true }
    guard count == 2 else { return false }
    let receiver = calls[index].path[0]
    if receiver == "self" || receiver == "Self" { return true }
    return Self.mayStart(receiver, in: typeNameStarts) && typeNames.contains(receiver)
  }

  /// `functionsByName[name]`, looked up only when the name's first byte fits a function of the
  /// file.
  func functions(named name: String) -> [Int]? {
    guard Self.mayStart(name, in: functionNameStarts) else { return nil }
    return functionsByName[name]
  }

  /// The functions a function calls directly.
  public func callees(of function: Int) -> [Int] {
    var result: [Int] = []
    for callIndex in model.functions[function].calls {
      guard isLocal(callAt: callIndex), let targets = functions(named: model.calls[callIndex].name)
      else { continue }
      result.append(contentsOf: targets)
    }
    return result
  }

  /// The same-file functions these calls reach, transitively (cycles are safe).
  public func reachable(fromCalls calls: Range<Int>) -> [Int] {
    var seen: Set<Int> = []
    var order: [Int] = []
    var queue: [Int] = []
    for callIndex in calls {
      guard isLocal(callAt: callIndex), let targets = functions(named: model.calls[callIndex].name)
      else { continue }
      for target in targets where seen.insert(target).inserted {
        order.append(target)
        queue.append(target)
      }
    }
    while let current = queue.popLast() {
      for target in callees(of: current) where seen.insert(target).inserted {
        order.append(target)
        queue.append(target)
      }
    }
    return order
  }

  /// The function and every same-file function it calls, transitively (cycles are safe).
  public func reachable(from start: Int) -> [Int] {
    var seen: Set<Int> = [start]
    var order = [start]
    var queue = [start]
    while let current = queue.popLast() {
      for target in callees(of: current) where !seen.contains(target) {
        seen.insert(target)
        order.append(target)
        queue.append(target)
      }
    }
    return order
  }

  /// For each function, the functions that call it.
  public func callers() -> [Int: [Int]] {
    var result: [Int: [Int]] = [:]
    for function in model.functions.indices {
      for callee in callees(of: function) { result[callee, default: []].append(function) }
    }
    return result
  }
}
