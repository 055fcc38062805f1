#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the encoded findings of a run wait for the report: packed one file after the other
/// into chunks, kept in memory up to a budget, the older chunks beyond it written to a
/// temporary file; so a run's memory does not grow with how much it finds, and the findings
/// are a few large allocations, not one per file among the files' passing ones.
///
/// The temporary file is removed from its folder as soon as it is created: nothing is left
/// behind, whether the run ends, fails or is killed; its space is freed when the store goes.
/// When no temporary file can be made or written, the chunks stay in memory.
final class FindingStore: Sendable {
  /// Where one file's bytes are: 16 bytes (a run holds one or two per file until it ends).
  struct Location: Sendable {
    /// The offset in the chunk.
    var offset: Int
    private var chunkIndex: UInt32
    private var byteCount: UInt32

    /// The chunk's index.
    var chunk: Int { Int(chunkIndex) }
    /// How many bytes.
    var count: Int { Int(byteCount) }

    /// A location; the index and count in 4 bytes each (a count beyond reads back short, which
    /// the decoder reports as findings it cannot read, never a crash).
    init(chunk: Int, offset: Int, count: Int) {
      self.offset = offset
      chunkIndex = UInt32(clamping: chunk)
      byteCount = UInt32(clamping: count)
    }

    /// No bytes.
    static let empty = Location(chunk: 0, offset: 0, count: 0)
  }

  /// Bytes of sealed chunks kept in memory; older chunks beyond it go to the temporary file.
  let memoryBytes: Int
  /// The size of a chunk (a file's bytes larger than it make a chunk of their own).
  let chunkBytes: Int
  /// The folder of the temporary file; nil for `TMPDIR`, else `/tmp`.
  private let directory: String?
  private let state: Locked<State>

  private enum Chunk {
    case memory([UInt8])
    case file(offset: Int, count: Int)
  }

  private struct State {
    /// Sealed chunks, by index.
    var chunks: [Chunk] = []
    /// The chunk being filled (index `chunks.count`).
    var current: [UInt8] = []
    /// Bytes of the sealed chunks in memory.
    var inMemory = 0
    /// The first sealed chunk that may still be in memory.
    var oldest = 0
    var descriptor: Int32 = -1
    /// Bytes written to the temporary file.
    var written = 0
    /// The temporary file could not be made or written: keep everything in memory.
    var unavailable = false
    /// The storage of the last chunk written to the temporary file, emptied, for the next
    /// chunk: a run makes a few chunks' worth of allocations, not one for each chunk.
    var spare: [UInt8] = []
  }

  /// A store keeping up to `memoryBytes` of chunks of `chunkBytes` in memory and the rest in a
  /// temporary file in `directory`.
  init(memoryBytes: Int, chunkBytes: Int = 1 << 20, directory: String? = nil) {
    self.memoryBytes = max(0, memoryBytes)
    self.chunkBytes = max(1, chunkBytes)
    self.directory = directory
    state = Locked(State())
  }

  deinit {
    state.withLock { state in
      if state.descriptor >= 0 { close(state.descriptor) }
    }
  }

  /// Bytes written to the temporary file so far.
  var spilledBytes: Int { state.withLock { $0.written } }

  /// Keeps a file's bytes; returns where they are.
  func keep(_ bytes: [UInt8]) -> Location {
    guard !bytes.isEmpty else { return .empty }
    return state.withLock { state in
      if !state.current.isEmpty, state.current.count + bytes.count > chunkBytes { seal(&state) }
      if state.current.isEmpty {
        // A chunk of the spare's storage, else a new one. Chunks are large and live long, each
        // till it goes to the file: made anew every time, they were allocated and freed among
        // the workers' short-lived blocks, and each thread's heap grew with the run (4x tree:
        // 25 MB peak against 21 MB for the 1x tree).
        // A chunk reserves no more than the store already holds (up to a whole chunk): the
        // first one grows as it fills, so a run of one or a few files (an editor's, stdin's)
        // does not allocate a megabyte for each of its stores and keep a few kilobytes in it.
        if state.spare.capacity >= max(chunkBytes, bytes.count) { swap(&state.current, &state.spare) }
        state.current.reserveCapacity(max(min(chunkBytes, state.inMemory + state.written), bytes.count))
      }
      let location = Location(chunk: state.chunks.count, offset: state.current.count, count: bytes.count)
      state.current.append(contentsOf: bytes)
      return location
    }
  }

