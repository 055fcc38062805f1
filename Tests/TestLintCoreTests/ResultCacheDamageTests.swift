import Foundation
@testable import TestLintCore
import XCTest

/// A damaged result cache never changes a report: bytes flipped anywhere in a real cache (its
/// header, records, their declarations and dependency digests, index, end), or the file cut
/// short, give the report of a run without the cache, and the run says so once.
final class ResultCacheDamageTests: XCTestCase {
  /// A tree whose results depend across files: base classes in other folders, a helper
  /// declared in one file and called in others, findings, a problem, Swift Testing and Quick.
  static let tree: [String: String] = [
    "Support/BaseTestCase.swift": "import XCTest\nclass BaseTestCase: XCTestCase {}\n",
    "Support/Helpers.swift": """
      import XCTest
      func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(value, 0, file: file, line: line)
      }

      """,
    "Feature/LoginTests.swift": """
      import XCTest
      final class LoginTests: BaseTestCase {
        func test_login_succeeds() { assertValid(1) }
        func testLogout() {}
        func test_token_isKept() {
          let token = 1
          _ = token
        }
      }

      """,
    "Feature/ProfileTests.swift": """
      import XCTest
      final class ProfileTests: BaseTestCase {
        func test_name_isShown() { XCTAssertEqual(1, 1) }
        func test_avatar_isLoaded() { assertValid(2) }
        func test_<condition>_<expextedResult>() {}
      }

      """,
    "Feature/SettingsTests.swift": """
      import Testing
      @Suite struct SettingsTests {
        @Test func toggles() { #expect(true) }
        @Test func resets() {}
      }

      """,
    "Feature/CartSpec.swift": """
      import Quick
      import Nimble
      final class CartSpec: QuickSpec {
        override class func spec() {
          describe("cart") {
            it("adds") { expect(1).to(equal(1)) }
            it("removes") {}
          }
        }
      }

      """,
    "Other/PlainTests.swift": """
      import XCTest
      final class PlainTests: XCTestCase {
        func test_é_ünïcödé() { XCTAssertTrue(true) }
        func testSomething() { sleep(1) }
      }

      """,
    "Other/Broken.swift": "let text = \"unterminated\n",
  ]

  /// The damage done in one trial.
  enum Region: String, CaseIterable {
    case header, records, declarations, dependencies, index, end, anywhere
  }

  func test_damagedCache_givesTheReportOfARunWithoutIt() throws {
    let sandbox = try Sandbox(self)
    for (path, text) in Self.tree { try sandbox.write(path, text) }
    let arguments = ["--reporter", "json", "--cache-path", "cache", "."]
    let without = sandbox.run(["--reporter", "json", "--no-cache", "."])
    XCTAssertEqual(without.code, .failure, "a problem in Broken.swift")
    XCTAssertTrue(without.stdout.contains("missing_assertion"), without.stdout)
    let first = sandbox.run(arguments)
    XCTAssertEqual([first.stdout, "\(first.code)"], [without.stdout, "\(without.code)"])
    let file = sandbox.path("cache/" + ResultCache.fileName)
    let pristine = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
    let regions = try Self.regions(of: pristine)
    let warning = "testlint: warning: the result cache in \(sandbox.path("cache")) was damaged"
    var warned = 0
    var cut = 0
    for seed in 0..<Self.trials {
      var random = DamageRandom(seed: UInt64(seed))
      let region = Region.allCases[seed % Region.allCases.count]
      let positions = regions[region] ?? []
      var damaged = pristine
      for _ in 0..<(1 + random.below(50)) {
        let position = positions[random.below(positions.count)]
        damaged[position] ^= UInt8(1 + random.below(255))
      }
      // Every fifth trial also cuts the file short.
      if seed % 5 == 4 {
        damaged.removeLast(1 + random.below(damaged.count - 1))
        cut += 1
      }
      try Data(damaged).write(to: URL(fileURLWithPath: file))
      let output = sandbox.run(arguments)
      let context = "seed \(seed), \(region)"
      XCTAssertEqual([output.stdout, "\(output.code)"], [without.stdout, "\(without.code)"], context)
      let warnings = output.stderr.components(separatedBy: warning).count - 1
      // Only a magic whose version digit turned into another reads as another format (silently).
      let otherVersion = damaged.count >= 8 && damaged[7] != pristine[7] && damaged[..<7].elementsEqual(pristine[..<7])
        && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(damaged[7])
      XCTAssertEqual(warnings, otherVersion ? 0 : 1, "\(context): \(output.stderr)")
      warned += warnings
      // The cache is rewritten whole: the next run reads it without a word.
      let after = sandbox.run(arguments)
      XCTAssertEqual([after.stdout, "\(after.code)"], [without.stdout, "\(without.code)"], context)
      XCTAssertFalse(after.stderr.contains(warning), "\(context): \(after.stderr)")
    }
    XCTAssertGreaterThan(warned, Self.trials * 9 / 10, "nearly every trial's damage is seen")
    XCTAssertGreaterThan(cut, 0)
  }

