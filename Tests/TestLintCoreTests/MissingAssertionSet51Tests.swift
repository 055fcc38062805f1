import XCTest

@testable import TestLintCore

/// `missing_assertion` (held-out sets 50 and 51): a helper handing its own caller location on to
/// a function declared nowhere (`ForwardedLocation`), a polling wait given `require:`
/// (`UndeclaredWait`), "this compiles means" (`CompileTimeComment`), EarlGrey's failure handler
/// (`EarlGreyFailure`).
final class MissingAssertionSet51Tests: XCTestCase {
  private func findings(_ sources: [String: String], line: UInt = #line) -> [String] {
    CalledHelpersTests.missingAssertionLines(in: sources, line: line)
  }

  func test_helperForwardingItsOwnLocation_toUndeclaredFunction_isCheck() {
    let support = """
      import XCTest
      extension XCTestCase {
        func frame(poster: Poster, file: StaticString = #file, testName: String = #function, line: UInt = #line) {
          frame(for: poster, margin: 4, file: file, testName: testName, line: line)
        }
        func hang(poster: Poster, file: StaticString = #filePath, line: UInt = #line) {
          nail(poster, file: file, line: line)
        }
        func tilt(poster: Poster, file: StaticString = #filePath, line: UInt = #line) {
          lean(poster, file: "Wall.swift", line: line)
        }
        func note(poster: Poster, file: StaticString = #filePath, line: UInt = #line) {
          debug(poster.title, file: file, line: line)
        }
        func glue(poster: Poster, file: StaticString = #filePath, line: UInt = #line) {
          gallery.mount(poster, file: file, line: line)
        }
      }
      """
    let declared = """
      func nail(_ poster: Poster, file: StaticString, line: UInt) {
        poster.pin()
      }
      """
    let tests = """
      import XCTest
      final class PosterTests: XCTestCase {
        func testFramed() { frame(poster: .blank) }
        func testHung() { hang(poster: .blank) }
        func testTilted() { tilt(poster: .blank) }
        func testNoted() { note(poster: .blank) }
        func testGlued() { glue(poster: .blank) }
      }
      """
    XCTAssertEqual(
      findings(["FrameSupport.swift": support, "Nail.swift": declared, "PosterTests.swift": tests]),
      ["PosterTests.swift:4", "PosterTests.swift:5", "PosterTests.swift:6", "PosterTests.swift:7"])
    // Without the declared `nail`, `hang` hands its location to a function declared nowhere.
    XCTAssertEqual(
      findings(["FrameSupport.swift": support, "PosterTests.swift": tests]),
      ["PosterTests.swift:5", "PosterTests.swift:6", "PosterTests.swift:7"])
  }

  func test_locationParameters_readFromTheSignature() throws {
    let source = """
      func frame<V: View>(_ view: V, sizes: [String: Int] = [:], here file: StaticString = #fileID, at row: UInt = #line) {}
      func plain(file: StaticString, line: UInt) {}
      """
    let model = Scanner.scan(SourceFile(path: "A.swift", text: source))
    let first = try XCTUnwrap(ForwardedLocation.locationParameters(of: model.functions[0], in: model))
    XCTAssertEqual(first.file, ["file"])
    XCTAssertEqual(first.line, ["row"])
    XCTAssertNil(ForwardedLocation.locationParameters(of: model.functions[1], in: model))
  }

  func test_plainWaitGivenRequireOrCondition_isPollingCheck() {
    let source = """
      import Testing
      struct HingeTests {
        @Test func oiled() async throws {
          hinge.oil()
          try await wait(require: { hinge.swings }, timeout: 1)
        }
        @Test func settled() async {
          hinge.push()
          await wait(condition: { hinge.isStill }, timeout: .seconds(1))
        }
        @Test func noDeadline() async throws {
          hinge.oil()
          try await wait(require: { hinge.swings })
        }
        @Test func notAClosure() async throws {
          hinge.oil()
          try await wait(require: hinge.swings, timeout: 1)
        }
      }
      """
    XCTAssertEqual(findings(["HingeTests.swift": source]), ["HingeTests.swift:11", "HingeTests.swift:15"])
  }

  func test_thisCompilesMeans_statesCompileTimeCheck() {
    XCTAssertTrue(CompileTimeComment.says("// The fact that this compiles means the store is main-actor isolated"))
    XCTAssertTrue(CompileTimeComment.says("// That it compiles shows the key paths exist."))
    XCTAssertTrue(CompileTimeComment.says("// that this compiles proves: the protocol is Sendable"))
    XCTAssertFalse(CompileTimeComment.says("// this compiles meaningful output for the log"))
    XCTAssertFalse(CompileTimeComment.says("// the toolchain compiles shows for the theatre"))
    XCTAssertFalse(CompileTimeComment.says("// this compiles the shader, then draws"))
  }

  func test_earlGreyWrapperDeclaredInTheRun_checksThroughItsHandler() {
    let wrapper = """
      import EarlGrey
      import Foundation
      public func GREYAssertTrue(_ value: @autoclosure () -> Bool, reason: String) {
        check(value(), reason)
      }
      private func check(_ value: @autoclosure () -> Bool, _ reason: String) {
        if !value() {
          EarlGrey.handle(exception: GREYFrameworkException(name: kGREYAssertionFailedException, reason: reason), details: "")
        }
      }
      """
    let robot = """
      import UIKit
      final class LampRobot {
        func switchOn() {
          lamp.toggle()
          GREYAssertTrue(lamp.isOn, reason: "still dark")
        }
      }
      """
    let tests = """
      import XCTest
      final class LampTests: XCTestCase {
        func testSwitchesOn() { LampRobot().switchOn() }
        func testOtherHandler() { lamp.handle(exception: LampError.fused) }
      }
      """
    XCTAssertEqual(
      findings(["EarlGrey.swift": wrapper, "LampRobot.swift": robot, "LampTests.swift": tests]), ["LampTests.swift:4"])
    // Without the import, `EarlGrey` is anybody's type: the wrapper checks nothing.
    let unimported = wrapper.replacingOccurrences(of: "import EarlGrey\n", with: "")
    XCTAssertEqual(
      findings(["EarlGrey.swift": unimported, "LampRobot.swift": robot, "LampTests.swift": tests]),
      ["LampTests.swift:3", "LampTests.swift:4"])
  }
}
