#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A number of values of one plain type, by index, in pages: the pages used last in
/// memory, up to a budget, the others in a temporary file (`FindingStore`'s kind: unlinked at
/// once, gone with the run). What a run keeps for each file until it ends goes here, so that
/// its memory does not grow with the number of files.
///
/// Any thread may read or write any index (each access takes the lock: a copy of a few bytes).
/// The runs' accesses go through the files in order, or in two ascending runs (pass 1's
/// order), so the pages in memory are the ones in use. When the temporary file cannot be made
/// or written, pages stay in memory; a page that cannot be read back reads as the filler:
/// `value(at:)` tells for its index, `lostPages` for the whole array (the run reports it).
final class PagedArray<Element: BitwiseCopyable>: @unchecked Sendable {
  /// How many values: fixed, but for `append`, which only one thread calls at a time, reading
  /// `count` only then (a list made as it comes, before it is shared; a table its owner
  /// appends to under its own lock).
  private(set) var count: Int
  /// Values per page.
  let perPage: Int
  /// Pages kept in memory at most (while the temporary file takes the others).
  let residentPages: Int
  private let filler: Element
  private let directory: String?
  private let state: Locked<State>

  private struct Page {
    /// The values, when in memory.
    var memory: UnsafeMutablePointer<Element>?
    /// Whether the temporary file holds the page (at its index times the page's size).
    var stored = false
    /// Whether the page in memory changed since it was stored.
    var changed = false
    /// When it was last used (`State.clock`).
    var used = 0
    /// Whether the temporary file could not give it back (its values are the filler).
    var lost = false
  }

  private struct State {
    var pages: [Page]
    var resident = 0
    var clock = 0
    var descriptor: Int32 = -1
    /// The temporary file could not be made or written: every page stays in memory.
    var unavailable = false
    /// Whether a page could not be read back.
    var lost = false
    /// The values the first page holds: fewer than a page while the whole array fits in it
    /// (then it is the only page, never stored), so an array of a few values (a run of a few
    /// files: an editor's, stdin's) allocates and fills those, not a page of 64 KB.
    var firstPageCapacity: Int
  }

  /// `count` values, each `filler` until set, with at most about `memoryBytes` of pages of
  /// `pageBytes` in memory (at least four pages); the others in a temporary file in
  /// `directory` (nil for `TMPDIR`, else `/tmp`).
  init(count: Int, filler: Element, memoryBytes: Int, pageBytes: Int = 64 << 10, directory: String? = nil) {
    self.count = max(0, count)
    self.filler = filler
    self.directory = directory
    perPage = max(1, pageBytes / max(1, MemoryLayout<Element>.stride))
    residentPages = max(4, memoryBytes / max(1, perPage * MemoryLayout<Element>.stride))
    state = Locked(
      State(
        pages: Array(repeating: Page(), count: (self.count + perPage - 1) / perPage),
        firstPageCapacity: Swift.min(perPage, self.count)))
  }

  /// The values of `values`, in pages as `init(count:filler:memoryBytes:pageBytes:directory:)`
  /// keeps them (written page after page, the older ones to the file beyond the budget).
  convenience init(
    copying values: UnsafeBufferPointer<Element>, filler: Element, memoryBytes: Int, pageBytes: Int = 64 << 10,
    directory: String? = nil
  ) {
    self.init(
      count: values.count, filler: filler, memoryBytes: memoryBytes, pageBytes: pageBytes, directory: directory)
    write(values, at: 0)
  }

  deinit {
    state.withLock { state in
      for page in state.pages { page.memory?.deallocate() }
      if state.descriptor >= 0 { close(state.descriptor) }
    }
  }

  /// The value at `index` (the filler when its page was lost).
  subscript(index: Int) -> Element {
    get { value(at: index) ?? filler }
    set { _ = exchange(at: index, with: newValue) }
  }

  /// Sets the value at `index` and returns the one it replaces, under one lock.
  func exchange(at index: Int, with value: Element) -> Element {
    state.withLock { state in
      let page = self.page(index / perPage, in: &state)
      let old = page[index % perPage]
      page[index % perPage] = value
      state.pages[index / perPage].changed = true
      return old
    }
  }

  /// Whether some page could not be read back from the temporary file (its values read as the
  /// filler).
  var lostPages: Bool { state.withLock { $0.lost } }

  /// The value at `index`; nil when the temporary file could not give its page back.
  func value(at index: Int) -> Element? {
    state.withLock { state in
      let page = self.page(index / perPage, in: &state)
      return state.pages[index / perPage].lost ? nil : page[index % perPage]
    }
  }

  /// Adds `values` at the end (one thread at a time: see `count`).
  func append(contentsOf values: UnsafeBufferPointer<Element>) {
    guard !values.isEmpty else { return }
    let start = count
    count += values.count
    let pages = (count + perPage - 1) / perPage
    state.withLock { state in
      if pages > state.pages.count { state.pages += repeatElement(Page(), count: pages - state.pages.count) }
      if count > state.firstPageCapacity {
        growFirstPage(to: Swift.min(perPage, Swift.max(count, 2 * state.firstPageCapacity)), in: &state)
      }
      write(values, at: start, in: &state)
    }
  }

