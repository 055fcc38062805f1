#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileWalker {
  /// Reads a whole file.
  /// - Throws: a `Diagnostic` naming the file and the system's reason.
  public static func contents(of entry: FileEntry) throws(Diagnostic) -> [UInt8] {
    // Non-blocking, so that opening a named pipe without a writer cannot hang the run; it is
    // then refused below with every other file that is not a regular one (`/dev/zero` would
    // never end).
    let descriptor = open(entry.path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw Diagnostic(path: entry.displayPath, message: "cannot read file: \(errorText())")
    }
    defer { close(descriptor) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw Diagnostic(path: entry.displayPath, message: "cannot read file: it is a directory")
    }
    if (info.st_mode & S_IFMT) != S_IFREG {
      throw Diagnostic(path: entry.displayPath, message: "cannot read file: it is not a regular file")
    }
    let (bytes, failure) = readAll(descriptor, size: Int(info.st_size)) { read($0, $1, $2) }
    if failure != 0 {
      errno = failure
      throw Diagnostic(path: entry.displayPath, message: "cannot read file: \(errorText())")
    }
    return bytes
  }

  /// Reads from `descriptor` to its end, for a regular file of `size` bytes (as `fstat` saw
  /// it): the bytes read, and the `errno` of a failed read (0 when none failed).
  ///
  /// Straight into the result: one allocation of the file's size plus one byte, and one
  /// `read`, which returns the `size` bytes asked for less that byte: the end of a regular
  /// file (a second read would return 0). A file that grew since `fstat` fills the extra
  /// byte and is read on, the result growing, to a read that returns 0; one that shrank, or a
  /// file system that returns fewer bytes than it holds, is read on to a read that returns 0.
  /// `read` is the system call (a test's stand-in gives short reads).
  static func readAll(
    _ descriptor: Int32, size: Int,
    read: (_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
  ) -> (bytes: [UInt8], failure: Int32) {
    let expected = max(size, 0)
    var bytes: [UInt8] = []
    var capacity = expected + 1
    var count = 0
    var failure: Int32 = 0
    var done = false
    while !done {
      if count == capacity { capacity *= 2 }
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        if count > 0 {
          bytes.withUnsafeBufferPointer { old in
            _ = buffer.baseAddress.map { $0.update(from: old.baseAddress!, count: count) }
          }
        }
        while !done, count < capacity {
          let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
          if got < 0 {
            if errno == EINTR { continue }
            failure = errno
            done = true
          } else if got == 0 {
            done = true
          } else {
            count += got
            // Fewer bytes than asked, and as many as `fstat` said: the end (capacity is
            // larger than `expected` until the file proves larger).
            if count == expected { done = true }
          }
        }
        initialized = count
      }
    }
    return (bytes, failure)
  }

  /// Replaces a file's content with `new`, atomically, when it still holds `expected`.
  ///
  /// Writes a temporary file beside the target (the resolved target of a symbolic link),
  /// gives it the original's permissions, flushes it and renames it over the original: a
  /// reader, or a crash, sees either the old or the new content, never a mix.
  ///
  /// With `roots` (the real paths of the linted paths, `realPath(_:)`), a file whose resolved
  /// target lies outside all of them (a link inside the tree to a file elsewhere) is refused:
  /// `--fix` never writes outside the paths it was given.
  /// - Throws: a `Diagnostic` when the file changed since it was read, when it resolves outside
  ///   `roots`, or on any I/O error.
  public static func replaceContents(
    of entry: FileEntry, expected: [UInt8], with new: [UInt8], within roots: [String]? = nil
  ) throws(Diagnostic) {
    guard let target = realPath(entry.path) else {
      throw Diagnostic(path: entry.displayPath, message: "cannot fix file: \(errorText())")
    }
    if let roots, !roots.contains(where: { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
      throw Diagnostic(
        path: entry.displayPath,
        message: "not fixed: it links to '\(target)', outside the linted paths")
    }
    let current = try contents(of: FileEntry(path: target, displayPath: entry.displayPath))
    guard current == expected else {
      throw Diagnostic(path: entry.displayPath, message: "not fixed: the file changed since it was read")
    }
    var info = stat()
    guard stat(target, &info) == 0 else {
      throw Diagnostic(path: entry.displayPath, message: "cannot fix file: \(errorText())")
    }
    let directory = target[..<(target.lastIndex(of: "/") ?? target.startIndex)]
    let name = target[(target.lastIndex(of: "/").map { target.index(after: $0) } ?? target.startIndex)...]
    var template = Array("\(directory)/.\(name).testlint-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else {
      throw Diagnostic(path: entry.displayPath, message: "cannot fix file: \(errorText())")
    }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    if !new.withUnsafeBytes({ writeAll(descriptor, $0) }) { failure = errorText() }
    if failure == nil, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = errorText() }
    if failure == nil, fsync(descriptor) != 0 { failure = errorText() }
    close(descriptor)
    if failure == nil, rename(temporary, target) != 0 { failure = errorText() }
    if let failure {
      unlink(temporary)
      throw Diagnostic(path: entry.displayPath, message: "cannot fix file: \(failure)")
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying on interrupts and short writes; false
  /// (with `errno` set) when a write fails.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }

  /// The absolute path with every symbolic link, `.` and `..` resolved; nil when it does not
  /// exist or cannot be resolved.
  public static func realPath(_ path: String) -> String? {
    var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard realpath(path, &resolved) != nil else { return nil }
    return String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Creates `folder` (with a `.gitignore` of `*`, so version control leaves it alone) unless
  /// it exists; returns why it could not, if so.
  static func makeCacheFolder(_ folder: String) -> String? {
    if mkdir(folder, 0o755) != 0, errno != EEXIST { return errorText() }
    let ignore = folder + "/.gitignore"
    if access(ignore, F_OK) != 0 {
      _ = writeWhole(Array("# testlint's result cache\n*\n".utf8), to: ignore)
    }
    return nil
  }

  private static func writeWhole(_ bytes: [UInt8], to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return errorText() }
    defer { close(descriptor) }
    return bytes.withUnsafeBytes { writeAll(descriptor, $0) } ? nil : errorText()
  }
}
