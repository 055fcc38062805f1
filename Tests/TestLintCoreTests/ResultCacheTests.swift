import Foundation
import Synchronization
import TestLintCore
import XCTest

/// The result cache: reused when nothing the results depend on changed, refreshed otherwise.
final class ResultCacheTests: XCTestCase {
  static let base = "import XCTest\nclass BaseTestCase: XCTestCase {}\n"
  static let notBase = "import XCTest\nclass BaseTestCase: NSObject {}\n"
  static let subclass = "final class FooTests: BaseTestCase {\n  func test_empty_body() {}\n}\n"

  func test_secondRun_readsNoFile() throws {
    let files = ["Base.swift": Self.base, "FooTests.swift": Self.subclass]
    let first = run(files, cache: ResultCache(key: "k"))
    // Base.swift is read first; FooTests.swift, linted on the other thread at the same time,
    // may not know its base class yet and is then read again to be linted with it.
    XCTAssertTrue((2...3).contains(first.reads), "\(first.reads) reads")
    let second = run(files, cache: first.cache)
    XCTAssertEqual(second.reads, 0, "unchanged stamps: nothing is read")
    XCTAssertEqual(second.result.findings, first.result.findings)
    XCTAssertEqual(second.result.findings.map(\.ruleID), ["missing_assertion"])
  }

  func test_runOverSomeFiles_keepsTheOthersEntries() throws {
    let files = ["Base.swift": Self.base, "FooTests.swift": Self.subclass, "BarTests.swift": Self.withHelperCall]
    let first = run(files, cache: ResultCache(key: "k"))
    let some = run(["FooTests.swift": Self.subclass], cache: first.cache)
    let cache = try XCTUnwrap(some.cache)
    XCTAssertEqual(cache.count, 3, "the files left out keep their entries")
    for name in ["Base.swift", "BarTests.swift"] {
      let entry = try XCTUnwrap(cache.entry(for: "/virtual/" + name), name)
      XCTAssertEqual(entry.findings, first.cache?.entry(for: "/virtual/" + name)?.findings, name)
    }
    // FooTests.swift, linted without the files beside it, is read again; the others are not.
    let all = run(files, cache: cache)
    XCTAssertEqual(all.reads, 1)
    XCTAssertEqual(all.result.findings, first.result.findings)
  }

  func test_fileLintedAgain_isCachedWithItsNewResults() throws {
    // On one thread ATests.swift is linted first, taking its base class for no test case; the
    // file read after it says otherwise, and it is linted again.
    let files = [
      "ATests.swift": "final class ATests: BTestsBase {\n  func test_empty_body() {}\n}\n",
      "BTests.swift": "import XCTest\nclass BTestsBase: XCTestCase {}\n",
    ]
    let first = run(files, cache: ResultCache(key: "k"), threads: 1)
    XCTAssertEqual(first.reads, 3, "ATests.swift is read twice")
    XCTAssertEqual(first.result.findings.map(\.ruleID), ["missing_assertion"])
    let entry = try XCTUnwrap(first.cache?.entry(for: "/virtual/ATests.swift"))
    XCTAssertEqual(entry.findings?.map(\.ruleID), ["missing_assertion"])
    XCTAssertEqual(entry.tests?.map(\.name), ["test_empty_body"])
    let second = run(files, cache: first.cache, threads: 1)
    XCTAssertEqual(second.reads, 0)
    XCTAssertEqual(second.result.findings, first.result.findings)
    XCTAssertEqual(second.result.tests, first.result.tests)
  }

  func test_baseClassChange_relintsSubclassElsewhere() throws {
    let first = run(["Base.swift": Self.base, "FooTests.swift": Self.subclass], cache: ResultCache(key: "k"))
    XCTAssertEqual(first.result.findings.count, 1)
    let second = run(
      ["Base.swift": Self.notBase, "FooTests.swift": Self.subclass], cache: first.cache,
      changed: ["Base.swift"])
    XCTAssertEqual(second.result.findings, [], "FooTests is no longer a test class")
    XCTAssertEqual(second.reads, 2, "the changed file is read, the subclass re-linted")
  }

  func test_helperChange_relintsCallers() throws {
    assertHelperChangeRelintsCallers(named: "assertValid")
  }

  func test_testNamedHelperChange_relintsCallers() throws {
    // A helper named like a test waits apart from the run's helpers; a change to it still
    // reaches the files that call it.
    assertHelperChangeRelintsCallers(named: "testValid")
  }

