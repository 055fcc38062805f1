extension ResultCache {
  /// A cache file's index as a run holds it: the keys of the paths sorted, each with the
  /// number of its slot (12 bytes a file in memory), and the slots in pages in the file's
  /// order. A run looks them up in about that order (the order of the paths of the run that
  /// wrote the file), so the pages in memory are the ones in use, whatever the tree's size.
  final class SlotIndex: Sendable {
    /// A key and the number of its slot, as read.
    struct Numbered {
      var key: UInt64
      var number: UInt32
    }

    /// The keys, ascending, one each.
    private let keys: [UInt64]
    /// The number of each key's slot.
    private let numbers: [UInt32]
    private let slots: PagedArray<Slot>?

    /// No slot.
    init() {
      keys = []
      numbers = []
      slots = nil
    }

    /// The slots read, in the file's order, and each one's key and number; a key given twice
    /// keeps its last slot (a later record of a file replaces an earlier one).
    init(_ numbered: consuming [Numbered], slots: PagedArray<Slot>) {
      numbered.sort { ($0.key, $0.number) < ($1.key, $1.number) }
      var keys: [UInt64] = []
      var numbers: [UInt32] = []
      keys.reserveCapacity(numbered.count)
      numbers.reserveCapacity(numbered.count)
      for entry in numbered {
        if keys.last == entry.key {
          numbers[numbers.count - 1] = entry.number
        } else {
          keys.append(entry.key)
          numbers.append(entry.number)
        }
      }
      self.keys = keys
      self.numbers = numbers
      self.slots = slots
    }

    /// How many files it holds (one slot per key).
    var count: Int { keys.count }

    /// How many slots the file has (more than `count` when a key is given twice).
    var slotCount: Int { slots?.count ?? 0 }

    /// The number of the slot of the path whose key is `key`; nil when none.
    func number(for key: UInt64) -> Int? {
      keys.withUnsafeBufferPointer { keys in
        var low = 0
        var high = keys.count
        // The keys are hashes, spread evenly over their range: a few guesses from the key's
        // value narrow 100,000 keys to a few (halving takes 17 steps); then halving, whatever
        // the keys (a guess can be poor when they are not spread evenly).
        for _ in 0..<3 where high - low > 16 {
          let first = keys[low]
          let last = keys[high - 1]
          guard key >= first, key <= last else { return nil }
          let share = Double(key - first) / Double(last - first)
          let guess = low + Int(share * Double(high - 1 - low))
          if keys[guess] == key { return Int(numbers[guess]) }
          if keys[guess] < key { low = guess + 1 } else { high = guess }
        }
        while low < high {
          let middle = (low + high) >> 1
          if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? Int(numbers[low]) : nil
      }
    }

    /// The slot of the path whose key is `key`; nil when none, or when the temporary file
    /// could not give it back (the file is then linted as if the cache did not hold it).
    func slot(for key: UInt64) -> Slot? {
      guard let number = number(for: key) else { return nil }
      return slots?.value(at: number)
    }

    /// Calls `body` with each slot a lookup finds, and its number, in the file's order, a
    /// part at a time; false when a part could not be read back from the temporary file (it
    /// is left out).
    @discardableResult
    func forEachSlot(_ body: (_ number: Int, _ slot: Slot) -> Void) -> Bool {
      guard let slots else { return true }
      var complete = true
      let part = 1024
      for start in stride(from: 0, to: slots.count, by: part) {
        let range = start..<min(start + part, slots.count)
        let read: Void? = slots.withReadValues(in: range) { values in
          for (offset, slot) in values.enumerated() where number(for: slot.key) == start + offset {
            body(start + offset, slot)
          }
        }
        if read == nil { complete = false }
      }
      return complete
    }

    /// Pages of slots written to the temporary file so far (tests).
    var storedPages: Int { slots?.storedPages ?? 0 }

    /// Closes the temporary file as if the disk had failed (tests).
    func closeFileForTesting() { slots?.closeFileForTesting() }

    /// Calls `body` with each slot a lookup finds, in the order of the keys (tests and tools:
    /// it reads the pages out of order).
    func forEachSlotByKey(_ body: (Slot) -> Void) {
      for number in numbers {
        if let slot = slots?.value(at: Int(number)) { body(slot) }
      }
    }
  }
}
