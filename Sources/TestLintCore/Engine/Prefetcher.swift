#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Asks the kernel to start reading the files pass 1 is about to read, a few files ahead of the
/// workers, from a thread of its own.
///
/// On a machine whose page cache does not hold the tree (a CI runner, a cold checkout, a
/// kernel that reclaims file pages early), a worker's `read` waits for the disk about one file
/// in six, and with two workers that wait is wall time lost. `posix_fadvise(WILLNEED)` starts
/// the read without waiting for it, so by the time a worker opens the file its pages are (being)
/// read. Only on Linux, and only for runs of many files: one file (an editor's save) gains
/// nothing and would pay for the thread.
final class Prefetcher: @unchecked Sendable {
  /// How many files ahead of the workers it advises.
  static let window = 48
  /// Fewer files than this are not worth a thread.
  static let minimumFiles = 64

  private let paths: [String?]
  private let reached = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  #if os(Linux)
    private var thread = pthread_t()
  #endif

  /// Starts advising `paths` in order (nil: a file that will not be read); nil when not worth it.
  init?(paths: [String?]) {
    #if os(Linux)
      guard paths.count >= Self.minimumFiles else { return nil }
      self.paths = paths
      let context = Unmanaged.passRetained(self).toOpaque()
      let started = pthread_create(
        &thread, nil,
        { context in
          let prefetcher = Unmanaged<Prefetcher>.fromOpaque(context!).takeRetainedValue()
          prefetcher.advise()
          return nil
        }, context)
      guard started == 0 else {
        Unmanaged<Prefetcher>.fromOpaque(context).release()
        return nil
      }
    #else
      return nil
    #endif
  }

  /// A worker took the file at `position` of the read order.
  func reach(_ position: Int) {
    if position > reached.load(ordering: .relaxed) { reached.store(position, ordering: .relaxed) }
  }

  /// Stops advising and waits for the thread to end.
  func stop() {
    stopped.store(true, ordering: .relaxed)
    #if os(Linux)
      pthread_join(thread, nil)
    #endif
  }

  private func advise() {
    #if os(Linux)
      var next = 0
      while next < paths.count, !stopped.load(ordering: .relaxed) {
        if next >= reached.load(ordering: .relaxed) + Self.window {
          usleep(200)
          continue
        }
        if let path = paths[next] {
          // Non-blocking: a named pipe without a writer must not hold the thread.
          let descriptor = open(path, O_RDONLY | O_NONBLOCK)
          if descriptor >= 0 {
            _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_WILLNEED))
            close(descriptor)
          }
        }
        next += 1
      }
    #endif
  }
}
