#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output and error, written with the system call (no shared C `FILE*` state).
public enum StandardStream: Int32, Sendable {
  case output = 1
  case error = 2

  /// Writes all of `text`, retrying on interrupts and short writes.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(rawValue, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    return write(descriptor, pointer, count)
  #endif
}
