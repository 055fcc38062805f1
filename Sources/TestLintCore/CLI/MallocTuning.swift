#if canImport(Glibc)
  import Glibc
#endif

/// Makes glibc's `malloc` keep the blocks each thread frees for that thread's next requests.
///
/// A file's model is a few thousand small blocks, freed together when the file is done and asked
/// for again, the same sizes, by the next file. glibc keeps only 7 freed blocks of each size per
/// thread in its lock-free cache (the tcache); the rest go back to the arena, where the next
/// large request (the next file's bytes, its token array) merges them (`malloc_consolidate`), and
/// two threads take the arena's lock in turn. With a larger tcache, measured on the benchmark's
/// tree: 1 thread 2.25 -> 2.03 s, 2 threads 1.54 -> 1.08 s (best of 5), peak memory unchanged.
///
/// 1,024 blocks of each size, not glibc's maximum of 65,535: the blocks a cache holds are
/// memory no other size, and no other thread, can use. A first run with the result cache over
/// 96,576 files peaked at 105-107 MB with 65,535 and at 98 MB with 1,024; the speed is the
/// same within the noise (130 MB of real test files, 16 alternating runs: median 1.160 s with
/// 1,024, 1.155 s with 65,535; 256 was 2-3% slower).
///
/// glibc reads that setting (`GLIBC_TUNABLES`) from the environment only when a process starts,
/// so a run that lints a tree starts itself again once with it set (Linux with glibc only; a
/// few hundred microseconds). Not when `GLIBC_TUNABLES` is already set (the user's choice
/// wins), nor with `TESTLINT_MALLOC_TUNING=0`, nor for one file or standard input (an editor's
/// run, where the start-up is most of the time).
public enum MallocTuning {
  /// The glibc setting.
  public static let tunables = "glibc.malloc.tcache_count=1024"
  /// Set for the restarted process, which removes it and `GLIBC_TUNABLES` again at once: a
  /// program testlint runs (`git`) gets the environment the user gave.
  static let marker = "TESTLINT_MALLOC_TUNED"
  /// `0` turns the restart off.
  public static let switchVariable = "TESTLINT_MALLOC_TUNING"
  /// Fewer named files than this are linted without a restart: the restart costs more than the
  /// tuning saves on a handful of files.
  static let fileThreshold = 32

  /// Whether a run with these arguments and this environment is worth a restart with the
  /// setting: a lint (or inventory, or baseline) of a tree, a glob, the configured paths or
  /// many files.
  public static func wantsRestart(
    _ arguments: [String], environment: (String) -> String?, isDirectory: (String) -> Bool
  ) -> Bool {
    guard environment("GLIBC_TUNABLES") == nil, environment(marker) == nil,
      environment(switchVariable) != "0"
    else { return false }
    guard let parsed = try? Arguments.parse(arguments), parsed.stdinPath == nil else { return false }
    switch parsed.command {
    case .lint, .inventory, .baseline: break
    case .rules, .version, .help, .lsp: return false
    }
    if parsed.paths.isEmpty || parsed.paths.count >= fileThreshold { return true }
    return parsed.paths.contains { path in
      path.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
        || isDirectory(path)
    }
  }

  /// Called first thing by the executable: restarts it with the setting when `wantsRestart`;
  /// in the restarted process, removes the variables it set. Returns when there is no restart
  /// (or it failed: the run then goes on untuned).
  public static func restartIfUseful(_ arguments: [String]) {
    #if canImport(Glibc) && os(Linux)
      if getenv(marker) != nil {
        unsetenv(marker)
        unsetenv("GLIBC_TUNABLES")
        return
      }
      let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
      let isDirectory: (String) -> Bool = { path in
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      }
      guard wantsRestart(arguments, environment: environment, isDirectory: isDirectory) else { return }
      // The program's own file, as the kernel names it; not `execv("/proc/self/exe")`, which
      // under valgrind names valgrind's tool, not the program it runs.
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard length > 0, length < buffer.count - 1 else { return }
      setenv("GLIBC_TUNABLES", tunables, 1)
      setenv(marker, "1", 1)
      execv(buffer, CommandLine.unsafeArgv)
      // No restart (the file was deleted or replaced, say): go on as before, untuned.
      unsetenv(marker)
      unsetenv("GLIBC_TUNABLES")
    #endif
  }
}
