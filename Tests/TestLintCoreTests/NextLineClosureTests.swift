import TestLintCore
import XCTest

/// A trailing closure whose `{` opens on the line after its call (Allman style) belongs to the
/// call, as Swift's parser reads it; after a statement's condition the `{` is its body instead.
final class NextLineClosureTests: XCTestCase {
  func test_measureClosureOnNextLine_passesMissingAssertion() {
    let source = RuleLinting.xctest(
      """
      func testPerformance() {
        measure
        {
          sut.work()
        }
      }
      func testPerformanceWithOptions() {
        measure(metrics: [XCTClockMetric()])
        {
          sut.work()
        }
      }
      """)
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), [])
  }

  func test_quickExamplesOnNextLine_haveBodies() {
    let source = """
      import Quick
      import Nimble

      final class LoaderSpec: QuickSpec {
        override class func spec() {
          describe("loader")
          {
            it("loads")
            {
              expect(x).to(equal(1))
            }
            it("waits")
            {
              sleep(1)
            }
          }
        }
      }
      """
    XCTAssertEqual(RuleLinting.findings(MissingAssertionRule.self, source).map(\.line), [12])
    XCTAssertEqual(RuleLinting.positions(SleepInTestRule.self, source), ["14:9"])
  }

  func test_confirmationOnNextLine_passesMissingAssertion() {
    let source = """
      import Testing

      @Test func loads() async {
        await confirmation
        { confirm in
          sut.onLoad = { confirm() }
          sut.load()
        }
      }
      """
    XCTAssertEqual(RuleLinting.positions(MissingAssertionRule.self, source), [])
  }

  func test_expectInNextLineClosure_hasCallAsParent() {
    let model = scan("items.forEach\n{ item in\n  #expect(item > 0)\n}")
    XCTAssertEqual(model.calls.map(\.path), [["items", "forEach"], ["#expect"]])
    XCTAssertEqual(model.calls.first?.trailingClosures.map { model.text(tokens: $0.tokens) }, ["{ item in\n  #expect(item > 0)\n}"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, 0])
  }

  func test_labelledClosuresOnNextLines_areAllAttached() {
    let model = scan("animate()\n{\n  fadeIn()\n}\ncompletion:\n{\n  finish()\n}")
    XCTAssertEqual(model.calls.map(\.name), ["animate", "fadeIn", "finish"])
    XCTAssertEqual(model.calls.first?.trailingClosures.map(\.label), [nil, "completion"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, 0, 0])
  }

  func test_statementBodyOnNextLine_isNotAClosure() {
    let model = scan(
      """
      if ready
      {
        one()
      }
      guard loaded else
      {
        return
      }
      for item in items
      {
        two(item)
      }
      while running
      {
        three()
      }
      switch state
      {
      default: four()
      }
      """)
    XCTAssertEqual(model.calls.map(\.name), ["one", "two", "three", "four"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, nil, nil, nil])
  }

  func test_observersOnNextLine_areNotAClosure() {
    let model = scan("var count = initial\n{\n  didSet { changed() }\n}\nvar total = initial { willSet { changing() } }")
    XCTAssertEqual(model.calls.map(\.name), ["changed", "changing"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, nil])
  }

  func test_initializerWithNextLineClosure_spansClosure() {
    let model = scan("let sut = Loader.make()\n{ $0.retries = 2 }\nlet other = value\nother.run()")
    XCTAssertEqual(model.locals.map { $0.initializer.map { model.text(tokens: $0) } }, ["Loader.make()\n{ $0.retries = 2 }", "value"])
  }

  func test_closureAfterMemberInitializerCall_isAttached() {
    let model = scan("cache = .init()\nregister {\n  drop()\n}\nsuper.init(frame: .zero)\nqueue.async {\n  done()\n}")
    XCTAssertEqual(model.calls.map(\.name), ["init", "register", "drop", "init", "async", "done"])
    XCTAssertEqual(model.calls.map(\.parent), [nil, nil, 1, nil, nil, 4])
  }

  /// The model of `body` placed inside a function.
  private func scan(_ body: String) -> FileModel {
    Scanner.scan(SourceFile(path: "test.swift", text: "func host() {\n\(body)\n}"))
  }
}
