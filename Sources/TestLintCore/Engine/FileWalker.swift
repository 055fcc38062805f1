#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file to lint: where to read it and how to print its path.
public struct FileEntry: Sendable, Hashable {
  /// The path to open.
  public var path: String {
    get {
      switch location {
      case .display: displayPath
      case .under(let folder): folder + displayPath
      case .other(let path): path
      }
    }
    set { location = newValue == displayPath ? .display : .other(newValue) }
  }
  /// The path reporters print: relative to the working directory when inside it.
  public var displayPath: String {
    didSet {
      // The path to open stays what it was.
      switch location {
      case .display: location = .other(oldValue)
      case .under(let folder): location = .other(folder + oldValue)
      case .other: break
      }
    }
  }
  /// Size and modification time as the walk saw them (for the result cache), if known.
  public var stamp: FileStamp?
  /// Where `path` is: the walk's files inside the working directory keep one string for both
  /// paths, their folder's text shared by all (a large tree's paths are the most of what a run
  /// holds for each file).
  private var location: Location

  private enum Location: Sendable {
    /// The display path is the path.
    case display
    /// The path is this folder's text (ending in `/`, one string for every entry) followed by
    /// the display path.
    case under(String)
    /// Another path.
    case other(String)
  }

  /// Creates an entry.
  public init(path: String, displayPath: String, stamp: FileStamp? = nil) {
    self.displayPath = displayPath
    self.stamp = stamp
    location = path == displayPath ? .display : .other(path)
  }

  /// An entry whose path is `folder` (ending in `/`) followed by `displayPath`; `folder` is
  /// shared, not copied, by the entries given the same string.
  init(folder: String, displayPath: String, stamp: FileStamp?) {
    self.displayPath = displayPath
    self.stamp = stamp
    location = .under(folder)
  }

  public static func == (lhs: FileEntry, rhs: FileEntry) -> Bool {
    lhs.displayPath == rhs.displayPath && lhs.stamp == rhs.stamp && lhs.path == rhs.path
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(displayPath)
    hasher.combine(stamp)
  }
}

/// A file's size and modification time: when both are unchanged, the content is taken as
/// unchanged without reading it (as make, git and Ruff do).
public struct FileStamp: Sendable, Hashable {
  /// Size in bytes.
  public var size: Int
  /// Modification time, nanoseconds since the epoch.
  public var modified: Int

  /// Creates a stamp.
  public init(size: Int, modified: Int) {
    self.size = size
    self.modified = modified
  }
}

