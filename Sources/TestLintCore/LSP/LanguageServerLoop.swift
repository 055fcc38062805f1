#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `testlint lsp`: runs a `LanguageServer` on standard input and output until `exit` or the end
/// of input. Standard output carries only framed protocol messages; logs go to standard error.
public enum LanguageServerLoop {
  /// The environment variable that, set to `1`, makes the server write a line to standard error
  /// for each publish of a saved document's diagnostics: the time from reading the `didSave`
  /// frame to having written the last byte of `publishDiagnostics` (`PublishTiming`).
  public static let traceTimingVariable = "TESTLINT_LSP_TRACE_TIMING"

  /// Serves until `exit` (exit code 0 after `shutdown`, 1 otherwise) or the end of standard
  /// input (1: the client went away without `exit`).
  public static func run(threads: Int? = nil) -> Int32 {
    // A client that closes the pipe must not kill the server mid-write with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    var server = LanguageServer(threads: threads ?? TestLintCLI.processorCount()) { line in
      StandardStream.error.write(line + "\n")
    }
    #if os(Linux)
      // A pipe holds 64 KB: a save's diagnostics (300 KB for a thousand) would be written only
      // as fast as the editor reads them. With room for them, the server is done at once and
      // reads the next message. (F_SETPIPE_SZ; refused when standard output is no pipe, or
      // over the system's limit: then nothing changes.)
      _ = fcntl(1, 1031, Int32(1 << 20))
    #endif
    let tracing = getenv(traceTimingVariable).map { String(cString: $0) } == "1"
    server.tracesTiming = tracing
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return 1 }
      // The frames in this chunk were read now (a frame split over reads: at its last part).
      let received = tracing ? PublishTiming.now() : 0
      let messages = server.receive(chunk[0..<count])
      var timings = server.publishTimings[...]
      for (index, message) in messages.enumerated() {
        writeAll(message)
        if let timing = timings.first, timing.message == index {
          timings = timings.dropFirst()
          StandardStream.error.write(
            timing.line(total: PublishTiming.now() - received, bytes: message.count) + "\n")
        }
      }
      if let code = server.exitCode { return code }
    }
  }

  /// Writes all of a message's bytes to standard output, retrying on interrupts and short
  /// writes (the bytes as they are: no string is made of a large publish).
  private static func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(1, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
