import Foundation
import Synchronization
@testable import TestLintCore
import XCTest

/// The result cache knows which build wrote it: results of another build (same version, other
/// code) are not reused; a copy of the same build (another stamp, the same bytes) reuses them.
final class ResultCacheBuildTests: XCTestCase {
  /// Lints the sandbox's files with the cache in `folder` as `build` would, then saves the next
  /// cache; returns how many files were read.
  func lint(_ sandbox: Sandbox, as build: BuildIdentity) throws -> (reads: Int, findings: [String]) {
    let folder = sandbox.path("cache")
    let rules = RuleRegistry.all.filter { !$0.description.isOptIn }.map { type in
      ConfiguredRule(type, severity: type.description.defaultSeverity, options: RuleOptions(defaultsOf: type.description))
    }
    let engine = LintEngine(rules: rules, testBaseClasses: [], threads: 1)
    let files = FileWalker.collect(["."], workingDirectory: sandbox.root) { _, _ in true }.files
    let cache = ResultCache.load(folder: folder, key: "k", build: build)
    let reads = Atomic<Int>(0)
    let (result, update) = engine.encodedRun(FileList(files), cache: cache) { entry throws(Diagnostic) in
      reads.add(1, ordering: .relaxed)
      return try LintEngine.readFromDisk(entry)
    }
    if let update, update.changed { XCTAssertNil(update.save(folder: folder)) }
    let findings = result.decoded(threads: 1).findings.map { "\($0.path):\($0.line) \($0.ruleID)" }
    return (reads.load(ordering: .relaxed), findings)
  }

  func test_cacheOfAnotherBuild_isNotReused() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", ResultCacheTests.base)
    try sandbox.write("FooTests.swift", ResultCacheTests.subclass)
    let hashed = Atomic<Int>(0)
    /// A build of this stamp whose bytes hash to `hash`; counts the times they are hashed.
    func build(stamp: UInt64, hash: UInt64) -> BuildIdentity {
      BuildIdentity(stamp: stamp) {
        hashed.add(1, ordering: .relaxed)
        return hash
      }
    }
    let first = try lint(sandbox, as: build(stamp: 1, hash: 100))
    XCTAssertEqual(first.reads, 2)
    XCTAssertEqual(first.findings, ["FooTests.swift:2 missing_assertion"])
    XCTAssertEqual(try lint(sandbox, as: build(stamp: 1, hash: 100)).reads, 0, "the same build reuses its results")
    XCTAssertEqual(hashed.load(ordering: .relaxed), 1, "a first run hashes the executable, the same stamp does not")
    // A newer build, same version: its results are its own.
    let newer = try lint(sandbox, as: build(stamp: 2, hash: 200))
    XCTAssertEqual(newer.reads, 2, "another build reads every file again")
    XCTAssertEqual(newer.findings, first.findings)
    XCTAssertEqual(hashed.load(ordering: .relaxed), 2)
    XCTAssertEqual(try lint(sandbox, as: build(stamp: 2, hash: 200)).reads, 0)
    // A copy of it (a CI cache restored): another stamp, the same bytes; hashed once, then the
    // cache records the new stamp.
    XCTAssertEqual(try lint(sandbox, as: build(stamp: 3, hash: 200)).reads, 0, "the same bytes reuse the results")
    XCTAssertEqual(hashed.load(ordering: .relaxed), 3)
    XCTAssertEqual(try lint(sandbox, as: build(stamp: 3, hash: 200)).reads, 0)
    XCTAssertEqual(hashed.load(ordering: .relaxed), 3, "the new stamp was recorded")
    // Back to the first build: not the cache's.
    XCTAssertEqual(try lint(sandbox, as: build(stamp: 1, hash: 100)).reads, 2)
  }

  func test_runningBuild_hasAStableStampAndHash() {
    let running = BuildIdentity.running
    XCTAssertNotEqual(running.stamp, 0, "the test binary is found")
    XCTAssertEqual(BuildIdentity.running.stamp, running.stamp, "the same file, the same stamp")
    XCTAssertNotEqual(running.contentHash(), 0, "its bytes are read")
    XCTAssertEqual(BuildIdentity.running.contentHash(), running.contentHash())
  }
}
