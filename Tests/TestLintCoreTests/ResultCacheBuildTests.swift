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

  /// A sandbox with a base class and a subclass whose empty test is a finding.
  func makeSandbox() throws -> Sandbox {
    let sandbox = try Sandbox(self)
    try sandbox.write("Base.swift", ResultCacheTests.base)
    try sandbox.write("FooTests.swift", ResultCacheTests.subclass)
    return sandbox
  }

  func test_sameBuild_reusesItsResultsAndHashesOnce() throws {
    let sandbox = try makeSandbox()
    let hashed = Atomic<Int>(0)
    let build = BuildIdentity(stamp: 1) {
      hashed.add(1, ordering: .relaxed)
      return 100
    }
    let first = try lint(sandbox, as: build)
    XCTAssertEqual(first.reads, 2)
    XCTAssertEqual(first.findings, ["FooTests.swift:2 missing_assertion"])
    XCTAssertEqual(try lint(sandbox, as: build).reads, 0, "the same build reuses its results")
    XCTAssertEqual(hashed.load(ordering: .relaxed), 1, "a first run hashes the executable, the same stamp does not")
  }

  func test_newerBuildOfTheSameVersion_readsEveryFileAgain() throws {
    let sandbox = try makeSandbox()
    let first = try lint(sandbox, as: BuildIdentity(stamp: 1) { 100 })
    let newer = try lint(sandbox, as: BuildIdentity(stamp: 2) { 200 })
    XCTAssertEqual(newer.reads, 2, "its results are its own")
    XCTAssertEqual(newer.findings, first.findings)
    XCTAssertEqual(try lint(sandbox, as: BuildIdentity(stamp: 2) { 200 }).reads, 0)
    XCTAssertEqual(try lint(sandbox, as: BuildIdentity(stamp: 1) { 100 }).reads, 2, "nor the older build the newer's")
  }

  func test_copyOfTheBuild_keepsTheCacheAndRecordsItsStamp() throws {
    // A CI cache restored: another stamp, the same bytes; hashed once, then the cache records
    // the new stamp.
    let sandbox = try makeSandbox()
    _ = try lint(sandbox, as: BuildIdentity(stamp: 1) { 100 })
    let hashed = Atomic<Int>(0)
    let copy = BuildIdentity(stamp: 3) {
      hashed.add(1, ordering: .relaxed)
      return 100
    }
    XCTAssertEqual(try lint(sandbox, as: copy).reads, 0, "the same bytes reuse the results")
    XCTAssertEqual(try lint(sandbox, as: copy).reads, 0)
    XCTAssertEqual(hashed.load(ordering: .relaxed), 1, "the new stamp was recorded")
  }

  func test_runningBuild_hasAStableStampAndHash() {
    let running = BuildIdentity.running
    XCTAssertNotEqual(running.stamp, 0, "the test binary is found")
    XCTAssertEqual(BuildIdentity.running.stamp, running.stamp, "the same file, the same stamp")
    XCTAssertNotEqual(running.contentHash(), 0, "its bytes are read")
    XCTAssertEqual(BuildIdentity.running.contentHash(), running.contentHash())
  }
}
