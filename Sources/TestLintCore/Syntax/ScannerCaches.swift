#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The strings of short ASCII names (at most 15 bytes) already made in one file, keyed by their
/// bytes: a name used again costs a look-up instead of building and validating a new `String`.
/// Direct-mapped; a collision just replaces the entry.
final class NameCache {
  private struct Entry {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var text = ""
    /// `[text]`, made on first use: the path of a call to a plain name, shared by all of them.
    var path: [String]?
  }

  private static let slotBits = 9
  private let table = SlotTable<Entry>(count: 1 << NameCache.slotBits)

  deinit { table.deallocate() }

  /// The name spelled by `bytes[start..<end]`, or nil when it is not short ASCII (or empty).
  func string(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String? {
    entry(bytes, start, end)?.pointee.text
  }

  /// `[string(bytes, start, end)]`, one array for every call of a file to that name (the
  /// callee path of a call to a plain name), or nil when it is not short ASCII (or empty).
  func path(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [String]? {
    guard let entry = entry(bytes, start, end) else { return nil }
    if let path = entry.pointee.path { return path }
    let path = [entry.pointee.text]
    entry.pointee.path = path
    return path
  }

  /// The entry of the name spelled by `bytes[start..<end]`, filled in if it was not there.
  private func entry(_ bytes: [UInt8], _ start: Int, _ end: Int) -> UnsafeMutablePointer<Entry>? {
    let length = end - start
    guard length >= 1, length <= 15, start >= 0, end <= bytes.count else { return nil }
    // The bytes packed little-endian, zero-padded; the length in the top byte (a 16th byte
    // that is never part of the name), so the key is exact.
    var (low, high) = bytes.withUnsafeBufferPointer { Keyword.packed($0, start, length) }
    guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
    high |= UInt64(length) << 56
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - NameCache.slotBits))
    let entry = table.entries + slot
    if table.isUsed(slot), entry.pointee.low == low, entry.pointee.high == high { return entry }
    table.put(Entry(low: low, high: high, text: String(decoding: bytes[start..<end], as: UTF8.self)), at: slot)
    return entry
  }
}

/// The callee paths (`["sut", "load"]`) already made in one file, keyed by the bytes they are
/// read from (`sut.load`, `self.presenter?.viewIsReady`): a call of a path the file called
/// before shares that path's array instead of allocating an array and its names again (on real
/// test code, a quarter of the run's allocations were these arrays). The same bytes always read
/// as the same path: its names are the identifiers among them. Direct-mapped; a collision just
/// replaces the entry.
final class PathCache {
  private struct Entry {
    var hash: UInt64 = 0
    var start = 0
    var end = 0
    var path: [String] = []
  }

  private static let slotBits = 8
  /// Paths longer than this are made each time (and rare).
  static let maximumLength = 128
  private let table = SlotTable<Entry>(count: 1 << PathCache.slotBits)

  deinit { table.deallocate() }

  /// Where a path is kept: its `slot`, and the `hash` that names it there.
  struct Key {
    let slot: Int
    let hash: UInt64
  }

  /// The path read from `bytes[start..<end]` before; else no path and where to `keep` it once
  /// made (no key either for a path too long to keep).
  func look(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (path: [String]?, key: Key?) {
    let length = end - start
    guard length >= 1, length <= PathCache.maximumLength, start >= 0, end <= bytes.count else { return (nil, nil) }
    return bytes.withUnsafeBytes { buffer -> (path: [String]?, key: Key?) in
      let text = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
      let hash = ResultCache.hash(text)
      let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - PathCache.slotBits))
      let entry = table.entries + slot
      if table.isUsed(slot), entry.pointee.hash == hash,
        entry.pointee.end - entry.pointee.start == text.count,
        memcmp(buffer.baseAddress! + entry.pointee.start, text.baseAddress!, text.count) == 0
      {
        return (entry.pointee.path, nil)
      }
      return (nil, Key(slot: slot, hash: hash))
    }
  }

  /// Keeps the path read from `bytes[start..<end]` where `look` said.
  func keep(_ path: [String], _ start: Int, _ end: Int, at key: Key) {
    table.put(Entry(hash: key.hash, start: start, end: end, path: path), at: key.slot)
  }
}

/// The fixed table of a scanner's cache (`NameCache`, `PathCache`): slots behind a pointer (no
/// exclusivity checks or copy-on-write tests per access), each initialised when first used (a
/// bit in `used`), so a small file pays for the slots it fills, not for the whole table. Its
/// owner calls `deallocate()` once, when it goes.
struct SlotTable<Entry> {
  let entries: UnsafeMutablePointer<Entry>
  private let used: UnsafeMutablePointer<UInt64>
  private let words: Int

  /// A table of `count` slots (a multiple of 64), none used.
  init(count: Int) {
    words = count / 64
    entries = .allocate(capacity: count)
    used = .allocate(capacity: words)
    used.initialize(repeating: 0, count: words)
  }

  /// Whether the slot holds an entry.
  func isUsed(_ slot: Int) -> Bool { used[slot >> 6] & (1 << UInt64(slot & 63)) != 0 }

  /// Puts `entry` in the slot, replacing what it held.
  func put(_ entry: Entry, at slot: Int) {
    if isUsed(slot) {
      entries[slot] = entry
    } else {
      (entries + slot).initialize(to: entry)
      used[slot >> 6] |= 1 << UInt64(slot & 63)
    }
  }

  /// Deinitialises the entries and frees the table.
  func deallocate() {
    for word in 0..<words {
      var bits = used[word]
      while bits != 0 {
        (entries + (word * 64 + bits.trailingZeroBitCount)).deinitialize(count: 1)
        bits &= bits - 1
      }
    }
    used.deallocate()
    entries.deallocate()
  }
}
