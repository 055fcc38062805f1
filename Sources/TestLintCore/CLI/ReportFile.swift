#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files testlint writes besides the linted ones (reports, baselines, the GitHub step summary),
/// with system calls: Foundation's `FileManager` and `Data` errors have no message without
/// the full Foundation, which the Linux build leaves out for start-up time.
enum ReportFile {
  /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a reader
  /// never sees half a report; with `createFolder`, creates the missing folders first. Returns
  /// the problem, lowercase, if any.
  static func replace(_ path: String, with bytes: [UInt8], createFolder: Bool) -> String? {
    let stream = Stream(path, createFolder: createFolder)
    bytes.withUnsafeBytes { stream.write($0) }
    return stream.finish()
  }

  /// A file written in pieces to a temporary file beside `path`, renamed over it at the end
  /// (`finish`): a report streamed as it is rendered, which a reader never sees half written.
  final class Stream {
    let path: String
    let temporary: String
    private var descriptor: Int32 = -1
    /// The first problem, lowercase; nothing more is written after one.
    private(set) var failure: String?

    /// Opens the temporary file; with `createFolder`, creates the missing folders first.
    init(_ path: String, createFolder: Bool) {
      self.path = path
      temporary = path + ".tmp-\(getpid())"
      if createFolder {
        var folder = ""
        for part in FileWalker.parentDirectory(path).split(separator: "/") {
          folder += "/" + part
          if mkdir(folder, 0o777) != 0, errno != EEXIST {
            failure = errorText()
            return
          }
        }
      }
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
      if descriptor < 0 { failure = errorText() }
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) {
      guard failure == nil, !bytes.isEmpty else { return }
      if !FileWalker.writeAll(descriptor, bytes) { failure = errorText() }
    }

    /// Closes the file and renames it over `path`; returns the problem, if any (the temporary
    /// file is then removed).
    func finish() -> String? {
      if descriptor >= 0 {
        close(descriptor)
        descriptor = -1
        if failure == nil, rename(temporary, path) != 0 { failure = errorText() }
        if failure != nil { unlink(temporary) }
      }
      return failure
    }
  }

  /// The system's message for `errno`, lowercase.
  static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
