@testable import TestLintCore
import XCTest

/// `NameSet` and `NameFilter` reject names by first byte and length; they must answer exactly as
/// `Set<String>` and `hasPrefix` do, Unicode equivalence included.
final class NameSetTests: XCTestCase {
  static let members: Set<String> = ["fit", "withKnownIssue", "XCTSkip", "x"]
  static let probes = [
    "", "f", "fit", "fitt", "fi", "withKnownIssue", "with\u{212A}nownIssue", "\u{212A}",
    "XCTSkip", "XCTSkipIf", "x", "e\u{301}xpect", "fi\u{301}t", "withKnownIssuf", "\u{301}",
    String(repeating: "f", count: 80),
  ]

  func test_nameSet_answersAsASetOfStrings() {
    let names = NameSet(Self.members)
    for probe in Self.probes {
      XCTAssertEqual(names.contains(probe), Self.members.contains(probe), "\(probe.unicodeScalars.map(\.value))")
    }
  }

  func test_nameFilter_neverRejectsAnEqualNameOrPrefixedName() {
    let prefixes = ["XCTAssert", "fit"]
    let filter = NameFilter(exact: Self.members, prefixes: prefixes)
    for probe in Self.probes + ["XCTAssertEqual", "XCTAssert", "XCTAsser", "fitBehavesLike"] {
      let matches = Self.members.contains(probe) || prefixes.contains { probe.hasPrefix($0) }
      if matches { XCTAssertTrue(filter.mayMatch(probe), probe) }
    }
    XCTAssertFalse(filter.mayMatch("describe"), "no member starts with 'd'")
    XCTAssertFalse(filter.mayMatch("fi"), "shorter than every 'f' member and prefix")
  }
}
