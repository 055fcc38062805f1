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
    if createFolder {
      var folder = ""
      for part in FileWalker.parentDirectory(path).split(separator: "/") {
        folder += "/" + part
        if mkdir(folder, 0o777) != 0, errno != EEXIST { return errorText() }
      }
    }
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    guard descriptor >= 0 else { return errorText() }
    var failure: String?
    if !bytes.withUnsafeBytes({ FileWalker.writeAll(descriptor, $0) }) { failure = errorText() }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = errorText() }
    if failure != nil { unlink(temporary) }
    return failure
  }

  /// The system's message for `errno`, lowercase.
  static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
