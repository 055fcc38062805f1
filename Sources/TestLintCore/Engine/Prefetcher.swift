#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the files pass 1 is about to lint, a few files ahead of the workers, on a thread of
/// its own, and hands their bytes to the worker that takes each file.
///
/// On a machine whose page cache does not hold the tree (a CI runner, a cold checkout, a
/// kernel that reclaims file pages early), a worker's `read` waits for the disk about one file
/// in six, and with two workers that wait is wall time lost; the reader waits instead, while
/// the workers lint. The reader calls the same `load` a worker would, so what a worker gets
/// (bytes or the error) is the same; a file the reader has not reached yet, or whose bytes it
/// kept too late, the worker reads itself. Memory: at most `window` files' bytes wait. Only for
/// runs of many files: one file (an editor's save) gains nothing and would pay for the thread.
final class Prefetcher: @unchecked Sendable {
  /// How many files ahead of the workers it reads.
  static let window = 32
  /// How many files ahead of the workers it starts reading.
  static let lead = 4
  /// Fewer files than this are not worth a thread.
  static let minimumFiles = 64

  private struct State {
    /// Positions the workers have started, as the highest one + 1.
    var reached = 0
    var ready: [Int: Result<[UInt8], Diagnostic>] = [:]
    var stopped = false
  }

  private let entries: [FileEntry?]
  private let load: @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]
  private let state = Locked(State())
  private var thread = pthread_t()

  /// Starts reading `entries` in order (nil: a file that will not be read); nil when not
  /// worth it.
  init?(entries: [FileEntry?], load: @escaping @Sendable (FileEntry) throws(Diagnostic) -> [UInt8]) {
    guard entries.count >= Self.minimumFiles else { return nil }
    self.entries = entries
    self.load = load
    let context = Unmanaged.passRetained(self).toOpaque()
    #if canImport(Glibc)
      let started = pthread_create(
        &thread, nil,
        { context in
          Unmanaged<Prefetcher>.fromOpaque(context!).takeRetainedValue().readAhead()
          return nil
        }, context)
    #else
      let started = pthread_create(
        &thread, nil,
        { context in
          Unmanaged<Prefetcher>.fromOpaque(context).takeRetainedValue().readAhead()
          return nil
        }, context)
    #endif
    guard started == 0 else {
      Unmanaged<Prefetcher>.fromOpaque(context).release()
      return nil
    }
  }

  /// A worker starts the file at `position`: its bytes (or error) if the reader has them.
  func take(_ position: Int) -> Result<[UInt8], Diagnostic>? {
    state.withLock { state in
      state.reached = max(state.reached, position + 1)
      return state.ready.removeValue(forKey: position)
    }
  }

  /// Stops reading and waits for the thread to end.
  func stop() {
    state.withLock { $0.stopped = true }
    pthread_join(thread, nil)
  }

  private func readAhead() {
    var next = 0
    while next < entries.count {
      let (reached, stopped) = state.withLock { ($0.reached, $0.stopped) }
      if stopped { return }
      // Behind the workers, or about to be caught up with: a file a worker starts before its
      // bytes are in is read twice, so the reader keeps a few files' lead.
      if next < reached + Self.lead {
        next = reached + Self.lead
        continue
      }
      if next >= reached + Self.window {
        usleep(500)
        continue
      }
      if let entry = entries[next] {
        let result: Result<[UInt8], Diagnostic>
        do throws(Diagnostic) { result = .success(try load(entry)) } catch { result = .failure(error) }
        state.withLock { state in
          // A worker that started this file meanwhile read it itself.
          if next >= state.reached { state.ready[next] = result }
        }
      }
      next += 1
    }
  }
}
