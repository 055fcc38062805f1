@testable import TestLintCore
import XCTest

/// The cache file's parts: the content hash, records, and what a damaged file reads as.
final class ResultCacheFileTests: XCTestCase {
  func test_contentHash_seesEveryByte() {
    // Every length around the 8-byte steps, every position, in the words and in the tail.
    for length in 0...40 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
      let hash = ResultCache.hash(bytes)
      XCTAssertEqual(ResultCache.hash(bytes), hash)
      for position in bytes.indices {
        var changed = bytes
        changed[position] ^= 0x01
        XCTAssertNotEqual(ResultCache.hash(changed), hash, "length \(length), byte \(position)")
      }
      XCTAssertNotEqual(ResultCache.hash(bytes + [0]), hash, "a zero byte more, length \(length)")
    }
  }

  func test_record_roundTrips() throws {
    let declarations = ResultCache.Declarations(
      classes: [ResultCache.Pair(name: "FooTests", superclass: "BaseTestCase")],
      helpers: [HelperSummary(name: "assertValid", asserts: false, callees: ["check", "verify"])],
      typeReferences: ["BaseTestCase"], calledNames: ["assertValid", "é"])
    let tests = [
      InventoryEntry(file: "x", suite: "FooTests", name: "test_a", framework: .xctest, line: 3, assertions: 2),
      InventoryEntry(file: "x", suite: nil, name: "b", framework: .swiftTesting, line: 9, assertions: 0),
      InventoryEntry(
        file: "x", suite: "CartSpec", name: "a cart, clears", framework: .quick, line: 12, assertions: 0,
        pending: true),
    ]
    let findings: [UInt8] = [1, 2, 3]
    let problem = Diagnostic(path: "", line: 4, column: 5, message: "unterminated string literal")
    let results = findings.withUnsafeBufferPointer { findings in
      ResultCache.encodeTests(tests).withUnsafeBufferPointer { tests in
        ResultCache.StoredResults.encode(
          dependencies: 42, count: 1, errors: 0, findings: findings, problems: [problem], tests: tests)
      }
    }
    let bytes = ResultCache.encode(declarations).withUnsafeBufferPointer { declarations in
      results.withUnsafeBufferPointer { ResultCache.record(path: "/a/FooTests.swift", declarations: declarations, results: $0) }
    }
    let record = try XCTUnwrap(ResultCache.Record(bytes: bytes))
    XCTAssertEqual(
      [record.isRecord(of: "/a/FooTests.swift"), record.isRecord(of: "/a/FooTests.swif")], [true, false])
    XCTAssertEqual(record.decodedDeclarations(), declarations)
    let names = ResultCache.dependencyNames(record.bytes[record.declarations])
    XCTAssertEqual([names?.typeReferences, names?.calledNames], [["BaseTestCase"], ["assertValid", "é"]])
    XCTAssertEqual(record.resultsDependencies, 42)
    let stored = try XCTUnwrap(record.decodedResults())
    XCTAssertEqual(Array(stored.findings), findings)
    XCTAssertEqual(stored.problems, [problem])
    XCTAssertEqual(ResultCache.decodeTests(stored.tests, path: "x"), tests, "tests, as the file at a path")
    // Cut anywhere, the record is not one.
    for cut in 1..<bytes.count {
      XCTAssertNil(ResultCache.Record(bytes: Array(bytes.dropLast(cut))), "cut \(cut)")
    }
  }

  func test_recordWithoutResults_hasNone() throws {
    let bytes = ResultCache.encode(.init(classes: [], helpers: [], typeReferences: [], calledNames: []))
      .withUnsafeBufferPointer { ResultCache.record(path: "p", declarations: $0, results: .init(start: nil, count: 0)) }
    let record = try XCTUnwrap(ResultCache.Record(bytes: bytes))
    XCTAssertNil(record.resultsDependencies)
    XCTAssertNil(record.decodedResults())
  }
}
