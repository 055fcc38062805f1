#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Has the kernel start reading the files pass 1 is about to lint, a window of files ahead of
/// the workers, from a thread of its own.
///
/// On a machine whose page cache does not hold the tree (a CI runner, a cold checkout, a
/// kernel that reclaims file pages early), a worker's `read` waits for the disk, and with two
/// workers that wait is wall time lost. The reader asks for the next files
/// (`posix_fadvise(WILLNEED)`: the reads are started, not waited for, so the disk works on
/// many at once) and the workers then find them in memory. It copies and holds no bytes: the
/// workers read every file themselves, as they would without it. (It read the files itself
/// before, and handed the bytes over: one blocking read at a time, slower on a cold tree, and
/// on a warm one a third thread doing the workers' reading while competing with them.)
///
/// On a warm page cache it only samples: it reads the first byte of one file in
/// `sampleInterval` and, as long as that read does not wait (the thread's voluntary context
/// switches), asks for nothing; a sample that waited has it ask for every file again until
/// `warmRun` samples in a row did not. Only for runs of many files: one file (an editor's
/// save) gains nothing and would pay for the thread.
final class Prefetcher: @unchecked Sendable {
  /// How many files ahead of the workers it asks for.
  static let window = 256
  /// Fewer files than this are not worth a thread.
  static let minimumFiles = 64
  /// After this many samples in a row found in memory, it only samples.
  static let warmRun = 8
  /// One file in this many is sampled.
  static let sampleInterval = 16

  /// What asking for one file found.
  enum Outcome: Equatable {
    /// The sampled file was in memory: nothing asked.
    case inMemory
    /// The kernel was asked to read the file.
    case started
    /// A file that cannot be opened, or is no regular file: left to the worker, which
    /// reports it.
    case skipped
  }

  private struct State {
    /// Positions the workers have started, as the highest one + 1.
    var reached = 0
    var stopped = false
  }

  private let count: Int
  private let path: @Sendable (Int) -> String?
  private let start: @Sendable (_ path: String, _ sample: Bool) -> Outcome
  private let state = Locked(State())
  private var thread = pthread_t()

  /// Starts on `count` files in order, the path of each from `path` (nil: a file that will not
  /// be read), asked for only as the reader reaches it; nil when not worth it. `start` asks
  /// for one file (`startReading`; a test's stand-in counts).
  init?(
    count: Int, path: @escaping @Sendable (Int) -> String?,
    start: @escaping @Sendable (_ path: String, _ sample: Bool) -> Outcome = Prefetcher.startReading
  ) {
    guard count >= Self.minimumFiles else { return nil }
    self.count = count
    self.path = path
    self.start = start
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

  /// Starts on `entries` in order (nil: a file that will not be read).
  convenience init?(
    entries: [FileEntry?],
    start: @escaping @Sendable (_ path: String, _ sample: Bool) -> Outcome = Prefetcher.startReading
  ) {
    let paths = entries.map { $0?.path }
    self.init(count: paths.count, path: { paths[$0] }, start: start)
  }

  /// A worker starts the file at `position` (it reads every file itself).
  func starting(_ position: Int) {
    state.withLock { state in state.reached = max(state.reached, position + 1) }
  }

  /// Stops and waits for the thread to end.
  func stop() {
    state.withLock { $0.stopped = true }
    pthread_join(thread, nil)
  }

  private func readAhead() {
    var next = 0
    // Samples in a row found in memory: it starts sampling, and the first sample decides.
    var inMemory = Self.warmRun
    while next < count {
      let (reached, stopped) = state.withLock { ($0.reached, $0.stopped) }
      if stopped { return }
      let warm = inMemory >= Self.warmRun
      // A file a worker has started is its own to read (the workers may be at the end).
      if next < reached {
        next = reached
        continue
      }
      if next >= reached + Self.window {
        usleep(warm ? 2000 : 200)
        continue
      }
      let sampled = next % Self.sampleInterval == 0
      if sampled || !warm, let path = path(next) {
        switch start(path, sampled) {
        case .inMemory: inMemory += 1
        case .started: if sampled { inMemory = 0 }
        case .skipped: break
        }
      }
      next += 1
    }
  }

  /// Has the kernel start reading the file at `path` (`posix_fadvise(WILLNEED)`); with
  /// `sample`, first reads its first byte and, when that did not wait, leaves it be.
  static func startReading(_ path: String, sample: Bool) -> Outcome {
    // Non-blocking: a named pipe without a writer must not hang the thread.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .skipped }
    defer { close(descriptor) }
    if sample {
      // From memory the read does not make the thread wait (a voluntary context switch);
      // from the disk it does. Not timed: on a busy machine a read from memory can be
      // preempted. A pipe or folder fails here (ESPIPE, EISDIR).
      var byte: UInt8 = 0
      let waits = Self.waits()
      guard pread(descriptor, &byte, 1, 0) >= 0 else { return .skipped }
      if Self.waits() == waits { return .inMemory }
    }
    #if os(Linux)
      return posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_WILLNEED)) == 0 ? .started : .skipped
    #else
      return .skipped
    #endif
  }

  /// How many times this thread has waited (its voluntary context switches).
  private static func waits() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return Int(usage.ru_nvcsw)
  }
}
