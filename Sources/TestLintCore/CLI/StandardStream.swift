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
    // Written from the string's own UTF-8 storage: a report of many megabytes is not copied.
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(rawValue, UnsafeMutableRawPointer(mutating: bytes.baseAddress! + offset), bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// All of standard input.
  public static func readInput() -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      result.append(contentsOf: chunk[0..<count])
    }
    return result
  }
}

private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    return read(descriptor, pointer, count)
  #endif
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    return write(descriptor, pointer, count)
  #endif
}
