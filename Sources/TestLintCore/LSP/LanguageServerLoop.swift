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
  /// Serves until `exit` (exit code 0 after `shutdown`, 1 otherwise) or the end of standard
  /// input (1: the client went away without `exit`).
  public static func run(threads: Int? = nil) -> Int32 {
    // A client that closes the pipe must not kill the server mid-write with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    var server = LanguageServer(threads: threads ?? TestLintCLI.processorCount()) { line in
      StandardStream.error.write(line + "\n")
    }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return 1 }
      for message in server.receive(chunk[0..<count]) {
        StandardStream.output.write(String(decoding: message, as: UTF8.self))
      }
      if let code = server.exitCode { return code }
    }
  }
}
