import XCTest

@testable import TestLintCore

/// `missing_assertion` on the shapes of held-out set 44: a discarded metatype pinning a member
/// type to another type.
final class MissingAssertionSet44Tests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_metatypeOfAMemberTypePinnedToAnotherType_checks() {
    let sources = [
      "CrateTests.swift": """
        import Testing

        struct CrateTests {
          @Test func contentsAreBoxedParcels() {
            let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self
          }

          @Test func failureIsNever() {
            let _: Crate<Parcel>.Failure.Type = Never.self
          }

          @Test func nestedLabelIsText() {
            let _: Shipping.Crate.Label.Type = String.self
          }

          @Test func crateLabelExists() {
            let _: Shipping.Crate.Label.Type = Shipping.Crate.Label.self
          }

          @Test func crateExists() {
            let _: Crate.Type = Crate.self
          }

          @Test func crateIsAContainer() {
            let _: Container.Type = Crate.self
          }

          @Test func labelRespelled() {
            let _: Shipping.Label.Type = Label.self
          }

          @Test func contentsPinnedThenUsed() {
            let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self
            Crate<Parcel>().open()
          }

          @Test func contentsOfAMadeValue() {
            let _: Crate<Parcel>.Contents.Type = type(of: Boxed(Parcel()))
          }
        }
        """
    ]
    XCTAssertEqual(
      findings(sources),
      [
        "CrateTests.swift:16", "CrateTests.swift:20", "CrateTests.swift:24", "CrateTests.swift:28",
        "CrateTests.swift:32", "CrateTests.swift:37",
      ])
  }
}
