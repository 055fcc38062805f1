import TestLintCore
import XCTest

/// `disabled_test`: an ordinary comment standing apart in a type's body that says the tests
/// after it are disabled or skipped heads them, as a `// MARK:` heading does.
final class DisabledTestRuleHeadingTests: XCTestCase {
  func test_commentApartInTheBody_coversTheRenamedTestsBelowIt() {
    let source = """
      import XCTest
      final class PlayerTests: XCTestCase {
        func test_plays() { XCTAssertTrue(player.plays()) }

        // Disabled: recording is too slow on the device farm.

        func xtest_records() { XCTAssertTrue(player.records()) }

        func test_pauses() { XCTAssertTrue(player.pauses()) }
        // Kept for the old codec.
        func xtest_records_twice() { XCTAssertTrue(player.records(times: 2)) }
      }
      """
    XCTAssertEqual(InMemoryLint.messages(DisabledTestRule.self, source), [])
  }

  func test_headingEndsAtAMarkOrANearerComment_andNeedsTheWords() {
    let source = """
      import XCTest
      final class PlayerTests: XCTestCase {
        func test_loads() { XCTAssertTrue(player.loads()) }

        // Skipped while the codec is rewritten.

        func xtest_decodes() { XCTAssertTrue(player.decodes()) }

        // MARK: - Playback

        func xtest_seeks() { XCTAssertTrue(player.seeks()) }
      }
      final class MixerTests: XCTestCase {
        // Skipped on the simulator: no audio device.
        func test_mixes() throws { XCTAssertTrue(try mixer.mixes()) }

        func xtest_fades() { XCTAssertTrue(mixer.fades()) }

        // swiftformat:disable all

        func xtest_pans() { XCTAssertTrue(mixer.pans()) }

        func helper() {
          // Disabled tests below: too slow.

          mixer.reset()
        }

        func xtest_mutes() { XCTAssertTrue(mixer.mutes()) }
      }
      final class TunerTests: XCTestCase {
        func test_starts() { XCTAssertTrue(tuner.starts()) }

        // Disabled: the tuner needs a microphone.

        func xtest_tunes() { XCTAssertTrue(tuner.tunes()) }

        // Pitch detection.

        func xtest_detects_pitch() { XCTAssertTrue(tuner.detects()) }
      }
      """
    XCTAssertEqual(
      InMemoryLint.findings(DisabledTestRule.self, [("PlayerTests.swift", source)]).map(\.line),
      [11, 17, 21, 29, 40])
  }
}
