#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which build of testlint is running, for the result cache: results written by another build
/// (a newer commit with the same version, as a SwiftPM plugin pinned to a branch is) are not
/// reused.
///
/// Two parts. The stamp of the executable file (its path, device, inode, size, modification
/// and change times, hashed) costs one `stat`, so a one-file run pays nothing for it. The hash
/// of the executable's bytes (about 10 ms of CPU for the release binary) is the identity itself,
/// but is computed only when the stamp is not the one the cache recorded, or when there is no
/// cache to use (the cache written then records it): a rebuilt binary always has a new stamp,
/// so its bytes are hashed once and the cache it writes records the new stamp; a copy or a
/// restore of the same binary (a CI cache) has a new stamp but the same bytes, and keeps the
/// cache.
public struct BuildIdentity: Sendable {
  /// A hash of what `stat` says of the executable file (0 when it cannot be found).
  public var stamp: UInt64
  /// Computes the hash of the executable's bytes (0 when they cannot be read).
  public var contentHash: @Sendable () -> UInt64

  /// An identity given by its parts (tests simulate builds with it).
  public init(stamp: UInt64, contentHash: @escaping @Sendable () -> UInt64) {
    self.stamp = stamp
    self.contentHash = contentHash
  }

  /// The running executable's identity. Where it cannot be found (not Linux or macOS, or no
  /// access to the file), stamp and hash are 0: every such build is taken for the same one,
  /// and the tool's version (in the cache's key) alone tells builds apart, as before.
  public static var running: BuildIdentity {
    guard let path = executablePath() else { return BuildIdentity(stamp: 0) { 0 } }
    var info = stat()
    guard stat(path, &info) == 0 else { return BuildIdentity(stamp: 0) { 0 } }
    var stamp = ResultCache.fnv1a(path, separated: true)
    let fields: [Int64] = [
      Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size),
      Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec),
      Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec),
    ]
    for field in fields { stamp = ResultCache.fnv1a(String(field), from: stamp, separated: true) }
    // 0 is the stamp of an identity not found.
    if stamp == 0 { stamp = 1 }
    return BuildIdentity(stamp: stamp) { executableHash }
  }

  /// The hash of the running executable's bytes, computed once a process (in-process callers,
  /// as tests, run many times).
  private static let executableHash: UInt64 = executablePath().map(contentHash(of:)) ?? 0
}

extension BuildIdentity {
  /// The path `stat` and `open` reach the running executable by: `/proc/self/exe` on Linux
  /// (the file that was started, even when it has been replaced since), the path the loader
  /// gives on macOS.
  private static func executablePath() -> String? {
    #if os(Linux)
      return access("/proc/self/exe", R_OK) == 0 ? "/proc/self/exe" : nil
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
      return String(cString: buffer)
    #else
      return nil
    #endif
  }

  /// `ResultCache.Checksum` of the file's bytes, read 1 MB at a time; 0 when it cannot be read.
  private static func contentHash(of path: String) -> UInt64 {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var checksum = ResultCache.Checksum()
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return 0
      }
      buffer.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
    // 0 is the hash of bytes that could not be read.
    return checksum.value == 0 ? 1 : checksum.value
  }
}
