import Foundation
import XCTest

/// A clone without `../shared/` beside it skips the schema tests, saying how to provide the
/// schemas; CI fails instead, so our own CI keeps validating every report.
final class ExternalRequirementsTests: XCTestCase {
  func test_schemaInNamedFolder_isFound() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("<schema/>".utf8).write(to: folder.appendingPathComponent("junit.xsd"))

    let url = try ExternalRequirements.schema(
      "junit.xsd", environment: ["TESTLINT_SCHEMAS": folder.path])

    XCTAssertEqual(url.path, folder.appendingPathComponent("junit.xsd").path)
  }

  func test_missingSchemaOutsideCI_skipsWithHowToProvideIt() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let error = errorOf {
      try ExternalRequirements.schema("junit.xsd", environment: ["TESTLINT_SCHEMAS": folder.path])
    }

    let skip = try XCTUnwrap(error as? XCTSkip, "a skip, not a failure: \(String(describing: error))")
    XCTAssertTrue("\(skip)".contains("TESTLINT_SCHEMAS"), "says how to provide it: \(skip)")
  }

  func test_missingSchemaUnderCI_fails() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }

    let error = errorOf {
      try ExternalRequirements.schema(
        "sarif-schema-2.1.0.json", environment: ["TESTLINT_SCHEMAS": folder.path, "CI": "true"])
    }

    let missing = try XCTUnwrap(error as? ExternalRequirements.Missing)
    XCTAssertTrue(missing.message.contains("sarif-schema-2.1.0.json"), missing.message)
  }

  func test_ciSetToFalse_isNotCI() {
    XCTAssertEqual(
      ["true", "1", "yes", "false", "0", ""].map { ExternalRequirements.isCI(["CI": $0]) },
      [true, true, true, false, false, false])
  }
}

private extension ExternalRequirementsTests {
  func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("testlint-schemas-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func errorOf(_ body: () throws -> URL) -> Error? {
    do {
      _ = try body()
      return nil
    } catch {
      return error
    }
  }
}
