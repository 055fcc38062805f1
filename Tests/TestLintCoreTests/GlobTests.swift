import XCTest

@testable import TestLintCore

final class GlobTests: XCTestCase {
  func test_star_staysWithinSegment() {
    let glob = Glob("Tests/*.swift")
    XCTAssertTrue(glob.matches("Tests/AppTests.swift"), "one segment")
    XCTAssertTrue(glob.matches("Tests/.swift"), "star matches nothing")
    XCTAssertFalse(glob.matches("Tests/Unit/AppTests.swift"), "star does not cross '/'")
    XCTAssertFalse(glob.matches("Tests/AppTests.swiftx"), "suffix must match")
  }

  func test_questionMark_matchesOneCharacter() {
    let glob = Glob("a?c.swift")
    XCTAssertTrue(glob.matches("abc.swift"), "one character")
    XCTAssertTrue(glob.matches("aéc.swift"), "one non-ASCII character")
    XCTAssertFalse(glob.matches("ac.swift"), "not zero characters")
    XCTAssertFalse(glob.matches("a/c.swift"), "not a '/'")
  }

  func test_doubleStar_matchesZeroOrMoreSegments() {
    let glob = Glob("**/*.swift")
    XCTAssertTrue(glob.matches("a.swift"), "zero segments")
    XCTAssertTrue(glob.matches("x/y/a.swift"), "two segments")
    XCTAssertFalse(glob.matches("x/y/a.swiftinterface"), "name must match")
  }

  func test_trailingDoubleStar_matchesEverythingBelow() {
    let glob = Glob("Tests/**")
    XCTAssertTrue(glob.matches("Tests/A.swift"), "direct child")
    XCTAssertTrue(glob.matches("Tests/Unit/Deep/A.swift"), "deep child")
    XCTAssertFalse(glob.matches("Sources/A.swift"), "other folder")
    XCTAssertFalse(glob.matches("TestsExtra/A.swift"), "folder sharing a prefix")
  }

  func test_middleDoubleStar_matchesAnyDepth() {
    let glob = Glob("Tests/**/Generated/*.swift")
    XCTAssertTrue(glob.matches("Tests/Generated/Mocks.swift"), "zero segments between")
    XCTAssertTrue(glob.matches("Tests/A/B/Generated/Mocks.swift"), "two segments between")
    XCTAssertFalse(glob.matches("Tests/A/Generated/Sub/Mocks.swift"), "star is one segment")
    XCTAssertTrue(Glob("**/Generated/**").matches("x/Generated/y/z.swift"), "both ends")
  }

  func test_characterClasses_matchSetsAndRanges() {
    XCTAssertTrue(Glob("[abc].swift").matches("b.swift"), "member")
    XCTAssertFalse(Glob("[abc].swift").matches("d.swift"), "not a member")
    XCTAssertTrue(Glob("v[0-9].swift").matches("v7.swift"), "range")
    XCTAssertFalse(Glob("v[!0-9].swift").matches("v7.swift"), "negated range")
    XCTAssertTrue(Glob("v[^0-9].swift").matches("vx.swift"), "caret negation")
    XCTAssertTrue(Glob("[]]").matches("]"), "leading ']' is a member")
    XCTAssertTrue(Glob("a[b").matches("a[b"), "unclosed '[' is literal")
  }

  func test_literalDirectory_matchesEverythingUnderIt() {
    let glob = Glob("Tests")
    XCTAssertTrue(glob.matches("Tests"), "the folder itself")
    XCTAssertTrue(glob.matches("Tests/A.swift"), "a file in it")
    XCTAssertTrue(glob.matches("Tests/Unit/A.swift"), "a deeper file")
    XCTAssertFalse(glob.matches("TestsExtra/A.swift"), "folder sharing a prefix")
    XCTAssertTrue(Glob("Tests/Unit/").matches("Tests/Unit/A.swift"), "trailing slash")
    XCTAssertFalse(Glob("Tests/*").matches("Tests/Unit/A.swift"), "globs do not match below")
  }

  func test_leadingDotSlash_isIgnored() {
    XCTAssertTrue(Glob("./Tests/*.swift").matches("Tests/A.swift"), "in the pattern")
    XCTAssertTrue(Glob("Tests/*.swift").matches("./Tests/A.swift"), "in the path")
    XCTAssertTrue(Glob("./Tests").matches("./Tests/A.swift"), "in both")
  }

  func test_escapedStar_matchesLiteralStar() {
    XCTAssertTrue(Glob(#"a\*b"#).matches("a*b"), "escaped star is literal")
    XCTAssertFalse(Glob(#"a\*b"#).matches("axb"), "escaped star is not a wildcard")
  }

  func test_pathologicalPatterns_finishQuickly() {
    let stars = Array(repeating: "**", count: 40).joined(separator: "/") + "/a"
    let deepPath = Array(repeating: "x", count: 2_000).joined(separator: "/") + "/b"
    let segmentStars = String(repeating: "*a", count: 40) + "b"
    let longName = String(repeating: "a", count: 20_000)
    let start = TimeBound.cpuNow()
    XCTAssertFalse(Glob(stars).matches(deepPath), "many double stars")
    XCTAssertFalse(Glob(segmentStars).matches(longName), "many stars in a segment")
    XCTAssertTrue(Glob(stars).matches(deepPath.dropLast() + "a"), "many double stars, match")
    XCTAssertLessThan(TimeBound.cpuNow() - start, TimeBound.seconds(10), "no exponential backtracking")
  }
}
