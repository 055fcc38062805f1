import XCTest

@testable import TestLintCore

/// `missing_assertion` on tests that only assign a scenario their class's `tearDown` runs
/// (`TearDownRun`): a BDD base hands the property to a runner whose steps assert.
final class MissingAssertionTearDownRunTests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  /// The base, the runner and the tests in three files; the tests' file is linted first.
  private static let base = """
    import XCTest
    class Recipe: XCTestCase {
      var dish: Dish? = nil
      var note: Dish? = nil
      var spare: Dish? = nil
      override func tearDown() async throws {
        try await cook()
        journal.write(note)
        spare = nil
        try await super.tearDown()
      }
      func cook() async throws {
        try await Kitchen.main.prepare(self.dish!)
      }
    }
    """

  private static let kitchen = """
    import XCTest
    final class Kitchen {
      static let main = Kitchen()
      func prepare(_ dish: Dish) async throws {
        for step in dish.steps { XCTAssertTrue(try await step.run()) }
      }
    }
    final class Journal {
      func write(_ dish: Dish?) { print(dish as Any) }
    }
    """

  func test_scenarioRunByABaseTearDown_inAnotherFile_asserts() {
    let sources = [
      "ASoupTests.swift": """
        import XCTest
        final class SoupTests: Recipe {
          func test_soup_isServedHot() async throws {
            dish = Dish("soup")
              .given("a pot")
              .then("it simmers")
          }
          func test_soup_isSalted() async throws {
            self.dish = Dish("salted soup"); note = Dish("a note")
          }
          func test_note_isKept() async throws {
            note = Dish("a note")
          }
          func test_spare_isKept() async throws {
            spare = Dish("spare")
          }
          func test_dish_andAnotherStatement() async throws {
            dish = Dish("stew")
            print("stew")
          }
        }
        """,
      "BRecipe.swift": Self.base,
      "CKitchen.swift": Self.kitchen,
    ]
    XCTAssertEqual(findings(sources), ["ASoupTests.swift:11", "ASoupTests.swift:14", "ASoupTests.swift:17"])
  }

  func test_scenarioRunByTheClassesOwnTearDown_asserts_andAnUnrelatedBasesDoesNot() {
    let sources = [
      "AOwnTests.swift": """
        import XCTest
        final class BreadTests: XCTestCase {
          var dish: Dish? = nil
          override func tearDown() {
            journal.write(dish)
            super.tearDown()
          }
          func test_bread_rises() {
            dish = Dish("bread")
          }
        }
        final class PieTests: XCTestCase {
          var dish: Dish? = nil
          override func tearDown() async throws {
            try await Kitchen.main.prepare(dish!)
          }
          func test_pie_bakes() {
            dish = Dish("pie")
          }
        }
        """,
      "BRecipe.swift": Self.base,
      "CKitchen.swift": Self.kitchen,
    ]
    // `BreadTests` declares its own `dish`: the base's `tearDown` does not run it.
    XCTAssertEqual(findings(sources), ["AOwnTests.swift:8"])
  }
}
