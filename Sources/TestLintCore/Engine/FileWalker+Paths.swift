#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileWalker {
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