  func test_damagedRecord_isLintedAgainAndWarnedOnce() throws {
    // Two records damaged: one warning, and every file's report as without the cache.
    let sandbox = try Sandbox(self)
    for (path, text) in Self.tree { try sandbox.write(path, text) }
    let arguments = ["--reporter", "json", "--quiet", "--cache-path", "cache", "."]
    let without = sandbox.run(["--reporter", "json", "--no-cache", "."])
    _ = sandbox.run(arguments)
    let file = sandbox.path("cache/" + ResultCache.fileName)
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
    let regions = try Self.regions(of: bytes)
    let dependencies = try XCTUnwrap(regions[.dependencies])
    bytes[dependencies.first!] ^= 0x01
    bytes[dependencies.last!] ^= 0x80
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let output = sandbox.run(arguments)
    XCTAssertEqual(output.stdout, without.stdout)
    XCTAssertEqual(
      output.stderr.components(separatedBy: "was damaged").count - 1, 1,
      "once, even with --quiet: \(output.stderr)")
    XCTAssertTrue(output.stderr.hasPrefix("testlint: warning: the result cache in "), output.stderr)
  }

  func test_cacheOfAnotherFormatVersion_isReplacedSilently() throws {
    let sandbox = try Sandbox(self)
    for (path, text) in Self.tree { try sandbox.write(path, text) }
    try sandbox.write("cache/" + ResultCache.fileName, bytes: Array("TLCACHE2".utf8) + [UInt8](repeating: 7, count: 64))
    let output = sandbox.run(["--cache-path", "cache", "."])
    XCTAssertFalse(output.stderr.contains("damaged"), output.stderr)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: sandbox.path("cache/" + ResultCache.fileName))))
    XCTAssertEqual(Array(bytes.prefix(8)), ResultCache.magic)
  }

  func test_checksum_sameWhateverTheParts() {
    let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
    var whole = ResultCache.Checksum()
    whole.add(bytes)
    for cuts in [[1], [7], [8], [9], [3, 5, 17], [1, 2, 3, 4, 5, 6, 7, 8, 9, 99]] {
      var parts = ResultCache.Checksum()
      var start = 0
      for end in cuts + [bytes.count] {
        parts.add(Array(bytes[start..<end]))
        start = end
      }
      XCTAssertEqual(parts.value, whole.value, "cut at \(cuts)")
    }
    for position in bytes.indices {
      var changed = bytes
      changed[position] ^= 0x10
      var other = ResultCache.Checksum()
      other.add(changed)
      XCTAssertNotEqual(other.value, whole.value, "byte \(position)")
    }
    var longer = ResultCache.Checksum()
    longer.add(bytes + [0])
    XCTAssertNotEqual(longer.value, whole.value, "a zero byte more")
  }
}

extension ResultCacheDamageTests {
  /// Trials of the random damage test: each region gets a seventh of them, a fifth are cut.
  static let trials = 140

  /// The positions of each region of a cache file's bytes.
  static func regions(of bytes: [UInt8]) throws -> [Region: [Int]] {
    let cache = try XCTUnwrap(ResultCache.decode(bytes, key: try key(of: bytes)))
    var slots: [ResultCache.Slot] = []
    cache.index.forEachSlotByKey { slots.append($0) }
    XCTAssertGreaterThan(slots.count, 5)
    let recordsStart = try XCTUnwrap(slots.map(\.offset).min())
    let indexStart = slots.map { $0.offset + $0.length }.max() ?? recordsStart
    var declarations: [Int] = []
    var dependencies: [Int] = []
    for slot in slots {
      let record = try XCTUnwrap(ResultCache.Record(bytes: Array(bytes[slot.offset..<(slot.offset + slot.length)])))
      declarations += record.declarations.map { slot.offset + $0 }
      if record.resultsDependencies != nil {
        dependencies += (record.results.lowerBound..<(record.results.lowerBound + 8)).map { slot.offset + $0 }
      }
    }
    XCTAssertFalse(dependencies.isEmpty)
    let end = bytes.count - ResultCache.trailerSize
    return [
      .header: Array(0..<recordsStart), .records: Array(recordsStart..<indexStart),
      .declarations: declarations, .dependencies: dependencies, .index: Array(indexStart..<end),
      .end: Array(end..<bytes.count), .anywhere: Array(bytes.indices),
    ]
  }

  /// The key a cache file's header holds.
  static func key(of bytes: [UInt8]) throws -> String {
    var reader = ByteReader(bytes: bytes)
    _ = reader.take(ResultCache.magic.count)
    return try XCTUnwrap(reader.string())
  }
}

/// A small seeded generator (DamageRandom64), so that every trial can be replayed by its seed.
private struct DamageRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
