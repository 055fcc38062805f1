import Synchronization

/// Collects a language server's log lines in memory (for `testlint lsp` run in-process and for
/// tests), where the executable writes them to standard error.
public final class LogBuffer: Sendable {
  private let lines = Mutex<[String]>([])

  /// Creates an empty buffer.
  public init() {}

  /// Adds a line.
  public func append(_ line: String) { lines.withLock { $0.append(line) } }

  /// Every line so far, each ended by a newline.
  public var text: String { lines.withLock { $0.map { $0 + "\n" }.joined() } }
}
