import Foundation
import XCTest

@testable import TestLintCore

/// Inline `testlint:` comments as a user writes them: regions, the next line, this line,
/// reasons, `all`, and typos in rule ids.
final class SuppressionTests: XCTestCase {
  func test_disableEnableRegion_suppressesOnlyInside() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func testBefore() { XCTAssertTrue(true) }
        // testlint:disable test_name_format - legacy names, renamed in APP-123
        func testInside() { XCTAssertTrue(true) }
        func testInsideToo() { XCTAssert(flag) }
        // testlint:enable test_name_format
        func testAfter() { XCTAssertTrue(true) }
      }
      """)
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(
      summary(output),
      ["3:8 test_name_format", "6:26 generic_xctassert", "8:8 test_name_format"])
  }

  func test_directiveSpellings_allSuppress() throws {
    // Each comment is first screened over its bytes: no spelling `parse` accepts may be lost.
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func testA() { XCTAssertTrue(true) } //testlint:disable:this test_name_format
        func testB() { XCTAssertTrue(true) } ///\ttestlint:disable:this test_name_format
        func testC() { XCTAssertTrue(true) } /*testlint:disable:this test_name_format*/
        func testD() { XCTAssertTrue(true) } /* // testlint:disable:this test_name_format */
        func testE() { XCTAssertTrue(true) } // testlint: disable:this test_name_format
        func testF() { XCTAssertTrue(true) } // see testlint:disable:this test_name_format
      }
      """)
    XCTAssertEqual(summary(output), ["8:8 test_name_format"])
  }

  func test_disableAll_suppressesEveryRuleUntilEnable() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable all
        func testA() {}
        // testlint:enable all
        func testB() {}
      }
      """)
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(summary(output), ["6:8 missing_assertion", "6:8 test_name_format"])
  }

  func test_disableWithoutIDs_meansAll() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable:next - smoke test, reviewed
        func testA() {}
        func testB() {} // testlint:disable:this
        // testlint:disable - generated below
        func testC() {}
      }
      """)
    XCTAssertEqual(output.code, .success)
    XCTAssertEqual(summary(output), [])
  }

  func test_enableOneRule_afterDisableAll_reenablesOnlyIt() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable all
        // testlint:enable missing_assertion
        func testA() {}
      }
      """)
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(summary(output), ["5:8 missing_assertion"])
  }

  func test_disableNext_coversOnlyTheNextLine() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable:next missing_assertion, test_name_format - must not crash
        func testLaunch() {}
        func testLaunchAgain() {}
      }
      """)
    XCTAssertEqual(
      summary(output), ["5:8 missing_assertion", "5:8 test_name_format"],
      "line 4 is suppressed, line 5 is not")
  }

  func test_disableNext_leavesOtherRulesOnThatLine() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable:next test_name_format - reason mentions missing_assertion
        func testLaunch() {}
      }
      """)
    XCTAssertEqual(output.code, .findings)
    XCTAssertEqual(summary(output), ["4:8 missing_assertion"])
    XCTAssertEqual(output.stderr, "", "words of the reason are not rule ids")
  }

  func test_disableThis_coversItsOwnLine() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func test_flag_isSet() {
          XCTAssert(flag) // testlint:disable:this generic_xctassert
          XCTAssert(other)
          XCTAssert(third) /* testlint:disable:this generic_xctassert */
        }
      }
      """)
    XCTAssertEqual(summary(output), ["5:5 generic_xctassert"])
  }

  func test_directiveInString_suppressesNothing() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func test_flag_isSet() {
          XCTAssert(flag); let note = "// testlint:disable:this generic_xctassert"
          let block = \"\"\"
            // testlint:disable all
            \"\"\"
          XCTAssert(other)
        }
      }
      """)
    XCTAssertEqual(summary(output), ["4:5 generic_xctassert", "8:5 generic_xctassert"])
  }

  func test_laterDisable_doesNotReachBack() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func testEarly() { XCTAssertTrue(true) }
        // testlint:disable test_name_format
      }
      """)
    XCTAssertEqual(summary(output), ["3:8 test_name_format"])
  }

  func test_unknownID_reportedWithSuggestion() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        // testlint:disable:next missing_assertion, test_nme_format - typo
        func testLaunch() {}
      }
      """)
    XCTAssertEqual(output.code, .failure, "a typo in a suppression is a configuration error")
    XCTAssertEqual(
      output.stderr,
      "NameTests.swift:3:3: error: unknown rule id 'test_nme_format' in a 'testlint:' comment; "
        + "did you mean 'test_name_format'?\n")
    XCTAssertEqual(
      summary(output), ["4:8 test_name_format"],
      "the known id still applies, the misspelt one does not")
  }

  func test_unknownID_appearsInJSONErrors() throws {
    let sandbox = try Sandbox(self)
    try sandbox.write(
      "NameTests.swift",
      "import XCTest\nfinal class NameTests: XCTestCase {\n  func test_a_b() { XCTAssertTrue(true) } // testlint:disable:this bogus_rule\n}\n")
    let output = sandbox.run(["--quiet", "--reporter", "json"])
    XCTAssertEqual(output.code, .failure)
    let json = try JSONFile(output.stdout)
    XCTAssertEqual(json.findings.count, 0)
    XCTAssertEqual(json.errors.map(\.line), [3])
    XCTAssertEqual(json.errors.map(\.column), [43])
    XCTAssertTrue(
      json.errors.first?.message.hasPrefix("unknown rule id 'bogus_rule'") ?? false,
      "\(json.errors)")
  }
}

extension SuppressionTests {
  /// Lints one file `NameTests.swift` with the default configuration.
  func lint(_ source: String) throws -> Sandbox.Output {
    let sandbox = try Sandbox(self)
    try sandbox.write("NameTests.swift", source + "\n")
    return sandbox.run(["--quiet", "NameTests.swift"])
  }

  /// `line:column rule` of every finding printed, in order.
  func summary(_ output: Sandbox.Output) -> [String] {
    output.stdout.split(separator: "\n").map { line in
      let fields = line.split(separator: ":", maxSplits: 3)
      let rule = line.split(separator: "(").last?.dropLast() ?? ""
      return "\(fields[1]):\(fields[2]) \(rule)"
    }
  }
}

extension SuppressionTests {
  func test_trailingDisableAndEnable_applyToTheirOwnLine() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func test_a_isSkipped() {} // testlint:disable missing_assertion
        func test_b_isSkipped() {}
        func test_c_isReported() {} // testlint:enable missing_assertion
        func test_d_isReported() {}
      }
      """)
    XCTAssertEqual(
      summary(output).filter { $0.hasSuffix("missing_assertion") },
      ["5:8 missing_assertion", "6:8 missing_assertion"])
  }
}

extension SuppressionTests {
  func test_unknownIDThreeEditsAway_stillGetsASuggestion() throws {
    let output = try lint(
      """
      import XCTest
      final class NameTests: XCTestCase {
        func test_a_isSkipped() {} // testlint:disable:this missing_asserts
      }
      """)
    XCTAssertEqual(
      output.stderr,
      "NameTests.swift:3:30: error: unknown rule id 'missing_asserts' in a 'testlint:' comment; "
        + "did you mean 'missing_assertion'?\n")
  }
}
