/// A fixed number of flags, a bit each: a set of the numbers below `count` that takes
/// `count / 8` bytes (a set of a run's file numbers would take 16 bytes a file).
struct Bits: Sendable {
  private var words: [UInt64]

  /// `count` flags, all false.
  init(count: Int) {
    words = Array(repeating: 0, count: (max(0, count) + 63) / 64)
  }

  /// The flag of `index`.
  subscript(index: Int) -> Bool {
    get { words[index >> 6] & (1 << UInt64(index & 63)) != 0 }
    set {
      if newValue {
        words[index >> 6] |= 1 << UInt64(index & 63)
      } else {
        words[index >> 6] &= ~(1 << UInt64(index & 63))
      }
    }
  }

  /// How many flags are true.
  var trueCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
