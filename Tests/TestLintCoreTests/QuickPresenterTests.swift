import TestLintCore
import XCTest

/// `presenter_recreated_in_setup` in Quick specs, and the local declarations it reads.
final class QuickPresenterTests: XCTestCase {
  func test_sharedPresenter_saysUseBeforeEach() {
    let source = """
      import Quick
      final class CartSpec: AsyncSpec {
        override class func spec() {
          let presenter = CartPresenter()
          it("loads") { await presenter.load(); expect(presenter.isLoaded) == true }
        }
      }
      """
    XCTAssertEqual(
      LintHarness(PresenterRecreatedInSetupRule.self, files: ["CartSpec.swift": source]).messages(),
      ["4:9 create 'presenter' in a 'beforeEach' instead of at its declaration, so every example gets a fresh one"])
  }

  func test_beforeEachAroundEveryExample_passes() {
    let source = """
      import Quick
      final class CartSpec: QuickSpec {
        override class func spec() {
          var presenter = CartPresenter()
          justBeforeEach { presenter = CartPresenter() }
          describe("cart") {
            var other: CartPresenter = CartPresenter()
            context("empty") {
              beforeEach(closure: { other = CartPresenter() })
              it("is empty") { expect(other.items).to(beEmpty()) }
            }
          }
          it("loads") { expect(presenter.isLoaded) == false }
        }
      }
      final class ListBehavior: Behavior<ListContext> {
        override class func spec(_ context: @escaping () -> ListContext) {
          it("lists") { let presenter = context().presenter; expect(presenter.items).toNot(beEmpty()) }
          let presenter = ListPresenter()
        }
      }
      """
    XCTAssertEqual(LintHarness(PresenterRecreatedInSetupRule.self, files: ["CartSpec.swift": source]).messages(), [])
  }

  func test_locals_recordStatementDeclarationsOnly() {
    let source = """
      func body() {
        let a: Int = 1
        @TestState var b = B()
        if let c = optional, var d = other { use(c, d) }
        guard case let e? = optional else { return }
        for var f in list { f += 1 }
        describe("x") { weak var g: G? }
        do { try run() } catch let h { print(h) }
      }
      """
    let model = Scanner.scan(SourceFile(path: "Body.swift", text: source))
    XCTAssertEqual(model.locals.map(\.name), ["a", "b", "g"])
    XCTAssertEqual(model.locals.map(\.typeAnnotation), ["Int", nil, "G?"])
    XCTAssertEqual(model.locals.map(\.attributes), [[], ["TestState"], []])
    XCTAssertEqual(model.locals.map { $0.enclosingCall.map { model.calls[$0].name } }, [nil, nil, "describe"])
  }
}