/// The only place (with the CLI) that touches the file system: finds `.swift` files under the
/// given paths and reads them.
public enum FileWalker {
  /// Finds the `.swift` files under `paths`, in sorted order.
  ///
  /// Directories are walked without following symbolic links to directories (no loops) and
  /// without entering hidden folders (`.build`, `.git`). `filter` receives each file's path and
  /// decides (the configuration's `included` / `excluded`); `isExplicit` is true for a file
  /// named on the command line.
  public static func collect(
    _ paths: [String], workingDirectory: String,
    filter: (_ path: String, _ isExplicit: Bool) -> Bool
  ) -> (files: [FileEntry], errors: [Diagnostic]) {
    var files: [FileEntry] = []
    var errors: [Diagnostic] = []
    var seen: Set<String> = []
    let folder = workingDirectory.utf8.last == UInt8(ascii: "/") ? workingDirectory : workingDirectory + "/"
    for given in paths {
      let absolute = absolutePath(given, workingDirectory: workingDirectory)
      var info = stat()
      guard stat(absolute, &info) == 0 else {
        errors.append(Diagnostic(path: given, message: "cannot open: \(errorText())"))
        continue
      }
      if (info.st_mode & S_IFMT) != S_IFDIR {
        if seen.insert(absolute).inserted, filter(absolute, true) {
          files.append(
            FileEntry(
              path: absolute, displayPath: display(absolute, workingDirectory), stamp: stamp(info)))
        }
        continue
      }
      var stack = [absolute]
      while let directory = stack.popLast() {
        guard let handle = opendir(directory) else {
          errors.append(
            Diagnostic(path: display(directory, workingDirectory), message: "cannot open directory: \(errorText())"))
          continue
        }
        var children: [String] = []
        while let entry = readdir(handle) {
          let (name, isUTF8) = withUnsafePointer(to: entry.pointee.d_name) { pointer in
            pointer.withMemoryRebound(to: CChar.self, capacity: 256) {
              (String(cString: $0), String(validatingCString: $0) != nil)
            }
          }
          if name.hasPrefix(".") { continue }
          // Paths are text from here on: a name that is not UTF-8 could not be opened again.
          guard isUTF8 else {
            if name.hasSuffix(".swift") || Int(entry.pointee.d_type) == Int(DT_DIR) {
              let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
              errors.append(
                Diagnostic(
                  path: display(child, workingDirectory), message: "cannot open: its name is not valid UTF-8"))
            }
            continue
          }
          children.append(name)
        }
        closedir(handle)
        for name in children.sorted(by: >) {
          let child = directory.hasSuffix("/") ? directory + name : directory + "/" + name
          var childInfo = stat()
          guard lstat(child, &childInfo) == 0 else { continue }
          let type = childInfo.st_mode & S_IFMT
          if type == S_IFDIR {
            stack.append(child)
          } else if name.hasSuffix(".swift") {
            var info = childInfo
            if type == S_IFLNK {
              var target = stat()
              guard stat(child, &target) == 0, (target.st_mode & S_IFMT) == S_IFREG else { continue }
              info = target
            } else if type != S_IFREG {
              continue
            }
            if seen.insert(child).inserted, filter(child, false) {
              files.append(
                entry(child, displayPath: display(child, workingDirectory), folder: folder, stamp: stamp(info)))
            }
          }
        }
      }
    }
    files.sort { $0.displayPath < $1.displayPath }
    return (files, errors)
  }

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
    // Read straight into the result: one allocation of the file's size (plus one byte, to see
    // the end in a single read), growing only if the file grew since `fstat`.
    if (info.st_mode & S_IFMT) != S_IFREG {
      throw Diagnostic(path: entry.displayPath, message: "cannot read file: it is not a regular file")
    }
    var bytes: [UInt8] = []
    var capacity = max(Int(info.st_size), 0) + 1
    var count = 0
    while true {
      if count == capacity { capacity *= 2 }
      var failure: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
        if count > 0 {
          bytes.withUnsafeBufferPointer { old in
            _ = buffer.baseAddress.map { $0.update(from: old.baseAddress!, count: count) }
          }
        }
        var done = false
        while !done, count < capacity {
          let read = read(descriptor, buffer.baseAddress! + count, capacity - count)
          if read < 0 {
            if errno == EINTR { continue }
            failure = errno
            done = true
          } else if read == 0 {
            done = true
          } else {
            count += read
          }
        }
        initialized = count
      }
      if failure != 0 {
        errno = failure
        throw Diagnostic(path: entry.displayPath, message: "cannot read file: \(errorText())")
      }
      if count < capacity { break }
    }
    return bytes
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

  /// Creates `folder` (with a `.gitignore` of `*`, so version control leaves it alone) and
  /// replaces `fileName` in it with `contents` atomically; returns why it could not, if so.
  static func writeCacheFolder(_ folder: String, fileName: String, contents: [UInt8]) -> String? {
    if mkdir(folder, 0o755) != 0, errno != EEXIST { return errorText() }
    let ignore = folder + "/.gitignore"
    if access(ignore, F_OK) != 0 {
      _ = writeWhole(Array("# testlint's result cache\n*\n".utf8), to: ignore)
    }
    let target = folder + "/" + fileName
    let temporary = target + ".tmp-\(getpid())"
    if let failure = writeWhole(contents, to: temporary) { return failure }
    guard rename(temporary, target) == 0 else {
      let failure = errorText()
      unlink(temporary)
      return failure
    }
    return nil
  }

  private static func writeWhole(_ bytes: [UInt8], to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return errorText() }
    defer { close(descriptor) }
    return bytes.withUnsafeBytes { writeAll(descriptor, $0) } ? nil : errorText()
  }

  /// The current working directory.
  public static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `path` made absolute against `workingDirectory`, with `.` and `..` segments resolved.
  public static func absolutePath(_ path: String, workingDirectory: String) -> String {
    if isNormalizedAbsolute(path) { return path }
    let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// Whether `path` is ASCII, absolute, with no empty, `.` or `..` component and no trailing
  /// `/`: what `absolutePath` returns unchanged (checked first: splitting and joining cost as
  /// much as a one-file run's parsing of its configuration). Outside ASCII a `/` byte may be
  /// part of a larger character, which the Character-wise split does not cut at.
  static func isNormalizedAbsolute(_ path: String) -> Bool {
    var bytes = path.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "/") else { return false }
    if path.utf8.count == 1 { return true }
    var component = 0  // bytes of the current component
    var dots = 0  // of which dots
    while true {
      let byte = bytes.next()
      if byte == nil || byte == UInt8(ascii: "/") {
        if component == 0 || (component == dots && dots <= 2) { return false }
        if byte == nil { return true }
        component = 0
        dots = 0
      } else if let byte, byte < 0x80 {
        component += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      } else {
        return false
      }
    }
  }

  /// The folder that holds `path` (`/` for a top-level entry).
  public static func parentDirectory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// The path relative to `base` when it is inside it; otherwise unchanged.
  public static func relativePath(_ path: String, to base: String) -> String? {
    let prefix = base.hasSuffix("/") ? base : base + "/"
    if path == base { return "." }
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
  }

  /// The entry of a file found by the walk: when its display path is its path relative to the
  /// working directory (`folder`, ending in `/`, one string for the whole walk), the two share
  /// one string (`FileEntry.init(folder:displayPath:stamp:)`).
  static func entry(
    _ absolute: String, displayPath: String, folder: String, stamp: FileStamp?
  ) -> FileEntry {
    // The display path is then the path's last bytes, after the folder's.
    guard absolute.utf8.count == folder.utf8.count + displayPath.utf8.count,
      absolute.utf8.starts(with: folder.utf8)
    else { return FileEntry(path: absolute, displayPath: displayPath, stamp: stamp) }
    return FileEntry(folder: folder, displayPath: displayPath, stamp: stamp)
  }

  static func display(_ absolute: String, _ workingDirectory: String) -> String {
    relativePath(absolute, to: workingDirectory) ?? absolute
  }

  static func stamp(_ info: stat) -> FileStamp {
    FileStamp(
      size: Int(info.st_size),
      modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
  }

  static func errorText() -> String { String(cString: strerror(errno)).lowercased() }
}
