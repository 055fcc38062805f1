import Dispatch
import Synchronization

/// Runs independent jobs on several threads and returns results in input order.
enum Parallel {
  /// Calls `body` for every index in `0..<count` on up to `threads` threads.
  static func map<T: Sendable>(count: Int, threads: Int, _ body: @Sendable (Int) -> T) -> [T] {
    map(count: count, threads: threads) { index, _ in body(index) }
  }

  /// How many workers `map` runs for `count` jobs on up to `threads` threads.
  static func workers(count: Int, threads: Int) -> Int { max(1, min(threads, count)) }

  /// `map`, telling `body` which worker runs it (`0..<workers(count:threads:)`): a worker may
  /// use state of its own, which no other thread touches.
  static func map<T: Sendable>(
    count: Int, threads: Int, _ body: @Sendable (_ index: Int, _ worker: Int) -> T
  ) -> [T] {
    guard count > 0 else { return [] }
    // The workers write each result straight into the array's storage (one slot each): no
    // second buffer to copy from.
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      let slots = Slots(base: buffer.baseAddress!)
      forEach(count: count, threads: threads) { index, worker in
        slots.store(body(index, worker), at: index)
      }
      // Every slot is written: `body` cannot throw.
      initialized = count
    }
  }

  /// Calls `body` for every index in `0..<count` on up to `threads` threads, telling it which
  /// worker runs it (as `map`), for work that keeps its results itself.
  static func forEach(count: Int, threads: Int, _ body: @Sendable (_ index: Int, _ worker: Int) -> Void) {
    guard count > 0 else { return }
    let workers = workers(count: count, threads: threads)
    if workers == 1 {
      for index in 0..<count { body(index, 0) }
      return
    }
    let counter = AtomicCount()
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      while true {
        let index = counter.add(1)
        guard index < count else { break }
        body(index, worker)
      }
    }
  }
}

/// A count several threads add to: the shared index each worker takes the next job from, the
/// bytes a batch of workers made.
final class AtomicCount: Sendable {
  private let count = Atomic<Int>(0)
  /// Adds `amount`; returns the count before.
  @discardableResult
  func add(_ amount: Int) -> Int { count.add(amount, ordering: .relaxed).oldValue }
  var value: Int { count.load(ordering: .relaxed) }
  func reset() { count.store(0, ordering: .relaxed) }
}

/// An array's uninitialized slots, each written once, by distinct workers, read after all
/// have finished.
private struct Slots<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>

  func store(_ value: T, at index: Int) { (base + index).initialize(to: value) }
}