  /// A helper of this name in one file, called by a test in another: breaking it, then mending
  /// it, re-lints the caller each time.
  private func assertHelperChangeRelintsCallers(named name: String, line: UInt = #line) {
    let helper = "import XCTest\nextension XCTestCase {\n  func \(name)(_ x: Int) { XCTAssertGreaterThan(x, 0) }\n}\n"
    let tests = "import XCTest\nfinal class ATests: XCTestCase {\n  func test_value_isValid() { \(name)(1) }\n}\n"
    let first = run(["Helper.swift": helper, "ATests.swift": tests], cache: ResultCache(key: "k"))
    XCTAssertEqual(first.result.findings, [], line: line)
    let broken = helper.replacingOccurrences(of: "XCTAssertGreaterThan(x, 0)", with: "print(x)")
    let second = run(["Helper.swift": broken, "ATests.swift": tests], cache: first.cache, changed: ["Helper.swift"])
    XCTAssertEqual(second.result.findings.map(\.ruleID), ["missing_assertion"], line: line)
    XCTAssertEqual(second.reads, 2, "the changed file is read, its caller re-linted", line: line)
    let fixed = run(
      ["Helper.swift": helper, "ATests.swift": tests], cache: second.cache, changed: ["Helper.swift"], modified: 3)
    XCTAssertEqual(fixed.result.findings, [], line: line)
    XCTAssertEqual(fixed.reads, 2, line: line)
  }

  func test_ownClassChangesThroughOtherFiles_relintsIt() throws {
    // A class the file declares and extends is answered from that file and from what the
    // others say of the types above it, or of another class of the same name.
    let own = "import XCTest\nclass Shared: BaseCase {}\nextension Shared {\n  func test_shared_isEmpty() {}\n}\n"
    let base = "import XCTest\nclass BaseCase: XCTestCase {}\n"
    func missing(_ result: LintResult) -> [String] {
      result.findings.filter { $0.ruleID == "missing_assertion" }.map(\.path)
    }
    let first = run(["OwnTests.swift": own, "Base.swift": base], cache: ResultCache(key: "k"))
    XCTAssertEqual(missing(first.result), ["OwnTests.swift"])
    let notBase = run(
      ["OwnTests.swift": own, "Base.swift": "import XCTest\nclass BaseCase: NSObject {}\n"], cache: first.cache,
      changed: ["Base.swift"])
    XCTAssertEqual(missing(notBase.result), [])
    let twice = run(
      ["OwnTests.swift": own, "Base.swift": "import XCTest\nclass BaseCase: NSObject {}\n", "Other.swift": "class Shared: XCTestCase {}\n"],
      cache: notBase.cache, changed: ["Other.swift"])
    XCTAssertEqual(missing(twice.result), ["OwnTests.swift"])
  }

  func test_contentChangeWithSameStamp_isNotSeen() throws {
    // Like make and git: an unchanged size and modification time means an unchanged file.
    let first = run(["FooTests.swift": Self.subclass], cache: ResultCache(key: "k"))
    let second = run(["FooTests.swift": Self.subclass + "// edited\n"], cache: first.cache)
    XCTAssertEqual(second.reads, 0)
  }

  func test_touchedButUnchangedFile_reusesResults() throws {
    let first = run(["Base.swift": Self.base, "FooTests.swift": Self.subclass], cache: ResultCache(key: "k"))
    let second = run(
      ["Base.swift": Self.base, "FooTests.swift": Self.subclass], cache: first.cache, changed: ["FooTests.swift"])
    XCTAssertEqual(second.reads, 1, "read to hash it")
    XCTAssertEqual(second.result.findings, first.result.findings)
  }

  func test_fileListedWithoutStamp_isCachedWithItsSize() throws {
    // A list not made by the walk may give no stamp: the next cache keeps the file with its
    // size and no time, which a later list giving that stamp is trusted with.
    let first = run(["FooTests.swift": Self.subclass], cache: ResultCache(key: "k"), stamp: { _ in nil })
    XCTAssertEqual(first.reads, 1)
    let size = Self.subclass.utf8.count
    let second = run(
      ["FooTests.swift": Self.subclass], cache: first.cache, stamp: { _ in FileStamp(size: size, modified: 0) })
    XCTAssertEqual(second.reads, 0)
    XCTAssertEqual(second.result.findings, first.result.findings)
    let other = run(
      ["FooTests.swift": Self.subclass], cache: first.cache, stamp: { _ in FileStamp(size: size, modified: 1) })
    XCTAssertEqual(other.reads, 1, "another stamp: read to hash it")
  }

  private func linkedCache() throws -> ResultCache {
    try XCTUnwrap(run(["Base.swift": Self.base, "FooTests.swift": Self.subclass], cache: ResultCache(key: "k")).cache)
  }