  /// Calls `body` with the bytes at `location`; nil when they cannot be read back from the
  /// temporary file.
  func withBytes<Result>(
    _ location: Location, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result? {
    guard location.count > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    let (chunk, descriptor) = state.withLock { state -> (Chunk, Int32) in
      if location.chunk == state.chunks.count { seal(&state) }
      guard location.chunk < state.chunks.count else { return (.memory([]), -1) }
      return (state.chunks[location.chunk], state.descriptor)
    }
    switch chunk {
    case .memory(let bytes):
      guard location.offset >= 0, location.count <= bytes.count - location.offset else { return nil }
      return bytes.withUnsafeBufferPointer { all in
        body(UnsafeBufferPointer(rebasing: all[location.offset..<(location.offset + location.count)]))
      }
    case .file(let offset, _):
      var bytes = [UInt8](repeating: 0, count: location.count)
      let read = bytes.withUnsafeMutableBytes {
        Self.read($0, from: descriptor, at: offset + location.offset)
      }
      return read ? bytes.withUnsafeBufferPointer(body) : nil
    }
  }

  /// Calls `body` with each chunk's bytes in turn, in the order kept (what was kept is in
  /// them, one after the other, each kept run of bytes whole in one chunk); false when a chunk
  /// cannot be read back from the temporary file (the others are still read).
  @discardableResult
  func forEachChunk(_ body: (ArraySlice<UInt8>) -> Void) -> Bool {
    let (chunks, descriptor) = state.withLock { state -> ([Chunk], Int32) in
      seal(&state)
      return (state.chunks, state.descriptor)
    }
    var complete = true
    // One buffer for the chunks read back (a chunk is `chunkBytes`, or one kept run's size).
    var buffer: [UInt8] = []
    for chunk in chunks {
      switch chunk {
      case .memory(let bytes):
        body(bytes[...])
      case .file(let offset, let count):
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
        let read = buffer.withUnsafeMutableBytes {
          Self.read(UnsafeMutableRawBufferPointer(rebasing: $0[..<count]), from: descriptor, at: offset)
        }
        guard read else {
          complete = false
          continue
        }
        body(buffer[..<count])
      }
    }
    return complete
  }

  /// Ends the chunk being filled, then writes the oldest chunks in memory to the temporary file
  /// while there are more than `memoryBytes` of them.
  private func seal(_ state: inout State) {
    guard !state.current.isEmpty else { return }
    state.inMemory += state.current.count
    state.chunks.append(.memory(state.current))
    state.current = []
    while state.inMemory > memoryBytes, !state.unavailable, state.oldest < state.chunks.count {
      guard case .memory(var bytes) = state.chunks[state.oldest] else {
        state.oldest += 1
        continue
      }
      if state.descriptor < 0 { state.descriptor = Self.createFile(in: directory) }
      let offset = state.written
      guard state.descriptor >= 0,
        bytes.withUnsafeBytes({ Self.write($0, to: state.descriptor, at: offset) })
      else {
        state.unavailable = true
        break
      }
      state.chunks[state.oldest] = .file(offset: offset, count: bytes.count)
      state.written += bytes.count
      state.inMemory -= bytes.count
      state.oldest += 1
      // A chunk of the usual size (not one made for a large run of bytes), emptied here, where
      // this copy is the only one left (unless a reader holds the chunk).
      if bytes.capacity > state.spare.capacity, bytes.capacity <= 2 * chunkBytes {
        bytes.removeAll(keepingCapacity: true)
        state.spare = bytes
      }
    }
  }
}

extension FindingStore {
  /// The folder of the temporary files: `directory`, else `TMPDIR`, else `/tmp`.
  static func temporaryFolder(_ directory: String?) -> String {
    var folder = directory ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    if folder.isEmpty { folder = "/tmp" }
    if folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    return folder
  }

  /// A new file in `directory` (else `TMPDIR`, else `/tmp`), already unlinked, closed on
  /// `exec`; -1 when it cannot be made.
  static func createFile(in directory: String?) -> Int32 {
    var template = Array((temporaryFolder(directory) + "/testlint-findings-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return -1 }
    let removed = template.withUnsafeBufferPointer { unlink($0.baseAddress!) } == 0
    guard removed else {
      // A file that cannot be removed would be left behind: do without it.
      close(descriptor)
      return -1
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    return descriptor
  }

  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Bool {
    transfer(bytes.count) { done in
      pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
    }
  }

  /// Fills `bytes` from `descriptor` at `offset` (also the result cache's reads); false when
  /// that fails or the file ends first.
  static func read(_ bytes: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Bool {
    transfer(bytes.count) { done in
      pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
    }
  }

  /// Calls `step` (a `pread` or `pwrite` from `done` bytes on) until `count` bytes have gone,
  /// retrying when interrupted; false when it fails or reaches the end of the file first.
  private static func transfer(_ count: Int, _ step: (_ done: Int) -> Int) -> Bool {
    var done = 0
    while done < count {
      let moved = step(done)
      if moved < 0, errno == EINTR { continue }
      guard moved > 0 else { return false }
      done += moved
    }
    return true
  }
}
