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
    map(count: count, threads: threads, placing: placing) { index, _ in body(index) }
  }

  /// How many workers `map` runs for `count` jobs on up to `threads` threads.
  static func workers(count: Int, threads: Int) -> Int { max(1, min(threads, count)) }

  /// `map`, telling `body` which worker runs it (`0..<workers(count:threads:)`): a worker may
  /// use state of its own, which no other thread touches.
  static func map<T: Sendable>(
    count: Int, threads: Int, placing: [Int]? = nil, _ body: @Sendable (_ index: Int, _ worker: Int) -> T
  ) -> [T] {
    guard count > 0 else { return [] }
    let workers = workers(count: count, threads: threads)
    // The workers write each result straight into the array's storage (one slot each): no
    // second buffer to copy from, which for pass 1's one record per file was as large again.
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      let slots = Slots(base: buffer.baseAddress!)
      if workers == 1 {
        for index in 0..<count { slots.store(body(index, 0), at: placing?[index] ?? index) }
      } else {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          while true {
            let index = counter.next()
            guard index < count else { break }
            slots.store(body(index, worker), at: placing?[index] ?? index)
          }
        }
      }
      // Every slot is written: `placing` is a permutation, and `body` cannot throw.
      initialized = count
    }
  }
}

/// A shared index that each worker takes the next job from.
private final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
}

/// An array's uninitialized slots, each written once, by distinct workers, read after all
/// have finished.
private struct Slots<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>

  func store(_ value: T, at index: Int) { (base + index).initialize(to: value) }
}