  func test_encodedCache_roundTrips() throws {
    let cache = try linkedCache()
    let decoded = try XCTUnwrap(ResultCache.decode(cache.encoded(), key: "k"))
    XCTAssertEqual(decoded.encoded(), cache.encoded())
    XCTAssertNil(ResultCache.decode(cache.encoded(), key: "other configuration"))
  }

  func test_damagedCache_isDropped() throws {
    let encoded = try linkedCache().encoded()
    for cut in stride(from: 1, to: 40, by: 3) {
      XCTAssertNil(ResultCache.decode(Array(encoded.dropLast(cut)), key: "k"), "cut \(cut)")
    }
    // A record count (the 8 bytes before the end's magic) beyond what the index can hold,
    // though not beyond the file's size: refused before room is made for it.
    var damaged = encoded
    let count = UInt64(encoded.count - 30)
    for offset in 0..<8 { damaged[damaged.count - 16 + offset] = UInt8(truncatingIfNeeded: count >> UInt64(offset * 8)) }
    XCTAssertNil(ResultCache.decode(damaged, key: "k"), "a damaged record count")
  }

  func test_decodedCache_readsResultsAsWritten() throws {
    // Results are read back as they were found (paths are not kept: they depend on the working
    // directory).
    let files = ["Base.swift": Self.base, "FooTests.swift": Self.subclass, "BarTests.swift": Self.withHelperCall]
    let first = run(files, cache: ResultCache(key: "k"))
    let cache = try XCTUnwrap(first.cache)
    XCTAssertEqual(cache.count, 3)
    XCTAssertFalse(first.result.findings.isEmpty, "findings to read")
    for name in files.keys {
      let entry = try XCTUnwrap(cache.entry(for: "/virtual/" + name), name)
      func pathless(_ findings: [Finding]) -> [Finding] {
        findings.map { finding in
          var copy = finding
          copy.path = ""
          return copy
        }
      }
      XCTAssertEqual(entry.findings, pathless(first.result.findings.filter { $0.path == name }), name)
      let tests = first.result.tests.filter { $0.file == name }.map { test in
        var copy = test
        copy.file = ""
        return copy
      }
      XCTAssertEqual(entry.tests, tests, name)
      XCTAssertEqual(entry.problems, [], name)
      XCTAssertNotNil(entry.resultsDependencies, name)
    }
    // A check's call is asked about under its labels too (`CallSignature`).
    XCTAssertEqual(cache.entry(for: "/virtual/BarTests.swift")?.declarations.calledNames, ["check", "check(_:)"])
    XCTAssertNil(cache.entry(for: "/virtual/Other.swift"))
  }

  static let withHelperCall =
    "import XCTest\nfinal class BarTests: XCTestCase {\n  func test_value_isChecked() { check(1) }\n}\n"

  func test_damagedRecord_relintsItsFileOnly() throws {
    let files = ["Base.swift": Self.base, "FooTests.swift": Self.subclass, "BarTests.swift": Self.withHelperCall]
    let first = run(files, cache: ResultCache(key: "k"))
    var bytes = try XCTUnwrap(first.cache).encoded()
    // The findings of FooTests.swift are the only place `missing_assertion` is written out
    // (by index, not by name), so damage its record where its path is.
    let path = Array("/virtual/FooTests.swift".utf8)
    let at = try XCTUnwrap(bytes.indices.first { bytes[$0...].starts(with: path) })
    bytes[at + path.count - 1] = UInt8(ascii: "X")
    let damaged = try XCTUnwrap(ResultCache.decode(bytes, key: "k"))
    XCTAssertNil(damaged.entry(for: "/virtual/FooTests.swift"))
    XCTAssertNotNil(damaged.entry(for: "/virtual/BarTests.swift"))
    let second = run(files, cache: damaged)
    // FooTests.swift may be linted before its base class is known, then read once more.
    XCTAssertTrue((1...2).contains(second.reads), "only the damaged file is read again: \(second.reads) reads")
    XCTAssertEqual(second.result.findings, first.result.findings)
  }

