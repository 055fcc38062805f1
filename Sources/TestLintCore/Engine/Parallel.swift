import Dispatch
import Synchronization

/// Runs independent jobs on several threads and returns results in input order.
enum Parallel {
  /// Calls `body` for every index in `0..<count` on up to `threads` threads.
  ///
  /// With `placing`, the result for index `i` goes to position `placing[i]` (a permutation of
  /// `0..<count`): jobs run in one order, results come in another, with no copy to reorder.
  static func map<T: Sendable>(
    count: Int, threads: Int, placing: [Int]? = nil, _ body: @Sendable (Int) -> T
  ) -> [T] {
    guard count > 0 else { return [] }
    let workers = max(1, min(threads, count))
    let results = ResultBuffer<T>(count: count)
    defer { results.deallocate() }
    if workers == 1 {
      for index in 0..<count { results.store(body(index), at: placing?[index] ?? index) }
    } else {
      let counter = Counter()
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          let index = counter.next()
          guard index < count else { break }
          results.store(body(index), at: placing?[index] ?? index)
        }
      }
    }
    return results.collect()
  }
}

/// A shared index that each worker takes the next job from.
private final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// Slots written once each, by distinct workers, read after all have finished.
private final class ResultBuffer<T>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<T?>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil, count: count)
  }

  func store(_ value: T, at index: Int) { slots[index] = value }

  /// The results, moved out (each slot is left empty): an array of exactly `count`, with
  /// no growth on the way.
  func collect() -> [T] {
    [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      for index in 0..<count {
        guard let value = slots[index].take() else { continue }
        (buffer.baseAddress! + initialized).initialize(to: value)
        initialized += 1
      }
    }
  }

  func deallocate() {
    slots.deinitialize(count: count)
    slots.deallocate()
  }
}
