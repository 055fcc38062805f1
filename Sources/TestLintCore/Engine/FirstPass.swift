/// What pass 1 learnt of one file. A run holds one per file until pass 1 ends, so what few
/// files have (a kept model, a problem) is kept aside, not in every one; what only a run with a
/// cache keeps is in `CachedPasses`.
struct FirstPass: Sendable {
  /// The file's results linted with its own declarations standing for the run's.
  var speculated: PerFile?
  /// What those results assumed about the rest of the run.
  var speculation = Speculation.Unsettled()
  /// Why the file could not be read, if it could not.
  var error: Diagnostic?

  /// Where a file's declarations are, for the cache.
  enum Source: Sendable {
    /// In its record in the cache that was read (`ResultCache.Slot`'s offset and length).
    case old(offset: Int, length: Int)
    /// Encoded by this run, in its store.
    case fresh(FindingStore.Location)
  }

  /// A file read (its results set after).
  init() {}

  /// A file that could not be read.
  init(error: Diagnostic) {
    self.error = error
  }
}

/// Pass 1's record of each file, kept until the run ends: in pages that go to a temporary
/// file beyond a budget (`PagedArray`), 64 bytes a file (the findings' block, where its tests
/// are encoded, the speculation and which of the rest there is); what few files have
/// (problems, an error) aside, by index. So the memory a run holds does not grow with its
/// files (an array of `FirstPass` held 56 bytes for each: 5.4 MB over 95,911 files).
final class FirstPasses: Sendable {
  private struct Record {
    var findings = FindingBlock.empty(file: 0)
    /// Where the results' tests are (`PerFile.tests`).
    var tests = FindingStore.Location.empty
    /// `hasResults`, `fromCache`, `hasAside`.
    var flags: UInt8 = 0
    var speculation = Speculation.Unsettled()

    static let hasResults: UInt8 = 1
    static let fromCache: UInt8 = 2
    static let hasAside: UInt8 = 4
  }

  /// One reference a file (most files have none).
  private final class Aside: Sendable {
    let results: PerFile.Aside?
    let error: Diagnostic?

    init(results: PerFile.Aside?, error: Diagnostic?) {
      self.results = results
      self.error = error
    }
  }

  private let records: PagedArray<Record>
  private let aside = Locked([Int: Aside]())

  init(count: Int, memoryBytes: Int, directory: String?) {
    records = PagedArray(count: count, filler: Record(), memoryBytes: memoryBytes, directory: directory)
  }

  /// The file's pass (a record the temporary file could not give back reads as none: the run
  /// reports that once, `lostPages`).
  subscript(index: Int) -> FirstPass {
    get {
      let record = records[index]
      let kept = record.flags & Record.hasAside == 0 ? nil : aside.withLock { $0[index] }
      var pass = FirstPass()
      pass.speculation = record.speculation
      pass.error = kept?.error
      if record.flags & Record.hasResults != 0 {
        pass.speculated = PerFile(
          findings: record.findings, fromCache: record.flags & Record.fromCache != 0, aside: kept?.results)
        pass.speculated?.tests = record.tests
      }
      return pass
    }
    set {
      var record = Record(speculation: newValue.speculation)
      if let results = newValue.speculated {
        record.findings = results.findings
        record.tests = results.tests
        record.flags |= Record.hasResults | (results.fromCache ? Record.fromCache : 0)
      }
      let results = newValue.speculated?.aside
      if results != nil || newValue.error != nil {
        record.flags |= Record.hasAside
        let kept = Aside(results: results, error: newValue.error)
        aside.withLock { $0[index] = kept }
      }
      if records.exchange(at: index, with: record).flags & Record.hasAside != 0, record.flags & Record.hasAside == 0 {
        aside.withLock { $0[index] = nil }
      }
    }
  }

  /// Whether some record could not be read back from the temporary file.
  var lostPages: Bool { records.lostPages }
}