  func test_cliCache_isWrittenAndOptional() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", Self.base)
    try sandbox.write("FooTests.swift", Self.subclass)
    let first = sandbox.run([])
    XCTAssertNotNil(sandbox.read(".testlint-cache/results.bin"))
    XCTAssertEqual(sandbox.read(".testlint-cache/.gitignore"), "# testlint's result cache\n*\n")
    XCTAssertEqual(sandbox.run([]).stdout, first.stdout)
    let other = try Sandbox(self)
    try other.write("FooTests.swift", Self.subclass)
    _ = other.run(["--no-cache"])
    XCTAssertNil(other.read(".testlint-cache/results.bin"))
    _ = other.run(["--cache-path", "cache-here"])
    XCTAssertNotNil(other.read("cache-here/results.bin"))
  }

  func test_cliCacheThatAnsweredForEveryFile_isNotWrittenAgain() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", Self.base)
    try sandbox.write("FooTests.swift", Self.subclass)
    let first = sandbox.run([])
    let cacheFile = sandbox.path(".testlint-cache/results.bin")
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: cacheFile)
    func written() throws -> Date? {
      try FileManager.default.attributesOfItem(atPath: cacheFile)[.modificationDate] as? Date
    }
    XCTAssertEqual(sandbox.run([]).stdout, first.stdout)
    XCTAssertEqual(try written(), past, "nothing changed: the cache stays as it is")
    try sandbox.write("BarTests.swift", Self.subclass.replacingOccurrences(of: "FooTests", with: "BarTests"))
    _ = sandbox.run([])
    XCTAssertNotEqual(try written(), past, "a new file: the cache is written")
  }

  func test_cliCacheThatCannotBeWritten_warnsAndReportsAsWithout() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", Self.base)
    try sandbox.write("FooTests.swift", Self.subclass)
    try sandbox.write("not-a-folder", "a file where the cache folder would go\n")
    let without = sandbox.run(["--no-cache"])
    let output = sandbox.run(["--cache-path", "not-a-folder"])
    XCTAssertEqual([output.stdout, "\(output.code)"], [without.stdout, "\(without.code)"])
    XCTAssertTrue(
      output.stderr.contains("testlint: warning: cannot write the cache in \(sandbox.path("not-a-folder")): "),
      output.stderr)
    XCTAssertEqual(sandbox.read("not-a-folder"), "a file where the cache folder would go\n")
  }

  func test_configurationChange_ignoresOldResults() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", Self.base)
    try sandbox.write("FooTests.swift", Self.subclass)
    XCTAssertEqual(sandbox.run([]).code, .findings)
    try sandbox.write(".lint.yml", "missing_assertion: off\n")
    let output = sandbox.run([])
    XCTAssertEqual(output.stdout, "")
    XCTAssertEqual(output.code, .success)
  }
}

extension ResultCacheTests {
  /// Lints in-memory files; `changed` files get a new modification time; with `stamp`, each
  /// file has the stamp it gives (none for nil).
  func run(
    _ files: [String: String], cache: ResultCache?, changed: Set<String> = [], modified: Int = 2,
    stamp: ((String) -> FileStamp?)? = nil, threads: Int = 2
  ) -> (result: LintResult, cache: ResultCache?, reads: Int) {
    let rules = RuleRegistry.all.filter { !$0.description.isOptIn }.map { type in
      ConfiguredRule(
        type, severity: type.description.defaultSeverity, options: RuleOptions(defaultsOf: type.description))
    }
    let engine = LintEngine(rules: rules, testBaseClasses: [], threads: threads)
    let entries = files.keys.sorted().map { name in
      FileEntry(
        path: "/virtual/" + name, displayPath: name,
        stamp: stamp.map { $0(name) } ?? FileStamp(size: 100, modified: changed.contains(name) ? modified : 1))
    }
    let contents = Dictionary(uniqueKeysWithValues: files.map { ("/virtual/" + $0.key, Array($0.value.utf8)) })
    let reads = Atomic<Int>(0)
    let output = engine.run(entries, cache: cache) { entry in
      reads.add(1, ordering: .relaxed)
      return contents[entry.path] ?? []
    }
    return (output.result, output.cache, reads.load(ordering: .relaxed))
  }
}

extension ResultCacheTests {
  func test_classBecomingOrLeavingQuickSpec_relintsSpecElsewhere() throws {
    let spec = "final class CartSpec: BaseSpec {\n  override class func spec() {\n    it(\"totals\") { cart.add(1) }\n  }\n}\n"
    let plain = "import Quick\nclass BaseSpec: NSObject {}\n"
    for root in ["QuickSpec", "AsyncSpec"] {
      let quick = "import Quick\nclass BaseSpec: \(root) {}\n"
      let first = run(["BaseSpec.swift": plain, "CartSpec.swift": spec], cache: ResultCache(key: "k"))
      XCTAssertEqual(first.result.findings.map(\.ruleID), [], "no spec: 'it' is any call")
      let second = run(
        ["BaseSpec.swift": quick, "CartSpec.swift": spec], cache: first.cache, changed: ["BaseSpec.swift"])
      XCTAssertEqual(second.result.findings.map(\.ruleID), ["missing_assertion"], "BaseSpec now inherits from \(root)")
      let third = run(
        ["BaseSpec.swift": plain, "CartSpec.swift": spec], cache: second.cache, changed: ["BaseSpec.swift"],
        modified: 3)
      XCTAssertEqual(third.result.findings.map(\.ruleID), [], "BaseSpec no longer inherits from \(root)")
    }
  }
}
