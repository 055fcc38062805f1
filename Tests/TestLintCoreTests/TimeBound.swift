#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Time bounds of the tests that guard against quadratic steps: CPU time of this process (all
/// threads), which other processes on a busy machine do not inflate as they do wall time,
/// stretched under a sanitizer (`swift test --sanitize=thread|address`), which makes every step
/// several times slower.
enum TimeBound {
  /// ThreadSanitizer or AddressSanitizer is linked into this process.
  static let underSanitizer: Bool = {
    let process = dlopen(nil, RTLD_NOW)
    let symbols: [String] = ["__tsan_init", "__asan_init"]
    return symbols.contains { dlsym(process, $0) != nil }
  }()

  /// A bound for a plain debug build, stretched 20 times under a sanitizer (ThreadSanitizer
  /// ran the 100,000-closure test about 10 times slower).
  static func seconds(_ plain: Double) -> Double { underSanitizer ? plain * 20 : plain }

  /// CPU seconds this process has used, all threads together.
  static func cpuNow() -> Double {
    var now = timespec()
    _ = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Runs `work`; returns its result and the CPU seconds it took.
  static func measure<T>(_ work: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = cpuNow()
    let result = try work()
    return (result, cpuNow() - start)
  }
}
