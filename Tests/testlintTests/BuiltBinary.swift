import Foundation
import XCTest

/// The `testlint` binary built next to the test bundle, as the tests of this target run it;
/// skips the test when there is none.
func builtTestlint() throws -> URL {
  var folder = Bundle.main.bundleURL
  for _ in 0..<3 {
    let candidate = folder.appendingPathComponent("testlint")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  throw XCTSkip("the testlint binary is not built next to the tests")
}
