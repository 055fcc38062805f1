#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program found on `PATH` (through `/usr/bin/env`) and collects its standard output;
/// its standard error goes to `/dev/null`. With `posix_spawn`, not Foundation's `Process`, which
/// `FoundationEssentials` lacks.
enum Subprocess {
  /// The output and exit status (nonzero when a signal ended it), or nil when it could not be
  /// started (`errno` says why).
  static func run(_ arguments: [String]) -> (output: [UInt8], status: Int32)? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, readEnd)
    posix_spawn_file_actions_addclose(&actions, writeEnd)

    let argv: [UnsafeMutablePointer<CChar>?] = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environment)
    close(writeEnd)
    guard spawned == 0 else {
      close(readEnd)
      errno = spawned
      return nil
    }

    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    close(readEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // Exited normally: the exit code; otherwise the signal's number, never 0.
    let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : max(1, status & 0x7f)
    return (output, exitCode)
  }
}