  /// Sets the values from `start` on to `values` (`start + values.count <= count`), page
  /// after page under one lock.
  func write(_ values: UnsafeBufferPointer<Element>, at start: Int) {
    state.withLock { write(values, at: start, in: &$0) }
  }

  private func write(_ values: UnsafeBufferPointer<Element>, at start: Int, in state: inout State) {
    guard let source = values.baseAddress else { return }
    var index = start
    while index < start + values.count {
      let number = index / perPage
      let page = self.page(number, in: &state)
      let offset = index % perPage
      let copied = Swift.min(perPage - offset, start + values.count - index)
      (page + offset).update(from: source + (index - start), count: copied)
      state.pages[number].changed = true
      index += copied
    }
  }

  /// Calls `body` with the values in `range` (`0..<count`), copied out under the lock (on the
  /// stack for a short range): `body` may read this array again. A lost page's values are the
  /// filler (`readValues` tells).
  func withValues<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    readValues(in: range) { buffer, _ in body(buffer) }
  }

  /// `withValues`, nil when some page of `range` could not be read back from the temporary
  /// file (as `value(at:)` for one index).
  func withReadValues<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result? {
    readValues(in: range) { buffer, lost in lost ? nil : body(buffer) }
  }

  @inline(__always)
  private func readValues<Result>(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<Element>, _ lost: Bool) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: Element.self, capacity: range.count) { buffer in
      let lost = state.withLock { state in
        var lost = false
        var index = range.lowerBound
        while index < range.upperBound {
          let page = self.page(index / perPage, in: &state)
          lost = lost || state.pages[index / perPage].lost
          let offset = index % perPage
          let copied = Swift.min(perPage - offset, range.upperBound - index)
          (buffer.baseAddress! + (index - range.lowerBound)).initialize(from: page + offset, count: copied)
          index += copied
        }
        return lost
      }
      return body(UnsafeBufferPointer(buffer), lost)
    }
  }

  /// Closes the temporary file as if the disk had failed (tests): the pages in it are lost.
  func closeFileForTesting() {
    state.withLock { state in
      if state.descriptor >= 0 { close(state.descriptor) }
      state.descriptor = Int32.max
    }
  }

  /// Pages written to the temporary file so far.
  var storedPages: Int { state.withLock { state in state.pages.reduce(0) { $0 + ($1.stored ? 1 : 0) } } }

  /// The values of page `number` in memory, read back (or made) when they are not; the page
  /// used longest ago goes to the file first when the budget is reached.
  private func page(_ number: Int, in state: inout State) -> UnsafeMutablePointer<Element> {
    state.clock += 1
    if let memory = state.pages[number].memory {
      state.pages[number].used = state.clock
      return memory
    }
    // The memory of the page stored, else a new page: pages are allocated once, not again
    // for every page read back or made (made among the workers' short-lived blocks, they grew
    // each thread's heap with the run).
    let stored = state.resident >= residentPages && !state.unavailable ? storeOldest(&state) : nil
    // (A page read back or given by another is a whole one: only an array of one page has a
    // shorter first page.)
    let capacity = number == 0 ? state.firstPageCapacity : perPage
    let memory = stored ?? UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    memory.initialize(repeating: filler, count: capacity)
    if state.pages[number].stored {
      let bytes = UnsafeMutableRawBufferPointer(start: memory, count: perPage * MemoryLayout<Element>.stride)
      if !FindingStore.read(bytes, from: state.descriptor, at: number * bytes.count) {
        memory.update(repeating: filler, count: perPage)
        state.pages[number].lost = true
        state.lost = true
      }
    }
    state.pages[number].memory = memory
    state.pages[number].used = state.clock
    state.pages[number].changed = false
    state.resident += 1
    return memory
  }

  /// Makes the first page hold `capacity` values (more than it does, at most a page), its
  /// values kept and the new ones the filler, before the array grows past it.
  private func growFirstPage(to capacity: Int, in state: inout State) {
    let old = state.firstPageCapacity
    guard capacity > old else { return }
    state.firstPageCapacity = capacity
    guard let memory = state.pages.first?.memory else { return }
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    grown.initialize(from: memory, count: old)
    (grown + old).initialize(repeating: filler, count: capacity - old)
    memory.deallocate()
    state.pages[0].memory = grown
  }

  /// Writes the page in memory used longest ago to the temporary file (unless it is there
  /// unchanged) and gives its memory for the next page; on failure, keeps every page in memory
  /// from then on (nil).
  private func storeOldest(_ state: inout State) -> UnsafeMutablePointer<Element>? {
    var oldest = -1
    for number in state.pages.indices where state.pages[number].memory != nil {
      if oldest < 0 || state.pages[number].used < state.pages[oldest].used { oldest = number }
    }
    guard oldest >= 0, let memory = state.pages[oldest].memory else { return nil }
    // A page never changed is the filler, or what the file already holds.
    if state.pages[oldest].changed {
      if state.descriptor < 0 { state.descriptor = FindingStore.createFile(in: directory) }
      let bytes = UnsafeRawBufferPointer(start: memory, count: perPage * MemoryLayout<Element>.stride)
      guard state.descriptor >= 0, FindingStore.write(bytes, to: state.descriptor, at: oldest * bytes.count) else {
        state.unavailable = true
        return nil
      }
      state.pages[oldest].stored = true
    }
    state.pages[oldest].memory = nil
    state.resident -= 1
    return memory
  }
}
