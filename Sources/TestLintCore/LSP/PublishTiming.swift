#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long the server took over the diagnostics of a saved document, when timing is traced
/// (`TESTLINT_LSP_TRACE_TIMING=1`, read by `LanguageServerLoop`): the figures of issue 23's
/// target, `didSave` to the last byte of its `publishDiagnostics`, measured on the server, where
/// no pipe or client adds to them. `Scripts/benchmark-lsp` reads the lines; no test times them.
public struct PublishTiming: Sendable, Equatable {
  /// The message's index among what `LanguageServer.receive` returned.
  public var message: Int
  /// The document.
  public var uri: String
  /// How many diagnostics were published.
  public var diagnostics: Int
  /// Updating the workspace's index with the saved file (`Workspace.fileChanged`).
  public var indexNanoseconds: UInt64 = 0
  /// Linting the document (nothing when its last lint still holds).
  public var lintNanoseconds: UInt64 = 0
  /// Writing the notification's JSON body.
  public var serializeNanoseconds: UInt64 = 0

  /// The line written to standard error once the frame of `bytes` bytes was written, `total`
  /// nanoseconds after the `didSave` frame was read.
  public func line(total: UInt64, bytes: Int) -> String {
    func microseconds(_ nanoseconds: UInt64) -> String { String(nanoseconds / 1_000) }
    return "testlint lsp: timing: didSave to publishDiagnostics total_us=\(microseconds(total))"
      + " index_us=\(microseconds(indexNanoseconds)) lint_us=\(microseconds(lintNanoseconds))"
      + " serialize_us=\(microseconds(serializeNanoseconds)) diagnostics=\(diagnostics)"
      + " bytes=\(bytes) uri=\(uri)"
  }

  /// The monotonic clock, in nanoseconds.
  public static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}
